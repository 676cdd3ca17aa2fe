import { describe, expect, it } from 'vitest';
import type { OfferList } from '../../../shared/contract';
import { testDbKinds } from '../../fixtures/db';
import { useListingsTest, type ListingsTest } from './helpers';

// The response cache: repeated reads come from memory, until the offers change.

describe.each(testDbKinds)('response cache on %s', (kind) => {
  let t: ListingsTest;
  useListingsTest(kind, (opened) => (t = opened));

  it('answers a repeated read from memory with the same body', async () => {
    const url = `/offre?lieu=${await t.lieuId('nice')}&sort=new`;
    const first = await t.app.inject(url);
    const second = await t.app.inject(url);
    expect(first.headers['x-cache']).toBe('miss');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.body).toBe(first.body);
  });

  it('keeps obsolete-offer answers, but neither errors nor unknown offers', async () => {
    const obsolete = (await t.offers()).find((o) => o.status === 'obsolete')!;
    await t.app.inject(`/offre/${obsolete.id}`);
    const again = await t.app.inject(`/offre/${obsolete.id}`);
    expect([again.statusCode, again.headers['x-cache']]).toEqual([410, 'hit']);
    for (const url of ['/offre?page=0', '/offre/999999999']) {
      await t.app.inject(url);
      expect((await t.app.inject(url)).headers['x-cache']).toBeUndefined();
    }
  });

  it('never keeps alerts or writes', async () => {
    const headers = { 'x-alert-tokens': 'A'.repeat(43) };
    const res = await t.app.inject({ method: 'GET', url: '/alerte', headers });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/alerte', headers })).headers['x-cache'],
    ).toBeUndefined();
  });

  it('forgets everything once the offers changed and the counts are rebuilt', async () => {
    const nice = await t.lieuId('nice');
    const url = `/offre?lieu=${nice}&nature=V`;
    const before = JSON.parse((await t.app.inject(url)).body) as OfferList;
    expect((await t.app.inject(url)).headers['x-cache']).toBe('hit');
    const victim = before.items[0]!.id;
    await t.db.kysely
      .updateTable('offers')
      .set({ status: 'obsolete' })
      .where('id', '=', victim)
      .execute();
    try {
      await t.app.offerCounts.refreshIfStale();
      const after = await t.app.inject(url);
      expect(after.headers['x-cache']).toBe('miss');
      expect((JSON.parse(after.body) as OfferList).total).toBe(before.total - 1);
    } finally {
      await t.db.kysely
        .updateTable('offers')
        .set({ status: 'active' })
        .where('id', '=', victim)
        .execute();
      await t.app.offerCounts.refreshIfStale();
    }
  });
});
