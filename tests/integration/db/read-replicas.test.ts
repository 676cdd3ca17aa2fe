import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildListingsApp } from '../../../listings-api/app';
import { openDb, type Db } from '../../../listings-api/db/connection';
import { migrateToLatest } from '../../../listings-api/db/migrate';
import { seedDatabase } from '../../../tools/seed/index';
import { hasPgServer, startPgCluster, type PgCluster } from '../../fixtures/pg-cluster';
import { TEST_PHOTOS_DIR } from '../../fixtures/db';

// The listings API over a real primary and a real streaming replica (started here on free ports,
// shared by the tests of this file): searches are answered by the replica; a replica paused past
// DATABASE_READ_MAX_LAG_MS is left out and comes back once it replays; a replica stopped under
// load costs no request; the response cache keeps no answer a replica read before replaying the
// change it was cleared for. Each node's pg_stat_statements shows which one ran the searches.

const MAX_LAG_MS = 1000;

/** Calls of the offer searches' statements on a node (pg_stat_statements counts at once). */
async function searchCalls(cluster: PgCluster, node: 'primary' | 'replica'): Promise<number> {
  const rows = await cluster.query<{ n: number | null }>(
    node,
    `SELECT sum(calls)::int AS n FROM pg_stat_statements
     WHERE query ILIKE '%offers%' AND query NOT ILIKE '%pg_stat_statements%'`,
  );
  return rows[0]?.n ?? 0;
}

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe.skipIf(!hasPgServer)('reads from PostgreSQL replicas', () => {
  let cluster: PgCluster;
  let db: Db;
  let app: FastifyInstance;
  let lieuId: number;

  const search = (i = 0) =>
    app.inject({
      method: 'GET',
      url: `/offre?nature=V&lieu=${lieuId}&page=${1 + (i % 3)}&limit=10`,
    });

  beforeAll(async () => {
    cluster = await startPgCluster();
    const writer = await openDb({ databaseUrl: cluster.primaryUrl, poolSize: 2 });
    await migrateToLatest(writer);
    await seedDatabase(writer, { offers: 300, photoCount: 4, photosDir: TEST_PHOTOS_DIR });
    await writer.close();
    db = await openDb({
      databaseUrl: cluster.primaryUrl,
      readUrls: [cluster.replicaUrl],
      readMaxLagMs: MAX_LAG_MS,
      readCheckMs: 50,
      poolSize: 4,
    });
    // No answer from memory, no periodic job: each search reaches a database.
    app = await buildListingsApp({
      db,
      jobs: false,
      cacheTtlMs: 0,
      countsRefreshMs: 0,
      metrics: null,
      env: {},
    });
    const [row] = await cluster.query<{ id: number }>(
      'primary',
      `SELECT lieu_id AS id FROM offers WHERE status = 'active' GROUP BY lieu_id ORDER BY count(*) DESC LIMIT 1`,
    );
    lieuId = row!.id;
    // The replica has replayed the seed.
    await until(async () => {
      const [r] = await cluster.query<{ n: number }>(
        'replica',
        'SELECT count(*)::int AS n FROM offers',
      );
      return (r?.n ?? 0) > 0 && db.replicas[0]!.inUse;
    });
    expect((await search()).statusCode).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
    await cluster?.close();
  });

  it('answers a search from the replica, and /healthz shows it with its lag', async () => {
    const before = {
      primary: await searchCalls(cluster, 'primary'),
      replica: await searchCalls(cluster, 'replica'),
    };
    const answer = await search();
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ total: number }>().total).toBeGreaterThan(0);
    expect(await searchCalls(cluster, 'replica')).toBeGreaterThan(before.replica);
    expect(await searchCalls(cluster, 'primary')).toBe(before.primary);

    const health = (await app.inject('/healthz')).json<{
      replicas: { pool: string; inUse: boolean; lagMs: number }[];
    }>();
    expect(health.replicas).toEqual([
      { pool: 'replica-1', inUse: true, lagMs: expect.any(Number) },
    ]);
  });

  it('sends reads to the primary while the replica lags past the bound, and back once it replays', async () => {
    await cluster.query('replica', 'SELECT pg_wal_replay_pause()');
    try {
      // A write the replica does not replay: its lag grows past the bound.
      await cluster.query(
        'primary',
        'CREATE TABLE IF NOT EXISTS replay_probe (at timestamptz); INSERT INTO replay_probe VALUES (now())',
      );
      await until(() => !db.replicas[0]!.inUse);
      expect(db.replicas[0]!.reason).toMatch(/behind/);

      const before = {
        primary: await searchCalls(cluster, 'primary'),
        replica: await searchCalls(cluster, 'replica'),
      };
      expect((await search(1)).statusCode).toBe(200);
      expect(await searchCalls(cluster, 'primary')).toBeGreaterThan(before.primary);
      expect(await searchCalls(cluster, 'replica')).toBe(before.replica);
    } finally {
      await cluster.query('replica', 'SELECT pg_wal_replay_resume()');
    }
    await until(() => db.replicas[0]!.inUse);
    const before = {
      primary: await searchCalls(cluster, 'primary'),
      replica: await searchCalls(cluster, 'replica'),
    };
    expect((await search(2)).statusCode).toBe(200);
    expect(await searchCalls(cluster, 'replica')).toBeGreaterThan(before.replica);
    expect(await searchCalls(cluster, 'primary')).toBe(before.primary);
  });

  it('keeps no answer in the response cache that a replica read before replaying the change it was cleared for', async () => {
    // An API whose answers are kept, with a bound loose enough that the paused replica stays in use.
    const cachedDb = await openDb({
      databaseUrl: cluster.primaryUrl,
      readUrls: [cluster.replicaUrl],
      readMaxLagMs: 60_000,
      readCheckMs: 50,
      poolSize: 2,
    });
    const cached = await buildListingsApp({
      db: cachedDb,
      jobs: false,
      cacheTtlMs: 60_000,
      countsRefreshMs: 0,
      metrics: null,
      env: {},
    });
    const url = `/offre?nature=V&lieu=${lieuId}&limit=10`;
    const total = async () => {
      const res = await cached.inject(url);
      return { total: res.json<{ total: number }>().total, cache: res.headers['x-cache'] };
    };
    try {
      await until(() => cachedDb.replicas[0]!.inUse);
      const before = (await cached.inject(url)).json<{ total: number; items: { id: number }[] }>();
      const victim = before.items[0]!.id;
      await cluster.query('replica', 'SELECT pg_wal_replay_pause()');
      try {
        await cluster.query(
          'primary',
          `UPDATE offers SET status = 'obsolete' WHERE id = ${victim}`,
        );
        // The counts rebuilt on the primary clear the cache; the replica has not replayed the change.
        expect(await cached.offerCounts.refreshIfStale()).toBe(true);
        expect(cachedDb.replicas[0]!.inUse).toBe(true);
        expect(await total()).toEqual({ total: before.total, cache: 'miss' });
      } finally {
        await cluster.query('replica', 'SELECT pg_wal_replay_resume()');
      }
      await cachedDb.readsCaughtUp();
      // The old answer was not kept: the next one is read again, and kept once the replica caught up.
      expect(await total()).toEqual({ total: before.total - 1, cache: 'miss' });
      for (let i = 0; i < 40 && (await total()).cache !== 'hit'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await total()).toEqual({ total: before.total - 1, cache: 'hit' });
      await cluster.query('primary', `UPDATE offers SET status = 'active' WHERE id = ${victim}`);
    } finally {
      await cached.close();
      await cachedDb.close();
    }
  });

  it('loses no request when the replica stops under load', async () => {
    const statuses: number[] = [];
    let stopped = false;
    let i = 0;
    const worker = async () => {
      // Searches go on until the replica is down and a few more went to the primary.
      while (!stopped || statuses.length < 200) {
        statuses.push((await search(i++)).statusCode);
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, worker));
    await until(() => statuses.length >= 40);
    await cluster.stopReplica();
    stopped = true;
    await load;
    expect(db.replicas[0]!.inUse).toBe(false);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    await cluster.startReplica();
    await until(() => db.replicas[0]!.inUse);
  });
});
