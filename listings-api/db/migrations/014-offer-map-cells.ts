import { sql, type Kysely, type RawBuilder } from 'kysely';

// The clusters of a map seen from afar (a country at zoom 5) group hundreds of thousands of
// offers: grouping them live costs seconds. offer_map_cells holds the active offers per nature
// and grid cell at a few levels of the clusters' grid (level L: cells of 360° / 2^(L+2), the
// cells of zoom L in lib/offer-clusters), with their count, the sums of their coordinates, their
// bounds and their smallest id; a cluster of a lower zoom is the sum of the cells it covers. It
// is rebuilt with the offer counts (lib/offer-counts: the same stale flag, set by the offers'
// statement trigger of migration 002).
/** The levels of migration 014 (015 adds level 15: lib/offer-clusters reads MAP_CELL_LEVELS_CITY). */
export const MAP_CELL_LEVELS: readonly number[] = [6, 8, 10, 12];

/** The cells of the given levels, per nature (the view's query). */
export function mapCellsQuery(levels: readonly number[]): RawBuilder<unknown> {
  const parts = levels.map(
    (level) => sql`
      SELECT ${sql.lit(level)}::smallint AS level, o.nature,
        floor(o.lng / ${sql.lit(360 / 2 ** (level + 2))}::float8)::integer AS gx,
        floor(o.lat / ${sql.lit(360 / 2 ** (level + 2))}::float8)::integer AS gy,
        count(*)::integer AS n, sum(o.lat) AS sum_lat, sum(o.lng) AS sum_lng,
        min(o.lat) AS south, max(o.lat) AS north, min(o.lng) AS west, max(o.lng) AS east,
        min(o.id) AS first_id
      FROM offers o
      WHERE o.status = 'active' AND o.lat IS NOT NULL AND o.lng IS NOT NULL
      GROUP BY 1, 2, 3, 4`,
  );
  return sql`${sql.join(parts, sql` UNION ALL `)}`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE MATERIALIZED VIEW offer_map_cells AS ${mapCellsQuery(MAP_CELL_LEVELS)}
    WITH NO DATA
  `.execute(db);
  await sql`CREATE UNIQUE INDEX offer_map_cells_key ON offer_map_cells (level, nature, gx, gy)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP MATERIALIZED VIEW IF EXISTS offer_map_cells`.execute(db);
}
