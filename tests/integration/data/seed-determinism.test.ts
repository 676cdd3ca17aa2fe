import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../../listings-api/db/connection';
import { migrateToLatest } from '../../../listings-api/db/migrate';
import type { Database } from '../../../listings-api/db/types';
import { DEFAULT_SEED, seedDatabase, SEED_TABLES, type SeedTable } from '../../../tools/seed/index';
import { createTestDb, TEST_SEED_OPTIONS, testDbKinds } from '../../fixtures/db';

// The same seed options give the same rows: a fresh in-memory seed compares equal, table by table,
// to the test databases (seeded earlier, in another process, and copied), on PGlite and PostgreSQL.

type Checksums = Record<SeedTable, string>;

async function checksums(db: Kysely<Database>, where = sql`true`): Promise<Checksums> {
  return db.transaction().execute(async (trx) => {
    // Timestamps print in the session's time zone: fix it so both databases print alike.
    await sql`SET LOCAL TimeZone = 'UTC'`.execute(trx);
    const out = {} as Checksums;
    for (const table of SEED_TABLES) {
      // Columns the database computes (lieux.earth, from trigonometry) may differ in their last
      // digits between PGlite and PostgreSQL: the seed's own values are compared.
      const row = table === 'lieux' ? sql`(to_jsonb(t) - 'earth')::text` : sql`t::text`;
      const { rows } = await sql<{ v: string }>`
        SELECT md5(coalesce(string_agg(${row}, '|' ORDER BY ${row}), '')) AS v
        FROM ${sql.table(table)} t WHERE ${table === 'offers' ? where : sql`true`}
      `.execute(trx);
      out[table] = rows[0]?.v ?? '';
    }
    return out;
  });
}

async function freshSeed(options: Parameters<typeof seedDatabase>[1]): Promise<Db> {
  const db = await openDb({ dataDir: 'memory://' });
  await migrateToLatest(db);
  await seedDatabase(db, { ...options, writePhotos: false });
  return db;
}

describe('seed determinism', () => {
  let fresh: Db;
  let expected: Checksums;
  beforeAll(async () => {
    fresh = await freshSeed(TEST_SEED_OPTIONS);
    expected = await checksums(fresh.kysely);
  });
  afterAll(async () => {
    await fresh?.close();
  });

  it.each(testDbKinds)('gives the rows of the %s test database again', async (kind) => {
    const db = await createTestDb(kind);
    try {
      expect(await checksums(db.kysely)).toEqual(expected);
    } finally {
      await db.close();
    }
  });

  it('gives other offers, on the same places, for another seed', async () => {
    const other = await freshSeed({ ...TEST_SEED_OPTIONS, offers: 300, seed: DEFAULT_SEED + 1 });
    try {
      const mine = await checksums(fresh.kysely, sql`id <= 300`);
      const theirs = await checksums(other.kysely);
      expect(theirs.lieux).toBe(mine.lieux);
      expect(theirs.rubriques).toBe(mine.rubriques);
      expect(theirs.offers).not.toBe(mine.offers);
      expect(theirs.agencies).not.toBe(mine.agencies);
    } finally {
      await other.close();
    }
  });
});
