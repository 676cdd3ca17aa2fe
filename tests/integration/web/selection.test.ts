import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config, NatureId, OfferList, OfferSummary } from '../../../shared/contract';
import { buildListingsApp } from '../../../listings-api/app';
import type { Db } from '../../../listings-api/db/connection';
import {
  EMPTY_SELECTION,
  createPersistedValue,
  groupSelection,
  parseSelection,
  reloadSelection,
  selectionIds,
  serialiseSelection,
  sortAmount,
  type Selection,
  type StorageLike,
} from '../../../client/hooks/use-selection';
import { TEST_PHOTOS_DIR, createTestDb, testDbKinds } from '../../fixtures/db';
import { buildWebApp, textOf, upstreamJson } from './helpers';

// Favourites through the BFF on the real listings API and the seeded test database: the offers
// call by ids, the store's reload at start (offers that no longer exist or are no longer on sale
// dropped, the others regrouped by nature), grouping and sorting real offers, and the favourites
// pages in both languages.

function memoryStorage(initial?: Selection): StorageLike {
  const data = new Map<string, string>();
  if (initial) data.set('selection', serialiseSelection(initial));
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

function storeWith(initial: Selection) {
  const storage = memoryStorage(initial);
  return createPersistedValue<Selection>({
    key: 'selection',
    empty: EMPTY_SELECTION,
    parse: parseSelection,
    serialise: serialiseSelection,
    storage: () => storage,
  });
}

describe.each(testDbKinds)('favourites through the BFF on %s', (kind) => {
  let db: Db;
  let listings: FastifyInstance;
  let app: FastifyInstance;
  let config: Config;
  let listingsUrl = '';
  const active: Record<NatureId, OfferSummary[]> = { V: [], L: [], S: [] };
  let obsoleteId = 0;
  let unknownId = 0;

  beforeAll(async () => {
    db = await createTestDb(kind);
    listings = await buildListingsApp({ db, photosDir: TEST_PHOTOS_DIR });
    const url = (await listings.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
    listingsUrl = url;
    app = await buildWebApp(url);
    config = await upstreamJson<Config>(url, '/config');
    for (const nature of ['V', 'L', 'S'] as const) {
      const list = await upstreamJson<OfferList>(url, `/offre?nature=${nature}&limit=4&lang=fr`);
      active[nature] = list.items;
      expect(list.items.length, `active ${nature} offers in the seed`).toBe(4);
    }
    // One offer taken off the market, and an id that never existed.
    obsoleteId = active.V[3]!.id;
    await db.kysely
      .updateTable('offers')
      .set({ status: 'obsolete', obsolete_at: new Date() })
      .where('id', '=', obsoleteId)
      .execute();
    const max = await db.kysely
      .selectFrom('offers')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    unknownId = Number(max.id) + 1000;
  });
  afterAll(async () => {
    await app?.close();
    await listings?.close();
    await db?.close();
  });

  const byIds = (query: string) => app.inject(`/api/offre-ids?${query}`);

  describe('the offers call by ids', () => {
    it('answers the offers asked for, in the language asked', async () => {
      const ids = [active.V[0]!.id, active.L[0]!.id, active.S[0]!.id];
      const res = await byIds(`ids=${ids.join(',')}&lang=en`);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json<OfferList>();
      expect(list.items.map((o) => o.id).sort()).toEqual([...ids].sort());
      const english = await upstreamJson<OfferList>(listingsUrl, `/offre?id=${ids[0]}&lang=en`);
      expect(list.items.find((o) => o.id === ids[0])!.titre1).toBe(english.items[0]!.titre1);
    });

    it('leaves out unknown offers and flags those no longer on sale', async () => {
      const res = await byIds(`ids=${active.V[0]!.id},${obsoleteId},${unknownId}&lang=fr`);
      const items = res.json<OfferList>().items;
      expect(items.map((o) => [o.id, o.status]).sort()).toEqual(
        [
          [active.V[0]!.id, 'active'],
          [obsoleteId, 'obsolete'],
        ].sort(),
      );
      // The withdrawn offer comes with what its 'similar offers' link needs; the unknown one not.
      const withdrawn = res.json<OfferList>().withdrawn ?? [];
      expect(withdrawn.map((w) => w.id)).toEqual([obsoleteId]);
      const gone = items.find((o) => o.id === obsoleteId)!;
      expect(withdrawn[0]!.related).toMatchObject({
        nature: gone.nature.id,
        rubrique: gone.rubrique.id,
        lieu: { id: gone.lieu.id, slug: gone.lieu.slug },
      });
    });

    it.each([
      ['ids=abc&lang=fr', 'ids'],
      ['ids=&lang=fr', 'ids'],
      ['ids=0&lang=fr', 'ids'],
      [`ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}&lang=fr`, 'ids'],
      ['ids=1', 'lang'],
      ['ids=1&lang=de', 'lang'],
    ])('refuses %s with a 400 naming %s', async (query, field) => {
      const res = await byIds(query);
      expect(res.statusCode).toBe(400);
      // The field, or the item of the list at fault (ids.0).
      expect(res.json<{ field: string }>().field).toMatch(new RegExp(`^${field}(\\.\\d+)?$`));
    });
  });

  describe('reloading the stored selection at start', () => {
    const fetchThroughBff = async (ids: number[]) => {
      const res = await byIds(`ids=${ids.join(',')}&lang=fr`);
      if (res.statusCode !== 200) throw new Error(`offers call answered ${res.statusCode}`);
      return res.json<OfferList>().items;
    };

    it('drops offers that no longer exist, silently, and keeps the withdrawn ones', async () => {
      const store = storeWith({
        ...EMPTY_SELECTION,
        offers: { V: [active.V[0]!.id, obsoleteId, unknownId], L: [active.L[0]!.id], S: [] },
      });
      const found = await reloadSelection(store, fetchThroughBff);
      expect(found).not.toBeNull();
      expect(store.get().offers).toEqual({
        V: [active.V[0]!.id, obsoleteId],
        L: [active.L[0]!.id],
        S: [],
      });
    });

    it('regroups an offer stored under the wrong nature', async () => {
      const store = storeWith({
        ...EMPTY_SELECTION,
        offers: { V: [active.S[1]!.id], L: [], S: [] },
      });
      await reloadSelection(store, fetchThroughBff);
      expect(store.get().offers).toEqual({ V: [], L: [], S: [active.S[1]!.id] });
    });

    it('keeps the selection when the call fails', async () => {
      const ids = [active.V[0]!.id, active.V[1]!.id];
      const store = storeWith({ ...EMPTY_SELECTION, offers: { V: ids, L: [], S: [] } });
      // A listings API that is down: the BFF answers 503.
      const down = await buildWebApp('http://127.0.0.1:9', { upstreamTimeoutMs: 500 });
      try {
        const found = await reloadSelection(store, async (asked) => {
          const res = await down.inject(`/api/offre-ids?ids=${asked.join(',')}&lang=fr`);
          expect(res.statusCode).toBe(503);
          throw new Error('unavailable');
        });
        expect(found).toBeNull();
      } finally {
        await down.close();
      }
      expect(selectionIds(store.get())).toEqual(ids);
    });
  });

  it('groups real offers by nature and sorts each group by its own price', async () => {
    const all = [...active.V.slice(0, 3), ...active.L, ...active.S];
    const selection: Selection = {
      offers: {
        V: active.V.slice(0, 3).map((o) => o.id),
        L: active.L.map((o) => o.id),
        S: active.S.map((o) => o.id),
      },
      filter: 'all',
      sort: 'price_asc',
    };
    const groups = groupSelection(selection, all);
    expect(groups.map((g) => g.nature)).toEqual(['V', 'L', 'S']);
    for (const group of groups) {
      const amounts = group.offers.map(sortAmount);
      const shown = amounts.filter((a): a is number => a !== null);
      expect(shown).toEqual([...shown].sort((a, b) => a - b));
      // Hidden prices come last.
      expect(amounts.slice(shown.length).every((a) => a === null)).toBe(true);
    }
    const rentOnly = groupSelection({ ...selection, filter: 'L' }, all);
    expect(rentOnly.map((g) => g.nature)).toEqual(['L']);
    expect(rentOnly[0]!.offers).toHaveLength(4);
  });

  describe('the favourites page', () => {
    it.each([
      ['/fr/favoris/', 'fr', 'Ma sélection', '/en/wishlist/'],
      ['/en/wishlist/', 'en', 'My selection', '/fr/favoris/'],
    ])(
      'renders %s in its language, without the selection (kept in the browser)',
      async (path, lang, title, other) => {
        const res = await app.inject(path);
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(`<html lang="${lang}"`);
        expect(res.body).toContain(`<title>${title} | ${config.settings.siteName}</title>`);
        expect(res.body).toContain('<meta name="robots" content="noindex, follow"');
        expect(res.body).toMatch(
          new RegExp(
            `rel="alternate" hreflang="${lang === 'fr' ? 'en' : 'fr'}" href="[^"]*${other}"`,
            'i',
          ),
        );
        // Nothing personal on the server: the page can be cached like any other.
        expect(res.headers['cache-control']).toMatch(/^public, /);
        expect(res.body).not.toContain('class="offer-card');
        expect(textOf(res.body)).toContain(
          lang === 'fr'
            ? "Votre sélection est gardée dans votre navigateur : activez JavaScript pour l'afficher."
            : 'Your selection is kept in your browser: turn on JavaScript to see it.',
        );
      },
    );
  });
});
