import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../shared/contract';
import type { ProAudience, ProAudienceOffer } from '../../../shared/pro-audience';
import { daysBefore, statDay } from '../../../listings-api/stats/day';
import { testDbKinds } from '../../fixtures/db';
import { proSignedIn } from '../../fixtures/pro';
import { openListingsTest, type ListingsTest } from './helpers';

// The audience of an agency's offers (GET /pro/audience, /pro/audience/offres/{id}) against
// figures set by hand: six chalets for sale in Nice (no other there), one of them the signed-in
// agency's, the others another agency's; views, alert mails, contacts and a price change in and
// out of the 7- and 30-day windows; medians and ranks worked out below.

const VIEWS_TODAY = [5, 9, 0, 2, 7, 9];

describe.each(testDbKinds)('professional audience on %s', (kind) => {
  let t: ListingsTest;
  let ids: number[];
  let mine: { headers: Record<string, string>; agencyId: number };
  let other: number;

  beforeAll(async () => {
    t = await openListingsTest(kind);
    const db = t.db.kysely;
    const nice = await t.lieuId('nice');
    const agencies = await db.selectFrom('agencies').select('id').orderBy('id').limit(2).execute();
    const [a, b] = agencies.map((r) => r.id) as [number, number];
    other = b;
    // No chalet for sale in Nice but these six.
    await sql`UPDATE offers SET rubrique_id = 12 WHERE nature = 'V' AND rubrique_id = 13`.execute(
      db,
    );
    const picked = await db
      .selectFrom('offers')
      .select('id')
      .where('status', '=', 'active')
      .orderBy('id')
      .limit(6)
      .execute();
    ids = picked.map((r) => r.id);
    for (const [i, id] of ids.entries()) {
      await db
        .updateTable('offers')
        .set({
          nature: 'V',
          rubrique_id: 13,
          lieu_id: nice,
          agency_id: i === 0 ? a : b,
          reference: `AUD-${i}`,
        })
        .where('id', '=', id)
        .execute();
    }
    const today = statDay(new Date());
    const counters = [
      ...ids.map((id, i) => ({
        offer_id: id,
        day: today,
        type: 'detail' as const,
        n: VIEWS_TODAY[i]!,
      })),
      // Ten days ago: in the 30-day window, not in the 7-day one.
      { offer_id: ids[2]!, day: daysBefore(today, 10), type: 'detail' as const, n: 100 },
      { offer_id: ids[0]!, day: daysBefore(today, 10), type: 'liste' as const, n: 40 },
      // 91 days ago: in no window.
      { offer_id: ids[0]!, day: daysBefore(today, 91), type: 'detail' as const, n: 1000 },
      { offer_id: ids[0]!, day: today, type: 'liste' as const, n: 12 },
      { offer_id: ids[0]!, day: today, type: 'telephone' as const, n: 1 },
      { offer_id: ids[0]!, day: today, type: 'alerte' as const, n: 3 },
    ].filter((c) => c.n > 0);
    await db.insertInto('offer_stat_days').values(counters).execute();
    const contact = (offerId: number | null, spam = false) => ({
      offer_id: offerId,
      agency_id: a,
      lang: 'fr',
      name: 'Camille',
      email: 'camille@example.com',
      phone: '0612345678',
      phone_e164: '+33612345678',
      message: 'Bonjour',
      spam,
    });
    await db
      .insertInto('contacts')
      .values([contact(ids[0]!), contact(ids[0]!), contact(ids[0]!, true), contact(null)])
      .execute();
    await db
      .insertInto('offer_price_history')
      .values({ offer_id: ids[0]!, old_amount: 1_200_000, new_amount: 1_150_000 })
      .execute();
    const session = await proSignedIn(t.db, a);
    mine = { headers: session.headers, agencyId: a };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives an offer’s figures, its price change, and the median and rank among its comparables', async () => {
    const res = await t.get<ProAudienceOffer>(
      `/pro/audience/offres/${ids[0]}`,
      { days: 7, lang: 'fr' },
      mine.headers,
    );
    expect(res.body).toMatchObject({ days: 7 });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.series).toHaveLength(7);
    expect(body.to).toBe(statDay(new Date()));
    expect(body.totals).toEqual({
      impressions: 12,
      views: 5,
      phones: 1,
      contacts: 2,
      alerts: 3,
      priceChanges: 1,
    });
    expect(body.series.at(-1)).toMatchObject({ day: body.to, views: 5, contacts: 2 });
    expect(body.price_changes).toEqual([
      { at: expect.any(String), old_amount: 1_200_000, new_amount: 1_150_000 },
    ]);
    expect(body.offer).toMatchObject({
      reference: 'AUD-0',
      rubrique: { plural: 'chalets', gender: 'm' },
    });
    // Views [5, 9, 0, 2, 7, 9]: median (5 + 7) / 2 = 6; three have more than 5: 4th of 6.
    expect(body.comparables).toMatchObject({
      scope: 'city',
      lieu: { libelle: 'Nice' },
      count: 6,
      medians: { views: 6, impressions: 0, contacts: 0, alerts: 0, priceChanges: 0 },
      ranks: { views: 4, impressions: 1, phones: 1, contacts: 1, alerts: 1 },
    });
  });

  it('widens the window to 30 days', async () => {
    const res = await t.get<ProAudienceOffer>(
      `/pro/audience/offres/${ids[0]}`,
      { days: 30 },
      mine.headers,
    );
    expect(res.status).toBe(200);
    expect(res.body.series).toHaveLength(30);
    expect(res.body.totals).toMatchObject({ impressions: 52, views: 5 });
    // Views [5, 9, 100, 2, 7, 9]: median (7 + 9) / 2 = 8; four have more than 5: 5th of 6.
    expect(res.body.comparables).toMatchObject({ medians: { views: 8 }, ranks: { views: 5 } });
  });

  it('gives the agency’s daily figures and its offers’ totals', async () => {
    const res = await t.get<ProAudience>('/pro/audience', { days: 7, lang: 'en' }, mine.headers);
    expect(res.status).toBe(200);
    // The agency's contacts include a request to the agency itself; spam is left out.
    expect(res.body.totals).toEqual({
      impressions: 12,
      views: 5,
      phones: 1,
      contacts: 3,
      alerts: 3,
      priceChanges: 1,
    });
    expect(res.body.offers.items[0]).toMatchObject({
      id: ids[0],
      reference: 'AUD-0',
      totals: { views: 5, contacts: 2 },
    });
    expect(res.body.offers.items.map((o) => o.id)).not.toContain(ids[1]);
    const ninety = await t.get<ProAudience>('/pro/audience', { days: 90 }, mine.headers);
    expect(ninety.body.series).toHaveLength(90);
    expect(ninety.body.totals.impressions).toBe(52);
  });

  it('answers 404 for another agency’s offer, 401 without a session, 400 for a bad period', async () => {
    const theirs = await t.get<ApiError>(`/pro/audience/offres/${ids[1]}`, {}, mine.headers);
    expect(theirs.status).toBe(404);
    expect((await t.get('/pro/audience', {})).status).toBe(401);
    const bad = await t.get<ApiError>('/pro/audience', { days: 14 }, mine.headers);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('days');
    expect(other).toBeGreaterThan(0);
  });
});
