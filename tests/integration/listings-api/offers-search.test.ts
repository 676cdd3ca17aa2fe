import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  offerFilterEntries,
  placeScope,
  resolveSearch,
} from '../../../listings-api/lib/offer-search';
import { createReferenceCache } from '../../../listings-api/lib/reference';
import type { OfferList, OfferNavigation, OfferSort } from '../../../shared/contract';
import { testDbKinds } from '../../fixtures/db';
import {
  openListingsTest,
  queryString,
  type ListingsTest,
  type OfferFacts,
  type Query,
} from './helpers';

// GET /offre, /offre/premium, /offre/navigation: every filter and sort, checked against the
// offers table read directly and filtered in plain TypeScript (the oracle).

interface Ids {
  [name: string]: number;
}

interface Context {
  genericLieu: number;
  genericRubrique: number;
  zones: Map<number, number[]>;
  omrLists: Map<number, number[]>;
}

function list(value: Query[string]): number[] {
  if (value === undefined) return [];
  return String(value)
    .split(',')
    .filter((part) => part !== '')
    .map(Number);
}

/** The oracle: does an offer match the query, read the way the spec describes each parameter? */
function matches(o: OfferFacts, q: Query, ctx: Context): boolean {
  const ids = list(q.id);
  if (ids.length > 0 ? !ids.includes(o.id) : o.status !== 'active') return false;
  if (q.nature !== undefined && o.nature !== q.nature) return false;
  const rubriques = list(q.rubrique).filter((id) => id !== ctx.genericRubrique);
  if (rubriques.length > 0 && !rubriques.some((r) => o.rubrique_path.includes(r))) return false;
  const lieux = list(q.lieu);
  if (lieux.length > 0 && !lieux.includes(ctx.genericLieu)) {
    const places = lieux.flatMap((id) => ctx.zones.get(id) ?? [id]);
    if (!places.some((p) => o.lieu_path.includes(p))) return false;
  }
  if (q.omr_list_id !== undefined) {
    const places = ctx.omrLists.get(Number(q.omr_list_id)) ?? [];
    if (!places.some((p) => o.lieu_path.includes(p))) return false;
  }
  const atLeast = (value: number | null, bound: Query[string]) =>
    bound === undefined || (value !== null && value >= Number(bound));
  const atMost = (value: number | null, bound: Query[string]) =>
    bound === undefined || (value !== null && value <= Number(bound));
  return (
    atLeast(o.price, q.prix_min) &&
    atMost(o.price, q.prix_max) &&
    atLeast(o.monthly_rent, q.loyer_min) &&
    atMost(o.monthly_rent, q.loyer_max) &&
    atLeast(o.weekly_rent, q.loyer_semaine_min) &&
    atMost(o.weekly_rent, q.loyer_semaine_max) &&
    atLeast(o.rooms, q.nb_pieces) &&
    atLeast(o.bedrooms, q.nb_chambres) &&
    atLeast(o.surface, q.surface_min) &&
    atMost(o.surface, q.surface_max) &&
    atLeast(o.field_surface, q.surface_terrain_min) &&
    atMost(o.field_surface, q.surface_terrain_max) &&
    (q.atouts === undefined ||
      String(q.atouts)
        .split(',')
        .every((a) => o.atouts.includes(a))) &&
    (q.dpe_max === undefined || (o.dpe_class !== null && o.dpe_class <= String(q.dpe_max))) &&
    (q.agency === undefined || o.agency_id === Number(q.agency)) &&
    (q.network === undefined || o.network_id === Number(q.network))
  );
}

const PRICE_COLUMN = {
  price: 'price',
  rent: 'monthly_rent',
  weekly_rent: 'weekly_rent',
} as const;

/** The oracle of each sort: negative when a comes first. */
function compare(sort: OfferSort, a: OfferFacts, b: OfferFacts): number {
  if (sort === 'default' || sort === 'new') {
    if (sort === 'default' && a.premium !== b.premium) return a.premium ? -1 : 1;
    return b.published - a.published || b.id - a.id;
  }
  const [, kind, dir] = /^(price|rent|weekly_rent)_(asc|desc)$/.exec(sort)!;
  const column = PRICE_COLUMN[kind as keyof typeof PRICE_COLUMN];
  const hidden = (o: OfferFacts) => o.prix_cache || o[column] === null;
  if (hidden(a) !== hidden(b)) return hidden(a) ? 1 : -1;
  const sign = dir === 'asc' ? 1 : -1;
  return sign * ((a[column] ?? 0) - (b[column] ?? 0)) || sign * (a.id - b.id);
}

async function fetchAll(
  t: ListingsTest,
  query: Query,
): Promise<{ total: number; ids: number[]; keys: Set<string> }> {
  const ids: number[] = [];
  const keys = new Set<string>();
  let total = 0;
  for (let page = 1; page <= 30; page++) {
    const res = await t.get<OfferList>('/offre', { ...query, page, limit: 100 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    total = res.body.total;
    keys.add(res.body.search_key);
    ids.push(...res.body.items.map((item) => item.id));
    if (res.body.items.length < 100) break;
  }
  return { total, ids, keys };
}

describe.each(testDbKinds)('offer search on %s', (kind) => {
  let t: ListingsTest;
  let ids: Ids;
  let ctx: Context;
  let offers: OfferFacts[];

  beforeAll(async () => {
    t = await openListingsTest(kind);
    ids = {};
    for (const slug of [
      'alpes-maritimes',
      'cannes',
      'nice',
      'zone-baie-de-cannes',
      'cote-d-azur',
      'paris',
      'france',
    ]) {
      ids[slug] = await t.lieuId(slug);
    }
    for (const slug of ['immobilier', 'maisons', 'villas', 'appartements', 'chalets']) {
      ids[`rub:${slug}`] = await t.rubriqueId(slug);
    }
    const zones = await t.db.kysely
      .selectFrom('lieux')
      .select(['id', 'lieux'])
      .where('type', '=', 'Zones')
      .execute();
    const lists = await t.db.kysely.selectFrom('omr_lists').select(['id', 'lieux']).execute();
    ctx = {
      genericLieu: (
        await t.db.kysely
          .selectFrom('lieux')
          .select('id')
          .where('type', '=', 'Generic')
          .executeTakeFirstOrThrow()
      ).id,
      genericRubrique: ids['rub:immobilier']!,
      zones: new Map(zones.map((z) => [z.id, z.lieux])),
      omrLists: new Map(lists.map((l) => [l.id, l.lieux])),
    };
    ids.omrList = lists[0]!.id;
    offers = await t.offers();
    // An agency and a network with several active offers.
    const byAgency = new Map<number, number>();
    for (const o of offers)
      if (o.status === 'active') byAgency.set(o.agency_id, (byAgency.get(o.agency_id) ?? 0) + 1);
    ids.agency = [...byAgency.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    ids.network = offers.find((o) => o.network_id !== null)!.network_id!;
  });

  afterAll(async () => {
    await t?.close();
  });

  // One row per parameter of spec section 7 (and combinations); each gives the query to send.
  const filterCases: [string, (ids: Ids) => Query][] = [
    ['no filter: every active offer', () => ({})],
    ['nature V', () => ({ nature: 'V' })],
    ['nature L', () => ({ nature: 'L' })],
    ['nature S', () => ({ nature: 'S' })],
    ['a rubrique and its subtree', (i) => ({ rubrique: i['rub:maisons']! })],
    ['a leaf rubrique', (i) => ({ rubrique: i['rub:villas']! })],
    [
      'several rubriques (any of them)',
      (i) => ({ rubrique: [i['rub:villas']!, i['rub:appartements']!] }),
    ],
    ['the generic rubrique: no restriction', (i) => ({ rubrique: i['rub:immobilier']! })],
    ['a department subtree', (i) => ({ lieu: i['alpes-maritimes']! })],
    ['a city', (i) => ({ lieu: i.cannes! })],
    ['a list of places', (i) => ({ lieu: [i.cannes!, i.nice!] })],
    ['a zone: its members', (i) => ({ lieu: i['zone-baie-de-cannes']! })],
    ['a plaque', (i) => ({ lieu: i['cote-d-azur']! })],
    ['a country', (i) => ({ lieu: i.france! })],
    ['an omr list: any of its places', (i) => ({ omr_list_id: i.omrList! })],
    ['sale price range', () => ({ nature: 'V', prix_min: 1_000_000, prix_max: 4_000_000 })],
    ['minimum sale price only', () => ({ prix_min: 10_000_000 })],
    ['monthly rent range', () => ({ nature: 'L', loyer_min: 5000, loyer_max: 15000 })],
    [
      'weekly rent range',
      () => ({ nature: 'S', loyer_semaine_min: 10000, loyer_semaine_max: 30000 }),
    ],
    ['at least N rooms', () => ({ nb_pieces: 8 })],
    ['at least N bedrooms', () => ({ nb_chambres: 5 })],
    ['surface range', () => ({ surface_min: 150, surface_max: 400 })],
    ['land surface range', () => ({ surface_terrain_min: 1000, surface_terrain_max: 20000 })],
    ['one asset', () => ({ atouts: 'piscine' })],
    ['every listed asset', () => ({ atouts: 'piscine,vue_mer' })],
    ['a maximum DPE class: that class or better, none without a class', () => ({ dpe_max: 'C' })],
    ['the best DPE class only, for rent', () => ({ nature: 'L', dpe_max: 'A' })],
    ['any DPE class: offers with one', () => ({ dpe_max: 'G' })],
    [
      'a maximum DPE class with a place and a price',
      (i) => ({ nature: 'V', lieu: i['cote-d-azur']!, prix_max: 3_000_000, dpe_max: 'D' }),
    ],
    ['an agency', (i) => ({ agency: i.agency! })],
    ['a network', (i) => ({ network: i.network! })],
    [
      'nature, rubrique, place, price and asset together',
      (i) => ({
        nature: 'V',
        rubrique: i['rub:maisons']!,
        lieu: i['cote-d-azur']!,
        prix_min: 1_000_000,
        prix_max: 10_000_000,
        atouts: 'piscine',
      }),
    ],
    // Totals from the price-band counts: whole bands, ends counted live, or all live.
    [
      'sale price on band edges in a department',
      (i) => ({
        nature: 'V',
        lieu: i['alpes-maritimes']!,
        prix_min: 1_000_000,
        prix_max: 3_000_000,
      }),
    ],
    [
      'sale price off band edges in a plaque',
      (i) => ({ nature: 'V', lieu: i['cote-d-azur']!, prix_min: 1_100_000, prix_max: 2_750_000 }),
    ],
    [
      'a maximum sale price only, in a zone',
      (i) => ({ nature: 'V', lieu: i['zone-baie-de-cannes']!, prix_max: 800_000 }),
    ],
    ['a minimum sale price only, anywhere', () => ({ nature: 'V', prix_min: 2_000_000 })],
    [
      'a price range inside one band',
      () => ({ nature: 'V', prix_min: 1_010_000, prix_max: 1_020_000 }),
    ],
    [
      'monthly rent in a list of places',
      (i) => ({ nature: 'L', lieu: [i.cannes!, i.paris!], loyer_min: 3000, loyer_max: 9999 }),
    ],
    [
      'weekly rent in an omr list',
      (i) => ({ nature: 'S', omr_list_id: i.omrList!, loyer_semaine_min: 5000 }),
    ],
    [
      'rubrique and place without price',
      (i) => ({ nature: 'V', lieu: i['alpes-maritimes']!, rubrique: i['rub:maisons']! }),
    ],
    [
      'rubrique, place and price',
      (i) => ({
        nature: 'V',
        lieu: i['alpes-maritimes']!,
        rubrique: i['rub:maisons']!,
        prix_max: 5_000_000,
      }),
    ],
    [
      'price and bedrooms (counted live)',
      () => ({ nature: 'V', prix_min: 1_000_000, nb_chambres: 3 }),
    ],
    [
      'nothing matches',
      (i) => ({ nature: 'S', rubrique: i['rub:chalets']!, lieu: i.nice!, nb_pieces: 40 }),
    ],
  ];

  it.each(filterCases)('filters: %s', async (_name, build) => {
    const query = build(ids);
    const expected = offers
      .filter((o) => matches(o, query, ctx))
      .sort((a, b) => compare('default', a, b));
    const got = await fetchAll(t, query);
    expect(got.total).toBe(expected.length);
    expect(got.ids).toEqual(expected.map((o) => o.id));
    // search_key does not depend on the page.
    expect(got.keys.size).toBe(1);
  });

  it('the filter table covers results that are neither empty nor everything', () => {
    const active = offers.filter((o) => o.status === 'active').length;
    const sizes = filterCases
      .slice(1, -1)
      .map(([, build]) => offers.filter((o) => matches(o, build(ids), ctx)).length);
    for (const size of sizes) {
      expect(size).toBeGreaterThan(0);
    }
    expect(sizes.filter((size) => size < active).length).toBeGreaterThan(sizes.length - 3);
  });

  const sorts: OfferSort[] = [
    'default',
    'new',
    'price_asc',
    'price_desc',
    'rent_asc',
    'rent_desc',
    'weekly_rent_asc',
    'weekly_rent_desc',
  ];

  it.each(sorts)('sort %s orders a result list as documented', async (sort) => {
    const nature = sort.startsWith('rent') ? 'L' : sort.startsWith('weekly') ? 'S' : 'V';
    const query: Query = { nature, lieu: ids['cote-d-azur']!, sort };
    const expected = offers
      .filter((o) => matches(o, query, ctx))
      .sort((a, b) => compare(sort, a, b));
    const got = await fetchAll(t, query);
    expect(got.ids).toEqual(expected.map((o) => o.id));
    if (sort.startsWith('price') || sort.includes('rent')) {
      // Hidden prices come last, whatever the direction.
      const hiddenFlags = expected.map((o) => o.prix_cache);
      expect(hiddenFlags.indexOf(true)).toBeGreaterThan(0);
      expect(hiddenFlags.slice(hiddenFlags.indexOf(true)).every(Boolean)).toBe(true);
    }
  });

  it.each(['price_asc', 'price_desc'] as const)(
    'sort %s within a sale price range',
    async (sort) => {
      const query: Query = {
        nature: 'V',
        lieu: ids['cote-d-azur']!,
        prix_min: 800_000,
        prix_max: 6_000_000,
        sort,
      };
      const expected = offers
        .filter((o) => matches(o, query, ctx))
        .sort((a, b) => compare(sort, a, b));
      expect(expected.some((o) => o.prix_cache)).toBe(true);
      const got = await fetchAll(t, query);
      expect(got.total).toBe(expected.length);
      expect(got.ids).toEqual(expected.map((o) => o.id));
    },
  );

  // Searches of one nature in places, maybe a rubrique and the nature's own price range, in the
  // default, newest or own-price order: served from offer_places (migration 008), checked against
  // the oracle like every other search, pages and totals included.
  describe('searches served from offer_places', () => {
    const NATURE_SORTS = {
      V: ['default', 'new', 'price_asc', 'price_desc'],
      L: ['default', 'new', 'rent_asc', 'rent_desc'],
      S: ['default', 'new', 'weekly_rent_asc', 'weekly_rent_desc'],
    } as const;
    const RANGE = {
      V: ['prix_min', 'prix_max', [600_000, 1_000_000, 3_000_000, 4_500_000]],
      L: ['loyer_min', 'loyer_max', [2000, 4000, 10_000, 20_000]],
      S: ['loyer_semaine_min', 'loyer_semaine_max', [3000, 5000, 20_000, 40_000]],
    } as const;
    type Nature = keyof typeof NATURE_SORTS;
    const places: [string, (i: Ids) => Query][] = [
      ['a city', (i) => ({ lieu: i.cannes! })],
      ['a department', (i) => ({ lieu: i['alpes-maritimes']! })],
      ['a plaque', (i) => ({ lieu: i['cote-d-azur']! })],
      ['a country', (i) => ({ lieu: i.france! })],
      ['two places', (i) => ({ lieu: [i.nice!, i.paris!] })],
      ['a zone', (i) => ({ lieu: i['zone-baie-de-cannes']! })],
      ['an omr list', (i) => ({ omr_list_id: i.omrList! })],
    ];
    const ranges: [string, (n: Nature) => Query][] = [
      ['no price', () => ({})],
      ['a minimum', (n) => ({ [RANGE[n][0]]: RANGE[n][2][1] })],
      ['a maximum', (n) => ({ [RANGE[n][1]]: RANGE[n][2][2] })],
      [
        'a range off band edges',
        (n) => ({ [RANGE[n][0]]: RANGE[n][2][0], [RANGE[n][1]]: RANGE[n][2][3] }),
      ],
      [
        'a range on band edges',
        (n) => ({ [RANGE[n][0]]: RANGE[n][2][1], [RANGE[n][1]]: RANGE[n][2][2] }),
      ],
    ];
    // Every place meets every range and every sort; the rubrique comes in every other case.
    const cases: [string, (i: Ids) => Query][] = [];
    for (const nature of ['V', 'L', 'S'] as const) {
      places.forEach(([placeName, place], p) => {
        ranges.forEach(([rangeName, range], r) => {
          const sort = NATURE_SORTS[nature][(p + r) % 4]!;
          const withRubrique = cases.length % 2 === 1;
          cases.push([
            `${nature} in ${placeName}, ${rangeName}${withRubrique ? ', houses' : ''}, ${sort}`,
            (i) => ({
              nature,
              ...place(i),
              ...range(nature),
              ...(withRubrique ? { rubrique: i['rub:maisons']! } : {}),
              sort,
            }),
          ]);
        });
      });
    }

    it.each(cases)('%s', async (_name, build) => {
      const query = build(ids);
      const ref = await createReferenceCache(t.db).get();
      const { sort, ...rest } = query as Query & { sort: OfferSort };
      const filters = v.parse(
        v.object(offerFilterEntries),
        Object.fromEntries(new URLSearchParams(queryString(rest))),
      );
      expect(placeScope(ref, resolveSearch(ref, filters), sort)).not.toBeNull();
      const expected = offers
        .filter((o) => matches(o, query, ctx))
        .sort((a, b) => compare(sort, a, b));
      const got = await fetchAll(t, query);
      expect(got.total).toBe(expected.length);
      expect(got.ids).toEqual(expected.map((o) => o.id));
    });

    it('the table meets empty, small and large results', () => {
      const sizes = cases.map(
        ([, build]) => offers.filter((o) => matches(o, build(ids), ctx)).length,
      );
      expect(sizes.filter((n) => n === 0).length).toBeLessThan(sizes.length / 4);
      expect(sizes.filter((n) => n > 100).length).toBeGreaterThan(10);
    });

    it('pages of 5 deep into a large result follow the full list', async () => {
      const query = { nature: 'V', lieu: ids.france!, sort: 'price_desc', prix_min: 500_000 };
      const all = await fetchAll(t, query);
      const pages: number[] = [];
      for (const page of [1, 2, 40, 41]) {
        const res = await t.get<OfferList>('/offre', { ...query, page, limit: 5 });
        expect(res.body.total).toBe(all.total);
        pages.push(...res.body.items.map((item) => item.id));
      }
      expect(pages).toEqual([...all.ids.slice(0, 10), ...all.ids.slice(195, 205)]);
    });
  });

  it('the default sort puts premium offers first, then the newest', async () => {
    const res = await t.get<OfferList>('/offre', { nature: 'V', limit: 100 });
    const items = res.body.items;
    const premium = offers.filter(
      (o) => o.status === 'active' && o.nature === 'V' && o.premium,
    ).length;
    expect(premium).toBeGreaterThan(0);
    const facts = new Map(offers.map((o) => [o.id, o]));
    expect(items.slice(0, premium).every((item) => facts.get(item.id)!.premium)).toBe(true);
    expect(facts.get(items[premium]!.id)!.premium).toBe(false);
    // Each card says whether it is featured (paid), as the database holds it.
    expect(items.map((item) => item.premium)).toEqual(
      items.map((item) => facts.get(item.id)!.premium),
    );
  });

  it.each(['price_desc', 'rent_asc', 'default'] as const)(
    'pages of 7 follow the full list across hidden prices (%s)',
    async (sort) => {
      const query = { nature: sort === 'rent_asc' ? 'L' : 'V', lieu: ids['cote-d-azur']!, sort };
      const all = await fetchAll(t, query);
      const pages: number[] = [];
      for (let page = 1; page <= Math.ceil(all.total / 7); page++) {
        const res = await t.get<OfferList>('/offre', { ...query, page, limit: 7 });
        pages.push(...res.body.items.map((item) => item.id));
      }
      expect(pages).toEqual(all.ids);
    },
  );

  it('pages split the list without overlap and keep the total', async () => {
    const query = { lieu: ids['alpes-maritimes']!, sort: 'price_desc' };
    const all = await fetchAll(t, query);
    const pages = [];
    for (let page = 1; page <= Math.ceil(all.total / 7) + 1; page++) {
      const res = await t.get<OfferList>('/offre', { ...query, page, limit: 7 });
      expect(res.body.total).toBe(all.total);
      expect(res.body.page).toBe(page);
      expect(res.body.limit).toBe(7);
      pages.push(...res.body.items.map((item) => item.id));
    }
    expect(pages).toEqual(all.ids);
  });

  it('answers 24 offers by default and at most 100', async () => {
    expect((await t.get<OfferList>('/offre')).body.items).toHaveLength(24);
    expect((await t.get<OfferList>('/offre', { limit: 100 })).body.items).toHaveLength(100);
    expect((await t.get('/offre', { limit: 101 })).status).toBe(400);
  });

  it('keeps the same search_key whatever the order of parameters, page, limit, sort and language', async () => {
    const a = await t.get<OfferList>(
      `/offre?nature=V&lieu=${ids.cannes},${ids.nice}&prix_max=5000000&rubrique=${ids['rub:villas']},${ids['rub:appartements']}`,
    );
    const b = await t.get<OfferList>(
      `/offre?rubrique=${ids['rub:appartements']},${ids['rub:villas']}&prix_max=5000000&lieu=${ids.nice},${ids.cannes}&nature=V&page=2&limit=5&sort=price_asc&lang=en`,
    );
    const c = await t.get<OfferList>(
      `/offre?nature=V&lieu=${ids.cannes},${ids.nice}&prix_max=5000001&rubrique=${ids['rub:villas']},${ids['rub:appartements']}`,
    );
    expect(a.status).toBe(200);
    expect(a.body.search_key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(b.body.search_key).toBe(a.body.search_key);
    expect(c.body.search_key).not.toBe(a.body.search_key);
  });

  it('answers the favourites by id, obsolete ones included and flagged', async () => {
    const obsolete = offers.filter((o) => o.status === 'obsolete').slice(0, 2);
    const active = offers.filter((o) => o.status === 'active').slice(0, 3);
    const wanted = [...obsolete, ...active].map((o) => o.id);
    const res = await t.get<OfferList>('/offre', { id: wanted });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
    expect(res.body.items.map((item) => item.id).sort((x, y) => x - y)).toEqual(
      [...wanted].sort((x, y) => x - y),
    );
    for (const item of res.body.items) {
      expect(item.status).toBe(offers.find((o) => o.id === item.id)!.status);
    }
    // The withdrawn ones are reported with their related search (nature, rubrique, place).
    const withdrawn = [...(res.body.withdrawn ?? [])].sort((x, y) => x.id - y.id);
    expect(withdrawn.map((w) => w.id)).toEqual(obsolete.map((o) => o.id).sort((x, y) => x - y));
    for (const entry of withdrawn) {
      const facts = obsolete.find((o) => o.id === entry.id)!;
      expect(entry.related).toMatchObject({
        nature: facts.nature,
        rubrique: facts.rubrique_id,
        lieu: { id: facts.lieu_id },
      });
      expect(entry.related.lieu.slug).toMatch(/^[a-z0-9-]+$/);
      expect(Array.isArray(entry.related.lieu.ancestors)).toBe(true);
    }
    // Unknown ids are simply absent, from the offers and from the withdrawn ones.
    const unknown = await t.get<OfferList>('/offre', { id: [999_999_999, obsolete[0]!.id] });
    expect(unknown.body.items.map((item) => item.id)).toEqual([obsolete[0]!.id]);
    expect(unknown.body.withdrawn?.map((w) => w.id)).toEqual([obsolete[0]!.id]);
    const none = await t.get<OfferList>('/offre', { id: [999_999_999] });
    expect(none.body.total).toBe(0);
    expect(none.body.withdrawn).toEqual([]);
  });

  it('never shows one picture on two cards of a page', async () => {
    const pages = await Promise.all([
      t.get<OfferList>('/offre', { nature: 'V' }),
      t.get<OfferList>('/offre', { lieu: ids.cannes! }),
      t.get<OfferList>('/offre', { nature: 'V', lieu: ids.cannes!, sort: 'price_desc' }),
    ]);
    const rows = await t.db.kysely.selectFrom('offers').select(['id', 'photos']).execute();
    const photosOf = new Map(rows.map((r) => [r.id, r.photos.map((p) => p.id)]));
    for (const page of pages) {
      const shown: number[] = [];
      for (const card of page.body.items) {
        if (!card.photo) continue;
        const own = photosOf.get(card.id) ?? [];
        expect(own).toContain(card.photo.id);
        // The test pool holds one picture of each kind: a card may repeat one only when every
        // photo of its offer is already on the page (the demo pool holds five of each).
        if (shown.includes(card.photo.id)) {
          expect(
            own.every((id) => shown.includes(id)),
            `${card.id}`,
          ).toBe(true);
        }
        shown.push(card.photo.id);
      }
    }
  });

  it('answers offer cards with their photo on this API and texts in the language asked', async () => {
    const fr = await t.get<OfferList>('/offre', { lieu: ids.cannes!, limit: 5 });
    const en = await t.get<OfferList>('/offre', { lieu: ids.cannes!, limit: 5, lang: 'en' });
    const withPhoto = fr.body.items.find((item) => item.photo)!;
    expect(withPhoto.photo!.src).toMatch(/^\/photos\/\d+-\{w\}\.jpg$/);
    expect(withPhoto.photo!.widths).toEqual([400, 800, 1200]);
    const file = await t.app.inject(withPhoto.photo!.src.replace('{w}', '400'));
    expect(file.statusCode).toBe(200);
    const row = await t.db.kysely
      .selectFrom('offers')
      .select(['titre1_fr', 'titre1_en'])
      .where('id', '=', fr.body.items[0]!.id)
      .executeTakeFirstOrThrow();
    expect(fr.body.items[0]!.titre1).toBe(row.titre1_fr);
    expect(en.body.items[0]!.titre1).toBe(row.titre1_en);
  });

  it.each(['fr', 'en'] as const)(
    'answers each card in %s field for field from its offer, with or without a photo',
    async (lang) => {
      const k = t.db.kysely;
      const page = await k
        .selectFrom('offers')
        .select('id')
        .where('status', '=', 'active')
        .orderBy('id')
        .limit(12)
        .execute();
      const ids = page.map((row) => row.id);
      // One of them without any photo.
      await k
        .updateTable('offers')
        .set({ photos: sql`'[]'::jsonb` })
        .where('id', '=', ids[0]!)
        .execute();
      t.app.responseCache.clear();
      const res = await t.get<OfferList>('/offre', { id: ids, limit: 12, lang });
      const rows = await k
        .selectFrom('offers as o')
        .innerJoin('lieux as l', 'l.id', 'o.lieu_id')
        .innerJoin('agencies as a', 'a.id', 'o.agency_id')
        .selectAll('o')
        .select(['l.slug as lieu_slug', 'l.libelle_fr', 'l.libelle_en', 'a.slug as agency_slug'])
        .select('a.name as agency_name')
        .where('o.id', 'in', ids)
        .execute();
      expect(res.body.items).toHaveLength(ids.length);
      for (const card of res.body.items) {
        const o = rows.find((row) => row.id === card.id)!;
        // Its cover, or its first photo not shown by an earlier card of the page.
        const own = o.photos as unknown as Record<string, string | number>[];
        const earlier = res.body.items
          .slice(0, res.body.items.indexOf(card))
          .map((c) => c.photo?.id);
        const photo = own.find((p) => !earlier.includes(p.id as number)) ?? own[0];
        expect(card).toStrictEqual({
          id: o.id,
          slug: o.slug,
          nature: { id: o.nature },
          rubrique: { id: o.rubrique_id },
          lieu: {
            id: o.lieu_id,
            slug: o.lieu_slug,
            libelle: lang === 'fr' ? o.libelle_fr : o.libelle_en,
          },
          agency: { id: o.agency_id, slug: o.agency_slug, name: o.agency_name },
          titre1: lang === 'fr' ? o.titre1_fr : o.titre1_en,
          titre2: lang === 'fr' ? o.titre2_fr : o.titre2_en,
          price: o.price,
          monthlyRent: o.monthly_rent,
          weeklyRent: o.weekly_rent,
          prixCache: o.prix_cache,
          surface: o.surface,
          fieldSurface: o.field_surface,
          rooms: o.rooms,
          bedrooms: o.bedrooms,
          reference: o.reference,
          date: new Date(o.published_at as unknown as Date).toISOString(),
          exclusivity: o.exclusivity,
          premium: o.premium,
          status: o.status,
          photo: photo
            ? {
                id: photo.id,
                width: photo.width,
                height: photo.height,
                alt: photo[`alt_${lang}`],
                src: `/photos/${photo.id}-{w}.jpg`,
                widths: [400, 800, 1200],
              }
            : null,
          // The seed re-prices no offer.
          priceReduced: false,
          dpeClass: o.dpe_class,
        });
      }
      expect(res.body.items.find((card) => card.id === ids[0])!.photo).toBeNull();
    },
  );

  it('lists premium offers of a nature and place, newest first', async () => {
    const res = await t.get<OfferList>('/offre/premium', { nature: 'V', limit: 24 });
    const expected = offers
      .filter((o) => o.status === 'active' && o.nature === 'V' && o.premium)
      .sort((a, b) => compare('new', a, b));
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(expected.length);
    expect(res.body.items.map((i) => i.id)).toEqual(expected.slice(0, 24).map((o) => o.id));
    const inPlace = await t.get<OfferList>('/offre/premium', { lieu: ids.france!, limit: 3 });
    expect(inPlace.body.items.length).toBeGreaterThan(0);
    expect(inPlace.body.items.length).toBeLessThanOrEqual(3);
    for (const item of inPlace.body.items) {
      const facts = offers.find((o) => o.id === item.id)!;
      expect(facts.premium && facts.lieu_path.includes(ids.france!)).toBe(true);
    }
  });

  describe('navigation', () => {
    const query = (): Query => ({ nature: 'V', lieu: ids['alpes-maritimes']!, sort: 'price_asc' });

    it.each([
      ['the first offer', 0],
      ['an offer in the middle', 0.5],
      ['the last offer', 1],
    ])('gives the neighbours of %s in the same order as the list', async (_name, where) => {
      const all = await fetchAll(t, query());
      expect(all.ids.length).toBeGreaterThan(3);
      const index = Math.round(where * (all.ids.length - 1));
      const key = [...all.keys][0]!;
      const res = await t.get<OfferNavigation>('/offre/navigation', {
        ...query(),
        current_id: all.ids[index]!,
        search_key: key,
      });
      expect(res.status).toBe(200);
      expect(res.body.position).toBe(index + 1);
      expect(res.body.total).toBe(all.total);
      expect(res.body.previous?.id ?? null).toBe(index > 0 ? all.ids[index - 1] : null);
      expect(res.body.next?.id ?? null).toBe(
        index < all.ids.length - 1 ? all.ids[index + 1] : null,
      );
      if (res.body.next) {
        const facts = offers.find((o) => o.id === res.body.next!.id)!;
        expect(res.body.next.slug).toBe(facts.slug);
        expect(res.body.next.lieu.id).toBe(facts.lieu_id);
      }
    });

    it('follows the default sort with ties on dates broken by id', async () => {
      const q = { lieu: ids.cannes! };
      const all = await fetchAll(t, q);
      for (const index of [1, Math.floor(all.ids.length / 2)]) {
        const res = await t.get<OfferNavigation>('/offre/navigation', {
          ...q,
          current_id: all.ids[index]!,
        });
        expect([res.body.previous?.id, res.body.position, res.body.next?.id]).toEqual([
          all.ids[index - 1],
          index + 1,
          all.ids[index + 1],
        ]);
      }
    });

    it('has no position for an offer outside the search', async () => {
      const outside = offers.find((o) => o.status === 'active' && o.nature === 'L')!;
      const res = await t.get<OfferNavigation>('/offre/navigation', {
        ...query(),
        current_id: outside.id,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ previous: null, next: null, position: null });
    });

    it('refuses a search_key that does not match the parameters', async () => {
      const all = await fetchAll(t, { nature: 'L' });
      const res = await t.get<{ field: string }>('/offre/navigation', {
        ...query(),
        current_id: all.ids[0]!,
        search_key: [...all.keys][0]!,
      });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('search_key');
    });
  });
});
