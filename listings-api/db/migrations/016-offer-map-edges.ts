import { sql, type Kysely } from 'kysely';

// Map clusters read offers' positions without visiting the offers (index-only scans: the
// position, the nature, the id and the filters of a search are in the index), where the map
// index of migration 013 visits every offer it finds.
// - offers_map_nature_lng: a nature's offers by longitude, then latitude, with the columns of
//   the price, rent, rooms, bedrooms, surface and rubrique filters: the clusters of a search with
//   other filters (grouped live over the whole area), and the west and east edges of a search
//   summing stored cells (migrations 014, 015).
// - offers_map_lat: the offers by latitude: the south and north edges.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX offers_map_nature_lng ON offers (nature, lng, lat)
    INCLUDE (id, price, monthly_rent, weekly_rent, rooms, bedrooms, surface, field_surface,
      rubrique_path)
    WHERE status = 'active' AND lat IS NOT NULL AND lng IS NOT NULL
  `.execute(db);
  await sql`
    CREATE INDEX offers_map_lat ON offers (lat, lng, nature, id)
    WHERE status = 'active' AND lat IS NOT NULL AND lng IS NOT NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS offers_map_lat`.execute(db);
  await sql`DROP INDEX IF EXISTS offers_map_nature_lng`.execute(db);
}
