import { describe, expect, it } from 'vitest';
import type { CounterType, StatCounter } from './counter';
import { dayEndsAt, statDay } from './day';
import { recordStat } from './record';
import { memorySeenStore } from './visitors';

// The counting rules of POST /stat, on the day of France.

const browser =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const other =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1';

/** A counter that keeps what it is given, by offer, day and type. */
function keptCounter() {
  const counts = new Map<string, number>();
  const counter: StatCounter = {
    async add(type: CounterType, ids: number[], at: Date) {
      for (const id of ids) {
        const key = `${id} ${statDay(at)} ${type}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    },
    async drain() {},
    async close() {},
  };
  return { counter, counts };
}

describe('the day of a statistic', () => {
  it.each([
    ['winter, 23:59 in Paris', '2026-01-15T22:59:59Z', '2026-01-15'],
    ['winter, midnight in Paris', '2026-01-15T23:00:00Z', '2026-01-16'],
    ['summer, 23:59 in Paris', '2026-07-15T21:59:59Z', '2026-07-15'],
    ['summer, midnight in Paris', '2026-07-15T22:00:00Z', '2026-07-16'],
    ['the last day of a year', '2026-12-31T23:30:00Z', '2027-01-01'],
  ])('is the day in France: %s', (_name, at, day) => {
    expect(statDay(new Date(at))).toBe(day);
  });

  it.each([
    ['in winter', '2026-01-15T10:00:00Z', '2026-01-15T23:00:00Z'],
    ['in summer', '2026-07-15T10:00:00Z', '2026-07-15T22:00:00Z'],
    ['on the day clocks go forward', '2026-03-29T10:00:00Z', '2026-03-29T22:00:00Z'],
    ['on the day clocks go back', '2026-10-25T10:00:00Z', '2026-10-25T23:00:00Z'],
  ])('ends at midnight in France %s', (_name, at, end) => {
    expect(new Date(dayEndsAt(new Date(at))).toISOString()).toBe(new Date(end).toISOString());
  });
});

describe('recordStat', () => {
  const now = new Date('2026-11-28T15:00:00Z');
  const visitor = { ip: '203.0.113.7', userAgent: browser };

  it.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['Bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
    ['a headless browser', 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0 Safari/537.36'],
    ['curl', 'curl/8.5.0'],
  ])('counts nothing from %s', async (_name, userAgent) => {
    const { counter, counts } = keptCounter();
    for (const type of ['liste', 'detail', 'telephone', 'email'] as const) {
      expect(
        await recordStat(counter, memorySeenStore(), {
          type,
          offerIds: [1, 2],
          visitor: { ip: '66.249.66.1', userAgent },
          now,
        }),
      ).toBe(0);
    }
    expect(counts.size).toBe(0);
  });

  it('counts a page view once per visitor, offer and day', async () => {
    const { counter, counts } = keptCounter();
    const seen = memorySeenStore();
    const view = (ip: string, userAgent: string, id: number, at: Date) =>
      recordStat(counter, seen, {
        type: 'detail',
        offerIds: [id],
        visitor: { ip, userAgent },
        now: at,
      });
    expect(await view(visitor.ip, browser, 7, now)).toBe(1);
    expect(await view(visitor.ip, browser, 7, new Date('2026-11-28T22:59:00Z'))).toBe(0);
    // Another offer, another browser at the same address, another address: other visits.
    expect(await view(visitor.ip, browser, 8, now)).toBe(1);
    expect(await view(visitor.ip, other, 7, now)).toBe(1);
    expect(await view('198.51.100.2', browser, 7, now)).toBe(1);
    // Midnight in France: the same visitor counts again, on the next day.
    expect(await view(visitor.ip, browser, 7, new Date('2026-11-28T23:00:00Z'))).toBe(1);
    expect(Object.fromEntries(counts)).toEqual({
      '7 2026-11-28 detail': 3,
      '8 2026-11-28 detail': 1,
      '7 2026-11-29 detail': 1,
    });
  });

  it('counts list impressions, phone reveals and e-mails each time, an offer once per event', async () => {
    const { counter, counts } = keptCounter();
    const seen = memorySeenStore();
    expect(
      await recordStat(counter, seen, { type: 'liste', offerIds: [3, 1, 3], visitor, now }),
    ).toBe(2);
    await recordStat(counter, seen, { type: 'liste', offerIds: [3], visitor, now });
    await recordStat(counter, seen, { type: 'telephone', offerIds: [3], visitor, now });
    await recordStat(counter, seen, { type: 'telephone', offerIds: [3], visitor, now });
    await recordStat(counter, seen, { type: 'email', offerIds: [1], visitor, now });
    expect(Object.fromEntries(counts)).toEqual({
      '3 2026-11-28 liste': 2,
      '1 2026-11-28 liste': 1,
      '3 2026-11-28 telephone': 2,
      '1 2026-11-28 email': 1,
    });
  });

  it('keeps neither the address nor the user agent in what it remembers', async () => {
    const { counter } = keptCounter();
    const seen = memorySeenStore();
    const keys: string[] = [];
    const spy = {
      ...seen,
      markSeen: (day: string, k: string[], end: number) => (
        keys.push(...k),
        seen.markSeen(day, k, end)
      ),
    };
    await recordStat(counter, spy, { type: 'detail', offerIds: [7], visitor, now });
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain(visitor.ip);
    expect(keys[0]).not.toContain('Chrome');
    // The hash changes with the day's salt: today's and tomorrow's visitors cannot be linked.
    await recordStat(counter, spy, {
      type: 'detail',
      offerIds: [7],
      visitor,
      now: new Date('2026-11-29T10:00:00Z'),
    });
    expect(keys[1]).not.toBe(keys[0]);
  });
});
