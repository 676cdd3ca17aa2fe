import { sql, type RawBuilder } from 'kysely';
import type { Bbox } from '../../shared/bbox';
import type { Lang, OfferCluster } from '../../shared/contract';
import type { Db } from '../db/connection';
import { MAP_CELL_LEVELS_CITY } from '../db/migrations/015-offer-map-cells-city';
import type { Reference } from './reference';
import {
  inBbox,
  searchConditions,
  summaryColumns,
  toOfferSummary,
  type ResolvedSearch,
  type SummaryRow,
} from './offer-search';

// The clusters of GET /offre/clusters: the offers of a search inside a map area, grouped by the
// cells of a grid whose side follows the zoom (about a quarter of a 256-pixel map tile: 64
// pixels), aligned on longitude and latitude 0 so that a cell stays the same cell while the map
// pans. Grouped in the database (GROUP BY over the offers the offers_map_point index finds in the
// area); the process receives one row per cell, and the card of the offer of each cluster of one.
// From afar (zoom 13 and below) a search of a nature alone reads the cells of offer_map_cells
// (migration 014) wholly inside the area, and groups live only the offers of the area's edges,
// outside those cells: a country at zoom 5 sums a few thousand cells, not its offers.

export const MIN_ZOOM = 0;
export const MAX_ZOOM = 20;

/** The side of a cluster cell at a zoom, in degrees: 360° / 2^zoom / 4. */
export function cellSize(zoom: number): number {
  return 360 / 2 ** zoom / 4;
}

interface CellRow {
  n: number;
  lat: number;
  lng: number;
  south: number;
  north: number;
  west: number;
  east: number;
  offer: (SummaryRow & { id: number }) | null;
}

/** The stored level of cells a zoom's clusters sum (two levels finer at least), or null. */
export function cellLevel(zoom: number): number | null {
  return MAP_CELL_LEVELS_CITY.find((level) => level >= zoom + 2) ?? null;
}

/** Partial sums of one cluster cell: from stored cells or from offers grouped live. */
function partsFromCells(
  zoom: number,
  level: number,
  box: Bbox,
  nature: string | undefined,
): { cells: RawBuilder<unknown>; edges: RawBuilder<boolean> } {
  const fine = cellSize(level);
  const shift = sql.lit(level - zoom);
  // Cells wholly inside the box: gx in [x0, x1], gy in [y0, y1].
  const x0 = Math.ceil(box.west / fine);
  const x1 = Math.floor(box.east / fine) - 1;
  const y0 = Math.ceil(box.south / fine);
  const y1 = Math.floor(box.north / fine) - 1;
  const natureCond = nature ? sql`AND c.nature = ${nature}` : sql``;
  const cells = sql`SELECT c.gx >> ${shift} AS cx, c.gy >> ${shift} AS cy, sum(c.n) AS n,
      sum(c.sum_lat) AS sum_lat, sum(c.sum_lng) AS sum_lng, min(c.south) AS south,
      max(c.north) AS north, min(c.west) AS west, max(c.east) AS east, min(c.first_id) AS first_id
    FROM offer_map_cells c
    WHERE c.level = ${level} ${natureCond} AND c.gx BETWEEN ${x0} AND ${x1}
      AND c.gy BETWEEN ${y0} AND ${y1}
    GROUP BY 1, 2`;
  if (x0 > x1 || y0 > y1)
    return {
      cells: sql`SELECT NULL::integer AS cx, NULL::integer AS cy, 0::bigint AS n, 0::float8 AS sum_lat, 0::float8 AS sum_lng, NULL::float8 AS south, NULL::float8 AS north, NULL::float8 AS west, NULL::float8 AS east, NULL::integer AS first_id WHERE false`,
      edges: inBbox(box),
    };
  // The offers of the box outside those cells: four strips, each through the map index.
  const [X0, X1, Y0, Y1] = [x0 * fine, (x1 + 1) * fine, y0 * fine, (y1 + 1) * fine];
  const strip = (b: Bbox, extra: RawBuilder<unknown>) =>
    b.west <= b.east && b.south <= b.north ? sql`(${inBbox(b)} AND ${extra})` : sql`false`;
  const edges = sql<boolean>`(${sql.join(
    [
      strip({ ...box, east: X0 }, sql`o.lng < ${X0}::float8`),
      strip({ ...box, west: X1 }, sql`o.lng >= ${X1}::float8`),
      strip(
        { west: X0, east: X1, south: box.south, north: Y0 },
        sql`o.lng >= ${X0}::float8 AND o.lng < ${X1}::float8 AND o.lat < ${Y0}::float8`,
      ),
      strip(
        { west: X0, east: X1, south: Y1, north: box.north },
        sql`o.lng >= ${X0}::float8 AND o.lng < ${X1}::float8 AND o.lat >= ${Y1}::float8`,
      ),
    ],
    sql` OR `,
  )})`;
  return { cells, edges };
}

export async function selectClusters(
  db: Db,
  ref: Reference,
  search: ResolvedSearch & { filters: { bbox: Bbox } },
  zoom: number,
  lang: Lang,
): Promise<{ total: number; cell: number; clusters: OfferCluster[] }> {
  const cell = cellSize(zoom);
  const box = search.filters.bbox;
  const { bbox: _bbox, nature, ...others } = search.filters;
  const level = cellLevel(zoom);
  const stored =
    level !== null && !search.ids && Object.values(others).every((value) => value === undefined)
      ? partsFromCells(zoom, level, box, nature)
      : null;
  const where = stored
    ? sql<boolean>`(o.status = 'active' ${nature ? sql`AND o.nature = ${nature}` : sql``} AND ${stored.edges})`
    : sql<boolean>`(${searchConditions(search)} AND ${inBbox(box)})`;
  // Offers grouped live (all of them, or the edges'), in the same cells as the stored ones.
  const live = sql`SELECT floor(o.lng / ${cell}::float8)::integer AS cx,
      floor(o.lat / ${cell}::float8)::integer AS cy, count(*) AS n, sum(o.lat) AS sum_lat,
      sum(o.lng) AS sum_lng, min(o.lat) AS south, max(o.lat) AS north, min(o.lng) AS west,
      max(o.lng) AS east, min(o.id) AS first_id
    FROM offers o WHERE ${where} GROUP BY 1, 2`;
  const parts = stored ? sql`${stored.cells} UNION ALL ${live}` : live;
  const result = await sql<CellRow>`
    WITH cells AS (
      SELECT sum(p.n)::integer AS n, sum(p.sum_lat) / sum(p.n) AS lat,
        sum(p.sum_lng) / sum(p.n) AS lng, min(p.south) AS south, max(p.north) AS north,
        min(p.west) AS west, max(p.east) AS east, min(p.first_id) AS first_id
      FROM (${parts}) p
      GROUP BY p.cx, p.cy
    )
    SELECT c.n, c.lat, c.lng, c.south, c.north, c.west, c.east,
      CASE WHEN c.n = 1 THEN (
        SELECT row_to_json(card) FROM (
          SELECT ${summaryColumns(lang)} FROM offers o JOIN agencies a ON a.id = o.agency_id
          WHERE o.id = c.first_id
        ) card
      ) END AS offer
    FROM cells c
    ORDER BY c.n DESC, c.lat, c.lng
  `.execute(db.kysely);
  let total = 0;
  const clusters = result.rows.map((row): OfferCluster => {
    total += row.n;
    return {
      lat: Number(row.lat),
      lng: Number(row.lng),
      count: row.n,
      bounds: {
        west: Number(row.west),
        south: Number(row.south),
        east: Number(row.east),
        north: Number(row.north),
      },
      offer: row.offer ? toOfferSummary(row.offer, lang, ref) : null,
    };
  });
  return { total, cell, clusters };
}
