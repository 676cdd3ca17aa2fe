import { sql } from 'kysely';
import { buildListingsApp } from '../../listings-api/app';
import { openDb, type Db } from '../../listings-api/db/connection';
import { migrateToLatest } from '../../listings-api/db/migrate';
import { seedDatabase } from '../../tools/seed/index';
import { hasPgServer, startPgCluster, type PgCluster } from '../fixtures/pg-cluster';
import { pick, prng, runLoad, type LoadFigures } from './load';

// `npm run bench -- --only scale`: listings-API searches (/offre, the response cache off so that
// each one reaches the database) at 16 connections on a real primary alone, then with one
// streaming replica taking the reads (DATABASE_READ_URL): requests per second, their ratio, and
// the share of the searches' statements each node ran (pg_stat_statements calls). Both servers
// run on this machine, so the replica adds no cores: the figure shows the routing's cost and the
// primary's relief, not a second machine's gain. The audience counters' write load is measured
// too once the listings API has them.

export interface BenchScaleOptions {
  offers?: number;
  seconds?: number;
  connections?: number;
}

interface Run extends LoadFigures {
  label: string;
  /** Statements run by each node during the measurement. */
  primaryCalls: number;
  replicaCalls: number;
}

async function statementCalls(cluster: PgCluster, node: 'primary' | 'replica'): Promise<number> {
  const rows = await cluster.query<{ n: number | null }>(
    node,
    `SELECT sum(calls)::float8 AS n FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
     WHERE d.datname = 'portal' AND query NOT ILIKE '%pg_stat_statements%'
       AND query NOT ILIKE '%pg_is_in_recovery%'`,
  );
  return rows[0]?.n ?? 0;
}

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
        env: {},
      });
      const url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
      try {
        await runLoad({ url, paths, seconds: 1, connections });
        const before = {
          primary: await statementCalls(cluster, 'primary'),
          replica: await statementCalls(cluster, 'replica'),
        };
        const f = await runLoad({ url, paths, seconds, connections });
        const run: Run = {
          label: withReplica ? 'primary + 1 replica' : 'primary alone',
          ...f,
          primaryCalls: (await statementCalls(cluster, 'primary')) - before.primary,
          replicaCalls: (await statementCalls(cluster, 'replica')) - before.replica,
        };
        runs.push(run);
        const share = run.primaryCalls / Math.max(1, run.primaryCalls + run.replicaCalls);
        console.log(
          `  ${run.label}: ${f.rps} req/s at ${connections} connections, p95 ${f.p95.toFixed(1)} ms, ` +
            `${f.non2xx + f.errors} failed; primary ran ${(share * 100).toFixed(0)} % of the statements`,
        );
      } finally {
        await app.close();
        await db.close();
      }
    }
    const [alone, replicated] = runs;
    if (alone && replicated) {
      console.log(
        `  ratio with the replica: ${(replicated.rps / Math.max(1, alone.rps)).toFixed(2)} ` +
          "(both servers share this machine's cores)",
      );
    }
    // The professional space's audience counters (2,000 events/s of writes) are not in the
    // listings API yet.
    console.log('  with audience counters writing 2,000 events/s: skipped (no audience counters)');
  } finally {
    await cluster.close();
  }
  return runs;
}
