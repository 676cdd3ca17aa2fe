import { sql, type Kysely } from 'kysely';

// The hidden-price part of a price sort (offers whose price is not shown sort last): a small
// index of those offers alone, so that part is a short walk too instead of a pass over every
// visible price of the range (migration 004's sort indexes hold both).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX offers_sort_price_hidden ON offers (nature, price, id)
      INCLUDE (lieu_path, rubrique_path)
      WHERE status = 'active' AND prix_cache AND price IS NOT NULL;
    CREATE INDEX offers_sort_monthly_hidden ON offers (nature, monthly_rent, id)
      INCLUDE (lieu_path, rubrique_path)
      WHERE status = 'active' AND prix_cache AND monthly_rent IS NOT NULL;
    CREATE INDEX offers_sort_weekly_hidden ON offers (nature, weekly_rent, id)
      INCLUDE (lieu_path, rubrique_path)
      WHERE status = 'active' AND prix_cache AND weekly_rent IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX IF EXISTS offers_sort_price_hidden, offers_sort_monthly_hidden,
      offers_sort_weekly_hidden;
  `.execute(db);
}
