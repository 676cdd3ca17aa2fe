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
}

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
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
    });
    // An idle connection the server ends (restart, failover, database dropped) is discarded by
    // the pool and replaced on next use; without a listener its error would end the process.
    // A query in flight still fails through its own promise.
    pool.on('error', () => {});
    // A second pool for prepared statements, whose sessions never plan them per call: the other
    // queries keep plans made for their values.
    const genericPlans = new pg.Pool({
      connectionString: withOption(options.databaseUrl, '-c plan_cache_mode=force_generic_plan'),
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
    });
    genericPlans.on('error', () => {});
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      kind: 'postgres',
      close: async () => {
        await Promise.all([kysely.destroy(), genericPlans.end()]);
      },
      prepared: (query) => runPrepared(genericPlans, kysely, query),
      pools: { main: pool, 'generic-plans': genericPlans },
    };
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
  return {
    kysely,
    kind: 'pglite',
    pglite,
    prepared: (query) => runPrepared(pool, kysely, query),
    pools: { main: pool },
    close: async () => {
      await kysely.destroy();
      await pglite.close();
    },
  };
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
