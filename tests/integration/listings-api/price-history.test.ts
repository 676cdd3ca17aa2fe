import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRICE_REDUCED_DAYS,
  type OfferDetail,
  type OfferList,
  type OfferSummary,
} from '../../../shared/contract';
import { testDbKinds } from '../../fixtures/db';
import { openListingsTest, type ListingsTest } from './helpers';

// Re-priced offers: the 'price reduced' flag of cards and offer pages (a drop less than
// PRICE_REDUCED_DAYS ago, the price shown) and the price history of the offer page. The import
// writes offer_price_history and offers.price_reduced_at; here they are written directly.

const DAY = 24 * 3600 * 1000;

describe.each(testDbKinds)('price history on %s', (kind) => {
  let t: ListingsTest;
  /** Sale offers of one city (a list served by offer_places), by role. */
  let city: number;
  let recent: { id: number; published: Date };
  let old: number;
  let raised: number;
  let unchanged: number;
  let hidden: number;

  async function daysAgo(id: number, days: number | null): Promise<void> {
    await sql`UPDATE offers SET price_reduced_at = ${
      days === null ? null : new Date(Date.now() - days * DAY)
    } WHERE id = ${id}`.execute(t.db.kysely);
  }

  async function addChanges(id: number, changes: [number, number, Date][]): Promise<void> {
    for (const [oldAmount, newAmount, at] of changes) {
      await sql`INSERT INTO offer_price_history (offer_id, old_amount, new_amount, changed_at)
        VALUES (${id}, ${oldAmount}, ${newAmount}, ${at})`.execute(t.db.kysely);
    }
  }

  beforeAll(async () => {
    t = await openListingsTest(kind);
    // The city with the most visible sale prices, and a hidden price anywhere.
    const rows = await sql<{ lieu_id: number; ids: number[] }>`
      SELECT lieu_id, array_agg(id ORDER BY id) AS ids FROM offers
      WHERE status = 'active' AND nature = 'V' AND NOT prix_cache AND price IS NOT NULL
      GROUP BY lieu_id ORDER BY count(*) DESC, lieu_id LIMIT 1`.execute(t.db.kysely);
    const { lieu_id, ids } = rows.rows[0]!;
    expect(ids.length).toBeGreaterThanOrEqual(4);
    city = lieu_id;
    const published = await sql<{ published_at: Date }>`
      SELECT published_at FROM offers WHERE id = ${ids[0]!}`.execute(t.db.kysely);
    recent = { id: ids[0]!, published: new Date(published.rows[0]!.published_at) };
    [old, raised, unchanged] = [ids[1]!, ids[2]!, ids[3]!];
    const hiddenRow = await sql<{ id: number }>`
      SELECT id FROM offers WHERE status = 'active' AND prix_cache ORDER BY id LIMIT 1`.execute(
      t.db.kysely,
    );
    hidden = hiddenRow.rows[0]!.id;

    // Dropped twice then raised a little, the last drop 3 days ago; written out of order.
    await addChanges(recent.id, [
      [950_000, 980_000, new Date(Date.now() - 3 * DAY)],
      [1_000_000, 950_000, new Date(Date.now() - 40 * DAY)],
      [980_000, 931_000, new Date(Date.now() - 2 * DAY)],
    ]);
    await daysAgo(recent.id, 2);
    await addChanges(old, [[2_000_000, 1_800_000, new Date(Date.now() - 45 * DAY)]]);
    await daysAgo(old, PRICE_REDUCED_DAYS + 1);
    // A drop then a rise: the rise cleared price_reduced_at.
    await addChanges(raised, [
      [3_000_000, 2_700_000, new Date(Date.now() - 10 * DAY)],
      [2_700_000, 2_900_000, new Date(Date.now() - 5 * DAY)],
    ]);
    await daysAgo(raised, null);
    await addChanges(hidden, [[1_500_000, 1_200_000, new Date(Date.now() - DAY)]]);
    await daysAgo(hidden, 1);
  });
  afterAll(async () => {
    await t?.close();
  });

  function card(list: OfferList, id: number): OfferSummary {
    const found = list.items.find((item) => item.id === id);
    if (!found) throw new Error(`offer ${id} is not in the list`);
    return found;
  }

  it.each(['default', 'new', 'price_asc'] as const)(
    'flags a recent drop on the cards of a list of a place (%s order)',
    async (sort) => {
      const res = await t.get<OfferList>('/offre', { nature: 'V', lieu: city, sort, limit: 100 });
      expect(res.status).toBe(200);
      expect(card(res.body, recent.id).priceReduced).toBe(true);
      expect(card(res.body, old).priceReduced).toBe(false);
      expect(card(res.body, raised).priceReduced).toBe(false);
      expect(card(res.body, unchanged).priceReduced).toBe(false);
      const flagged = res.body.items.filter((item) => item.priceReduced).map((item) => item.id);
      expect(flagged).toEqual([recent.id]);
    },
  );

  it('flags a recent drop on the cards of other searches and of favourites', async () => {
    // Rooms: a search of the offers table, not of offer_places.
    const search = await t.get<OfferList>('/offre', {
      nature: 'V',
      lieu: city,
      nb_pieces: 0,
      limit: 100,
    });
    expect(card(search.body, recent.id).priceReduced).toBe(true);
    expect(card(search.body, old).priceReduced).toBe(false);
    const favourites = await t.get<OfferList>('/offre', { id: [recent.id, old, hidden] });
    expect(card(favourites.body, recent.id).priceReduced).toBe(true);
    expect(card(favourites.body, old).priceReduced).toBe(false);
    expect(card(favourites.body, hidden).priceReduced).toBe(false);
  });

  it('answers the price history oldest first, each change with its percentage', async () => {
    const res = await t.get<OfferDetail>(`/offre/${recent.id}`, { lang: 'fr' });
    expect(res.status).toBe(200);
    expect(res.body.priceReduced).toBe(true);
    const firstChange = Date.now() - 40 * DAY;
    const history = res.body.priceHistory;
    expect(history.map(({ amount, changePct }) => ({ amount, changePct }))).toEqual([
      { amount: 1_000_000, changePct: null },
      { amount: 950_000, changePct: -5 },
      { amount: 980_000, changePct: 3.2 },
      { amount: 931_000, changePct: -5 },
    ]);
    // The first known price dates from the publication (or the first change, if earlier).
    expect(history[0]!.date).toBe(
      new Date(Math.min(recent.published.getTime(), firstChange)).toISOString(),
    );
    const dates = history.slice(1).map((step) => Date.parse(step.date));
    expect(dates[0]).toBeCloseTo(firstChange, -4);
    expect(dates[1]).toBeCloseTo(Date.now() - 3 * DAY, -4);
    expect(dates[2]).toBeCloseTo(Date.now() - 2 * DAY, -4);
    for (const step of history) expect(step.date).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
  });

  it('answers the history of a drop then a rise, and no flag', async () => {
    const res = await t.get<OfferDetail>(`/offre/${raised}`);
    expect(res.body.priceReduced).toBe(false);
    expect(res.body.priceHistory.map((step) => [step.amount, step.changePct])).toEqual([
      [3_000_000, null],
      [2_700_000, -10],
      [2_900_000, 7.4],
    ]);
  });

  it('answers an empty history for an offer never re-priced', async () => {
    const res = await t.get<OfferDetail>(`/offre/${unchanged}`);
    expect(res.status).toBe(200);
    expect(res.body.priceHistory).toEqual([]);
    expect(res.body.priceReduced).toBe(false);
  });

  it('keeps the history and the flag of a hidden price secret', async () => {
    const res = await t.get<OfferDetail>(`/offre/${hidden}`);
    expect(res.status).toBe(200);
    expect(res.body.prixCache).toBe(true);
    expect(res.body.priceHistory).toEqual([]);
    expect(res.body.priceReduced).toBe(false);
    expect(JSON.stringify(res.body)).not.toContain('1500000');
  });
});
