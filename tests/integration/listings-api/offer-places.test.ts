import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { OfferList } from '../../../shared/contract';
import {
  offerPageQuery,
  placeScope,
  resolveSearch,
  searchConditions,
  selectOfferPage,
  totalExpression,
} from '../../../listings-api/lib/offer-search';
import { createReferenceCache } from '../../../listings-api/lib/reference';
import { testDbKinds } from '../../fixtures/db';
import { useListingsTest, type ListingsTest } from './helpers';

// offer_places (migration 008) follows the offers table through its triggers: after inserts,
// updates of every kind, deletes, a rolled-back change and a truncate, its rows are exactly the
// ones derived here in TypeScript from the offers read back (one per active offer and place of
// its lieu_path, with the nature's own price), and the result lists show the change. A list of a
// place is one prepared statement, the same text for every place.

interface OfferRow {
  id: number;
  nature: 'V' | 'L' | 'S';
  status: string;
  rubrique_id: number;
  premium: boolean;
  published_at: Date;
  lieu_path: number[];
  price: number | null;
  monthly_rent: number | null;
  weekly_rent: number | null;
  prix_cache: boolean;
}

const OWN_PRICE = { V: 'price', L: 'monthly_rent', S: 'weekly_rent' } as const;

function expectedRows(offers: OfferRow[]): string[] {
  return offers
    .filter((o) => o.status === 'active')
    .flatMap((o) => {
      const amount = o[OWN_PRICE[o.nature]];
      return o.lieu_path.map((lieu) =>
        [
          lieu,
          o.nature,
          o.rubrique_id,
          o.premium,
          o.published_at.toISOString(),
          amount,
          o.prix_cache || amount === null,
          amount ?? 0,
          o.id,
        ].join('|'),
      );
    })
    .sort();
}

describe.each(testDbKinds)('offer_places on %s', (kind) => {
  let t: ListingsTest;
  useListingsTest(kind, (opened) => (t = opened));

  async function actualRows(): Promise<string[]> {
    const rows = await sql<Record<string, unknown>>`
      SELECT lieu_id, nature, rubrique_id, premium, published_at, amount, price_last, sort_amount,
        offer_id FROM offer_places`.execute(t.db.kysely);
    return rows.rows
      .map((r) =>
        [
          r.lieu_id,
          r.nature,
          r.rubrique_id,
          r.premium,
          (r.published_at as Date).toISOString(),
          r.amount,
          r.price_last,
          r.sort_amount,
          r.offer_id,
        ].join('|'),
      )
      .sort();
  }

  async function offers(): Promise<OfferRow[]> {
    return (await t.db.kysely
      .selectFrom('offers')
      .select([
        'id',
        'nature',
        'status',
        'rubrique_id',
        'premium',
        'published_at',
        'lieu_path',
        'price',
        'monthly_rent',
        'weekly_rent',
        'prix_cache',
      ])
      .execute()) as OfferRow[];
  }

  async function expectInStep(): Promise<void> {
    const [actual, expected] = await Promise.all([actualRows(), offers().then(expectedRows)]);
    expect(actual.length).toBe(expected.length);
    expect(actual).toEqual(expected);
  }

  async function cityPage(cityId: number, nature: string): Promise<number[]> {
    t.app.responseCache.clear();
    const res = await t.get<OfferList>('/offre', {
      nature,
      lieu: cityId,
      sort: 'price_asc',
      limit: 100,
    });
    expect(res.status).toBe(200);
    return res.body.items.map((item) => item.id);
  }

  it('holds a row per active offer and place after the seed', async () => {
    const all = await offers();
    expect(all.some((o) => o.status !== 'active')).toBe(true);
    await expectInStep();
  });

  it('follows inserts, updates and deletes of offers', async () => {
    const k = t.db.kysely;
    const sale = await k
      .selectFrom('offers')
      .select(['id', 'lieu_id', 'price'])
      .where('status', '=', 'active')
      .where('nature', '=', 'V')
      .where('prix_cache', '=', false)
      .where('price', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();

    // A new offer, copied from an existing one, at the lowest price of its city.
    const newId = 900_000_001;
    // Every column but those the database computes.
    const { rows: stored } = await sql<{ name: string }>`
      SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'offers' AND is_generated = 'NEVER'
      ORDER BY ordinal_position`.execute(k);
    const columns = sql.join(stored.map((column) => sql.ref(column.name)));
    await sql`INSERT INTO offers (${columns}) SELECT ${columns} FROM jsonb_populate_record(null::offers,
      (SELECT to_jsonb(o) || jsonb_build_object('id', ${newId}::int, 'slug', 'copy-' || o.slug,
        'reference', 'COPY-' || o.reference, 'price', 1) FROM offers o WHERE o.id = ${sale.id}))`.execute(
      k,
    );
    await expectInStep();
    expect((await cityPage(sale.lieu_id, 'V'))[0]).toBe(newId);

    // Its price hidden: it moves after every visible price.
    await k.updateTable('offers').set({ prix_cache: true }).where('id', '=', newId).execute();
    await expectInStep();
    const hidden = await cityPage(sale.lieu_id, 'V');
    expect(hidden.indexOf(newId)).toBeGreaterThan(hidden.indexOf(sale.id));

    // Obsolete: gone from the list; active again: back.
    await k.updateTable('offers').set({ status: 'obsolete' }).where('id', '=', newId).execute();
    await expectInStep();
    expect(await cityPage(sale.lieu_id, 'V')).not.toContain(newId);
    await k.updateTable('offers').set({ status: 'active' }).where('id', '=', newId).execute();
    await expectInStep();

    // Moved to another place, and a change of nature (its own price is now the weekly rent).
    const other = await k
      .selectFrom('lieux')
      .select(['id'])
      .where('slug', '=', 'nice')
      .executeTakeFirstOrThrow();
    const path = await k
      .selectFrom('offers')
      .select('lieu_path')
      .where('lieu_id', '=', other.id)
      .executeTakeFirstOrThrow();
    await k
      .updateTable('offers')
      .set({ lieu_id: other.id, lieu_path: path.lieu_path, nature: 'S', weekly_rent: 4200 })
      .where('id', '=', newId)
      .execute();
    await expectInStep();
    expect(await cityPage(sale.lieu_id, 'V')).not.toContain(newId);
    expect(await cityPage(other.id, 'S')).toContain(newId);

    // Many rows in one statement.
    await sql`UPDATE offers SET premium = NOT premium WHERE id % 7 = 0`.execute(k);
    await expectInStep();

    // Deleted (with what refers to it).
    await k.deleteFrom('offers').where('id', '=', newId).execute();
    await expectInStep();
    expect(await cityPage(other.id, 'S')).not.toContain(newId);
  });

  it.each(['default', 'new', 'price_asc', 'price_desc'] as const)(
    'serves a list of a place in the %s order as one prepared statement, planned once for every place and page',
    async (sort) => {
      const ref = await createReferenceCache(t.db).get();
      const cities = ['cannes', 'nice', 'antibes', 'paris', 'megeve', 'biarritz', 'gordes', 'eze'];
      const texts = new Set<string>();
      for (const [i, slug] of cities.entries()) {
        // Pages of several sizes and depths.
        const limit = [24, 12, 4][i % 3]!;
        const options = { lang: 'fr', sort, limit, offset: limit * (i % 4) } as const;
        const lieu = ref.lieuxBySlug.get(slug)!.id;
        const search = resolveSearch(ref, { nature: 'V', lieu: [lieu], prix_min: 1_000_000 });
        const scope = placeScope(ref, search, sort);
        expect(scope).not.toBeNull();
        const query = offerPageQuery(
          searchConditions(search),
          options,
          scope,
          totalExpression(search, scope),
        );
        texts.add(query.compile(t.db.kysely).sql);
        await selectOfferPage(t.db, ref, search, options, scope);
      }
      // One text whatever the place and page; serial calls run on one connection, which holds it.
      expect(texts.size).toBe(1);
      const plans = await t.db.prepared(sql<{ generic_plans: number; custom_plans: number }>`
        SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements
        WHERE statement = ${[...texts][0]!}`);
      expect(plans).toHaveLength(1);
      expect(plans[0]!.generic_plans + plans[0]!.custom_plans).toBe(cities.length);
      // PostgreSQL: never planned for the place at hand, whatever its plan costs on paper.
      if (kind === 'postgres') expect(plans[0]!.custom_plans).toBe(0);
      else if (sort.startsWith('price')) expect(plans[0]!.generic_plans).toBeGreaterThan(0);
    },
  );

  it.runIf(kind === 'postgres')(
    'plans other queries for their values: only prepared statements force generic plans',
    async () => {
      const setting = sql<{ plan_cache_mode: string }>`
        SELECT current_setting('plan_cache_mode') AS plan_cache_mode`;
      expect((await setting.execute(t.db.kysely)).rows[0]!.plan_cache_mode).toBe('auto');
      expect((await t.db.prepared(setting))[0]!.plan_cache_mode).toBe('force_generic_plan');
    },
  );

  it('is left as it was by a rolled-back change, and emptied by a truncate', async () => {
    const before = await actualRows();
    await t.db.kysely
      .transaction()
      .execute(async (trx) => {
        await sql`UPDATE offers SET status = 'obsolete' WHERE nature = 'V'`.execute(trx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await actualRows()).toEqual(before);

    await t.db.kysely
      .transaction()
      .execute(async (trx) => {
        await sql`TRUNCATE offers CASCADE`.execute(trx);
        const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM offer_places`.execute(
          trx,
        );
        expect(left.rows[0]!.n).toBe(0);
        throw new Error('rolled back');
      })
      .catch((err: Error) => {
        if (err.message !== 'rolled back') throw err;
      });
    expect(await actualRows()).toEqual(before);
  });
});
