import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../listings-api/db/connection';
import { formatPolirisLine, polirisRowFrom } from '../../../listings-api/feeds/generate';
import { issueFeedKey } from '../../../listings-api/feeds/keys';
import {
  agencyFeedReport,
  feedKeyState,
  listAgencyFeedRuns,
  rotateFeedKey,
} from '../../../listings-api/feeds/pro';
import { DONE_MARKER } from '../../../listings-api/feeds/runner';
import { PRO_FEED_REPORT_PAGE, type ProFeedProblem } from '../../../shared/pro-feeds';
import { createTestDb, testDbKinds } from '../../fixtures/db';
import { proSignedIn } from '../../fixtures/pro';
import {
  agencyWithoutOffers,
  bearer,
  buildFeedsApi,
  LYON_ROW,
  tempDir,
  type SeedAgency,
} from './helpers';

// What the professional space shows of an agency's feeds, scoped to the agency: its runs with
// counts and duration, a run's report with its problem rows a page at a time (past the summary's
// first ones, read from rows.jsonl) and the offers it withdrew with their pages; a new feed key
// refuses the old one at once.

const base = LYON_ROW;

/** `good` good rows (LYON-0…) then `bad` rows with an unreadable price (BAD-0…). */
function feed(good: number, bad: number): string {
  const lines: string[] = [];
  for (let i = 0; i < good; i++)
    lines.push(formatPolirisLine(polirisRowFrom({ ...base, agencePropertyRef: `LYON-${i}` })));
  for (let i = 0; i < bad; i++)
    lines.push(
      formatPolirisLine(polirisRowFrom({ ...base, agencePropertyRef: `BAD-${i}`, prix: '12 5OO' })),
    );
  return lines.join('');
}

const BAD_ROWS = 70;

describe.each(testDbKinds)("an agency's feeds in the professional space on %s", (kind) => {
  let db: Db;
  let app: FastifyInstance;
  let dir: string;
  let agency: SeedAgency;
  let other: SeedAgency;

  async function importFeed(slug: string, csv: string): Promise<void> {
    const inbox = path.join(app.feedRunner.config.inboxDir, slug);
    mkdirSync(inbox, { recursive: true });
    writeFileSync(path.join(inbox, 'annonces.csv'), csv);
    writeFileSync(path.join(inbox, DONE_MARKER), '');
    expect(await app.feedRunner.scanInbox()).toBe(1);
    await app.feedRunner.idle();
  }

  beforeAll(async () => {
    db = await createTestDb(kind);
    dir = tempDir('pro-feeds');
    app = await buildFeedsApi(db, dir, { validateResponses: true });
    agency = await agencyWithoutOffers(db);
    other = await agencyWithoutOffers(db, 1);
    // First run: 10 good rows, 70 bad; second: 9 of the good rows (one withdrawn), no bad one.
    await importFeed(agency.slug, feed(10, BAD_ROWS));
    await importFeed(agency.slug, feed(9, 0));
    await importFeed(other.slug, feed(3, 1));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("lists the agency's runs only, newest first, with counts by outcome and duration", async () => {
    const list = await listAgencyFeedRuns(db, agency.id);
    expect(list.total).toBe(2);
    expect(list.items.map((run) => run.counts)).toMatchObject([
      { rows: 9, unchanged: 9, withdrawn: 1, rejected: 0 },
      { rows: 10 + BAD_ROWS, created: 10, rejected: BAD_ROWS },
    ]);
    for (const run of list.items) {
      expect(run.status).toBe('done');
      expect(run.source).toBe('inbox');
      expect(run.durationMs).toBeGreaterThanOrEqual(0);
      expect(Date.parse(run.finishedAt ?? '')).toBeGreaterThanOrEqual(
        Date.parse(run.startedAt ?? ''),
      );
    }
    const others = await listAgencyFeedRuns(db, other.id);
    expect(others.total).toBe(1);
    expect(others.items.map((run) => run.id)).not.toContain(list.items[0]?.id);
    expect((await listAgencyFeedRuns(db, agency.id, 2)).items).toEqual([]);
  });

  it('finds no run of another agency, nor an unknown one', async () => {
    const [theirs] = (await listAgencyFeedRuns(db, other.id)).items;
    const config = app.feedRunner.config;
    expect(await agencyFeedReport(db, config, agency.id, theirs!.id)).toBeNull();
    expect(await agencyFeedReport(db, config, other.id, theirs!.id)).not.toBeNull();
    expect(await agencyFeedReport(db, config, agency.id, 'no-such-run-1')).toBeNull();
  });

  it('pages through the rejected rows with line, reference, column and reason', async () => {
    const [, first] = (await listAgencyFeedRuns(db, agency.id)).items;
    const config = app.feedRunner.config;
    const seen: ProFeedProblem[] = [];
    for (let page = 1; page <= Math.ceil(BAD_ROWS / PRO_FEED_REPORT_PAGE); page++) {
      const report = await agencyFeedReport(db, config, agency.id, first!.id, { problems: page });
      expect(report?.problems).toMatchObject({ total: BAD_ROWS, page });
      expect(report?.rowsReady).toBe(true);
      seen.push(...(report?.problems.items ?? []));
    }
    expect(seen.map((row) => row.reference)).toEqual(
      Array.from({ length: BAD_ROWS }, (_, i) => `BAD-${i}`),
    );
    expect(seen.map((row) => row.line)).toEqual(
      Array.from({ length: BAD_ROWS }, (_, i) => 10 + i + 1),
    );
    expect(seen[0]).toMatchObject({ outcome: 'rejected', column: 'prix' });
    expect(seen[0]?.reason).toMatch(/\S/);
    const past = await agencyFeedReport(db, config, agency.id, first!.id, { problems: 99 });
    expect(past?.problems.items).toEqual([]);
  });

  it('lists the offers a run withdrew with their pages', async () => {
    const [latest] = (await listAgencyFeedRuns(db, agency.id)).items;
    const report = await agencyFeedReport(db, app.feedRunner.config, agency.id, latest!.id);
    expect(report?.problems.total).toBe(0);
    expect(report?.withdrawn.total).toBe(1);
    expect(report?.withdrawn.items[0]).toMatchObject({ reference: 'LYON-9' });
    expect(report?.withdrawn.items[0]?.paths?.fr).toMatch(/^\/fr\//);
    expect(report?.withdrawn.items[0]?.paths?.en).toMatch(/^\/en\//);
  });

  it('makes a new feed key: the old one is refused at once, the new one taken', async () => {
    const old = await issueFeedKey(db, agency.id);
    const before = await feedKeyState(db, agency.id);
    const { userId } = await proSignedIn(db, agency.id);
    const { key, createdAt } = await rotateFeedKey(db, { userId, agencyId: agency.id });
    expect(key).not.toBe(old);
    expect(Date.parse(createdAt)).toBeGreaterThanOrEqual(Date.parse(before.createdAt ?? ''));
    const runId = (await listAgencyFeedRuns(db, agency.id)).items[0]!.id;
    const summary = (k: string) => app.inject({ url: `/feeds/runs/${runId}`, headers: bearer(k) });
    expect((await summary(old)).statusCode).toBe(401);
    expect((await summary(key)).statusCode).toBe(200);
  });
});
