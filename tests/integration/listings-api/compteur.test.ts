import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, Compteur, RubriqueCount } from '../../../shared/contract';
import { testDbKinds } from '../../fixtures/db';
import { openListingsTest, type ListingsTest, type OfferFacts } from './helpers';

// GET /compteur (substitute searches: nearby places, parents, other rubriques) and
// GET /compteur/rubriques, checked against counts made here from the offers table.

/** Great-circle distance in km (earthdistance uses a sphere of radius 6378.168 km). */
function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6378.168 * Math.asin(Math.sqrt(h));
}

describe.each(testDbKinds)('counts on %s', (kind) => {
  let t: ListingsTest;
  let offers: OfferFacts[];
  let cannes: { id: number; lat: number; lng: number; ancestors: number[] };
  let villas: number;
  let maisons: number;

  const countIn = (lieu: number, nature: string | undefined, rubrique: number | undefined) =>
    offers.filter(
      (o) =>
        o.status === 'active' &&
        o.lieu_path.includes(lieu) &&
        (nature === undefined || o.nature === nature) &&
        (rubrique === undefined || o.rubrique_path.includes(rubrique)),
    ).length;

  beforeAll(async () => {
    t = await openListingsTest(kind);
    offers = await t.offers();
    const row = await t.db.kysely
      .selectFrom('lieux')
      .select(['id', 'lat', 'lng', 'ancestors'])
      .where('slug', '=', 'cannes')
      .executeTakeFirstOrThrow();
    cannes = { id: row.id, lat: row.lat!, lng: row.lng!, ancestors: row.ancestors };
    villas = await t.rubriqueId('villas');
    maisons = await t.rubriqueId('maisons');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every nearby city within the radius with enough matching offers, nearest first', async () => {
    const res = await t.get<Compteur>('/compteur', {
      nature: 'V',
      lieu: cannes.id,
      rayon: 30,
      min_nb: 1,
      limit: 50,
    });
    expect(res.status).toBe(200);
    const cities = await t.db.kysely
      .selectFrom('lieux')
      .select(['id', 'lat', 'lng'])
      .where('type', '=', 'Villes')
      .execute();
    const expected = cities
      .filter((c) => c.id !== cannes.id && distanceKm(cannes, { lat: c.lat!, lng: c.lng! }) <= 30)
      .map((c) => ({ id: c.id, count: countIn(c.id, 'V', undefined) }))
      .filter((c) => c.count >= 1);
    expect(expected.length).toBeGreaterThan(2);
    expect(res.body.nearby.map((n) => n.lieu.id).sort()).toEqual(expected.map((c) => c.id).sort());
    for (const entry of res.body.nearby) {
      expect(entry.lieu.type).toBe('Villes');
      expect(entry.count).toBe(countIn(entry.lieu.id, 'V', undefined));
      const km = distanceKm(cannes, { lat: entry.lieu.lat!, lng: entry.lieu.lng! });
      expect(Math.abs(entry.distance_km - km)).toBeLessThan(0.2);
    }
    const distances = res.body.nearby.map((n) => n.distance_km);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('honours rayon, min_nb, exclude_lieu and limit', async () => {
    const wide = await t.get<Compteur>('/compteur', { nature: 'V', lieu: cannes.id, limit: 50 });
    const near = await t.get<Compteur>('/compteur', {
      nature: 'V',
      lieu: cannes.id,
      rayon: 8,
      limit: 50,
    });
    expect(near.body.nearby.length).toBeLessThan(wide.body.nearby.length);
    expect(near.body.nearby.every((n) => n.distance_km <= 8)).toBe(true);

    const threshold = 3;
    const some = await t.get<Compteur>('/compteur', {
      nature: 'V',
      lieu: cannes.id,
      min_nb: threshold,
      limit: 50,
    });
    expect(some.body.nearby.every((n) => n.count >= threshold)).toBe(true);
    expect(some.body.nearby.length).toBe(
      wide.body.nearby.filter((n) => n.count >= threshold).length,
    );
    expect(some.body.parents.every((p) => p.count >= threshold)).toBe(true);

    const first = wide.body.nearby[0]!.lieu.id;
    const excluded = await t.get<Compteur>('/compteur', {
      nature: 'V',
      lieu: cannes.id,
      exclude_lieu: [first, cannes.ancestors.at(-1)!],
      limit: 50,
    });
    expect(excluded.body.nearby.map((n) => n.lieu.id)).not.toContain(first);
    expect(excluded.body.parents.map((p) => p.lieu.id)).not.toContain(cannes.ancestors.at(-1));

    const limited = await t.get<Compteur>('/compteur', { nature: 'V', lieu: cannes.id, limit: 2 });
    expect(limited.body.nearby).toEqual(wide.body.nearby.slice(0, 2));
    expect(limited.body.parents.length).toBeLessThanOrEqual(2);
    expect(limited.body.rubriques.length).toBeLessThanOrEqual(2);
  });

  it('counts each ancestor of the place, nearest first, for the nature and rubrique', async () => {
    const res = await t.get<Compteur>('/compteur', {
      nature: 'V',
      rubrique: villas,
      lieu: cannes.id,
      limit: 50,
    });
    const expected = [...cannes.ancestors.slice(1)]
      .reverse()
      .map((id) => ({ id, count: countIn(id, 'V', villas) }))
      .filter((p) => p.count >= 1);
    expect(res.body.parents.map((p) => [p.lieu.id, p.count])).toEqual(
      expected.map((p) => [p.id, p.count]),
    );
    expect(res.body.parents.at(-1)!.lieu.type).toBe('Pays');
  });

  it("counts the nature's other rubriques in the place, largest first", async () => {
    const res = await t.get<Compteur>('/compteur', {
      nature: 'V',
      rubrique: maisons,
      lieu: cannes.ancestors.at(-1)!,
      limit: 50,
      exclude_rubrique: await t.rubriqueId('terrains'),
    });
    const rubriques = await t.db.kysely
      .selectFrom('rubriques')
      .select(['id', 'parent_id', 'natures', 'is_generic', 'slug_fr'])
      .execute();
    const ids = res.body.rubriques.map((r) => r.rubrique_id);
    // Neither the searched rubrique nor what lies below it, nor the excluded one, nor the root.
    for (const r of rubriques.filter(
      (r) =>
        r.id === maisons || r.parent_id === maisons || r.is_generic || r.slug_fr === 'terrains',
    )) {
      expect(ids).not.toContain(r.id);
    }
    expect(ids.length).toBeGreaterThan(2);
    for (const entry of res.body.rubriques) {
      expect(rubriques.find((r) => r.id === entry.rubrique_id)!.natures).toContain('V');
      expect(entry.count).toBe(countIn(cannes.ancestors.at(-1)!, 'V', entry.rubrique_id));
    }
    const counts = res.body.rubriques.map((r) => r.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('answers empty parts when there is no place, and the rubriques everywhere', async () => {
    const res = await t.get<Compteur>('/compteur', { nature: 'L' });
    expect(res.body.nearby).toEqual([]);
    expect(res.body.parents).toEqual([]);
    for (const entry of res.body.rubriques) {
      expect(entry.count).toBe(
        offers.filter(
          (o) =>
            o.status === 'active' &&
            o.nature === 'L' &&
            o.rubrique_path.includes(entry.rubrique_id),
        ).length,
      );
    }
  });

  it('answers hub counts per rubrique for a nature and place', async () => {
    const dep = cannes.ancestors.at(-1)!;
    const res = await t.get<RubriqueCount[]>('/compteur/rubriques', { nature: 'S', lieu: dep });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const entry of res.body) expect(entry.count).toBe(countIn(dep, 'S', entry.rubrique_id));
  });

  it('sees offer changes once the counts are refreshed', async () => {
    const before = await t.get<RubriqueCount[]>('/compteur/rubriques', {
      nature: 'V',
      lieu: cannes.id,
      min_nb: 0,
    });
    const victim = offers.find(
      (o) => o.status === 'active' && o.nature === 'V' && o.lieu_path.includes(cannes.id),
    )!;
    await t.db.kysely
      .updateTable('offers')
      .set({ status: 'obsolete' })
      .where('id', '=', victim.id)
      .execute();
    try {
      expect(await t.app.offerCounts.refreshIfStale()).toBe(true);
      const after = await t.get<RubriqueCount[]>('/compteur/rubriques', {
        nature: 'V',
        lieu: cannes.id,
        min_nb: 0,
      });
      const was = before.body.find((r) => r.rubrique_id === victim.rubrique_id)!.count;
      expect(after.body.find((r) => r.rubrique_id === victim.rubrique_id)?.count ?? 0).toBe(
        was - 1,
      );
      // Nothing changed since: no second rebuild.
      expect(await t.app.offerCounts.refreshIfStale()).toBe(false);
    } finally {
      await t.db.kysely
        .updateTable('offers')
        .set({ status: 'active' })
        .where('id', '=', victim.id)
        .execute();
      await t.app.offerCounts.refreshIfStale();
    }
  });

  it.each([
    ['a radius of 0', { rayon: 0 }, 'rayon'],
    ['a radius above 500 km', { rayon: 501 }, 'rayon'],
    ['a negative min_nb', { min_nb: -1 }, 'min_nb'],
    ['an unknown place kind', { lieu_type: 'Moon' }, 'lieu_type'],
    ['a malformed search_key', { search_key: 'abc' }, 'search_key'],
    ['a malformed exclusion list', { exclude_rubrique: 'x' }, 'exclude_rubrique'],
    ['an unknown nature', { nature: 'X' }, 'nature'],
  ])('refuses %s', async (_name, query, field) => {
    const res = await t.get<ApiError>('/compteur', query);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
  });

  it('answers 404 for an unknown place', async () => {
    expect((await t.get('/compteur', { lieu: 999999 })).status).toBe(404);
  });
});
