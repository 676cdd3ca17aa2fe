import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../../playwright.config';
import type { Config } from '../../shared/contract';
import { href } from '../../shared/routes';
import type { Portal } from './lib';
import { offerPagePath } from './web-offer';

// Lighthouse (mobile: its default device, network and 4× CPU slowdown, simulated) on the home,
// a result list and an offer page, in both languages, with Debian's Chromium. Each page is run
// `runs` times, each time in a fresh browser (no cache), and its median is printed with the range:
// the scores move from run to run with the time hydration takes on a busy machine. Target: a
// performance score of 95 or more on each page; accessibility, best practices and SEO 100.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  SI: 'speed-index',
} as const;

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Milliseconds. */
  metrics: Record<keyof typeof METRICS, number>;
  cls: number;
}

/** One run; a run Lighthouse could not trace (it says to run it again) is run again, once. */
async function runOnce(url: string, again = true): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`${url}: Lighthouse gave no result`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) {
      if (again) return await runOnce(url, false);
      throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
    }
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])) as Run['scores'],
      metrics: Object.fromEntries(
        Object.entries(METRICS).map(([name, id]) => [name, Math.round(value(id))]),
      ) as Run['metrics'],
      cls: value('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** "98 (95–100)": the median and, when the runs differ, their range. */
function spread(values: number[], digits = 0): string {
  const [low, high] = [Math.min(...values), Math.max(...values)];
  const format = (n: number) => n.toFixed(digits);
  return low === high ? format(low) : `${format(median(values))} (${format(low)}–${format(high)})`;
}

export async function benchLighthouse(portal: Portal, { runs = 5 } = {}): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`\nLighthouse skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
    return;
  }
  const config = (await (await fetch(`${portal.apiUrl}/config`)).json()) as Config;
  const pages: [string, string][] = [];
  for (const lang of ['fr', 'en'] as const) {
    pages.push(
      [`home ${lang}`, href('home', {}, lang, config)],
      [`list ${lang}`, href('list', { nature: 'V', lieu: 'france' }, lang, config)],
      [`offer ${lang}`, await offerPagePath(portal, lang)],
    );
  }
  console.log(
    `\nLighthouse (mobile, simulated throttling), ${runs} runs a page, each in a fresh Chromium; ` +
      'median (range)',
  );
  const rows = [];
  let below = 0;
  for (const [label, path] of pages) {
    const done: Run[] = [];
    for (let i = 0; i < runs; i++) done.push(await runOnce(`${portal.url}${path}`));
    const of = (pick: (run: Run) => number) => done.map(pick);
    if (median(of((run) => run.scores.performance)) < 95) below += 1;
    rows.push({
      page: `${label} ${path}`,
      performance: spread(of((run) => run.scores.performance)),
      a11y: spread(of((run) => run.scores.accessibility)),
      'best pr.': spread(of((run) => run.scores['best-practices'])),
      SEO: spread(of((run) => run.scores.seo)),
      'FCP ms': spread(of((run) => run.metrics.FCP)),
      'LCP ms': spread(of((run) => run.metrics.LCP)),
      'TBT ms': spread(of((run) => run.metrics.TBT)),
      CLS: spread(
        of((run) => run.cls),
        3,
      ),
      'SI ms': spread(of((run) => run.metrics.SI)),
    });
  }
  console.table(rows);
  console.log(
    below === 0
      ? 'Every page at a median performance of 95 or more (target met)'
      : `${below} page(s) below a median performance of 95 (target: 95 or more)`,
  );
}
