import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../listings-api/db/connection';
import type { Database } from '../../../listings-api/db/types';
import { RUB } from '../../../listings-api/lib/rubriques';
import { ATOUT_KEYS, RUBRIQUES } from '../../../tools/seed/catalog';
import { isSeeded, seedDatabase, seedIfEmpty, SEED_TABLES } from '../../../tools/seed/index';
import { createTestDb, TEST_SEED_OFFERS, testDbKinds } from '../../fixtures/db';

// The seeded test database, on PGlite and on PostgreSQL: counts, shares, referential sanity and
// index use of the subtree, radius and trigram queries the search relies on.

async function scalar<T>(
  db: Kysely<Database>,
  query: ReturnType<typeof sql<{ v: T }>>,
): Promise<T> {
  const { rows } = await query.execute(db);
  return (rows[0] as { v: T }).v;
}

/** The plan of a query with sequential scans disabled: shows which index can serve it. */
async function planWithIndexes(db: Kysely<Database>, query: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    // Small tables (1,359 lieux, 300 agencies) are rightly scanned; with scans disabled, an index
    // appears in the plan only if it matches the query's shape, which is what this checks.
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const { rows } = await sql.raw<Record<string, string>>(`EXPLAIN ${query}`).execute(trx);
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

describe.each(testDbKinds)('seeded test database on %s', (kind) => {
  let db: Db;
  let k: Kysely<Database>;
  beforeAll(async () => {
    db = await createTestDb(kind);
    k = db.kysely;
  });
  afterAll(async () => {
    await db?.close();
  });

  it('fills every seed table', async () => {
    for (const table of SEED_TABLES) {
      const n = await scalar<number>(k, sql`SELECT count(*)::int AS v FROM ${sql.table(table)}`);
      expect(n, table).toBeGreaterThan(0);
    }
    expect(await scalar<number>(k, sql`SELECT count(*)::int AS v FROM offers`)).toBe(
      TEST_SEED_OFFERS,
    );
    expect(await scalar<number>(k, sql`SELECT count(*)::int AS v FROM agencies`)).toBe(300);
    expect(await scalar<number>(k, sql`SELECT count(*)::int AS v FROM networks`)).toBe(15);
    expect(await isSeeded(db)).toBe(true);
  });

  it('does not seed twice', async () => {
    expect(await seedIfEmpty(db, { offers: 10, writePhotos: false })).toBeNull();
    await expect(seedDatabase(db, { offers: 10, writePhotos: false })).rejects.toThrow(
      /already holds seed data/,
    );
    expect(await scalar<number>(k, sql`SELECT count(*)::int AS v FROM offers`)).toBe(
      TEST_SEED_OFFERS,
    );
  });

  it.each([
    [
      'offer lieu_path is its lieu and its ancestors',
      sql<{ v: number }>`
      SELECT count(*)::int AS v FROM offers o JOIN lieux l ON l.id = o.lieu_id
      WHERE o.lieu_path <> l.ancestors || l.id`,
    ],
    [
      'agency lieu_path is its lieu and its ancestors',
      sql<{ v: number }>`
      SELECT count(*)::int AS v FROM agencies a JOIN lieux l ON l.id = a.lieu_id
      WHERE a.lieu_path <> l.ancestors || l.id`,
    ],
    [
      'a lieu ancestors include its parent and the parent ancestors',
      sql<{ v: number }>`
      SELECT count(*)::int AS v FROM lieux c JOIN lieux p ON p.id = c.parent_id
      WHERE NOT (c.ancestors @> (p.ancestors || p.id))`,
    ],
    [
      'offer rubrique_path ends with its rubrique and starts at the generic root',
      sql<{ v: number }>`
      SELECT count(*)::int AS v FROM offers o
      WHERE o.rubrique_path[array_length(o.rubrique_path, 1)] <> o.rubrique_id
         OR o.rubrique_path[1] <> (SELECT id FROM rubriques WHERE is_generic)`,
    ],
    [
      'offer rubrique applies to its nature',
      sql<{ v: number }>`
      SELECT count(*)::int AS v FROM offers o JOIN rubriques r ON r.id = o.rubrique_id
      WHERE NOT (o.nature = ANY (r.natures))`,
    ],
    [
      'bedrooms are fewer than rooms',
      sql<{ v: number }>`
      SELECT count(*)::int AS v FROM offers WHERE bedrooms >= rooms OR bedrooms < 1`,
    ],
    [
      'atouts are keys of the spec',
      sql<{ v: number }>`
      SELECT count(*)::int AS v FROM offers WHERE NOT (atouts <@ ${sql.val([...ATOUT_KEYS])}::text[])`,
    ],
    [
      'exactly one price field is set, the one of the nature',
      sql<{ v: number }>`
      SELECT count(*)::int AS v FROM offers
      WHERE (nature = 'V') <> (price IS NOT NULL) OR (nature = 'L') <> (monthly_rent IS NOT NULL)
         OR (nature = 'S') <> (weekly_rent IS NOT NULL)`,
    ],
    [
      'obsolete offers and only they have obsolete_at',
      sql<{ v: number }>`
      SELECT count(*)::int AS v FROM offers WHERE (status = 'obsolete') <> (obsolete_at IS NOT NULL)`,
    ],
    [
      'premium offers are active',
      sql<{ v: number }>`
      SELECT count(*)::int AS v FROM offers WHERE premium AND status <> 'active'`,
    ],
    [
      'active offers belong to active agencies',
      sql<{ v: number }>`
      SELECT count(*)::int AS v FROM offers o JOIN agencies a ON a.id = o.agency_id
      WHERE o.status = 'active' AND NOT a.active`,
    ],
    [
      'zone members are seeded lieux',
      sql<{ v: number }>`
      SELECT count(*)::int AS v FROM lieux z, unnest(z.lieux) m(id)
      WHERE NOT EXISTS (SELECT 1 FROM lieux l WHERE l.id = m.id)`,
    ],
    [
      'lieux pointing to an omr list are its members',
      sql<{ v: number }>`
      SELECT count(*)::int AS v FROM lieux l JOIN omr_lists o ON o.id = l.omr_list_id
      WHERE NOT (l.id = ANY (o.lieux))`,
    ],
    [
      'footer lieux exist',
      sql<{ v: number }>`
      SELECT count(*)::int AS v
      FROM omr_config c, jsonb_array_elements(c.value) g, jsonb_array_elements_text(g->'lieux') id
      WHERE c.key = 'footer.promoteLieux' AND NOT EXISTS (SELECT 1 FROM lieux l WHERE l.id = id::int)`,
    ],
  ])('%s', async (_rule, query) => {
    expect(await scalar<number>(k, query)).toBe(0);
  });

  it.each([
    ['V', 0.64, 0.76],
    ['L', 0.14, 0.23],
    ['S', 0.08, 0.16],
  ])('nature %s holds a realistic share of offers', async (nature, min, max) => {
    const share = await scalar<number>(
      k,
      sql`SELECT avg((nature = ${nature})::int)::float8 AS v FROM offers`,
    );
    expect(share).toBeGreaterThanOrEqual(min);
    expect(share).toBeLessThanOrEqual(max);
  });

  it.each([
    ['paris', 0.2, 0.31],
    ['cote-d-azur', 0.15, 0.26],
    ['alpes-du-nord', 0.08, 0.17],
    ['cote-basque', 0.03, 0.09],
    ['provence', 0.08, 0.16],
    ['bassin-d-arcachon', 0.02, 0.08],
  ])('the %s subtree holds a realistic share of offers', async (slug, min, max) => {
    const share = await scalar<number>(
      k,
      sql`SELECT avg((o.lieu_path @> ARRAY[l.id])::int)::float8 AS v FROM offers o, lieux l WHERE l.slug = ${slug}`,
    );
    expect(share).toBeGreaterThanOrEqual(min);
    expect(share).toBeLessThanOrEqual(max);
  });

  it('places about a tenth of the offers abroad', async () => {
    const share = await scalar<number>(
      k,
      sql`SELECT avg((EXISTS (SELECT 1 FROM lieux c WHERE c.is_foreign_country AND o.lieu_path @> ARRAY[c.id]))::int)::float8 AS v FROM offers o`,
    );
    expect(share).toBeGreaterThan(0.06);
    expect(share).toBeLessThan(0.15);
  });

  it('a plaque subtree holds exactly the offers of its departments', async () => {
    const viaPlaque = await scalar<number>(
      k,
      sql`SELECT count(*)::int AS v FROM offers WHERE lieu_path @> ARRAY[(SELECT id FROM lieux WHERE slug = 'cote-d-azur')]`,
    );
    const viaDepartments = await scalar<number>(
      k,
      sql`SELECT count(*)::int AS v FROM offers
          WHERE lieu_path && ARRAY(SELECT id FROM lieux WHERE type = 'Departements' AND code IN ('06', '83'))`,
    );
    expect(viaPlaque).toBeGreaterThan(0);
    expect(viaPlaque).toBe(viaDepartments);
  });

  it.each([
    ['cannes', 'antibes', true],
    ['cannes', 'mougins', true],
    ['cannes', 'saint-tropez', false],
    ['megeve', 'combloux', true],
    ['megeve', 'courchevel', false],
    ['biarritz', 'saint-jean-de-luz', true],
  ])('within 30 km of %s, %s is %s', async (center, other, expected) => {
    const found = await scalar<boolean>(
      k,
      sql`SELECT EXISTS (
            SELECT 1 FROM lieux c, lieux l
            WHERE c.slug = ${center} AND l.slug = ${other} AND l.lat IS NOT NULL
              AND earth_box(ll_to_earth(c.lat, c.lng), 30000) @> ll_to_earth(l.lat, l.lng)
              AND earth_distance(ll_to_earth(c.lat, c.lng), ll_to_earth(l.lat, l.lng)) <= 30000
          ) AS v`,
    );
    expect(found).toBe(expected);
  });

  // Selective values, as a search narrowed to a place, a rubrique or rare atouts is: there the
  // planner picks the GIN/GiST index on its own.
  it.each([
    [
      'subtree of a place',
      'offers_lieu_path',
      (id: number) => `SELECT id FROM offers WHERE status = 'active' AND lieu_path @> ARRAY[${id}]`,
    ],
    [
      'subtree of a rubrique',
      'offers_rubrique_path',
      () =>
        `SELECT id FROM offers WHERE status = 'active' AND rubrique_path @> ARRAY[${RUB.haras}]`,
    ],
    [
      'atouts',
      'offers_atouts',
      () => `SELECT id FROM offers WHERE status = 'active' AND atouts @> ARRAY['tennis', 'hammam']`,
    ],
    [
      'agencies of a place',
      'agencies_lieu_path',
      (id: number) => `SELECT id FROM agencies WHERE lieu_path @> ARRAY[${id}]`,
    ],
    [
      'places within 30 km',
      'lieux_earth_point',
      () =>
        `SELECT id FROM lieux WHERE earth IS NOT NULL AND earth_box(ll_to_earth(43.55, 7.01), 30000) @> earth`,
    ],
    [
      'list of a place in price order',
      'offer_places_price',
      (id: number) =>
        `SELECT offer_id FROM offer_places WHERE lieu_id = ${id} AND nature = 'V' AND NOT price_last AND sort_amount BETWEEN 1000000 AND 3000000 ORDER BY sort_amount, offer_id LIMIT 24`,
    ],
    [
      'place names by trigram',
      'lieux_search_trgm',
      () => `SELECT id FROM lieux WHERE search_name LIKE '%tropez%'`,
    ],
  ])('the %s query uses its index (%s)', async (_label, index, query) => {
    const place = await k
      .selectFrom('lieux')
      .select('id')
      .where('slug', '=', 'pampelonne')
      .executeTakeFirstOrThrow();
    const plan = await planWithIndexes(k, query(place.id));
    expect(plan).toContain(index);
  });

  it('keeps every rubrique of the catalogue', async () => {
    const ids = await k.selectFrom('rubriques').select('id').orderBy('id').execute();
    expect(ids.map((r) => r.id)).toEqual(RUBRIQUES.map((r) => r.id).sort((a, b) => a - b));
  });
});

describe.each(testDbKinds)('test databases on %s', (kind) => {
  it('are independent of each other', async () => {
    const [a, b] = await Promise.all([createTestDb(kind), createTestDb(kind)]);
    try {
      await a.kysely.deleteFrom('reviews').execute();
      const left = await scalar<number>(b.kysely, sql`SELECT count(*)::int AS v FROM reviews`);
      expect(left).toBeGreaterThan(0);
      expect(await scalar<number>(a.kysely, sql`SELECT count(*)::int AS v FROM reviews`)).toBe(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
