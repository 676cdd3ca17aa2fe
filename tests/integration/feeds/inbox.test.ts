import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildListingsApp } from '../../../listings-api/app';
import type { Db } from '../../../listings-api/db/connection';
import type { FeedConfig } from '../../../listings-api/feeds/config';
import { createFeedRunner, DONE_MARKER } from '../../../listings-api/feeds/runner';
import { createReferenceCache } from '../../../listings-api/lib/reference';
import { createTestDb, testDbKinds } from '../../fixtures/db';
import {
  agencySnapshot,
  agencyWithoutOffers,
  agencyWithStock,
  buildZip,
  feedConfig,
  filesUnder,
  NOT_POLIRIS_CSV,
  readReport,
  runFolders,
  tempDir,
  VALID_REFERENCES,
  validFeedFiles,
  type SeedAgency,
} from './helpers';

// The inbox: agencies' software drops feeds into inbox/<agency>/. A folder is taken when it holds
// a .done marker, or once its files have not changed for settleMs; the feed leaves the inbox
// (whose folder is left empty for the next one) and ends in done/<agency>/<stamp>-<runId>/ or
// failed/… with report.json.

/** Long enough that a feed just written never counts as settled. */
const SETTLE_MS = 3_600_000;

const silent = { info() {}, warn() {}, error() {} };

describe.each(testDbKinds)('feed inbox on %s', (kind) => {
  let db: Db;
  let app: FastifyInstance;
  let dir: string;
  let config: FeedConfig;
  // Agencies without offers (a feed of the sample's four rows is their whole stock), one a test.
  const fresh: SeedAgency[] = [];

  const inbox = (slug: string) => path.join(config.inboxDir, slug);

  function drop(slug: string, files: Record<string, Buffer | string>, marker?: string): string {
    const folder = inbox(slug);
    mkdirSync(folder, { recursive: true });
    for (const [name, data] of Object.entries(files)) writeFileSync(path.join(folder, name), data);
    if (marker !== undefined) writeFileSync(path.join(folder, DONE_MARKER), marker);
    return folder;
  }

  /** The one run folder of the agency under done/ or failed/, with its report. */
  function onlyRun(base: string, slug: string) {
    const folders = runFolders(base, slug);
    expect(folders).toHaveLength(1);
    const folder = path.join(base, slug, folders[0] as string);
    return { name: folders[0] as string, folder, report: readReport(folder) };
  }

  function expectInboxEmptied(slug: string) {
    expect(existsSync(inbox(slug))).toBe(true);
    expect(readdirSync(inbox(slug))).toEqual([]);
    expect(filesUnder(config.workDir)).toEqual([]);
  }

  beforeAll(async () => {
    db = await createTestDb(kind);
    dir = tempDir('feed-inbox');
    config = feedConfig(path.join(dir, 'feeds'), { FEEDS_SETTLE_MS: String(SETTLE_MS) });
    app = await buildListingsApp({
      db,
      photosDir: path.join(dir, 'photos'),
      feeds: config,
      countsRefreshMs: 0,
      jobs: false,
    });
    for (let i = 0; i < 6; i += 1) fresh.push(await agencyWithoutOffers(db, i));
  });

  afterAll(async () => {
    await app?.close();
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('takes a folder with a .done marker and archives it with its report in done/', async () => {
    const agency = fresh[0] as SeedAgency;
    drop(agency.slug, await validFeedFiles(), '');
    expect(await app.feedRunner.scanInbox()).toBe(1);
    await app.feedRunner.idle();
    expectInboxEmptied(agency.slug);

    const { name, folder, report } = onlyRun(config.doneDir, agency.slug);
    expect(name).toMatch(new RegExp(`-${report.runId}$`));
    expect(report).toMatchObject({ agency: agency.slug, source: 'inbox', status: 'done' });
    expect(report.counts).toMatchObject({ rows: 4, created: 4, rejected: 0, photosProcessed: 2 });
    expect(filesUnder(folder)).toEqual([
      'annonces.csv',
      'report.json',
      'rows.jsonl',
      'villa-1.jpg',
      'villa-2.jpg',
    ]);
    const { offers } = await agencySnapshot(db, agency.id);
    expect(offers.map((o) => o.reference).sort()).toEqual([...VALID_REFERENCES].sort());
    const run = await db.kysely
      .selectFrom('feed_runs')
      .select(['agency_id', 'source', 'status'])
      .where('id', '=', report.runId)
      .executeTakeFirstOrThrow();
    expect(run).toEqual({ agency_id: agency.id, source: 'inbox', status: 'done' });
    // Nothing left to take.
    expect(await app.feedRunner.scanInbox()).toBe(0);
  });

  it('leaves a folder without a marker until its files have settled', async () => {
    const agency = fresh[1] as SeedAgency;
    const folder = drop(agency.slug, await validFeedFiles());
    expect(await app.feedRunner.scanInbox()).toBe(0);
    expect(readdirSync(folder).sort()).toEqual(['annonces.csv', 'villa-1.jpg', 'villa-2.jpg']);
    expect(runFolders(config.doneDir, agency.slug)).toEqual([]);

    // Untouched for longer than settleMs: taken.
    const past = new Date(Date.now() - SETTLE_MS - 60_000);
    for (const name of readdirSync(folder)) utimesSync(path.join(folder, name), past, past);
    expect(await app.feedRunner.scanInbox()).toBe(1);
    await app.feedRunner.idle();
    expectInboxEmptied(agency.slug);
    expect(onlyRun(config.doneDir, agency.slug).report.status).toBe('done');
  });

  it('takes a folder without a marker at once when settleMs is 0', async () => {
    const agency = fresh[2] as SeedAgency;
    drop(agency.slug, await validFeedFiles());
    expect(await app.feedRunner.scanInbox()).toBe(0);
    const runner = createFeedRunner(db, {
      config: { ...config, settleMs: 0 },
      reference: createReferenceCache(db),
      photosDir: path.join(dir, 'photos'),
      log: silent,
      scheduler: false,
    });
    try {
      expect(await runner.scanInbox()).toBe(1);
      await runner.idle();
    } finally {
      await runner.close();
    }
    expectInboxEmptied(agency.slug);
    const { report } = onlyRun(config.doneDir, agency.slug);
    expect(report).toMatchObject({ status: 'done', counts: { created: 4 } });
  });

  it('closes once a scan in progress has settled, the feeds it did not take left in the inbox', async () => {
    const agency = fresh[5] as SeedAgency;
    drop(agency.slug, await validFeedFiles(), '');
    const runner = createFeedRunner(db, {
      config,
      reference: createReferenceCache(db),
      photosDir: path.join(dir, 'photos'),
      log: silent,
      scheduler: false,
    });
    // Closing starts while the scan reads the inbox: the scan takes nothing more, and closing
    // ends only once it has settled (no database work after it).
    let taken: number | undefined;
    const scan = runner.scanInbox().then((n) => (taken = n));
    await runner.close();
    expect(taken).toBe(0);
    await scan;
    expect(await runner.scanInbox()).toBe(0);
    // The feed waits whole in the inbox for the next start.
    expect(await app.feedRunner.scanInbox()).toBe(1);
    await app.feedRunner.idle();
    expectInboxEmptied(agency.slug);
    const { report } = onlyRun(config.doneDir, agency.slug);
    expect(report).toMatchObject({ status: 'done', counts: { created: 4 } });
  });

  it('extracts and imports a zip dropped in the folder', async () => {
    const agency = fresh[3] as SeedAgency;
    drop(agency.slug, { 'feed.zip': await buildZip(await validFeedFiles()) }, '');
    expect(await app.feedRunner.scanInbox()).toBe(1);
    await app.feedRunner.idle();
    expectInboxEmptied(agency.slug);
    const { folder, report } = onlyRun(config.doneDir, agency.slug);
    expect(report.status).toBe('done');
    expect(report.counts).toMatchObject({ rows: 4, created: 4, photosFailed: 1 });
    // The same photos as an earlier feed's: stored once.
    expect(report.counts.photosProcessed + report.counts.photosReused).toBe(2);
    expect(filesUnder(folder)).toEqual(
      [
        'extracted/annonces.csv',
        'extracted/villa-1.jpg',
        'extracted/villa-2.jpg',
        'feed.zip',
        'report.json',
        'rows.jsonl',
      ].map((f) => path.normalize(f)),
    );
    const { offers } = await agencySnapshot(db, agency.id);
    expect(offers).toHaveLength(4);
  });

  it('moves the feed of an unknown agency to failed/ with the reason', async () => {
    const before = await agencySnapshot(db, fresh[0]?.id as number);
    drop('no-such-agency', await validFeedFiles(), '');
    expect(await app.feedRunner.scanInbox()).toBe(1);
    await app.feedRunner.idle();
    const { folder, report } = onlyRun(config.failedDir, 'no-such-agency');
    expect(report).toMatchObject({
      agency: 'no-such-agency',
      source: 'inbox',
      status: 'rejected',
      reason: 'unknown agency: no-such-agency',
    });
    expect(filesUnder(folder)).toEqual([
      'annonces.csv',
      'report.json',
      'villa-1.jpg',
      'villa-2.jpg',
    ]);
    expect(runFolders(config.doneDir, 'no-such-agency')).toEqual([]);
    expect(filesUnder(config.workDir)).toEqual([]);
    // No run recorded (the run would name no agency), nothing imported.
    expect(await agencySnapshot(db, fresh[0]?.id as number)).toEqual(before);
  });

  it('rejects a file that is not a Poliris feed to failed/', async () => {
    const agency = fresh[4] as SeedAgency;
    drop(agency.slug, { 'annonces.csv': NOT_POLIRIS_CSV }, '');
    expect(await app.feedRunner.scanInbox()).toBe(1);
    await app.feedRunner.idle();
    expectInboxEmptied(agency.slug);
    const { folder, report } = onlyRun(config.failedDir, agency.slug);
    expect(report.status).toBe('rejected');
    expect(report.reason).toMatch(/^not a Poliris feed/);
    expect(filesUnder(folder)).toEqual(['annonces.csv', 'report.json', 'rows.jsonl']);
    expect(runFolders(config.doneDir, agency.slug)).toEqual([]);
    expect((await agencySnapshot(db, agency.id)).offers).toEqual([]);
    const run = await db.kysely
      .selectFrom('feed_runs')
      .select('status')
      .where('id', '=', report.runId)
      .executeTakeFirstOrThrow();
    expect(run.status).toBe('rejected');
  });

  it('honours a marker naming the run and forcing a mass withdrawal', async () => {
    const agency = await agencyWithStock(db);
    expect(agency.active).toBeGreaterThan(VALID_REFERENCES.length * 2);

    // The sample's four rows would withdraw the agency's stock: refused by a plain marker…
    drop(agency.slug, await validFeedFiles(), '');
    expect(await app.feedRunner.scanInbox()).toBe(1);
    await app.feedRunner.idle();
    const refused = onlyRun(config.failedDir, agency.slug).report;
    expect(refused.status).toBe('rejected');
    expect(refused.reason).toMatch(/would withdraw .* \(more than half\)/);
    const before = await agencySnapshot(db, agency.id);
    expect(before.offers.filter((o) => o.status === 'active')).toHaveLength(agency.active);

    // …applied by a marker that forces it, under the run id it names.
    const runId = 'forced-run-0001';
    drop(agency.slug, await validFeedFiles(), JSON.stringify({ runId, force: true }));
    expect(await app.feedRunner.scanInbox()).toBe(1);
    await app.feedRunner.idle();
    expectInboxEmptied(agency.slug);
    const { name, report } = onlyRun(config.doneDir, agency.slug);
    expect(name.endsWith(`-${runId}`)).toBe(true);
    expect(report).toMatchObject({ runId, status: 'done', forced: true, source: 'inbox' });
    expect(report.counts).toMatchObject({ created: 4, withdrawn: agency.active });
    const after = await agencySnapshot(db, agency.id);
    expect(
      after.offers
        .filter((o) => o.status === 'active')
        .map((o) => o.reference)
        .sort(),
    ).toEqual([...VALID_REFERENCES].sort());
    expect(after.offers.filter((o) => o.status === 'obsolete').length).toBeGreaterThanOrEqual(
      agency.active,
    );
  });
});
