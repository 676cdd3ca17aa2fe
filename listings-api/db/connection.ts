import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type RawBuilder } from 'kysely';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import type { Database } from './types';

export type DbKind = 'postgres' | 'pglite';

export interface Db {
  kysely: Kysely<Database>;
  kind: DbKind;
  close(): Promise<void>;
  /**
   * Runs a query as a named prepared statement (one per SQL text and connection): PostgreSQL
   * plans it anew for its first runs, then keeps a generic plan when that is as good. Only for
   * queries whose best plan does not depend on their parameters' values.
   */
  prepared<R>(query: RawBuilder<R>): Promise<R[]>;
  /** The embedded instance (PGlite only), e.g. to dump its data directory. */
  pglite?: PGlite;
}

export interface DbOptions {
  /** PostgreSQL connection string; without it the embedded PGlite database is used. */
  databaseUrl?: string;
  /** PGlite data directory, or 'memory://' for a throw-away database. */
  dataDir?: string;
  /** PGlite only: start from a dump made by `pglite.dumpDataDir()` (in memory unless dataDir is set). */
  loadDataDir?: Blob;
  poolSize?: number;
}

// int8 (count(*), bigserial) fits comfortably in a JS number for this product's volumes.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
// numeric is used for coordinates and money rates only.
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

/** Opens PostgreSQL when a URL is given, PGlite otherwise; both behind the same Kysely API. */
export async function openDb(options: DbOptions = {}): Promise<Db> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
    // An idle connection the server ends (restart, failover, database dropped) is discarded by
    // the pool and replaced on next use; without a listener its error would end the process.
    // A query in flight still fails through its own promise.
    pool.on('error', () => {});
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      kind: 'postgres',
      close: () => kysely.destroy(),
      prepared: (query) => runPrepared(pool, kysely, query),
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
    close: async () => {
      await kysely.destroy();
      await pglite.close();
    },
  };
}

async function runPrepared<R>(
  pool: pg.Pool,
  kysely: Kysely<Database>,
  query: RawBuilder<R>,
): Promise<R[]> {
  const compiled = query.compile(kysely);
  const name = `q_${createHash('sha1').update(compiled.sql).digest('base64url').slice(0, 20)}`;
  const result = await pool.query({
    name,
    text: compiled.sql,
    values: compiled.parameters as unknown[],
  });
  return result.rows as R[];
}
