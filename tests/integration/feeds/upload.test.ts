import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildListingsApp } from '../../../listings-api/app';
import type { Db } from '../../../listings-api/db/connection';
import { issueFeedKey } from '../../../listings-api/feeds/keys';
import { FEED_KEY_FAILURES } from '../../../listings-api/feeds/routes';
import type { FeedRowReport, FeedRunSummary } from '../../../listings-api/feeds/report';
import { createTestDb, testDbKinds } from '../../fixtures/db';
import {
  agencySnapshot,
  agencyWithoutOffers,
  bearer,
  buildZip,
  buildFeedsApi,
  feedConfig,
  filesUnder,
  patchName,
  readReport,
  runFolders,
  tempDir,
  VALID_CSV,
  VALID_REFERENCES,
  validFeedFiles,
  type SeedAgency,
} from './helpers';

// POST /feeds/{agency}: an agency's software uploads its feed as a zip with the agency's key.
// Every refused upload leaves nothing behind (no offer, no run, no file in the work folder); an
// accepted one is imported in the background and its report is served by GET /feeds/runs/{id};
// GET /changes lists the cache tags the import invalidated.

/** Largest upload of these tests' app: the good feed (a few photos) fits, 300 kB does not. */
const MAX_BYTES = 200 * 1024;

describe.each(testDbKinds)('feed uploads on %s', (kind) => {
  let db: Db;
  let app: FastifyInstance;
  let dir: string;
  let agency: SeedAgency;
  let other: SeedAgency;
  let key: string;
  let otherKey: string;
  let goodZip: Buffer;

  const workDir = () => app.feedRunner.config.workDir;

  const upload = (
    slug: string,
    body: Buffer | string,
    headers: Record<string, string> = {},
    query = '',
  ) =>
    app.inject({
      method: 'POST',
      url: `/feeds/${slug}${query}`,
      headers: { 'content-type': 'application/zip', ...headers },
      payload: body,
    });

  beforeAll(async () => {
    db = await createTestDb(kind);
    dir = tempDir('feed-upload');
    app = await buildFeedsApi(db, dir, {
      feedEnv: { FEEDS_MAX_BYTES: String(MAX_BYTES) },
      validateResponses: true,
    });
    agency = await agencyWithoutOffers(db);
    other = await agencyWithoutOffers(db, 1);
    key = await issueFeedKey(db, agency.id);
    otherKey = await issueFeedKey(db, other.id);
    goodZip = await buildZip(await validFeedFiles());
  });

  afterAll(async () => {
    await app?.close();
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the feed key hashed', async () => {
    const row = await db.kysely
      .selectFrom('feed_keys')
      .select('key_hash')
      .where('agency_id', '=', agency.id)
      .executeTakeFirstOrThrow();
    expect(key).toMatch(/^pfk_[A-Za-z0-9_-]{43}$/);
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.key_hash).not.toContain(key.slice(4));
  });

  describe('refuses, importing nothing,', () => {
    let before: Awaited<ReturnType<typeof agencySnapshot>>;

    beforeAll(async () => {
      before = await agencySnapshot(db, agency.id);
      expect(before.offers).toEqual([]);
    });

    async function expectRefused(
      response: Awaited<ReturnType<typeof upload>>,
      status: number,
      message?: RegExp,
    ) {
      expect(response.statusCode, response.body).toBe(status);
      const body = response.json<{ statusCode: number; message: string }>();
      expect(body.statusCode).toBe(status);
      if (message) expect(body.message).toMatch(message);
      expect(await agencySnapshot(db, agency.id)).toEqual(before);
      expect(filesUnder(workDir())).toEqual([]);
      expect(filesUnder(app.feedRunner.config.doneDir)).toEqual([]);
      expect(filesUnder(app.feedRunner.config.failedDir)).toEqual([]);
    }

    it('an upload without a key', async () => {
      await expectRefused(await upload(agency.slug, goodZip), 401, /feed key is required/);
    });

    it("an upload with another agency's key", async () => {
      await expectRefused(
        await upload(agency.slug, goodZip, bearer(otherKey)),
        401,
        new RegExp(`not the key of agency ${agency.slug}`),
      );
    });

    it('an upload with a malformed key, or one well formed but unknown', async () => {
      await expectRefused(await upload(agency.slug, goodZip, bearer('not-a-key')), 401);
      await expectRefused(
        await upload(agency.slug, goodZip, bearer(`pfk_${randomBytes(32).toString('base64url')}`)),
        401,
      );
      await expectRefused(await upload(agency.slug, goodZip, { authorization: key }), 401);
    });

    it('wrong keys past the limit, per address and per agency: 429, the right key too', async () => {
      const target = await agencyWithoutOffers(db, 2);
      const targetKey = await issueFeedKey(db, target.id);
      const wrong = bearer(`pfk_${randomBytes(32).toString('base64url')}`);
      const from = (address: string, headers: Record<string, string>) =>
        app.inject({
          method: 'POST',
          url: `/feeds/${target.slug}`,
          headers: { 'content-type': 'application/zip', ...headers },
          payload: 'not a zip',
          remoteAddress: address,
        });
      // Per address.
      for (let i = 0; i < FEED_KEY_FAILURES.perAddress; i++) {
        expect((await from('203.0.113.1', wrong)).statusCode).toBe(401);
      }
      const blocked = await from('203.0.113.1', wrong);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json<{ message: string }>().message).toMatch(/too many wrong feed keys/);
      expect((await from('203.0.113.1', bearer(targetKey))).statusCode).toBe(429);
      // Another address is still heard (a bad body with the right key: 400, not 401 or 429).
      expect((await from('203.0.113.2', bearer(targetKey))).statusCode).toBe(400);
      // Per agency, from many addresses.
      const spread = FEED_KEY_FAILURES.perAgency - FEED_KEY_FAILURES.perAddress;
      for (let i = 0; i < spread; i++) {
        expect((await from(`198.51.100.${i + 1}`, wrong)).statusCode).toBe(401);
      }
      expect((await from('198.51.100.250', wrong)).statusCode).toBe(429);
      expect((await from('198.51.100.251', bearer(targetKey))).statusCode).toBe(429);
      // Other agencies are not concerned.
      const elsewhere = await app.inject({
        method: 'POST',
        url: `/feeds/${agency.slug}`,
        headers: { 'content-type': 'application/zip', ...bearer(key) },
        payload: 'not a zip',
        remoteAddress: '198.51.100.252',
      });
      expect(elsewhere.statusCode).toBe(400);
    });

    it('an upload to an unknown agency', async () => {
      await expectRefused(
        await upload('no-such-agency-here', goodZip, bearer(key)),
        404,
        /agency no-such-agency-here not found/,
      );
    });

    it('an upload that is not sent as application/zip', async () => {
      await expectRefused(
        await upload(agency.slug, goodZip, {
          ...bearer(key),
          'content-type': 'application/octet-stream',
        }),
        415,
      );
      await expectRefused(
        await upload(agency.slug, '{"feed":1}', {
          ...bearer(key),
          'content-type': 'application/json',
        }),
        415,
        /application\/zip/,
      );
    });

    it('an empty body', async () => {
      await expectRefused(await upload(agency.slug, Buffer.alloc(0), bearer(key)), 400, /empty/);
    });

    it('a body that is not a zip, saying so', async () => {
      await expectRefused(await upload(agency.slug, VALID_CSV, bearer(key)), 400, /not a zip file/);
    });

    it('a zip with an entry climbing out of its folder', async () => {
      const zip = patchName(
        await buildZip({ 'annonces.csv': VALID_CSV, 'aa/evil.txt': Buffer.from('x') }),
        'aa/evil.txt',
        '../evil.txt',
      );
      await expectRefused(await upload(agency.slug, zip, bearer(key)), 400, /climbs out/);
      expect(filesUnder(dir).filter((f) => f.endsWith('evil.txt'))).toEqual([]);
    });

    it('a zip bomb', async () => {
      const zip = await buildZip({
        'annonces.csv': VALID_CSV,
        'villa-1.jpg': Buffer.alloc(8 * 1024 * 1024),
      });
      expect(zip.length).toBeLessThan(MAX_BYTES);
      await expectRefused(
        await upload(agency.slug, zip, bearer(key)),
        413,
        /inflates more than 100 times/,
      );
    });

    it('a body larger than FEEDS_MAX_BYTES', async () => {
      const zip = await buildZip({
        'annonces.csv': VALID_CSV,
        'villa-1.jpg': randomBytes(MAX_BYTES + 100 * 1024),
      });
      await expectRefused(
        await upload(agency.slug, zip, bearer(key)),
        413,
        new RegExp(`larger than ${MAX_BYTES} bytes`),
      );
    });

    it('a zip without annonces.csv', async () => {
      const files = await validFeedFiles();
      const zip = await buildZip({ 'offres.csv': VALID_CSV, 'villa-1.jpg': files['villa-1.jpg'] });
      await expectRefused(
        await upload(agency.slug, zip, bearer(key)),
        400,
        /holds no annonces\.csv/,
      );
    });
  });

  describe('imports a good zip', () => {
    let runId: string;
    let report: FeedRunSummary;
    let rows: FeedRowReport[];

    beforeAll(async () => {
      const response = await upload(agency.slug, goodZip, bearer(key));
      expect(response.statusCode, response.body).toBe(202);
      const body = response.json<{ runId: string; status: string; report: string }>();
      runId = body.runId;
      expect(body).toEqual({
        runId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
        status: 'queued',
        report: `/feeds/runs/${runId}`,
      });
      await app.feedRunner.idle();
    });

    it('in the background, and reports it with the key', async () => {
      const response = await app.inject({ url: `/feeds/runs/${runId}`, headers: bearer(key) });
      expect(response.statusCode, response.body).toBe(200);
      report = response.json<FeedRunSummary>();
      expect(report).toMatchObject({
        runId,
        agency: agency.slug,
        source: 'http',
        status: 'done',
        reason: null,
        forced: false,
      });
      expect(report.counts).toMatchObject({
        rows: 4,
        created: 4,
        updated: 0,
        unchanged: 0,
        rejected: 0,
        withdrawn: 0,
        photosProcessed: 2,
      });
      // The sample's one photo given by a URL of a host the settings do not allow.
      expect(report).toMatchObject({ rowCount: 4, problemCount: 1 });
      expect(report.problems.map((r) => r.reference)).toEqual(['VILLA-CANNES-01']);
      const page = await app.inject({ url: `/feeds/runs/${runId}/rows`, headers: bearer(key) });
      expect(page.statusCode, page.body).toBe(200);
      rows = page.json<{ rows: FeedRowReport[] }>().rows;
      expect(rows.map((r) => r.reference)).toEqual(VALID_REFERENCES);

      const offers = await agencySnapshot(db, agency.id);
      expect(offers.offers.map((o) => [o.reference, o.status]).sort()).toEqual(
        VALID_REFERENCES.map((r) => [r, 'active']).sort(),
      );
      const run = await db.kysely
        .selectFrom('feed_runs')
        .select(['status', 'source', 'agency_id'])
        .where('id', '=', runId)
        .executeTakeFirstOrThrow();
      expect(run).toEqual({ status: 'done', source: 'http', agency_id: agency.id });
    });

    it('archives the feed with its report in done/', () => {
      const folders = runFolders(app.feedRunner.config.doneDir, agency.slug);
      expect(folders).toHaveLength(1);
      expect(folders[0]).toMatch(new RegExp(`-${runId}$`));
      const folder = path.join(app.feedRunner.config.doneDir, agency.slug, folders[0] as string);
      expect(filesUnder(folder)).toEqual(
        [
          'extracted/annonces.csv',
          'extracted/villa-1.jpg',
          'extracted/villa-2.jpg',
          'report.json',
          'rows.jsonl',
        ].map((f) => path.normalize(f)),
      );
      expect(readReport(folder)).toMatchObject({ runId, status: 'done' });
      expect(filesUnder(workDir())).toEqual([]);
    });

    it('does not report a run without a key, with another key, nor an unknown or bad id', async () => {
      const noKey = await app.inject({ url: `/feeds/runs/${runId}` });
      expect(noKey.statusCode).toBe(401);
      const wrongKey = await app.inject({ url: `/feeds/runs/${runId}`, headers: bearer(otherKey) });
      expect(wrongKey.statusCode).toBe(401);
      expect(wrongKey.body).not.toContain('VILLA-CANNES-01');
      const unknown = await app.inject({
        url: `/feeds/runs/${'A'.repeat(16)}`,
        headers: bearer(key),
      });
      expect(unknown.statusCode).toBe(404);
      const malformed = await app.inject({ url: '/feeds/runs/bad!id', headers: bearer(key) });
      expect(malformed.statusCode).toBe(400);
    });

    it('lists the tags it invalidated in /changes', async () => {
      expect((await app.inject({ url: '/changes?since=abc' })).statusCode).toBe(400);

      const all = await app.inject({ url: '/changes?since=0' });
      expect(all.statusCode, all.body).toBe(200);
      const body = all.json<{
        changes: Array<{ id: number; tags: string[] }>;
        tags: string[];
        next: string;
      }>();
      expect(body.changes).toHaveLength(1);
      const ids = rows.map((r) => r.offerId);
      expect(ids.every((id) => typeof id === 'number')).toBe(true);
      expect(body.tags).toEqual(
        expect.arrayContaining([...ids.map((id) => `offre-${id}`), `agence-${agency.id}`]),
      );
      expect(body.tags).toHaveLength(report.tags);
      expect(body.next).toBe(String(body.changes[0]?.id));

      const next = await app.inject({ url: `/changes?since=${body.next}` });
      expect(next.statusCode).toBe(200);
      expect(next.json()).toEqual({ changes: [], tags: [], next: body.next });
    });
  });

  // annonces.csv has its own limit, above any other file's: a network's feed of 100,000 rows is
  // far beyond the 50 MB a photo may weigh. Both limits are settings, so small ones prove it here.
  describe('takes annonces.csv past the entry limit, up to its own (FEEDS_MAX_*_BYTES)', () => {
    let small: FastifyInstance;
    let target: SeedAgency;
    let targetKey: string;
    const send = (zip: Buffer) =>
      small.inject({
        method: 'POST',
        url: `/feeds/${target.slug}`,
        headers: { 'content-type': 'application/zip', ...bearer(targetKey) },
        payload: zip,
      });

    beforeAll(async () => {
      small = await buildListingsApp({
        db,
        photosDir: path.join(dir, 'photos-small'),
        feeds: feedConfig(path.join(dir, 'feeds-small'), {
          FEEDS_MAX_BYTES: String(MAX_BYTES),
          FEEDS_MAX_ENTRY_BYTES: '2048',
          FEEDS_MAX_CSV_BYTES: String(VALID_CSV.length + 100),
        }),
        countsRefreshMs: 0,
        jobs: false,
        validateResponses: true,
      });
      target = await agencyWithoutOffers(db, 3);
      targetKey = await issueFeedKey(db, target.id);
    });

    afterAll(() => small?.close());

    it('imports every row of a CSV three times larger than the entry limit', async () => {
      expect(VALID_CSV.length).toBeGreaterThan(3 * 2048);
      const response = await send(await buildZip({ 'annonces.csv': VALID_CSV }));
      expect(response.statusCode, response.body).toBe(202);
      const { runId } = response.json<{ runId: string }>();
      await small.feedRunner.idle();
      const run = await small.inject({ url: `/feeds/runs/${runId}`, headers: bearer(targetKey) });
      expect(run.json<FeedRunSummary>()).toMatchObject({
        status: 'done',
        counts: { rows: 4, created: 4, rejected: 0 },
      });
      expect((await agencySnapshot(db, target.id)).offers).toHaveLength(4);
    });

    it('refuses another file past the entry limit, and a CSV past its own', async () => {
      const photo = await send(
        await buildZip({ 'annonces.csv': VALID_CSV, 'villa-1.jpg': randomBytes(4096) }),
      );
      expect(photo.statusCode).toBe(413);
      expect(photo.json<{ message: string }>().message).toMatch(/"villa-1\.jpg" is larger than/);
      const csv = await send(
        await buildZip({ 'annonces.csv': Buffer.concat([VALID_CSV, Buffer.alloc(200, 0x20)]) }),
      );
      expect(csv.statusCode).toBe(413);
      expect(csv.json<{ message: string }>().message).toMatch(/"annonces\.csv" is larger than/);
    });
  });
});
