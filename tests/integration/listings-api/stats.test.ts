import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../shared/contract';
import { STAT_VISITOR_HEADERS } from '../../../shared/contract';
import * as m024 from '../../../listings-api/db/migrations/024-offer-stat-days';
import { statDay } from '../../../listings-api/stats/day';
import { testDbKinds } from '../../fixtures/db';
import { openListingsTest, type ListingsTest } from './helpers';

// POST /stat into daily counters: counted before the 201 by the rules (crawlers not at all, a
// page view once per visitor, offer and day), concurrent events summed, bad bodies refused with
// nothing counted, and migration 024 folding the raw events of before into counters.

const browser =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const visitor = (ip: string, agent = browser) => ({
  [STAT_VISITOR_HEADERS.ip]: ip,
  [STAT_VISITOR_HEADERS.userAgent]: agent,
});

describe.each(testDbKinds)('statistics on %s', (kind) => {
  let t: ListingsTest;
  const today = () => statDay(new Date());

  async function counters(offerIds: number[]): Promise<Record<string, number>> {
    const rows = await t.db.kysely
      .selectFrom('offer_stat_days')
      .select(['offer_id', sql<string>`day::text`.as('day'), 'type', 'n'])
      .where('offer_id', 'in', offerIds)
      .execute();
    return Object.fromEntries(rows.map((r) => [`${r.offer_id} ${r.day} ${r.type}`, r.n]));
  }

  beforeAll(async () => {
    t = await openListingsTest(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts each kind of event in the day’s counter before answering 201', async () => {
    const ip = visitor('203.0.113.10');
    expect((await t.post('/stat', { type: 'liste', id: [901, 902, 901] }, ip)).body).toEqual({
      counted: 2,
    });
    await t.post('/stat', { type: 'liste', id: 901 }, ip);
    await t.post('/stat', { type: 'telephone', id: 901 }, ip);
    await t.post('/stat', { type: 'email', id: 902 }, ip);
    const res = await t.post('/stat', { type: 'detail', id: 901 }, ip);
    expect(res.status).toBe(201);
    const d = today();
    expect(await counters([901, 902])).toEqual({
      [`901 ${d} liste`]: 2,
      [`902 ${d} liste`]: 1,
      [`901 ${d} telephone`]: 1,
      [`902 ${d} email`]: 1,
      [`901 ${d} detail`]: 1,
    });
  });

  it('counts a page view once per visitor, offer and day', async () => {
    const a = visitor('203.0.113.20');
    expect((await t.post('/stat', { type: 'detail', id: 911 }, a)).body).toEqual({ counted: 1 });
    expect((await t.post('/stat', { type: 'detail', id: 911 }, a)).body).toEqual({ counted: 0 });
    expect((await t.post('/stat', { type: 'detail', id: 912 }, a)).body).toEqual({ counted: 1 });
    await t.post('/stat', { type: 'detail', id: 911 }, visitor('203.0.113.21'));
    await t.post('/stat', { type: 'detail', id: 911 }, visitor('203.0.113.20', `${browser} x`));
    expect(await counters([911, 912])).toEqual({
      [`911 ${today()} detail`]: 3,
      [`912 ${today()} detail`]: 1,
    });
  });

  it('counts nothing from a known crawler, relayed or calling itself', async () => {
    const bot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect(
      (await t.post('/stat', { type: 'liste', id: [921] }, visitor('66.249.66.1', bot))).body,
    ).toEqual({ counted: 0 });
    expect(
      (await t.post('/stat', { type: 'detail', id: 921 }, { 'user-agent': bot })).body,
    ).toEqual({ counted: 0 });
    expect(await counters([921])).toEqual({});
  });

  it('sums concurrent events exactly', async () => {
    const ip = visitor('203.0.113.30');
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.post('/stat', { type: 'liste', id: i % 2 === 0 ? [931, 932] : [932] }, ip),
      ),
    );
    expect(await counters([931, 932])).toEqual({
      [`931 ${today()} liste`]: 30,
      [`932 ${today()} liste`]: 60,
    });
  });

  it.each([
    ['no id', { type: 'telephone' }, 'id'],
    ['no type', { id: 3 }, 'type'],
    ['an unknown type', { type: 'click', id: 3 }, 'type'],
    ['a list for an offer page', { type: 'detail', id: [1, 2] }, 'id'],
    ['an id that is text', { type: 'detail', id: '3' }, 'id'],
    ['a negative id', { type: 'detail', id: -3 }, 'id'],
    ['an empty list', { type: 'liste', id: [] }, 'id'],
    [
      'a list of 101 ids',
      { type: 'liste', id: Array.from({ length: 101 }, (_, i) => i + 1) },
      'id',
    ],
  ])('refuses %s and counts nothing', async (_name, body, field) => {
    const total = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('offer_stat_days')
            .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), sql<number>`0`).as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await total();
    const res = await t.post<ApiError>('/stat', body, visitor('203.0.113.40'));
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(await total()).toBe(before);
  });

  it('refuses a relayed user agent longer than 1024 characters', async () => {
    const res = await t.post<ApiError>(
      '/stat',
      { type: 'detail', id: 5 },
      visitor('203.0.113.41', 'a'.repeat(1025)),
    );
    expect(res.status).toBe(400);
  });

  it('folds the raw events of before migration 024 into counters and drops them', async () => {
    // Back to the schema before 024, with raw events on both sides of a midnight in France.
    await m024.down(t.db.kysely as never);
    await sql`
      INSERT INTO stats (created_at, type, offer_ids) VALUES
        ('2026-01-15T22:30:00Z', 'liste', '{941,942}'),
        ('2026-01-15T22:59:00Z', 'liste', '{941}'),
        ('2026-01-15T23:01:00Z', 'liste', '{941}'),
        ('2026-01-15T12:00:00Z', 'detail', '{941}'),
        ('2026-01-15T12:00:00Z', 'telephone', '{942}')`.execute(t.db.kysely);
    await m024.up(t.db.kysely as never);
    expect(await counters([941, 942])).toEqual({
      '941 2026-01-15 liste': 2,
      '941 2026-01-16 liste': 1,
      '942 2026-01-15 liste': 1,
      '941 2026-01-15 detail': 1,
      '942 2026-01-15 telephone': 1,
    });
    const raw = await sql<{ t: string | null }>`SELECT to_regclass('stats')::text AS t`.execute(
      t.db.kysely,
    );
    expect(raw.rows[0]?.t).toBeNull();
  });
});
