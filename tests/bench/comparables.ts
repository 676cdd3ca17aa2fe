import { sql } from 'kysely';
import { buildListingsApp } from '../../listings-api/app';
import { createReferenceCache } from '../../listings-api/lib/reference';
import { comparableScope, selectComparables } from '../../listings-api/lib/offer-comparables';
import { openBenchDb } from './api';
import { prng, runLoad } from './load';

// The comparables of an offer page (the median price per m² of the active offers of its nature
// and rubrique in its city, else its département; listings-api/lib/offer-comparables.ts) over a
// large seed (1,000,000 offers by default; PostgreSQL when DATABASE_URL is set, PGlite
// otherwise; the seeded database is kept for the next run, shared with the clusters benchmark
// at the same size). Prints:
// - GET /offre/{id} of sale and rent offers drawn at random (the offer page's answer, its
//   comparables included) at 16 connections with the response cache off;
// - the comparables' statement alone, one at a time, over the same offers: p50/p95/p99 against
//   the 15 ms p95 target, and over the offers of the busiest city;
// - the rebuild time of the medians' view, and the plan of the busiest city's read.
//
//   npm run bench -- --only comparables [--offers 1000000] [--seconds 8]

export const COMPARABLES_P95_TARGET_MS = 15;

export interface BenchComparablesOptions {
  offers?: number;
  seconds?: number;
  connections?: number;
  databaseUrl?: string;
}

interface OfferKey {
  id: number;
  nature: 'V' | 'L';
  rubrique_id: number;
  lieu_id: number;
  per_m2: number | null;
}

/** An offer's price per m² as its comparables count it (offer_price_medians, migration 028). */
const PER_M2 = sql`CASE WHEN o.surface > 0 AND NOT o.prix_cache
  THEN (CASE o.nature WHEN 'V' THEN o.price ELSE o.monthly_rent END)::float8 / o.surface END`;

function percentiles(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

export async function benchComparables(options: BenchComparablesOptions = {}): Promise<void> {
  const offers = options.offers ?? 1_000_000;
  const seconds = options.seconds ?? 8;
  const connections = options.connections ?? 16;
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  process.stdout.write(
    `comparables benchmark: ${offers} offers on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ` +
      `${connections} connections (and as many in the pool), response cache off\n`,
  );
  const { db } = await openBenchDb(offers, databaseUrl, connections);
  const app = await buildListingsApp({ db, countsRefreshMs: 0, cacheTtlMs: 0 });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    // Offers drawn at random (fixed seed), as visitors land on them: busy cities weigh more.
    const sample = await sql<OfferKey>`
      SELECT o.id, o.nature, o.rubrique_id, o.lieu_id, ${PER_M2} AS per_m2 FROM offers o
      WHERE o.status = 'active' AND o.nature IN ('V', 'L')
      ORDER BY md5(o.id::text) LIMIT 400`.execute(db.kysely);
    const keys = sample.rows;
    const paths = keys.map((o) => `/offre/${o.id}?lang=fr`);
    await runLoad({ url: base, paths, seconds: 1, connections });
    const f = await runLoad({ url: base, paths, seconds, connections });
    const ms = (n: number | null) => (n === null ? '–' : n.toFixed(1));
    process.stdout.write(
      `  GET /offre/{id} (page answer with its comparables): ${f.rps} req/s, p50 ${ms(f.p50)} / ` +
        `p95 ${ms(f.p95)} / p99 ${ms(f.p99)} ms, ${f.requests} requests, ${f.non2xx} non-2xx, ` +
        `${f.errors} errors\n`,
    );

    const ref = await createReferenceCache(db).get();
    /** The milliseconds of one offer's comparables statement. */
    const timeOne = async (o: OfferKey) => {
      const started = performance.now();
      await selectComparables(
        db,
        ref,
        { nature: o.nature, rubriqueId: o.rubrique_id, lieuId: o.lieu_id, perM2: o.per_m2 },
        'fr',
      );
      return performance.now() - started;
    };
    const timeAll = async (list: OfferKey[]) => {
      const times: number[] = [];
      for (const o of list) times.push(await timeOne(o));
      return percentiles(times);
    };
    // The same statement from `connections` callers at once, each going round the offers
    // from its own starting point, for `seconds`: what the pages ask of the database at load.
    const timeConcurrently = async (list: OfferKey[]) => {
      const times: number[] = [];
      const until = performance.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: connections }, async (_, worker) => {
          for (let i = worker * 25; performance.now() < until; i++) {
            times.push(await timeOne(list[i % list.length]!));
          }
        }),
      );
      return { ...percentiles(times), perSecond: Math.round(times.length / seconds) };
    };
    await timeAll(keys.slice(0, 50));
    const random = prng(3);
    const all = await timeAll(keys);
    const concurrent = await timeConcurrently(keys);
    const verdict = all.p95 <= COMPARABLES_P95_TARGET_MS ? 'met' : 'MISSED';
    process.stdout.write(
      `  comparables statement alone, ${keys.length} offers: p50 ${ms(all.p50)} / ` +
        `p95 ${ms(all.p95)} / p99 ${ms(all.p99)} ms (target p95 ≤ ` +
        `${COMPARABLES_P95_TARGET_MS} ms: ${verdict})\n`,
    );
    const verdict16 = concurrent.p95 <= COMPARABLES_P95_TARGET_MS ? 'met' : 'MISSED';
    process.stdout.write(
      `  comparables statement at ${connections} connections for ${seconds} s: ` +
        `${concurrent.perSecond} statements/s, p50 ${ms(concurrent.p50)} / p95 ${ms(concurrent.p95)} / ` +
        `p99 ${ms(concurrent.p99)} ms (target p95 ≤ ${COMPARABLES_P95_TARGET_MS} ms: ${verdict16})\n`,
    );
    // The busiest city and rubrique of sale offers: the largest median to compute.
    const busiest = await sql<OfferKey & { n: number }>`
      SELECT o.id, o.nature, o.rubrique_id, o.lieu_id, ${PER_M2} AS per_m2, c.n FROM (
        SELECT l.id AS city, o.rubrique_id, count(*)::integer AS n
        FROM offers o CROSS JOIN LATERAL unnest(o.lieu_path) AS p(id)
        JOIN lieux l ON l.id = p.id AND l.type = 'Villes'
        WHERE o.status = 'active' AND o.nature = 'V'
        GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1) c
      JOIN offers o ON o.status = 'active' AND o.nature = 'V' AND o.rubrique_id = c.rubrique_id
        AND c.city = ANY(o.lieu_path)
      LIMIT 100`.execute(db.kysely);
    const heavy = busiest.rows.sort(() => random() - 0.5);
    const worst = await timeAll(heavy);
    process.stdout.write(
      `  comparables statement alone, busiest city and rubrique (${heavy[0]?.n ?? 0} offers): ` +
        `p50 ${ms(worst.p50)} / p95 ${ms(worst.p95)} / p99 ${ms(worst.p99)} ms\n`,
    );
    // What the pages no longer pay: the medians' rebuild, run when offers changed.
    const started = performance.now();
    await sql`REFRESH MATERIALIZED VIEW CONCURRENTLY offer_price_medians`.execute(db.kysely);
    process.stdout.write(
      `  offer_price_medians rebuilt in ${((performance.now() - started) / 1000).toFixed(2)} s ` +
        `(with the offer counts, when offers changed)\n`,
    );
    const one = heavy[0];
    if (one) {
      const ids = [comparableScope(ref, one.lieu_id).city?.id ?? one.lieu_id];
      const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, COSTS OFF)
        SELECT lieu_id, n, first_index, middle FROM offer_price_medians
        WHERE nature = 'V' AND rubrique_id = ${one.rubrique_id}::integer
          AND lieu_id = ANY(${ids}::int[])`.execute(db.kysely);
      process.stdout.write(
        `\n--- the busiest city's comparables\n` +
          plan.rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n') +
          '\n',
      );
    }
  } finally {
    await app.close();
    await db.close();
  }
}
