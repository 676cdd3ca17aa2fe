import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNewOffersForAlert } from '../../../listings-api/alerts/match';
import { cellLevel, cellSize } from '../../../listings-api/lib/offer-clusters';
import { formatBbox, type Bbox } from '../../../shared/bbox';
import type {
  AlertCreated,
  ApiError,
  Compteur,
  OfferClusters,
  OfferList,
} from '../../../shared/contract';
import { testDbKinds } from '../../fixtures/db';
import { openListingsTest, type ListingsTest } from './helpers';

// Map search: the `bbox` filter of /offre, /compteur and alerts, and the clusters of
// GET /offre/clusters, checked against the offers' coordinates read straight from the table.

interface Located {
  id: number;
  nature: 'V' | 'L' | 'S';
  lat: number | null;
  lng: number | null;
}

const FRANCE: Bbox = { west: -5.5, south: 41, east: 10, north: 51.5 };

function text(box: Bbox): string {
  return [box.west, box.south, box.east, box.north].map((n) => n.toFixed(5)).join(',');
}

function inside(o: Located, box: Bbox): boolean {
  return (
    o.lat !== null &&
    o.lng !== null &&
    o.lng >= box.west &&
    o.lng <= box.east &&
    o.lat >= box.south &&
    o.lat <= box.north
  );
}

const BAD_BBOXES: [string, RegExp][] = [
  ['', /four/],
  ['1,2,3', /four numbers/],
  ['1,2,3,4,5', /four numbers/],
  ['a,b,c,d', /decimal numbers/],
  ['NaN,1,2,3', /decimal numbers/],
  ['Infinity,1,2,3', /decimal numbers/],
  ['1e1,1,2,3', /decimal numbers/],
  ['-181,40,2,50', /longitudes/],
  ['1,40,181,50', /longitudes/],
  ['1,-91,2,50', /latitudes/],
  ['1,40,2,90.5', /latitudes/],
  ['3,40,2,50', /west must be less than east/],
  ['2,40,2,50', /west must be less than east/],
  ['1,50,2,40', /south must be less than north/],
];

describe.each(testDbKinds)('map search on %s', (kind) => {
  let t: ListingsTest;
  let located: Located[];
  /** A city-sized box around the place holding the most offers. */
  let city: Bbox;

  beforeAll(async () => {
    t = await openListingsTest(kind);
    located = (
      await t.db.kysely
        .selectFrom('offers')
        .select(['id', 'nature', 'lat', 'lng'])
        .where('status', '=', 'active')
        .execute()
    ).map((row) => ({ ...row, nature: row.nature as Located['nature'] }));
    const busiest = await t.db.kysely
      .selectFrom('offers')
      .select([
        'lieu_id',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.avg<number>('lat').as('lat'),
        (eb) => eb.fn.avg<number>('lng').as('lng'),
      ])
      .where('status', '=', 'active')
      .where('lat', 'is not', null)
      .groupBy('lieu_id')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const lat = Number(busiest.lat);
    const lng = Number(busiest.lng);
    const round = (n: number) => Math.round(n * 1e5) / 1e5;
    city = {
      west: round(lng - 0.05),
      south: round(lat - 0.03),
      east: round(lng + 0.05),
      north: round(lat + 0.03),
    };
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it.each(BAD_BBOXES)('refuses bbox=%j with 400 and the reason', async (value, reason) => {
    for (const path of ['/offre', '/compteur', '/offre/clusters']) {
      const res = await t.get<ApiError>(path, { bbox: value, zoom: 5 });
      expect(res.status, `${path} bbox=${value}`).toBe(400);
      expect(res.body.field).toBe('bbox');
      expect(res.body.message).toMatch(reason);
    }
  });

  it('refuses clusters without a box or with a zoom outside 0–20', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ zoom: 5 }, 'bbox'],
      [{ bbox: text(FRANCE) }, 'zoom'],
      [{ bbox: text(FRANCE), zoom: 21 }, 'zoom'],
      [{ bbox: text(FRANCE), zoom: -1 }, 'zoom'],
      [{ bbox: text(FRANCE), zoom: 'near' }, 'zoom'],
    ];
    for (const [query, field] of cases) {
      const res = await t.get<ApiError>('/offre/clusters', query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.field).toBe(field);
    }
  });

  it('lists and counts only the offers inside the box', async () => {
    for (const box of [FRANCE, city]) {
      const expected = located.filter((o) => o.nature === 'V' && inside(o, box));
      expect(expected.length).toBeGreaterThan(0);
      const res = await t.get<OfferList>('/offre', { nature: 'V', bbox: text(box), limit: 100 });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(expected.length);
      const ids = new Set(expected.map((o) => o.id));
      for (const item of res.body.items) expect(ids.has(item.id)).toBe(true);
    }
    // A box over the sea holds nothing.
    const sea = await t.get<OfferList>('/offre', { bbox: '-40,30,-30,40' });
    expect(sea.body.total).toBe(0);
  });

  it('gives the bbox its own search_key', async () => {
    const plain = await t.get<OfferList>('/offre', { nature: 'V' });
    const boxed = await t.get<OfferList>('/offre', { nature: 'V', bbox: text(city) });
    expect(boxed.body.search_key).not.toBe(plain.body.search_key);
  });

  it.each([
    ['France at zoom 5', () => FRANCE, 5],
    ['France at zoom 8', () => FRANCE, 8],
    ['a city at zoom 13', () => city, 13],
  ] as const)(
    'clusters %s add up to the list total, none outside the box',
    async (_, box, zoom) => {
      for (const query of [{ nature: 'V' }, { nature: 'L', nb_chambres: 2 }, {}] as Record<
        string,
        string | number
      >[]) {
        const list = await t.get<OfferList>('/offre', { ...query, bbox: text(box()) });
        const res = await t.get<OfferClusters>('/offre/clusters', {
          ...query,
          bbox: text(box()),
          zoom,
          lang: 'en',
        });
        expect(res.status).toBe(200);
        const sum = res.body.clusters.reduce((n, c) => n + c.count, 0);
        expect(sum).toBe(list.body.total);
        expect(res.body.total).toBe(list.body.total);
        expect(res.body.search_key).toBe(list.body.search_key);
        for (const c of res.body.clusters) {
          const b = box();
          expect(c.bounds.west).toBeGreaterThanOrEqual(b.west);
          expect(c.bounds.east).toBeLessThanOrEqual(b.east);
          expect(c.bounds.south).toBeGreaterThanOrEqual(b.south);
          expect(c.bounds.north).toBeLessThanOrEqual(b.north);
          expect(c.lat).toBeGreaterThanOrEqual(c.bounds.south - 1e-9);
          expect(c.lat).toBeLessThanOrEqual(c.bounds.north + 1e-9);
          if (c.count === 1) {
            expect(c.offer).not.toBeNull();
            const offer = located.find((o) => o.id === c.offer!.id)!;
            expect(inside(offer, b)).toBe(true);
            expect(c.offer!.titre1).toBeTruthy();
          } else expect(c.offer).toBeNull();
        }
      }
    },
  );

  it.each([5, 8, 13])(
    'clusters at zoom %i add up to the list total when offers lie on each edge, outside the stored cells',
    async (zoom) => {
      // Boxes with an offer just inside one side: in the strip along that side that the stored
      // cells wholly inside the box leave out, grouped live.
      const fine = cellSize(cellLevel(zoom)!);
      const size = 20 * fine;
      const eps = fine / 10;
      const anchors = located.filter((o) => o.nature === 'V' && o.lat !== null && o.lng !== null);
      const picked = [0, 0.25, 0.5, 0.75].map((f) => anchors[Math.floor(f * anchors.length)]!);
      let checked = 0;
      for (const a of picked) {
        const [lat, lng] = [a.lat!, a.lng!];
        const boxes: Bbox[] = [
          { west: lng - eps, east: lng - eps + size, south: lat - size / 2, north: lat + size / 2 },
          { west: lng + eps - size, east: lng + eps, south: lat - size / 2, north: lat + size / 2 },
          { west: lng - size / 2, east: lng + size / 2, south: lat - eps, north: lat - eps + size },
          { west: lng - size / 2, east: lng + size / 2, south: lat + eps - size, north: lat + eps },
        ];
        for (const box of boxes) {
          const list = await t.get<OfferList>('/offre', { nature: 'V', bbox: text(box) });
          const res = await t.get<OfferClusters>('/offre/clusters', {
            nature: 'V',
            bbox: text(box),
            zoom,
          });
          expect(res.status).toBe(200);
          expect(list.body.total).toBeGreaterThan(0);
          expect(res.body.clusters.reduce((n, c) => n + c.count, 0)).toBe(list.body.total);
          expect(res.body.total).toBe(list.body.total);
          checked += 1;
        }
      }
      expect(checked).toBe(16);
    },
  );

  it('groups more finely as the zoom grows', async () => {
    const at = async (zoom: number) =>
      (await t.get<OfferClusters>('/offre/clusters', { bbox: text(FRANCE), zoom })).body;
    const [coarse, fine] = [await at(4), await at(12)];
    expect(coarse.cell).toBeGreaterThan(fine.cell);
    expect(fine.clusters.length).toBeGreaterThan(coarse.clusters.length);
    expect(fine.total).toBe(coarse.total);
  });

  it('counts other rubriques inside the box in /compteur, with no nearby places', async () => {
    const res = await t.get<Compteur>('/compteur', { nature: 'V', bbox: text(city), min_nb: 1 });
    expect(res.status).toBe(200);
    expect(res.body.nearby).toEqual([]);
    expect(res.body.parents).toEqual([]);
    for (const entry of res.body.rubriques) {
      const list = await t.get<OfferList>('/offre', {
        nature: 'V',
        rubrique: entry.rubrique_id,
        bbox: text(city),
      });
      expect(entry.count).toBe(list.body.total);
    }
  });

  it('matches alerts with a bbox only inside it', async () => {
    const created = await t.post<AlertCreated>('/alerte', {
      email: 'map-area@example.com',
      lang: 'fr',
      criteria: { nature: 'V', bbox: '  ' + text(city) },
    });
    expect(created.status).toBe(201);
    // Kept in its canonical text: trimmed, numbers as short as they go.
    expect(created.body.alert.criteria.bbox).toBe(formatBbox(city));
    const found = await findNewOffersForAlert(
      t.db,
      { id: created.body.alert.id, criteria: created.body.alert.criteria },
      new Date(0),
      { limit: 1000 },
    );
    const expected = located.filter((o) => o.nature === 'V' && inside(o, city));
    expect(found.total).toBe(expected.length);
    for (const offer of found.offers) {
      expect(
        inside(
          located.find((o) => o.id === offer.id)!,
          city,
        ),
      ).toBe(true);
    }
    // Without the box the same alert matches more.
    const everywhere = await findNewOffersForAlert(
      t.db,
      { id: created.body.alert.id, criteria: { nature: 'V' } },
      new Date(0),
      { limit: 1 },
    );
    expect(everywhere.total).toBeGreaterThan(found.total);

    const bad = await t.post<ApiError>('/alerte', {
      email: 'map-area@example.com',
      criteria: { nature: 'V', bbox: '3,40,2,50' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/west must be less than east/);
  });
});
