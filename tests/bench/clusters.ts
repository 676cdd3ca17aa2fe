import { sql } from 'kysely';
import { buildListingsApp } from '../../listings-api/app';
import { cellSize } from '../../listings-api/lib/offer-clusters';
import { openBenchDb } from './api';
import { pick, prng, runLoad, type LoadFigures } from './load';

// GET /offre/clusters over a large seed (1,000,000 offers by default; PostgreSQL when
// DATABASE_URL is set, PGlite otherwise; the seeded database is kept for the next run), at 16
// connections with the response cache off: a France-wide box at zoom 5 and city boxes at zoom 13,
// for a nature (the stored cells of offer_map_cells). Prints req/s and p50/p95/p99 against the
// 50 ms p95 target; then, one request at a time, the same boxes with other filters (a price
// band, bedrooms, a rubrique: grouped live), and the plan of a live grouping.
//
//   npm run bench -- --only clusters [--offers 1000000] [--seconds 8]

export const CLUSTERS_P95_TARGET_MS = 50;

const FRANCE = '-5.2,41.3,9.6,51.1';

export interface BenchClustersOptions {
  offers?: number;
  seconds?: number;
  connections?: number;
  databaseUrl?: string;
}

function natureOnly(random: () => number): string {
  return `nature=${pick(['V', 'V', 'V', 'L', 'S'], random)}`;
}

/** Filters beyond the nature: the clusters are grouped live (no stored cells for them). */
const OTHER_FILTERS = ['prix_min=1000000&prix_max=5000000', 'nb_chambres=3', 'rubrique=2'];

export async function benchClusters(options: BenchClustersOptions = {}): Promise<void> {
  const offers = options.offers ?? 1_000_000;
  const seconds = options.seconds ?? 8;
  const connections = options.connections ?? 16;
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  process.stdout.write(
    `/offre/clusters benchmark: ${offers} offers on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ` +
      `${connections} connections, response cache off\n`,
  );
  const { db } = await openBenchDb(offers, databaseUrl);
  const app = await buildListingsApp({ db, countsRefreshMs: 0, cacheTtlMs: 0 });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const random = prng(17);
    const cities = await sql<{ lat: number; lng: number }>`
      SELECT l.lat, l.lng FROM offer_counts c JOIN lieux l ON l.id = c.lieu_id
      WHERE c.nature = 'V' AND c.rubrique_id = 0 AND l.type = 'Villes' AND l.lat IS NOT NULL
      ORDER BY c.n DESC LIMIT 40`.execute(db.kysely);
    const france = Array.from(
      { length: 20 },
      () => `/offre/clusters?bbox=${FRANCE}&zoom=5&${natureOnly(random)}&lang=fr`,
    );
    // A city box: about 1,300 × 900 pixels at zoom 13.
    const city = cities.rows.map(({ lat, lng }) => {
      const box = [lng - 0.055, lat - 0.025, lng + 0.055, lat + 0.025].map((n) => n.toFixed(5));
      return `/offre/clusters?bbox=${box.join(',')}&zoom=13&${natureOnly(random)}&lang=fr`;
    });
    const rows: [string, LoadFigures][] = [];
    for (const [label, paths] of [
      ['France, zoom 5', france],
      ['city, zoom 13', city],
    ] as const) {
      await runLoad({ url: base, paths, seconds: 1, connections });
      const f = await runLoad({ url: base, paths, seconds, connections });
      rows.push([label, f]);
      // No latency at all when every request failed or timed out.
      const ms = (n: number | null) => (n === null ? '–' : n.toFixed(1));
      const verdict = f.p95 !== null && f.p95 <= CLUSTERS_P95_TARGET_MS ? 'met' : 'MISSED';
      process.stdout.write(
        `  ${label}: ${f.rps} req/s, p50 ${ms(f.p50)} / p95 ${ms(f.p95)} / ` +
          `p99 ${ms(f.p99)} ms (target p95 ≤ ${CLUSTERS_P95_TARGET_MS} ms: ${verdict}), ` +
          `${f.requests} requests, ${f.non2xx} non-2xx, ${f.errors} errors\n`,
      );
    }
    // Other filters: one request at a time (under load each would queue behind the others).
    for (const [label, path] of [
      ['France, zoom 5', france[0]!],
      ['city, zoom 13', city[0]!],
    ] as const) {
      for (const extra of OTHER_FILTERS) {
        const url = `${base}${path.replace(/nature=[VLS]/, 'nature=V')}&${extra}`;
        const started = performance.now();
        const res = await fetch(url);
        await res.arrayBuffer();
        process.stdout.write(
          `  ${label}, nature V and ${extra}: ${res.status} in ` +
            `${(performance.now() - started).toFixed(0)} ms (one request alone, grouped live)\n`,
        );
      }
    }
    for (const [label, path, zoom] of [
      ['France, zoom 5', france[0]!, 5],
      ['city, zoom 13', city[0]!, 13],
    ] as const) {
      const answer = (await (await fetch(`${base}${path}`)).json()) as {
        total: number;
        clusters: unknown[];
      };
      process.stdout.write(
        `  ${label}: ${answer.clusters.length} clusters of ${answer.total} offers ` +
          `(cells of ${cellSize(zoom).toFixed(4)}°): ${path}\n`,
      );
    }
    const box = FRANCE.split(',').map(Number) as [number, number, number, number];
    // As lib/offer-clusters groups a search with other filters: ranges of offers_map_nature_lng,
    // the box's exact test as a filter.
    const [west, south, east, north] = box;
    const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, COSTS OFF)
      SELECT count(*), avg(o.lat), avg(o.lng) FROM offers o
      WHERE o.status = 'active' AND o.nature = 'V' AND o.price >= 1000000 AND o.price <= 5000000
        AND o.lat IS NOT NULL AND o.lng IS NOT NULL
        AND o.lng BETWEEN ${west - 1e-5}::float8 AND ${east + 1e-5}::float8
        AND o.lat BETWEEN ${south - 1e-5}::float8 AND ${north + 1e-5}::float8
        AND (point(o.lng, o.lat) <@ box(point(${west}::float8, ${south}::float8),
          point(${east}::float8, ${north}::float8))) IS TRUE
      GROUP BY floor(o.lng / ${cellSize(5)}::float8), floor(o.lat / ${cellSize(5)}::float8)`.execute(
      db.kysely,
    );
    process.stdout.write(
      `\n--- France at zoom 5, nature V and a price band, grouped live (the plan of a search with other filters)\n` +
        plan.rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n') +
        '\n',
    );
  } finally {
    await app.close();
    await db.close();
  }
}
