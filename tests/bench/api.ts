import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { buildListingsApp } from '../../listings-api/app';
import { openDb, type Db } from '../../listings-api/db/connection';
import { migrateToLatest } from '../../listings-api/db/migrate';
import { searchLieuxPlan } from '../../listings-api/lib/lieu-search';
import { nearbyLieuxQuery } from '../../listings-api/lib/nearby';
import {
  offerPageQuery,
  placeScope,
  resolveSearch,
  searchConditions,
  totalExpression,
  type OfferFilters,
} from '../../listings-api/lib/offer-search';
import { createReferenceCache } from '../../listings-api/lib/reference';
import { isSeeded, seedDatabase } from '../../tools/seed/index';
import { SEED_LIB_FILES } from '../fixtures/db';
import { pick, prng, runLoad, type LoadFigures } from './load';

// The listings API benchmark: seeds N offers (PostgreSQL when DATABASE_URL is set, PGlite
// otherwise; the seeded database is kept for the next run with the same N and sources), then
// measures /offre, /search-lieu, /compteur and /offre/{id} over HTTP with autocannon (in a process
// of its own), each with requests drawn from a set of realistic variants, and prints the plans of
// the search queries.
//
//   npx tsx tests/bench/api.ts [--offers 100000] [--seconds 5] [--connections 16] [--cache on|off|both]

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BenchApiOptions {
  offers?: number;
  /** Seconds of measurement per endpoint (after one second of warm-up). */
  seconds?: number;
  connections?: number;
  /** Measure with the response cache, without it, or both (default). */
  cache?: 'on' | 'off' | 'both';
  databaseUrl?: string;
  /** Print the query plans (default true). */
  explain?: boolean;
}

export interface EndpointFigures extends LoadFigures {
  endpoint: string;
  cache: boolean;
}

function sourcesHash(offers: number): string {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
        h.update(readFileSync(full));
    }
  };
  // The seed's sources only: schema changes are applied to a kept database by its migrations.
  walk(path.join(ROOT, 'tools/seed'));
  for (const file of SEED_LIB_FILES) h.update(readFileSync(path.join(ROOT, file)));
  h.update(String(offers));
  return h.digest('hex').slice(0, 12);
}

async function seedOrReuse(
  offers: number,
  databaseUrl: string | undefined,
  poolSize: number | undefined,
): Promise<{ db: Db; seededMs: number | null }> {
  const marker = `bench seed ${sourcesHash(offers)}`;
  if (databaseUrl) {
    const base = new URL(databaseUrl);
    const name =
      `${decodeURIComponent(base.pathname.slice(1)) || 'postgres'}`
        .replace(/[^a-z0-9_]/gi, '_')
        .slice(0, 30) + `_bench_${offers}`;
    const admin = new URL(databaseUrl);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    const { rows } = await client.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [name],
    );
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    if (rows[0]?.comment === marker) {
      await client.end();
      const db = await openDb({ databaseUrl: url.toString(), poolSize });
      await migrateToLatest(db);
      // Index-only scans need an up-to-date visibility map (new indexes, earlier runs' writes).
      await sql`VACUUM ANALYZE`.execute(db.kysely);
      return { db, seededMs: null };
    }
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
    const db = await openDb({ databaseUrl: url.toString(), poolSize });
    const started = performance.now();
    await migrateToLatest(db);
    await seedDatabase(db, { offers, writePhotos: false, onProgress: progress });
    await sql`VACUUM ANALYZE`.execute(db.kysely);
    await client.query(`COMMENT ON DATABASE "${name}" IS '${marker}'`);
    await client.end();
    return { db, seededMs: performance.now() - started };
  }
  const dataDir = path.join(ROOT, '.data', 'bench', `pglite-${offers}-${sourcesHash(offers)}`);
  const fresh = !existsSync(dataDir);
  const db = await openDb({ dataDir });
  await migrateToLatest(db);
  if (!fresh && (await isSeeded(db))) return { db, seededMs: null };
  const started = performance.now();
  await seedDatabase(db, { offers, writePhotos: false, onProgress: progress });
  await sql`VACUUM ANALYZE`.execute(db.kysely);
  return { db, seededMs: performance.now() - started };
}

/**
 * The benchmark database of `offers` offers: reused when an earlier run seeded it from the same
 * sources, seeded otherwise (PostgreSQL at DATABASE_URL's server, else PGlite under .data/bench).
 * Says which on stdout.
 */
export async function openBenchDb(
  offers: number,
  databaseUrl: string | undefined,
  /** Connections of the PostgreSQL pool (the service's default when not given). */
  poolSize?: number,
): Promise<{ db: Db; seededMs: number | null }> {
  const opened = await seedOrReuse(offers, databaseUrl, poolSize);
  process.stdout.write(
    opened.seededMs === null
      ? '  reused the seeded database\n'
      : `  seeded in ${(opened.seededMs / 1000).toFixed(1)} s\n`,
  );
  return opened;
}

let lastProgress = 0;
function progress(done: number, total: number): void {
  if (done === total || performance.now() - lastProgress > 10_000) {
    lastProgress = performance.now();
    process.stdout.write(`  seeded ${done}/${total} offers\n`);
  }
}

interface Variants {
  offre: {
    path: string;
    filters: OfferFilters;
    sort: 'default' | 'price_asc' | 'price_desc' | 'new';
  }[];
  searchLieu: string[];
  compteur: { path: string; lieu: { lat: number; lng: number; type: string; id: number } }[];
  detail: string[];
}

/** Realistic requests: busy places of every size, usual price bands, the four usual sorts. */
async function buildVariants(db: Db): Promise<Variants> {
  const random = prng(42);
  const k = db.kysely;
  // Places by their count of active sale offers: departments, plaques, and cities.
  const places = await sql<{
    id: number;
    type: string;
    n: number;
    lat: number | null;
    lng: number | null;
  }>`
    SELECT l.id, l.type, c.n, l.lat, l.lng FROM offer_counts c JOIN lieux l ON l.id = c.lieu_id
    WHERE c.nature = 'V' AND c.rubrique_id = 0 AND l.type IN ('Departements', 'Villes')
    ORDER BY c.n DESC LIMIT 200`.execute(k);
  // Typical searches: a department or a city (countries and regions are hub pages, not lists).
  const areas = places.rows.filter((p) => p.type === 'Departements').slice(0, 15);
  const cities = places.rows.filter((p) => p.type === 'Villes' && p.lat !== null).slice(0, 40);
  const bands: [number, number][] = [
    [500_000, 2_000_000],
    [1_000_000, 3_000_000],
    [2_000_000, 5_000_000],
    [3_000_000, 10_000_000],
    [5_000_000, 20_000_000],
  ];
  const sorts = ['default', 'price_asc', 'price_desc', 'new'] as const;
  const offre: Variants['offre'] = [];
  for (let i = 0; i < 60; i++) {
    const place = pick(random() < 0.5 ? areas : cities, random);
    const [min, max] = pick(bands, random);
    const sort = pick(sorts, random);
    const filters: OfferFilters = { nature: 'V', lieu: [place.id], prix_min: min, prix_max: max };
    offre.push({
      path: `/offre?nature=V&lieu=${place.id}&prix_min=${min}&prix_max=${max}&sort=${sort}`,
      filters,
      sort,
    });
  }
  const searchLieu = [
    'pa',
    'par',
    'pari',
    'paris',
    'paris 16',
    'can',
    'cann',
    'cannes',
    'canes',
    'nic',
    'nice',
    'ant',
    'antibes',
    'saint tro',
    'saint-tropez',
    'st tropez',
    'meg',
    'megeve',
    'megève',
    'courch',
    'courchevel',
    'cham',
    'chamonix',
    'biarr',
    'biarritz',
    'bord',
    'bordeaux',
    'arcach',
    'gord',
    'gordes',
    'eze',
    'èze',
    'menton',
    'monac',
    'londres',
    'london',
    'genev',
    'alpes mar',
    'var',
    'provence',
    'cote d azur',
    'lyon',
    'marseil',
    'aix en p',
    'deauv',
    'la baule',
    'annecy',
    'val d is',
    'ramatuel',
    'mougins',
    'cannas',
    'biaritz',
    'bordaux',
    'chamonis',
  ].map((q) => `/search-lieu?q=${encodeURIComponent(q)}&lang=${random() < 0.8 ? 'fr' : 'en'}`);
  const rubriques = await k
    .selectFrom('rubriques')
    .select('id')
    .where('is_generic', '=', false)
    .execute();
  const compteur: Variants['compteur'] = cities.slice(0, 40).map((city) => {
    const rubrique = random() < 0.5 ? `&rubrique=${pick(rubriques, random).id}` : '';
    return {
      path: `/compteur?nature=V&lieu=${city.id}${rubrique}&rayon=30&min_nb=1&limit=10`,
      lieu: { id: city.id, lat: city.lat!, lng: city.lng!, type: city.type },
    };
  });
  const ids = await sql<{ id: number }>`
    SELECT id FROM offers WHERE status = 'active' ORDER BY hashint4(id) LIMIT 2000`.execute(k);
  const detail = ids.rows.map((row) => `/offre/${row.id}`);
  return { offre, searchLieu, compteur, detail };
}

function printPlan(label: string, plan: string[]): void {
  process.stdout.write(`\n--- ${label}\n${plan.map((line) => `  ${line}`).join('\n')}\n`);
}

type PlanRow = { 'QUERY PLAN': string };

async function explain(db: Db, label: string, query: RawBuilder<unknown>): Promise<void> {
  const rows = await sql<PlanRow>`EXPLAIN (ANALYZE, COSTS OFF) ${query}`.execute(db.kysely);
  printPlan(
    label,
    rows.rows.map((row) => row['QUERY PLAN']),
  );
}

/** The plan a statement of Db.prepared runs: its generic plan, with these values. */
async function explainGeneric(db: Db, label: string, query: RawBuilder<unknown>): Promise<void> {
  const { sql: text, parameters } = query.compile(db.kysely);
  const rows = await db.kysely.transaction().execute(async (trx) => {
    await sql`SET LOCAL plan_cache_mode = force_generic_plan`.execute(trx);
    await sql.raw(`PREPARE bench_generic AS ${text}`).execute(trx);
    // EXECUTE takes no bind parameters: the values are written as literals.
    const literal = (value: unknown): string =>
      typeof value === 'number'
        ? String(value)
        : Array.isArray(value)
          ? `'{${value.join(',')}}'`
          : `'${String(value).replaceAll("'", "''")}'`;
    const plan = await sql<PlanRow>`
      EXPLAIN (ANALYZE, COSTS OFF)
      EXECUTE bench_generic(${sql.raw(parameters.map(literal).join(', '))})`.execute(trx);
    await sql`DEALLOCATE bench_generic`.execute(trx);
    return plan.rows;
  });
  printPlan(
    label,
    rows.map((row) => row['QUERY PLAN']),
  );
}

function table(figures: EndpointFigures[]): string {
  const head = [
    'endpoint',
    'cache',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'requests',
    'non-2xx',
    'errors',
  ];
  const rows = figures.map((f) => [
    f.endpoint,
    f.cache ? 'on' : 'off',
    String(f.rps),
    f.p50.toFixed(1),
    f.p95.toFixed(1),
    f.p99.toFixed(1),
    String(f.requests),
    String(f.non2xx),
    String(f.errors),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Seeds (or reuses) the bench database, measures each endpoint and prints figures and plans. */
export async function benchApi(options: BenchApiOptions = {}): Promise<EndpointFigures[]> {
  const offers = options.offers ?? 100_000;
  const seconds = options.seconds ?? 5;
  const connections = options.connections ?? 16;
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  const modes = options.cache === 'on' ? [true] : options.cache === 'off' ? [false] : [false, true];

  process.stdout.write(
    `listings API benchmark: ${offers} offers on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}\n`,
  );
  const { db } = await openBenchDb(offers, databaseUrl);
  const figures: EndpointFigures[] = [];
  try {
    for (const cache of modes) {
      const started = performance.now();
      const app = await buildListingsApp({
        db,
        countsRefreshMs: 0,
        cacheTtlMs: cache ? 60_000 : 0,
      });
      if (!cache)
        process.stdout.write(
          `  app ready in ${((performance.now() - started) / 1000).toFixed(1)} s (hub counts built if stale)\n`,
        );
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const variants = await buildVariants(db);
        const endpoints: [string, string[]][] = [
          ['/offre (nature + place + price + sort)', variants.offre.map((v) => v.path)],
          ['/search-lieu', variants.searchLieu],
          ['/compteur', variants.compteur.map((v) => v.path)],
          ['/offre/{id}', variants.detail],
        ];
        for (const [endpoint, paths] of endpoints) {
          // Warm-up: with the cache on, every variant once (a steady state), then a second of load.
          if (cache)
            for (const p of paths) await fetch(`${base}${p}`).then((res) => res.arrayBuffer());
          await runLoad({ url: base, paths, seconds: 1, connections });
          const f = await runLoad({ url: base, paths, seconds, connections });
          figures.push({ endpoint, cache, ...f });
          process.stdout.write(
            `  ${endpoint} cache ${cache ? 'on' : 'off'}: ${f.rps} req/s, p95 ${f.p95.toFixed(1)} ms\n`,
          );
        }
        if (!cache && options.explain !== false) {
          const ref = await createReferenceCache(db).get();
          for (const order of ['price_asc', 'default'] as const) {
            const sample = variants.offre.find((v) => v.sort === order) ?? variants.offre[0]!;
            // The statement the route runs for this request: the page and its total (whole price
            // bands from offer_price_counts, the range's ends counted live).
            const search = resolveSearch(ref, sample.filters);
            const scope = placeScope(ref, search, sample.sort);
            // A list of a place is a prepared statement: its generic plan is the one that runs.
            await (scope ? explainGeneric : explain)(
              db,
              `/offre page and total${scope ? ' (offer_places, generic plan)' : ''}: ${sample.path}`,
              offerPageQuery(
                searchConditions(search),
                { lang: 'fr', sort: sample.sort, limit: 24, offset: 0, priceFiltered: true },
                scope,
                totalExpression(search, scope),
              ),
            );
          }
          printPlan(
            "/search-lieu: q='canes' (the query of search_lieux, with its settings)",
            await db.kysely
              .transaction()
              .execute((trx) => searchLieuxPlan(trx, { text: 'canes', limit: 10 }, true)),
          );
          const c = variants.compteur[0]!;
          await explain(
            db,
            `/compteur nearby with counts: ${c.path}`,
            nearbyLieuxQuery({
              lat: c.lieu.lat,
              lng: c.lieu.lng,
              radiusKm: 30,
              type: c.lieu.type,
              excluded: [c.lieu.id],
              nature: 'V',
              rubriques: [0],
              minCount: 1,
              limit: 10,
            }),
          );
          await explain(
            db,
            '/compteur parents and rubriques (counts of a few places)',
            sql`SELECT lieu_id, sum(n) FROM offer_counts WHERE lieu_id = ANY(${variants.compteur.slice(0, 5).map((v) => v.lieu.id)}::int[]) AND nature = 'V' AND rubrique_id = 0 GROUP BY lieu_id`,
          );
          await explain(
            db,
            `/offre/{id}: ${variants.detail[0]}`,
            sql`SELECT * FROM offers o JOIN lieux l ON l.id = o.lieu_id JOIN agencies a ON a.id = o.agency_id WHERE o.id = ${Number(variants.detail[0]!.split('/').pop())}`,
          );
        }
      } finally {
        await app.close();
      }
    }
  } finally {
    await db.close();
  }
  process.stdout.write(
    `\n${offers} offers, ${connections} connections, ${seconds} s per endpoint:\n${table(figures)}\n`,
  );
  return figures;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      offers: { type: 'string', default: '100000' },
      seconds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '16' },
      cache: { type: 'string', default: 'both' },
      'no-explain': { type: 'boolean', default: false },
    },
  });
  const cache = values.cache === 'on' || values.cache === 'off' ? values.cache : 'both';
  await benchApi({
    offers: Number(values.offers),
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    cache,
    explain: !values['no-explain'],
  });
}
