import { sql } from 'kysely';
import { buildListingsApp } from '../../listings-api/app';
import { openDb, type Db } from '../../listings-api/db/connection';
import { migrateToLatest } from '../../listings-api/db/migrate';
import { seedDatabase } from '../../tools/seed/index';
import { hasPgServer, startPgCluster, type PgCluster } from '../fixtures/pg-cluster';
import { pick, prng, runLoad, type LoadFigures } from './load';
import { runStatsLoad, STATS_TARGET_RATE } from './stats';

// `npm run bench -- --only scale`: listings-API searches (/offre, the response cache off so that
// each one reaches the database) at 16 connections on a real primary alone, then with one
// streaming replica taking the reads (DATABASE_READ_URL): requests per second, their ratio, and
// the share of the searches' statements each node ran (pg_stat_statements calls). Each is
// measured twice: alone, and while the audience counters write 2,000 events/s (`--rate`; POST
// /stat from a load of its own at that fixed rate over 16 more connections, to the same API,
// which writes them to the primary every STATS_FLUSH_MS). Both servers run on this machine, so
// the replica adds no cores: the figure shows the routing's cost and the primary's relief, not a
// second machine's gain.

export interface BenchScaleOptions {
  offers?: number;
  seconds?: number;
  connections?: number;
  /** Audience events per second written during the second measurement (default 2,000). */
  statRate?: number;
}

interface Run extends LoadFigures {
  label: string;
  /** Search statements run by each node during the measurement. */
  primaryCalls: number;
  replicaCalls: number;
  /** The audience load beside the searches, when there was one. */
  stats: LoadFigures | null;
  /** Upserts of the audience counters the primary ran meanwhile. */
  counterWrites: number;
}

/** Statements a node ran on the portal's database: the counters' writes, or all the others. */
async function statementCalls(
  cluster: PgCluster,
  node: 'primary' | 'replica',
  counters = false,
): Promise<number> {
  const rows = await cluster.query<{ n: number | null }>(
    node,
    `SELECT sum(calls)::float8 AS n FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
     WHERE d.datname = 'portal' AND query NOT ILIKE '%pg_stat_statements%'
       AND query NOT ILIKE '%pg_is_in_recovery%' AND query NOT ILIKE '%pg_current_wal_lsn%'
       AND query ${counters ? '' : 'NOT'} ILIKE '%offer_stat_days%'`,
  );
  return rows[0]?.n ?? 0;
}

const ms = (v: number) => v.toFixed(1);

/** Searches of busy cities in usual price bands, the four usual sorts. */
async function searchPaths(db: Db): Promise<string[]> {
  const random = prng(42);
  // The places that have the most sale offers (their cities; the hub counts are not built yet).
  const places = await sql<{ id: number }>`
    SELECT lieu_id AS id FROM offers WHERE status = 'active' AND nature = 'V'
    GROUP BY lieu_id ORDER BY count(*) DESC LIMIT 60`.execute(db.kysely);
  const bands = [
    [500_000, 2_000_000],
    [1_000_000, 3_000_000],
    [2_000_000, 5_000_000],
    [3_000_000, 10_000_000],
  ] as const;
  const sorts = ['default', 'price_asc', 'price_desc', 'new'];
  return Array.from({ length: 80 }, () => {
    const place = pick(places.rows, random);
    const [min, max] = pick(bands, random);
    return `/offre?nature=V&lieu=${place.id}&prix_min=${min}&prix_max=${max}&sort=${pick(sorts, random)}`;
  });
}

export async function benchScale(options: BenchScaleOptions = {}): Promise<Run[]> {
  const offers = options.offers ?? 20_000;
  const seconds = options.seconds ?? 8;
  const connections = options.connections ?? 16;
  const statRate = options.statRate ?? STATS_TARGET_RATE;
  if (!hasPgServer) {
    console.log('\nscale: skipped (no PostgreSQL server programs; set PG_BIN)');
    return [];
  }
  console.log(`\nscale: a primary and a streaming replica on this machine, ${offers} offers`);
  const cluster = await startPgCluster();
  const runs: Run[] = [];
  try {
    const writer = await openDb({ databaseUrl: cluster.primaryUrl });
    await migrateToLatest(writer);
    const t0 = Date.now();
    await seedDatabase(writer, { offers, photoCount: 8, photosDir: '.data/bench-scale-photos' });
    await sql`ANALYZE`.execute(writer.kysely);
    console.log(`  seeded in ${Math.round((Date.now() - t0) / 1000)} s`);
    const paths = await searchPaths(writer);
    await writer.close();

    for (const withReplica of [false, true]) {
      const db = await openDb({
        databaseUrl: cluster.primaryUrl,
        readUrls: withReplica ? [cluster.replicaUrl] : [],
      });
      if (withReplica) {
        // The replica has replayed the seed.
        while (!db.replicas[0]?.inUse) await new Promise((r) => setTimeout(r, 100));
      }
      const app = await buildListingsApp({
        db,
        jobs: false,
        cacheTtlMs: 0,
        countsRefreshMs: 0,
        metrics: null,
        env: { STATS_FLUSH_MS: process.env.STATS_FLUSH_MS },
      });
      const url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
      const topology = withReplica ? 'primary + 1 replica' : 'primary alone';
      try {
        await runLoad({ url, paths, seconds: 1, connections });
        for (const writing of [false, true]) {
          const calls = async () => ({
            primary: await statementCalls(cluster, 'primary'),
            replica: await statementCalls(cluster, 'replica'),
            writes: await statementCalls(cluster, 'primary', true),
          });
          const before = await calls();
          const [f, stats] = await Promise.all([
            runLoad({ url, paths, seconds, connections }),
            writing
              ? runStatsLoad({ url, offers, seconds, connections, rate: statRate })
              : Promise.resolve(null),
          ]);
          // What the events left pending is written before the statements are read.
          await app.statCounter.drain();
          const after = await calls();
          const run: Run = {
            label: writing ? `${topology}, ${statRate} events/s` : topology,
            ...f,
            primaryCalls: after.primary - before.primary,
            replicaCalls: after.replica - before.replica,
            stats,
            counterWrites: after.writes - before.writes,
          };
          runs.push(run);
          const share = run.primaryCalls / Math.max(1, run.primaryCalls + run.replicaCalls);
          console.log(
            `  ${run.label}: ${f.rps} searches/s at ${connections} connections, p95 ${ms(f.p95)} ms, ` +
              `${f.non2xx + f.errors} failed; primary ran ${(share * 100).toFixed(0)} % of the search statements` +
              (stats
                ? `; events ${stats.rps}/s achieved of ${statRate}, p95 ${ms(stats.p95)} ms, ` +
                  `${stats.non2xx + stats.errors} failed, ${run.counterWrites} counter upserts on the primary`
                : ''),
          );
        }
      } finally {
        await app.close();
        await db.close();
      }
    }
    printScaleTable(runs, statRate);
  } finally {
    await cluster.close();
  }
  return runs;
}

/** The searches alone and beside the audience writes, side by side, per topology. */
function printScaleTable(runs: Run[], statRate: number): void {
  const find = (replica: boolean, writing: boolean) =>
    runs.find(
      (r) => r.label.startsWith(replica ? 'primary +' : 'primary alone') && !!r.stats === writing,
    );
  const cell = (r: Run | undefined) => {
    if (!r) return '—';
    const share = r.primaryCalls / Math.max(1, r.primaryCalls + r.replicaCalls);
    return `${r.rps} req/s, p95 ${ms(r.p95)} ms, primary ${(share * 100).toFixed(0)} %`;
  };
  const events = (r: Run | undefined) =>
    r?.stats
      ? `${r.stats.rps}/s, p95 ${ms(r.stats.p95)} ms, ${r.stats.non2xx + r.stats.errors} failed`
      : '—';
  const rows = [
    ['', 'searches', `searches with ${statRate} events/s`, 'events achieved'],
    ...[false, true].map((replica) => [
      replica ? 'primary + 1 replica' : 'primary alone',
      cell(find(replica, false)),
      cell(find(replica, true)),
      events(find(replica, true)),
    ]),
  ];
  const ratio = (writing: boolean) => {
    const alone = find(false, writing);
    const replicated = find(true, writing);
    return alone && replicated ? (replicated.rps / Math.max(1, alone.rps)).toFixed(2) : '—';
  };
  rows.push(['ratio replica / alone', ratio(false), ratio(true), '']);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) console.log(`  ${row.map((c, i) => c.padEnd(widths[i]!)).join(' | ')}`);
  console.log("  (both servers and both loads share this machine's cores)");
}
