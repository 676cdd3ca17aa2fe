import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Database } from './types';

export type DbKind = 'postgres' | 'pglite';

export interface Db {
  kysely: Kysely<Database>;
  kind: DbKind;
  close(): Promise<void>;
  /**
   * Runs a query as a named prepared statement (one per SQL text and connection), planned once
   * with its parameters unknown and that plan kept: on PostgreSQL these statements run on
   * connections that force generic plans (otherwise PostgreSQL plans anew each time whenever a
   * generic plan looks costlier on paper, as a list of a place does in the default order); PGlite,
   * one session, keeps the generic plan when it looks as good. Only for queries whose best plan
   * does not depend on their parameters' values, and whose text takes a few forms (values go in
   * parameters): each connection keeps every statement it was sent.
   */
  prepared<R>(query: RawBuilder<R>): Promise<R[]>;
  /** The embedded instance (PGlite only), e.g. to dump its data directory. */
  pglite?: PGlite;
  /** The connection pools by name, for their usage metrics (listings-api/metrics.ts). */
  pools: Record<string, pg.Pool>;
  /**
   * Where read-only work goes (searches, counts, clusters, offer, agency and review pages,
   * config, sitemap): the same API over the replicas of DATABASE_READ_URL that are in step, or
   * over the primary when none is (or none is configured: then `read` is this Db itself).
   * Writes, and reads that must see a write just made, use this Db.
   */
  read: Db;
  /** The replicas and their lag (empty without DATABASE_READ_URL), for /healthz and the metrics. */
  replicas: readonly ReplicaState[];
  /**
   * Resolves once `read` sees everything the primary had committed when it was called: every
   * replica has replayed that far, or the lag bound has passed since, after which a replica still
   * behind is left out (at once without replicas). Never rejects. For what keeps answers read
   * from `read` (the response cache): kept from then on, they are not older than the change.
   */
  readsCaughtUp(): Promise<void>;
  /** The primary's connection string (PostgreSQL only), for sessions of their own (the job lock). */
  url?: string;
}

/** A replica as last checked. */
export interface ReplicaState {
  /** Its pool's name: replica-1, replica-2… in the order of DATABASE_READ_URL. */
  name: string;
  /** Reads go to it: it answered the last check and lagged no more than the bound. */
  inUse: boolean;
  /** Its replay delay at the last check (ms); null when it did not answer. */
  lagMs: number | null;
  /** Why it is left out (the last check's error, or the lag over the bound); null when in use. */
  reason: string | null;
}

export interface DbOptions {
  /** PostgreSQL connection string; without it the embedded PGlite database is used. */
  databaseUrl?: string;
  /** PGlite data directory, or 'memory://' for a throw-away database. */
  dataDir?: string;
  /** PGlite only: start from a dump made by `pglite.dumpDataDir()` (in memory unless dataDir is set). */
  loadDataDir?: Blob;
  /** PostgreSQL only: connections of each of the two pools (default: DEFAULT_POOL_SIZE). */
  poolSize?: number;
  /** PostgreSQL only: replicas streaming from the primary, which take the read-only work. */
  readUrls?: readonly string[];
  /** A replica whose replay lags more than this (ms) is left out (default 5,000). */
  readMaxLagMs?: number;
  /** How often each replica's lag is checked (ms, default 1,000). */
  readCheckMs?: number;
}

export const DEFAULT_READ_MAX_LAG_MS = 5000;
export const DEFAULT_READ_CHECK_MS = 1000;

/**
 * Twice the cores: enough to keep them busy while some connections wait on the network, few
 * enough that PostgreSQL does not spend its time switching between backends (16 connections
 * served a result list a quarter slower than 4 on two cores).
 */
export const DEFAULT_POOL_SIZE = 2 * availableParallelism();

// int8 (count(*), bigserial) fits comfortably in a JS number for this product's volumes.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
// numeric is used for coordinates and money rates only.
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

/** Opens PostgreSQL when a URL is given, PGlite otherwise; both behind the same Kysely API. */
export async function openDb(options: DbOptions = {}): Promise<Db> {
  if (options.databaseUrl) {
    const primary = openPools(options.databaseUrl, options.poolSize);
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: primary.main }) });
    const db: Db = {
      kysely,
      kind: 'postgres',
      url: options.databaseUrl,
      close: async () => {
        await Promise.all([kysely.destroy(), primary.genericPlans.end()]);
      },
      prepared: (query) => runPrepared(primary.genericPlans, kysely, query),
      pools: { main: primary.main, 'generic-plans': primary.genericPlans },
      replicas: [],
      readsCaughtUp: async () => {},
      read: undefined as unknown as Db,
    };
    db.read = db;
    const readUrls = options.readUrls ?? [];
    if (readUrls.length === 0) return db;
    return withReplicas(db, primary, readUrls, options);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  const [{ pg_trgm }, { unaccent }, { cube }, { earthdistance }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('@electric-sql/pglite/contrib/cube'),
    import('@electric-sql/pglite/contrib/earthdistance'),
  ]);
  const dataDir = options.dataDir ?? (options.loadDataDir ? 'memory://' : '.data/pglite');
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({
    dataDir,
    extensions: { pg_trgm, unaccent, cube, earthdistance },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const pool = new pg.Pool(createPgConfig(pglite) as unknown as pg.PoolConfig);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const db: Db = {
    kysely,
    kind: 'pglite',
    pglite,
    prepared: (query) => runPrepared(pool, kysely, query),
    pools: { main: pool },
    replicas: [],
    readsCaughtUp: async () => {},
    read: undefined as unknown as Db,
    close: async () => {
      await kysely.destroy();
      await pglite.close();
    },
  };
  db.read = db;
  return db;
}

/** Answers once the database answers a query (the health check); throws otherwise. */
export async function pingDb(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db.kysely);
}

/** The connection string with a server setting added to its `options` (libpq's syntax). */
export function withOption(databaseUrl: string, option: string): string {
  const url = new URL(databaseUrl);
  const given = url.searchParams.get('options');
  url.searchParams.set('options', given ? `${given} ${option}` : option);
  return url.toString();
}

/** Statement names by SQL text: a few dozen texts, each named once. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `q_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

async function runPrepared<R>(
  pool: pg.Pool,
  kysely: Kysely<Database>,
  query: RawBuilder<R>,
): Promise<R[]> {
  const compiled = query.compile(kysely);
  const name = statementName(compiled.sql);
  const result = await pool.query({
    name,
    text: compiled.sql,
    values: compiled.parameters as unknown[],
  });
  return result.rows as R[];
}

interface Pools {
  main: pg.Pool;
  /** Prepared statements, on sessions that keep their generic plans (see Db.prepared). */
  genericPlans: pg.Pool;
}

function openPools(url: string, size: number | undefined, extra: pg.PoolConfig = {}): Pools {
  const main = new pg.Pool({ connectionString: url, max: size ?? DEFAULT_POOL_SIZE, ...extra });
  // An idle connection the server ends (restart, failover, database dropped) is discarded by
  // the pool and replaced on next use; without a listener its error would end the process.
  // A query in flight still fails through its own promise.
  main.on('error', () => {});
  // A second pool for prepared statements, whose sessions never plan them per call: the other
  // queries keep plans made for their values.
  const genericPlans = new pg.Pool({
    connectionString: withOption(url, '-c plan_cache_mode=force_generic_plan'),
    max: size ?? DEFAULT_POOL_SIZE,
    ...extra,
  });
  genericPlans.on('error', () => {});
  return { main, genericPlans };
}

interface Replica extends ReplicaState {
  /** Bytes of WAL it had replayed at the last check; null when it did not answer. */
  replayed: number | null;
  pools: Pools;
  /** One connection for the lag checks, so that a busy pool never delays them. */
  check: pg.Pool;
}

/**
 * A replica's position: whether it is one, how far it has replayed (bytes of WAL), and the lag
 * as the replica alone sees it (0 when it has replayed all the WAL it received, else the age of
 * the last transaction it replayed), used when the primary's position cannot be read.
 */
const REPLICA_QUERY = `
  SELECT pg_is_in_recovery() AS recovery,
    pg_wal_lsn_diff(coalesce(pg_last_wal_replay_lsn(), '0/0'), '0/0')::float8 AS replayed,
    CASE
      WHEN pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn() THEN 0
      ELSE coalesce(greatest(0, extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000), 0)
    END::float8 AS own_lag_ms`;

/** The primary's position (bytes of WAL written). */
const PRIMARY_QUERY = `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8 AS lsn`;

/** Errors after which the same read may run again elsewhere: the replica went away or refused. */
const CONNECTION_LOSS_CODES = new Set([
  '57P01', // admin_shutdown (the replica stopped)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '40001', // a hot-standby conflict cancelled the query (replay needed what it read)
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);

function isConnectionLoss(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: string }).code;
  if (code !== undefined && CONNECTION_LOSS_CODES.has(code)) return true;
  return /Connection terminated|connection error|timeout exceeded when trying to connect|Query read timeout/i.test(
    err.message,
  );
}

/**
 * Adds the replicas to an open PostgreSQL Db: `db.read` then sends each read to a replica in
 * step (in turn), and to the primary when none is. A read that fails because its replica went
 * away runs again on the primary, so a replica stopping costs no request. Each replica's lag is
 * checked every `readCheckMs` (not per query); one lagging past `readMaxLagMs` or not answering
 * is left out until a check finds it in step again.
 */
async function withReplicas(
  db: Db,
  primary: Pools,
  readUrls: readonly string[],
  options: DbOptions,
): Promise<Db> {
  const maxLagMs = options.readMaxLagMs ?? DEFAULT_READ_MAX_LAG_MS;
  const checkMs = options.readCheckMs ?? DEFAULT_READ_CHECK_MS;
  const checkPool = (url: string) => {
    const pool = new pg.Pool({
      connectionString: url,
      max: 1,
      connectionTimeoutMillis: 2000,
      query_timeout: 2000,
    });
    pool.on('error', () => {});
    return pool;
  };
  const primaryCheck = checkPool(db.url!);
  const replicas: Replica[] = readUrls.map((url, i) => ({
    name: `replica-${i + 1}`,
    inUse: false,
    lagMs: null,
    replayed: null,
    reason: 'not checked yet',
    // A replica that does not answer is given up quickly: the read then goes to the primary.
    pools: openPools(url, options.poolSize, { connectionTimeoutMillis: 2000 }),
    check: checkPool(url),
  }));

  const leaveOut = (replica: Replica, reason: string) => {
    replica.inUse = false;
    replica.reason = reason;
  };

  // The primary's positions at the last checks: a replica's lag is the time since the primary was
  // first seen past the position the replica has replayed (0 when it has reached the last one).
  // Unlike the age of the last replayed transaction, this does not count WAL without commits
  // (vacuum, checkpoints) that the replica replays at once as lag.
  const samples: { at: number; lsn: number }[] = [];
  const samplePrimary = async () => {
    try {
      const { rows } = await primaryCheck.query<{ lsn: number }>(PRIMARY_QUERY);
      const at = Date.now();
      samples.push({ at, lsn: rows[0]?.lsn ?? 0 });
      while (samples.length > 1 && samples[0]!.at < at - 2 * maxLagMs - 10_000) samples.shift();
    } catch {
      samples.length = 0;
    }
  };
  const lagOf = (row: { recovery: boolean; replayed: number; own_lag_ms: number }) => {
    if (!row.recovery) return 0;
    if (samples.length === 0) return row.own_lag_ms;
    const ahead = samples.find((s) => s.lsn > row.replayed);
    return ahead ? Date.now() - ahead.at : 0;
  };

  const checkOne = async (replica: Replica) => {
    try {
      const { rows } = await replica.check.query<{
        recovery: boolean;
        replayed: number;
        own_lag_ms: number;
      }>(REPLICA_QUERY);
      const lagMs = Math.round(rows[0] ? lagOf(rows[0]) : 0);
      replica.lagMs = lagMs;
      replica.replayed = rows[0]?.recovery ? rows[0].replayed : Number.POSITIVE_INFINITY;
      if (lagMs > maxLagMs) leaveOut(replica, `replay ${lagMs} ms behind (bound ${maxLagMs} ms)`);
      else {
        replica.inUse = true;
        replica.reason = null;
      }
    } catch (err) {
      replica.lagMs = null;
      replica.replayed = null;
      leaveOut(replica, err instanceof Error ? err.message : String(err));
    }
  };
  let checking: Promise<unknown> | null = null;
  const checkAll = () => {
    checking ??= samplePrimary()
      .then(() => Promise.all(replicas.map(checkOne)))
      .finally(() => {
        checking = null;
      });
    return checking;
  };
  await checkAll();
  const timer = setInterval(() => void checkAll(), checkMs);
  timer.unref();

  let turn = 0;
  const pick = (): Replica | undefined => {
    const live = replicas.filter((r) => r.inUse);
    if (live.length === 0) return undefined;
    turn = (turn + 1) % live.length;
    return live[turn];
  };

  /** A replica's client whose reads run again on the primary if the replica goes away. */
  const failingOver = (client: pg.PoolClient, replica: Replica, fallback: pg.Pool) => {
    let released = false;
    const release = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      client.release(err);
    };
    return {
      async query(text: string, values?: unknown[]) {
        try {
          return await client.query(text, values);
        } catch (err) {
          if (!isConnectionLoss(err)) throw err;
          leaveOut(replica, err instanceof Error ? err.message : String(err));
          release(true);
          return fallback.query(text, values);
        }
      },
      release: () => release(),
    };
  };

  // What Kysely's PostgresDialect needs of a pool: connect() a client, end().
  const routedPool = {
    async connect() {
      const replica = pick();
      if (replica) {
        try {
          return failingOver(await replica.pools.main.connect(), replica, primary.main);
        } catch (err) {
          leaveOut(replica, err instanceof Error ? err.message : String(err));
        }
      }
      return primary.main.connect();
    },
    async end() {},
  };
  const readKysely = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: routedPool as unknown as pg.Pool }),
  });

  const readPrepared = async <R>(query: RawBuilder<R>): Promise<R[]> => {
    const replica = pick();
    if (replica) {
      try {
        return await runPrepared(replica.pools.genericPlans, readKysely, query);
      } catch (err) {
        if (!isConnectionLoss(err)) throw err;
        leaveOut(replica, err instanceof Error ? err.message : String(err));
      }
    }
    return runPrepared(primary.genericPlans, readKysely, query);
  };

  // A replica behind a position the primary had reached at `t` shows a lag of at least
  // now - t - checkMs (the primary's positions are sampled with each check), so one still behind
  // maxLagMs + 2 checks later has been left out by the last check: reads no longer reach it.
  let closed = false;
  const readsCaughtUp = async () => {
    const deadline = Date.now() + maxLagMs + 2 * checkMs;
    let target = Number.POSITIVE_INFINITY;
    try {
      const { rows } = await primaryCheck.query<{ lsn: number }>(PRIMARY_QUERY);
      target = rows[0]?.lsn ?? target;
    } catch {
      // The position unknown: the bound is waited for.
    }
    while (!closed) {
      // A check begun before the position was read does not count.
      await checking;
      await checkAll();
      if (replicas.every((r) => r.replayed !== null && r.replayed >= target)) return;
      if (Date.now() >= deadline) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(checkMs, 50)));
    }
  };

  const closePrimary = db.close;
  const pools: Record<string, pg.Pool> = { ...db.pools };
  for (const r of replicas) {
    pools[r.name] = r.pools.main;
    pools[`${r.name}-generic-plans`] = r.pools.genericPlans;
  }
  const close = async () => {
    closed = true;
    clearInterval(timer);
    await checking;
    await readKysely.destroy();
    await Promise.all(
      replicas.flatMap((r) => [r.pools.main.end(), r.pools.genericPlans.end(), r.check.end()]),
    );
    await primaryCheck.end();
    await closePrimary();
  };
  const read: Db = {
    kysely: readKysely,
    kind: 'postgres',
    url: db.url,
    prepared: readPrepared,
    pools,
    replicas,
    readsCaughtUp,
    close,
    read: undefined as unknown as Db,
  };
  read.read = read;
  Object.assign(db, { read, replicas, pools, close, readsCaughtUp });
  return db;
}
