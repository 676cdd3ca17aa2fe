import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import type { Database } from './types';

export type DbKind = 'postgres' | 'pglite';

export interface Db {
  kysely: Kysely<Database>;
  kind: DbKind;
  close(): Promise<void>;
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
    return { kysely, kind: 'postgres', close: () => kysely.destroy() };
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
    close: async () => {
      await kysely.destroy();
      await pglite.close();
    },
  };
}
