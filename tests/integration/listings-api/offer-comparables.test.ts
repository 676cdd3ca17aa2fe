import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comparables, OfferDetail } from '../../../shared/contract';
import { MIN_COMPARABLES } from '../../../shared/purchase-costs';
import { testDbKinds } from '../../fixtures/db';
import { openListingsTest, type ListingsTest, type OfferFacts } from './helpers';

// The comparables of GET /offre/{id}: the median price per m² of the active offers of the same
// nature and rubrique in the offer's city, else its département, the offer left out, with a
// surface and a shown price; null below MIN_COMPARABLES. The oracle computes them in TypeScript
// from the offers read back.

interface Place {
  id: number;
  type: string;
  code: string | null;
}

/** The median as percentile_cont(0.5) computes it (the mean of the two middle values). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function expected(
  offer: OfferFacts,
  offers: OfferFacts[],
  places: Map<number, Place>,
): Comparables | null {
  const amountOf = (o: OfferFacts) => (o.nature === 'V' ? o.price : o.monthly_rent);
  const chain = offer.lieu_path.map((id) => places.get(id)!);
  const scopes = [
    ['city', chain.find((p) => p.type === 'Villes')],
    ['departement', chain.find((p) => p.type === 'Departements')],
  ] as const;
  for (const [scope, place] of scopes) {
    if (!place) continue;
    const values = offers
      .filter(
        (o) =>
          o.id !== offer.id &&
          o.status === 'active' &&
          o.nature === offer.nature &&
          o.rubrique_id === offer.rubrique_id &&
          o.lieu_path.includes(place.id) &&
          !o.prix_cache &&
          (o.surface ?? 0) > 0 &&
          amountOf(o) !== null,
      )
      .map((o) => amountOf(o)! / o.surface!);
    if (values.length >= MIN_COMPARABLES) {
      return {
        scope,
        lieu: { id: place.id, libelle: expect.any(String) as unknown as string },
        count: values.length,
        medianPerM2: Math.round(median(values)),
      };
    }
  }
  return null;
}

describe.each(testDbKinds)('offer comparables on %s', (kind) => {
  let t: ListingsTest;
  let places: Map<number, Place>;

  beforeAll(async () => {
    t = await openListingsTest(kind);
    const rows = await t.db.kysely.selectFrom('lieux').select(['id', 'type', 'code']).execute();
    places = new Map(rows.map((row) => [row.id, row]));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the median of the city, else the département, else nothing', async () => {
    const offers = await t.offers();
    const seen = { city: 0, departement: 0, none: 0 };
    // Up to four offers of each outcome, sale and rent.
    for (const offer of offers) {
      if (offer.status !== 'active' || offer.nature === 'S') continue;
      const want = expected(offer, offers, places);
      const outcome = want?.scope ?? 'none';
      if (seen[outcome] >= 4) continue;
      seen[outcome]++;
      const res = await t.get<OfferDetail>(`/offre/${offer.id}`, { lang: 'fr' });
      expect(res.status).toBe(200);
      if (want) expect(res.body.comparables).toEqual(want);
      else expect(res.body.comparables).toBeNull();
      if (Object.values(seen).every((n) => n >= 4)) break;
    }
    expect(seen).toEqual({ city: 4, departement: 4, none: 4 });
  });

  it('falls back to the département when the city keeps fewer than five', async () => {
    const offers = await t.offers();
    // An offer whose city has comparables: all but four of them withdrawn, the département
    // still has five.
    const withdraw = (offer: OfferFacts) => {
      const city = expected(offer, offers, places)!.lieu.id;
      const ids = offers
        .filter(
          (o) =>
            o.id !== offer.id &&
            o.status === 'active' &&
            o.nature === offer.nature &&
            o.rubrique_id === offer.rubrique_id &&
            o.lieu_path.includes(city),
        )
        .slice(MIN_COMPARABLES - 1)
        .map((o) => o.id);
      const after = offers.map((o) =>
        ids.includes(o.id) ? { ...o, status: 'obsolete' as const } : o,
      );
      return { ids, want: expected(offer, after, places) };
    };
    const offer = offers.find(
      (o) =>
        o.status === 'active' &&
        o.nature === 'V' &&
        expected(o, offers, places)?.scope === 'city' &&
        withdraw(o).want?.scope === 'departement',
    )!;
    const { ids, want } = withdraw(offer);
    await sql`UPDATE offers SET status = 'obsolete', obsolete_at = now()
      WHERE id = ANY(${ids}::int[])`.execute(t.db.kysely);
    // The medians are rebuilt with the offer counts once offers changed.
    expect(await t.app.offerCounts.refreshIfStale()).toBe(true);
    const res = await t.get<OfferDetail>(`/offre/${offer.id}`, { lang: 'en' });
    expect(want?.scope).toBe('departement');
    expect(res.body.comparables).toEqual(want);
    // The département's code, for the transfer duties.
    const dep = offer.lieu_path.map((id) => places.get(id)!).find((p) => p.type === 'Departements');
    expect(res.body.departementCode).toBe(dep?.code ?? null);
  });
});
