import { sql, type Kysely } from 'kysely';

// The median price per m² of an offer's comparables (the active offers of its nature and
// rubrique in its city, else its département, with a surface and a shown price) is read from one
// index alone: the places of the city or the département are ranges of lieu_id under a nature
// and a rubrique, and the price, rent and surface are in the index (index-only scan).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX offers_comparables ON offers (nature, rubrique_id, lieu_id)
    INCLUDE (id, price, monthly_rent, surface)
    WHERE status = 'active' AND surface > 0 AND NOT prix_cache
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS offers_comparables`.execute(db);
}
