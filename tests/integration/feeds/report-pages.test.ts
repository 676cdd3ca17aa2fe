import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../listings-api/db/connection';
import { formatPolirisLine, polirisRowFrom } from '../../../listings-api/feeds/generate';
import { issueFeedKey } from '../../../listings-api/feeds/keys';
import type { FeedRowReport, FeedRunSummary } from '../../../listings-api/feeds/report';
import { ROWS_PAGE_MAX } from '../../../listings-api/feeds/routes';
import { DONE_MARKER } from '../../../listings-api/feeds/runner';
import { createTestDb, testDbKinds } from '../../fixtures/db';
import {
  agencyWithoutOffers,
  bearer,
  buildFeedsApi,
  LYON_ROW,
  runFolders,
  tempDir,
  type SeedAgency,
} from './helpers';

// The report of a large feed with many bad rows: GET /feeds/runs/{id} and report.json stay a
// small summary (counts, the first problems), and GET /feeds/runs/{id}/rows pages through every
// row report of rows.jsonl, each exactly once.

const ROWS = 3000;
/** A summary of a run of any size stays under this. */
const SUMMARY_BYTES = 40_000;

const base = LYON_ROW;

/** One good row in three; the others refused (a bad price, an unknown city). */
function largeFeed(): string {
  const lines: string[] = [];
  for (let i = 0; i < ROWS; i++) {
    const ref = `LYON-${i}`;
    const row =
      i % 3 === 0
        ? { ...base, agencePropertyRef: ref }
        : i % 3 === 1
          ? { ...base, agencePropertyRef: ref, prix: '12 5OO' }
          : { ...base, agencePropertyRef: ref, ville: 'Lyyon' };
    lines.push(formatPolirisLine(polirisRowFrom(row)));
  }
  return lines.join('');
}

describe.each(testDbKinds)('the report of a large feed on %s', (kind) => {
  let db: Db;
  let app: FastifyInstance;
  let dir: string;
  let agency: SeedAgency;
  let key: string;
  let runId: string;
  let body: string;
  let summary: FeedRunSummary;

  const get = (url: string, k = key) => app.inject({ url, headers: bearer(k) });

  beforeAll(async () => {
    db = await createTestDb(kind);
    dir = tempDir('feed-report');
    app = await buildFeedsApi(db, dir, { validateResponses: true });
    agency = await agencyWithoutOffers(db);
    key = await issueFeedKey(db, agency.id);
    const inbox = path.join(app.feedRunner.config.inboxDir, agency.slug);
    mkdirSync(inbox, { recursive: true });
    writeFileSync(path.join(inbox, 'annonces.csv'), largeFeed());
    writeFileSync(path.join(inbox, DONE_MARKER), '');
    expect(await app.feedRunner.scanInbox()).toBe(1);
    await app.feedRunner.idle();
    const folders = runFolders(app.feedRunner.config.doneDir, agency.slug);
    expect(folders).toHaveLength(1);
    const run = await db.kysely
      .selectFrom('feed_runs')
      .select('id')
      .where('agency_id', '=', agency.id)
      .executeTakeFirstOrThrow();
    runId = run.id;
    expect(folders[0]).toMatch(new RegExp(`-${runId}$`));
    const answer = await get(`/feeds/runs/${runId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    body = answer.body;
    summary = answer.json<FeedRunSummary>();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves and keeps a small summary: counts by outcome and the first problems', () => {
    expect(summary).toMatchObject({ runId, status: 'done', rowCount: ROWS });
    expect(summary.counts).toMatchObject({ created: ROWS / 3, rejected: (2 * ROWS) / 3 });
    expect(summary.problemCount).toBe((2 * ROWS) / 3);
    expect(summary.problems.length).toBeGreaterThan(0);
    expect(summary.problems.length).toBeLessThan(summary.problemCount);
    expect(summary.problems.every((row) => row.outcome === 'rejected')).toBe(true);
    expect(summary).not.toHaveProperty('rows');
    expect(Buffer.byteLength(body)).toBeLessThan(SUMMARY_BYTES);
    const folder = path.join(
      app.feedRunner.config.doneDir,
      agency.slug,
      `${runFolders(app.feedRunner.config.doneDir, agency.slug)[0]}`,
    );
    expect(statSync(path.join(folder, 'report.json')).size).toBeLessThan(SUMMARY_BYTES);
    expect(statSync(path.join(folder, 'rows.jsonl')).size).toBeGreaterThan(SUMMARY_BYTES);
  });

  it('pages through every row report, each problem exactly once', async () => {
    const rows: FeedRowReport[] = [];
    for (let offset = 0; offset < ROWS; offset += ROWS_PAGE_MAX) {
      const page = await get(`/feeds/runs/${runId}/rows?offset=${offset}&limit=${ROWS_PAGE_MAX}`);
      expect(page.statusCode, page.body).toBe(200);
      const answer = page.json<{
        total: number;
        offset: number;
        limit: number;
        rows: FeedRowReport[];
      }>();
      expect(answer).toMatchObject({ total: ROWS, offset, limit: ROWS_PAGE_MAX });
      rows.push(...answer.rows);
    }
    expect(rows.map((row) => row.line)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
    const problems = rows.filter((row) => row.outcome === 'rejected');
    expect(problems).toHaveLength(summary.problemCount);
    expect(new Set(problems.map((row) => row.reference)).size).toBe(problems.length);
    expect(problems.map((row) => row.reference)).toEqual(
      Array.from({ length: ROWS }, (_, i) => `LYON-${i}`).filter((_, i) => i % 3 !== 0),
    );
    expect(summary.problems).toEqual(problems.slice(0, summary.problems.length));
    // Past the end: an empty page.
    const after = await get(`/feeds/runs/${runId}/rows?offset=${ROWS}`);
    expect(after.json<{ rows: FeedRowReport[] }>().rows).toEqual([]);
  });

  it('refuses a bad page, a page above the cap, and a caller without the key', async () => {
    for (const query of ['limit=0', `limit=${ROWS_PAGE_MAX + 1}`, 'offset=-1', 'offset=abc']) {
      const answer = await get(`/feeds/runs/${runId}/rows?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.body).not.toContain('LYON-');
    }
    const noKey = await app.inject({ url: `/feeds/runs/${runId}/rows` });
    expect(noKey.statusCode).toBe(401);
    const other = await issueFeedKey(db, (await agencyWithoutOffers(db, 1)).id);
    expect((await get(`/feeds/runs/${runId}/rows`, other)).statusCode).toBe(401);
  });

  it('describes the pages in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/openapi.json' })).json<{
      paths: Record<string, { get?: { parameters?: Array<{ name: string }> } }>;
    }>();
    const params = doc.paths['/feeds/runs/{id}/rows']?.get?.parameters?.map((p) => p.name);
    expect(params).toEqual(expect.arrayContaining(['id', 'offset', 'limit']));
  });
});
