import { sql } from 'kysely';
import type { Bbox } from '../../shared/bbox';
import type { Lang, OfferCluster } from '../../shared/contract';
import type { Db } from '../db/connection';
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

export async function selectClusters(
  db: Db,
  ref: Reference,
  search: ResolvedSearch & { filters: { bbox: Bbox } },
  zoom: number,
  lang: Lang,
): Promise<{ total: number; cell: number; clusters: OfferCluster[] }> {
  const cell = cellSize(zoom);
  const where = searchConditions(search);
  // The bbox is in `where` already (searchConditions); naming it again is harmless and keeps the
  // index in reach whatever else the search holds.
  const result = await sql<CellRow>`
    WITH cells AS (
      SELECT count(*)::integer AS n, avg(o.lat) AS lat, avg(o.lng) AS lng,
        min(o.lat) AS south, max(o.lat) AS north, min(o.lng) AS west, max(o.lng) AS east,
        min(o.id) AS first_id
      FROM offers o
      WHERE ${where} AND ${inBbox(search.filters.bbox)}
      GROUP BY floor(o.lng / ${cell}::float8), floor(o.lat / ${cell}::float8)
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
