import { sql, type Kysely } from 'kysely';

// Map search: the active offers' positions in a GiST index of points (longitude, latitude), so
// that a map area (`bbox`) reads only the offers inside it, and the clusters of GET
// /offre/clusters group only those. Offers without coordinates are in no map area.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX offers_map_point ON offers USING gist (point(lng, lat)) WHERE status = 'active'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS offers_map_point`.execute(db);
}
