import { VARNISHD, startVarnish } from '../fixtures/varnish';
import { measure, printFigures, type Figures, type Portal } from './lib';
import { offerPagePath } from './web-offer';
import { listPagePath } from './web-list';

// The list and offer pages through Varnish (deploy/varnish/default.vcl in a real varnishd in
// front of the portal), and the side-by-side summary of a run: each page at 1 and 32 connections
// as a fixed string of the same bytes, rendered (no cache), from the web app's page cache and
// from Varnish. Targets: from either cache at 32 connections at least half the fixed string's
// requests per second; the list page rendered at 32 connections with p99 ≤ 150 ms.

const CONNECTIONS = [1, 32] as const;
/** Share of the fixed string's requests per second a cached page must reach at 32 connections. */
export const CACHED_SHARE_TARGET = 0.5;
/** p99 of the rendered list page at 32 connections, ms. */
export const UNCACHED_LIST_P99_TARGET = 150;

/**
 * Measures the list and offer pages through Varnish in front of `portal` (which should run
 * without its own page cache, so every miss is a render); none when varnishd is not installed.
 */
export async function benchVarnish(portal: Portal, { seconds = 8 } = {}): Promise<Figures[]> {
  if (!VARNISHD) {
    console.log('\nVarnish: skipped, varnishd is not installed (apt-get install varnish)');
    return [];
  }
  const varnish = await startVarnish({ backendPort: Number(new URL(portal.url).port) });
  const rows: Figures[] = [];
  try {
    for (const [name, pagePath] of [
      ['list', await listPagePath(portal)],
      ['offer', await offerPagePath(portal)],
    ] as const) {
      const url = `${varnish.url}${pagePath}`;
      // The first request fills the cache; the next must come from it.
      await (await fetch(url)).arrayBuffer();
      const second = await fetch(url);
      await second.arrayBuffer();
      const state = second.headers.get('x-cache');
      if (second.status !== 200 || state !== 'HIT') {
        throw new Error(`${pagePath} through Varnish: ${second.status}, X-Cache ${state}`);
      }
      for (const connections of CONNECTIONS) {
        rows.push(await measure(`${name} ${pagePath}`, url, { connections, seconds }));
      }
    }
  } finally {
    await varnish.stop();
  }
  printFigures('List and offer pages through Varnish (deploy/varnish/default.vcl)', rows);
  return rows;
}

type Column = 'uncached' | 'pageCache' | 'varnish';

const isPage = (r: Figures) => !r.label.includes('(');
const isFixed = (r: Figures) => r.label.includes('(fixed string');
const pageOf = (r: Figures) => r.label.split(' ')[0]!;

const cell = (r: Figures | undefined) =>
  r ? `${r.rps} req/s · ${r.p50}/${r.p99} ms${r.errors || r.non2xx ? ' (errors)' : ''}` : '–';

/**
 * One table of the run's list and offer figures side by side (the page rows of `uncached` come
 * from benchList/benchOffer, `pageCache` from benchPageCache, `varnish` from benchVarnish; the
 * fixed-string rows from any of them), then the targets with the figures next to them.
 */
export function printSideBySide(sets: Record<Column, readonly Figures[]>): void {
  const all = [...sets.uncached, ...sets.pageCache, ...sets.varnish];
  const find = (rows: readonly Figures[], page: string, connections: number, fixed = false) =>
    rows.find(
      (r) =>
        pageOf(r) === page && r.connections === connections && (fixed ? isFixed(r) : isPage(r)),
    );
  const pages = ['list', 'offer'].filter((page) => all.some((r) => pageOf(r) === page));
  console.log('\nList and offer pages side by side (req/s · p50/p99 ms)');
  console.table(
    pages.flatMap((page) =>
      CONNECTIONS.map((connections) => ({
        page,
        conns: connections,
        'fixed string': cell(find(all, page, connections, true)),
        rendered: cell(find(sets.uncached, page, connections)),
        'page cache': cell(find(sets.pageCache, page, connections)),
        Varnish: cell(find(sets.varnish, page, connections)),
      })),
    ),
  );
  for (const page of pages) {
    const ceiling = find(all, page, 32, true);
    for (const [column, name] of [
      ['pageCache', 'from the page cache'],
      ['varnish', 'through Varnish'],
    ] as const) {
      const cached = find(sets[column], page, 32);
      if (!cached || !ceiling) continue;
      const share = ceiling.rps > 0 ? cached.rps / ceiling.rps : 0;
      console.log(
        `${page} ${name} at 32 connections: ${cached.rps} req/s = ${share.toFixed(2)} × ` +
          `the fixed string (${ceiling.rps} req/s; target ≥ ${CACHED_SHARE_TARGET}) ` +
          `${share >= CACHED_SHARE_TARGET ? 'met' : 'NOT met'}`,
      );
    }
  }
  const list = find(sets.uncached, 'list', 32);
  if (list) {
    console.log(
      `list rendered at 32 connections: p99 ${list.p99} ms (target ≤ ${UNCACHED_LIST_P99_TARGET}) ` +
        `${list.p99 <= UNCACHED_LIST_P99_TARGET ? 'met' : 'NOT met'}`,
    );
  }
}
