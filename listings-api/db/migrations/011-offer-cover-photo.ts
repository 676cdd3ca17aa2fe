import { sql, type Kysely } from 'kysely';

// An offer's first photo, stored: result cards show only that one, and reading it from the
// photos array decompressed the whole array for each card (PostgreSQL compresses it).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE offers ADD COLUMN cover_photo jsonb GENERATED ALWAYS AS (photos -> 0) STORED`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE offers DROP COLUMN IF EXISTS cover_photo`.execute(db);
}
