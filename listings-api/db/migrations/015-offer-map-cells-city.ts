import { sql, type Kysely } from 'kysely';
import { mapCellsQuery } from './014-offer-map-cells';

// offer_map_cells gains level 15 (cells of about 0.0027°): a city at zoom 11 to 13 sums its
// stored cells too (a busy city holds a hundred thousand offers of a million).
export const MAP_CELL_LEVELS_CITY: readonly number[] = [6, 8, 10, 12, 15];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP MATERIALIZED VIEW IF EXISTS offer_map_cells`.execute(db);
  await sql`CREATE MATERIALIZED VIEW offer_map_cells AS ${mapCellsQuery(MAP_CELL_LEVELS_CITY)} WITH NO DATA`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX offer_map_cells_key ON offer_map_cells (level, nature, gx, gy)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP MATERIALIZED VIEW IF EXISTS offer_map_cells`.execute(db);
}
