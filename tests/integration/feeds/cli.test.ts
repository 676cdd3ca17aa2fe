import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildListingsApp } from '../../../listings-api/app';
import type { Db } from '../../../listings-api/db/connection';
import { readListingsConfig } from '../../../listings-api/config';
import type { FeedReport } from '../../../listings-api/feeds/report';
import { DONE_MARKER } from '../../../listings-api/feeds/runner';
import { createPostgresCopy, createTestDb } from '../../fixtures/db';
import {
  agencySnapshot,
  agencyWithoutOffers,
  buildZip,
  bearer,
  feedConfig,
  readReport,
  ROOT,
  runFolders,
  tempDir,
  VALID_REFERENCES,
  validFeedFiles,
  type SeedAgency,
} from './helpers';

// The feed commands, run as an operator would: `npm run feed:import` (tsx listings-api/feeds/cli.ts)
// and `npm run feed:key` (tsx listings-api/feeds/key-cli.ts), in a child process. On PGlite the
// import hands the feed to the running listings API's inbox and waits for its report; on
// PostgreSQL it imports the feed itself.

const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const IMPORT = 'listings-api/feeds/cli.ts';
const KEY = 'listings-api/feeds/key-cli.ts';
/** Each command starts tsx and loads the listings API's modules: seconds on a busy machine. */
const SLOW = 240_000;

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command of the project; env replaces the feed and database variables of this process. */
function run(
  script: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<Outcome> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(childEnv))
    if (name.startsWith('FEEDS_') || name === 'DATABASE_URL' || name === 'PGLITE_DIR')
      delete childEnv[name];
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [script, ...args], {
      cwd: ROOT,
      env: { ...childEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal) reject(new Error(`${script} ${args.join(' ')} ended by ${signal}: ${stderr}`));
      else resolve({ code, stdout, stderr });
    });
  });
}

/** A feed folder as an agency's software leaves it: annonces.csv and its photos. */
async function feedFolder(dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  for (const [name, data] of Object.entries(await validFeedFiles()))
    writeFileSync(path.join(dir, name), data);
  return dir;
}

function expectSummary(stdout: string, slug: string, counts: string): string {
  const lines = stdout.trimEnd().split('\n');
  const head = new RegExp(`^feed ([A-Za-z0-9_-]{8,64}) of ${slug}: done$`);
  expect(lines[0]).toMatch(head);
  expect(lines.slice(1, 5)).toEqual([
    `  rows 4: ${counts}, rejected 0`,
    '  withdrawn 0',
    expect.stringMatching(/^ {2}photos processed \d+, reused \d+, failed 1$/),
    expect.stringMatching(/^ {2}cache tags [1-9]\d*$/),
  ]);
  // The one photo of the sample given by URL, from a host the settings do not allow.
  expect(lines.slice(5)).toEqual([expect.stringMatching(/^ {2}line 1 photo: /)]);
  return (head.exec(lines[0] as string) as RegExpExecArray)[1] as string;
}

describe('feed:import arguments', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('feed-cli-args');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'refuses bad arguments with exit 2 and the usage',
    async () => {
      const env = { FEEDS_DIR: dir };
      const valid = 'tests/fixtures/feeds/valid';
      const [noAgency, badSlug, twoFeeds, noFeed, unknownOption, missing] = await Promise.all([
        run(IMPORT, [valid], env),
        run(IMPORT, ['--agency', 'Not_A_Slug', valid], env),
        run(IMPORT, ['--agency', 'some-agency', valid, 'tests/fixtures/feeds/bad-rows'], env),
        run(IMPORT, ['--agency', 'some-agency'], env),
        run(IMPORT, ['--agency', 'some-agency', '--frce', valid], env),
        run(IMPORT, ['--agency', 'some-agency', path.join(dir, 'no-such-feed')], env),
      ]);
      const usage = /usage: npm run feed:import -- --agency <slug>/;
      for (const [outcome, message] of [
        [noAgency, /--agency is required/],
        [badSlug, /--agency must be an agency slug/],
        [twoFeeds, /give one feed only/],
        [noFeed, /give the feed: a folder or a zip/],
        [unknownOption, /--frce/],
      ] as const) {
        expect(outcome.code, outcome.stderr).toBe(2);
        expect(outcome.stderr).toMatch(message);
        expect(outcome.stderr).toMatch(usage);
        expect(outcome.stdout).toBe('');
      }
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/no-such-feed does not exist/);
      // None of them handed anything to the inbox.
      expect(existsSync(path.join(dir, 'inbox'))).toBe(false);
    },
    SLOW,
  );
});

describe('feed:import on PGlite (through the inbox of the running listings API)', () => {
  let db: Db;
  let app: FastifyInstance;
  let dir: string;
  let agency: SeedAgency;

  beforeAll(async () => {
    db = await createTestDb('pglite');
    dir = tempDir('feed-cli-pglite');
    agency = await agencyWithoutOffers(db);
  });

  afterAll(async () => {
    await app?.close();
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it(
    'waits for the listings API, then says the feed waits in the inbox (exit 3)',
    async () => {
      const feedsDir = path.join(dir, 'idle');
      const feed = await feedFolder(path.join(dir, 'feed-idle'));
      const outcome = await run(IMPORT, ['--agency', agency.slug, '--wait', '1', feed], {
        FEEDS_DIR: feedsDir,
      });
      expect(outcome.code, outcome.stderr).toBe(3);
      expect(outcome.stdout).toBe('');
      const inbox = path.join(feedsDir, 'inbox', agency.slug);
      expect(outcome.stderr).toContain(`no report after 1 s. The feed waits in ${inbox}`);
      expect(readdirSync(inbox).sort()).toEqual(
        [DONE_MARKER, 'annonces.csv', 'villa-1.jpg', 'villa-2.jpg'].sort(),
      );
      const marker = JSON.parse(readFileSync(path.join(inbox, DONE_MARKER), 'utf8')) as unknown;
      expect(marker).toEqual({
        runId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
        force: false,
      });

      // A second feed is not piled on the waiting one.
      const again = await run(IMPORT, ['--agency', agency.slug, '--wait', '1', feed], {
        FEEDS_DIR: feedsDir,
      });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/already holds a feed waiting to be imported/);
    },
    SLOW,
  );

  it(
    'hands the feed to the inbox and prints the report once imported',
    async () => {
      const feedsDir = path.join(dir, 'running');
      app = await buildListingsApp({
        db,
        photosDir: path.join(dir, 'photos'),
        // The runner looks at the inbox by itself every second.
        feeds: readListingsConfig({ FEEDS_DIR: feedsDir, FEEDS_INTERVAL_MS: '1000' }).feeds,
        countsRefreshMs: 0,
        jobs: true,
      });
      const feed = await feedFolder(path.join(dir, 'feed-running'));
      const outcome = await run(IMPORT, ['--agency', agency.slug, '--wait', '50', feed], {
        FEEDS_DIR: feedsDir,
      });
      expect(outcome.code, outcome.stderr).toBe(0);
      expect(outcome.stderr).toMatch(/handed to the listings API's inbox/);
      const runId = expectSummary(outcome.stdout, agency.slug, 'created 4, updated 0, unchanged 0');

      const folders = runFolders(path.join(feedsDir, 'done'), agency.slug);
      expect(folders).toEqual([expect.stringMatching(new RegExp(`-${runId}$`))]);
      const report = readReport(path.join(feedsDir, 'done', agency.slug, folders[0] as string));
      expect(report).toMatchObject({ runId, source: 'inbox', status: 'done', forced: false });
      const { offers } = await agencySnapshot(db, agency.id);
      expect(offers.map((o) => o.reference).sort()).toEqual([...VALID_REFERENCES].sort());
    },
    SLOW,
  );
});

describe.runIf(process.env.DATABASE_URL)('feed commands on PostgreSQL', () => {
  let copy: Awaited<ReturnType<typeof createPostgresCopy>>;
  let dir: string;
  let env: Record<string, string>;
  let agency: SeedAgency;
  let keyAgency: SeedAgency;

  beforeAll(async () => {
    copy = await createPostgresCopy();
    dir = tempDir('feed-cli-postgres');
    env = {
      DATABASE_URL: copy.url,
      FEEDS_DIR: path.join(dir, 'feeds'),
      PHOTOS_DIR: path.join(dir, 'photos'),
    };
    agency = await agencyWithoutOffers(copy.db);
    keyAgency = await agencyWithoutOffers(copy.db, 1);
  });

  afterAll(async () => {
    await copy?.db.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it(
    'feed:import imports the feed itself and prints the report',
    async () => {
      const feed = await feedFolder(path.join(dir, 'feed'));
      const outcome = await run(IMPORT, ['--agency', agency.slug, feed], env);
      expect(outcome.code, outcome.stderr).toBe(0);
      const runId = expectSummary(outcome.stdout, agency.slug, 'created 4, updated 0, unchanged 0');
      const run1 = await copy.db.kysely
        .selectFrom('feed_runs')
        .select(['source', 'status', 'agency_id'])
        .where('id', '=', runId)
        .executeTakeFirstOrThrow();
      expect(run1).toEqual({ source: 'cli', status: 'done', agency_id: agency.id });
      const { offers } = await agencySnapshot(copy.db, agency.id);
      expect(offers.map((o) => o.reference).sort()).toEqual([...VALID_REFERENCES].sort());
      expect(runFolders(path.join(dir, 'feeds', 'done'), agency.slug)).toEqual([
        expect.stringMatching(new RegExp(`-${runId}$`)),
      ]);
      expect(readdirSync(path.join(dir, 'photos')).length).toBeGreaterThan(0);

      // --json: the report as JSON, here of the same feed again (nothing changed).
      const json = await run(IMPORT, ['--agency', agency.slug, '--json', feed], env);
      expect(json.code, json.stderr).toBe(0);
      const report = JSON.parse(json.stdout) as FeedReport;
      expect(report).toMatchObject({ agency: agency.slug, source: 'cli', status: 'done' });
      expect(report.runId).not.toBe(runId);
      expect(report.counts).toMatchObject({ rows: 4, created: 0, unchanged: 4, withdrawn: 0 });

      const unknown = await run(IMPORT, ['--agency', 'no-such-agency', feed], env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(/agency no-such-agency not found/);
    },
    SLOW,
  );

  it(
    'feed:key prints a key that authenticates uploads of that agency',
    async () => {
      const first = await run(KEY, [keyAgency.slug], env);
      expect(first.code, first.stderr).toBe(0);
      const oldKey = first.stdout.trim();
      expect(oldKey).toMatch(/^pfk_[A-Za-z0-9_-]{43}$/);
      const second = await run(KEY, [keyAgency.slug], env);
      expect(second.code, second.stderr).toBe(0);
      const key = second.stdout.trim();
      expect(key).toMatch(/^pfk_[A-Za-z0-9_-]{43}$/);
      expect(key).not.toBe(oldKey);

      const app = await buildListingsApp({
        db: copy.db,
        photosDir: path.join(dir, 'photos'),
        feeds: feedConfig(path.join(dir, 'app-feeds')),
        countsRefreshMs: 0,
        jobs: false,
      });
      try {
        const zip = await buildZip(await validFeedFiles());
        const upload = (k: string) =>
          app.inject({
            method: 'POST',
            url: `/feeds/${keyAgency.slug}`,
            headers: { 'content-type': 'application/zip', ...bearer(k) },
            payload: zip,
          });
        // The earlier key no longer works.
        expect((await upload(oldKey)).statusCode).toBe(401);
        const accepted = await upload(key);
        expect(accepted.statusCode, accepted.body).toBe(202);
        const { runId } = accepted.json<{ runId: string }>();
        await app.feedRunner.idle();
        const report = await app.inject({ url: `/feeds/runs/${runId}`, headers: bearer(key) });
        expect(report.json()).toMatchObject({ status: 'done', counts: { created: 4 } });
      } finally {
        await app.close();
      }
    },
    SLOW,
  );

  it(
    'feed:key refuses an unknown agency (exit 1) and bad arguments (exit 2)',
    async () => {
      const [unknown, badSlug, none] = await Promise.all([
        run(KEY, ['no-such-agency'], env),
        run(KEY, ['Not_A_Slug'], env),
        run(KEY, [], env),
      ]);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(/agency no-such-agency not found/);
      expect(unknown.stdout).toBe('');
      for (const outcome of [badSlug, none]) {
        expect(outcome.code).toBe(2);
        expect(outcome.stderr).toMatch(/usage: npm run feed:key -- <agency slug>/);
        expect(outcome.stdout).toBe('');
      }
    },
    SLOW,
  );
});
