import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import * as v from 'valibot';
import { openDb } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { cliConfig, cliDbOptions, runCommand } from '../lib/cli-env';
import { createReferenceCache } from '../lib/reference';
import type { FeedConfig } from './config';
import { FeedRunSummarySchema, ROWS_FILE, summarize, type FeedRunSummary } from './report';
import { createFeedRunner, DONE_MARKER, newRunId } from './runner';

// `npm run feed:import -- --agency <slug> [--force] [--json] <folder or zip>`: imports an agency's
// Poliris feed and prints its report.
// - With DATABASE_URL (PostgreSQL), the command imports the feed itself.
// - Without it, the portal runs on PGlite, which one process alone may open: the command hands
//   the feed to the running listings API through its inbox (FEEDS_INBOX_DIR/<agency>/ with a
//   .done marker naming the run) and waits for the report in done/ or failed/.

const USAGE =
  'usage: npm run feed:import -- --agency <slug> [--force] [--json] [--wait <seconds>] <folder or zip>';

const ArgsSchema = v.object({
  agency: v.pipe(
    v.string('--agency is required'),
    v.regex(/^[a-z0-9][a-z0-9-]{0,99}$/, '--agency must be an agency slug'),
  ),
  force: v.boolean(),
  json: v.boolean(),
  wait: v.pipe(
    v.string(),
    v.regex(/^\d{1,5}$/, '--wait must be a number of seconds'),
    v.transform(Number),
  ),
  source: v.pipe(v.string('give the feed: a folder or a zip'), v.nonEmpty()),
});

function summary(report: FeedRunSummary): string {
  const c = report.counts;
  const lines = [
    `feed ${report.runId} of ${report.agency}: ${report.status}${report.reason ? ` (${report.reason})` : ''}`,
    `  rows ${c.rows}: created ${c.created}, updated ${c.updated}, unchanged ${c.unchanged}, rejected ${c.rejected}`,
    `  withdrawn ${c.withdrawn}`,
    `  photos processed ${c.photosProcessed}, reused ${c.photosReused}, failed ${c.photosFailed}`,
    `  cache tags ${report.tags}`,
  ];
  for (const row of report.problems.filter((r) => r.outcome === 'rejected')) {
    const where = row.position ? ` column ${row.position} (${row.column})` : '';
    lines.push(`  line ${row.line}${where}: ${row.reason}`);
  }
  for (const row of report.problems.filter((r) => r.photoProblems.length > 0))
    for (const problem of row.photoProblems) lines.push(`  line ${row.line} photo: ${problem}`);
  const more = report.problemCount - report.problems.length;
  if (more > 0)
    lines.push(`  ${more} more rows with problems: see ${ROWS_FILE} beside report.json`);
  return lines.join('\n');
}

/** Copies the feed (a folder's files, or the zip) into `dir`. */
async function copyFeed(source: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const info = await stat(source);
  if (info.isDirectory()) {
    for (const name of await readdir(source)) {
      const from = path.join(source, name);
      if ((await stat(from)).isFile()) await cp(from, path.join(dir, name));
    }
  } else {
    await cp(source, path.join(dir, path.basename(source)));
  }
}

async function waitForReport(
  config: FeedConfig,
  agency: string,
  runId: string,
  seconds: number,
): Promise<FeedRunSummary | null> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    for (const base of [config.doneDir, config.failedDir]) {
      const dir = path.join(base, agency);
      const names = await readdir(dir).catch(() => [] as string[]);
      const found = names.find((n) => n.endsWith(`-${runId}`));
      if (found) {
        const text = await readFile(path.join(dir, found, 'report.json'), 'utf8').catch(() => null);
        if (text) return v.parse(FeedRunSummarySchema, JSON.parse(text));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return null;
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        agency: { type: 'string' },
        force: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        wait: { type: 'string', default: '300' },
      },
    });
  } catch (err) {
    console.error(`feed:import: ${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  // --agency is named even when absent: a missing key would not get the schema's message.
  const args = v.safeParse(ArgsSchema, {
    ...parsed.values,
    agency: parsed.values.agency,
    source: parsed.positionals[0],
  });
  if (!args.success || parsed.positionals.length > 1) {
    const message = args.success ? 'give one feed only' : args.issues[0].message;
    console.error(`feed:import: ${message}\n${USAGE}`);
    return 2;
  }
  const { agency, force, json, wait } = args.output;
  const source = path.resolve(args.output.source);
  if (!(await stat(source).catch(() => null))) {
    console.error(`feed:import: ${source} does not exist`);
    return 2;
  }
  const env = cliConfig('feed:import');
  if (!env) return 2;
  const config = env.feeds;
  const print = (report: FeedRunSummary) => {
    console.log(json ? JSON.stringify(report, null, 2) : summary(report));
    return report.status === 'done' ? 0 : 1;
  };
  const dbOptions = cliDbOptions(env);

  if (!dbOptions.databaseUrl) {
    // PGlite: the running listings API imports it from its inbox.
    const inbox = path.join(config.inboxDir, agency);
    const pending = (await readdir(inbox).catch(() => [] as string[])).filter(
      (n) => !n.startsWith('.'),
    );
    if (pending.length > 0) {
      console.error(
        `feed:import: ${inbox} already holds a feed waiting to be imported; try again once it is taken`,
      );
      return 1;
    }
    const runId = newRunId();
    await copyFeed(source, inbox);
    // The marker last: the feed is complete once it exists.
    await writeFile(path.join(inbox, DONE_MARKER), JSON.stringify({ runId, force }));
    console.error(`feed:import: feed ${runId} handed to the listings API's inbox (${inbox})`);
    const report = await waitForReport(config, agency, runId, wait);
    if (!report) {
      console.error(
        `feed:import: no report after ${wait} s. The feed waits in ${inbox}: the listings API imports it at its next look at the inbox (every FEEDS_INTERVAL_MS). Is the portal running (npm start)?`,
      );
      return 3;
    }
    return print(report);
  }

  const log = pino({ name: 'feeds', level: 'warn' }, pino.destination(2));
  const db = await openDb(dbOptions);
  try {
    await migrateToLatest(db);
    const row = await db.kysely
      .selectFrom('agencies')
      .select(['id', 'slug'])
      .where('slug', '=', agency)
      .executeTakeFirst();
    if (!row) {
      console.error(`feed:import: agency ${agency} not found`);
      return 1;
    }
    const runner = createFeedRunner(db, {
      config,
      reference: createReferenceCache(db),
      photosDir: env.photosDir,
      log,
      scheduler: false,
    });
    const runId = newRunId();
    const work = path.join(config.workDir, `${agency}-${runId}`);
    await copyFeed(source, work);
    const { report } = runner.submit({ agency: row, dir: work, source: 'cli', force, runId });
    const result = await report;
    await runner.close();
    return print(summarize(result));
  } finally {
    await db.close();
  }
}

runCommand('feed:import', () => main(process.argv.slice(2)));
