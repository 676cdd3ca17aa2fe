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
// pans. Grouped in the database; the process receives one row per cell, and the card of the
// offer of each cluster of one. From afar (zoom 13 and below) a search of a nature alone reads
// the cells of offer_map_cells (migration 014) wholly inside the area, and groups live only the
// offers of the area's edges, outside those cells: a country at zoom 5 sums a few thousand
// cells, not its offers. Offers grouped live are read from the indexes of migration 016 without
// visiting the offers (a search with other filters reads a nature's offers of the area there).

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

/** Offers grouped live in the cells of a zoom (partial sums, added up with the stored cells'). */
function liveGroups(cell: number, where: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`SELECT floor(o.lng / ${cell}::float8)::integer AS cx,
      floor(o.lat / ${cell}::float8)::integer AS cy, count(*) AS n, sum(o.lat) AS sum_lat,
      sum(o.lng) AS sum_lng, min(o.lat) AS south, max(o.lat) AS north, min(o.lng) AS west,
      max(o.lng) AS east, min(o.id) AS first_id
    FROM offers o WHERE ${where} GROUP BY 1, 2`;
}

// Inside a box, as the list tests it (inBbox: `point <@ box`, which admits points up to 1e-6°
// outside), written so that the planner reads a range of the indexes of migration 016: ranges of
// longitude and latitude that much wider, and the exact test as a filter (`IS TRUE`: no index
// scan of the map's GiST index, whose estimate of a box's offers is far too low).
const SLACK = 1e-5;
function within(box: Bbox): RawBuilder<boolean> {
  return sql<boolean>`o.lng BETWEEN ${box.west - SLACK}::float8 AND ${box.east + SLACK}::float8
    AND o.lat BETWEEN ${box.south - SLACK}::float8 AND ${box.north + SLACK}::float8
    AND (${inBbox(box)}) IS TRUE`;
}

/** Partial sums of the cluster cells: from stored cells, and from the edges' offers grouped live. */
function partsFromCells(
  zoom: number,
  level: number,
  box: Bbox,
  nature: string | undefined,
): RawBuilder<unknown> {
  const cell = cellSize(zoom);
  const fine = cellSize(level);
  const shift = sql.lit(level - zoom);
  // Cells wholly inside the box: gx in [x0, x1], gy in [y0, y1].
  const x0 = Math.ceil(box.west / fine);
  const x1 = Math.floor(box.east / fine) - 1;
  const y0 = Math.ceil(box.south / fine);
  const y1 = Math.floor(box.north / fine) - 1;
  const natureCond = nature ? sql`AND o.nature = ${nature}` : sql``;
  if (x0 > x1 || y0 > y1)
    return liveGroups(
      cell,
      sql`o.status = 'active' AND o.lat IS NOT NULL AND o.lng IS NOT NULL ${natureCond} AND ${within(box)}`,
    );
  const cells = sql`SELECT c.gx >> ${shift} AS cx, c.gy >> ${shift} AS cy, sum(c.n) AS n,
      sum(c.sum_lat) AS sum_lat, sum(c.sum_lng) AS sum_lng, min(c.south) AS south,
      max(c.north) AS north, min(c.west) AS west, max(c.east) AS east, min(c.first_id) AS first_id
    FROM offer_map_cells c
    WHERE c.level = ${level} ${nature ? sql`AND c.nature = ${nature}` : sql``}
      AND c.gx BETWEEN ${x0} AND ${x1} AND c.gy BETWEEN ${y0} AND ${y1}
    GROUP BY 1, 2`;
  // The offers of the box outside those cells: four disjoint strips, each grouped on its own so
  // that each reads a range of offers_map_nature_lng (west, east) or offers_map_lat (south,
  // north), index-only (migration 016).
  const [X0, X1, Y0, Y1] = [x0 * fine, (x1 + 1) * fine, y0 * fine, (y1 + 1) * fine];
  const active = sql`o.status = 'active' AND o.lat IS NOT NULL AND o.lng IS NOT NULL ${natureCond}`;
  const strips = [
    sql`${within({ ...box, east: X0 })} AND o.lng < ${X0}::float8`,
    sql`${within({ ...box, west: X1 })} AND o.lng >= ${X1}::float8`,
    sql`${within({ west: X0, east: X1, south: box.south, north: Y0 })}
      AND o.lng >= ${X0}::float8 AND o.lng < ${X1}::float8 AND o.lat < ${Y0}::float8`,
    sql`${within({ west: X0, east: X1, south: Y1, north: box.north })}
      AND o.lng >= ${X0}::float8 AND o.lng < ${X1}::float8 AND o.lat >= ${Y1}::float8`,
  ];
  return sql.join(
    [cells, ...strips.map((strip) => liveGroups(cell, sql`${active} AND ${strip}`))],
    sql` UNION ALL `,
  );
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
  const parts =
    level !== null && !search.ids && Object.values(others).every((value) => value === undefined)
      ? partsFromCells(zoom, level, box, nature)
      : liveGroups(
          cell,
          sql`${searchConditions({ ...search, filters: { ...search.filters, bbox: undefined } })}
            AND o.lat IS NOT NULL AND o.lng IS NOT NULL AND ${within(box)}`,
        );
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
