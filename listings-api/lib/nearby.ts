import { sql, type RawBuilder } from 'kysely';
import type { LieuRow } from './mappers';

export interface NearbySearch {
  lat: number;
  lng: number;
  radiusKm: number;
  type: string;
  excluded: number[];
}

/** Places of a kind within radiusKm of a point, nearest first (GiST index on ll_to_earth). */
export function nearbyLieuxQuery(search: NearbySearch): RawBuilder<LieuRow & { distance: number }> {
  const centre = sql`ll_to_earth(${search.lat}, ${search.lng})`;
  const radius = search.radiusKm * 1000;
  return sql`
    SELECT l.*, earth_distance(${centre}, ll_to_earth(l.lat, l.lng)) AS distance
    FROM lieux l
    WHERE l.lat IS NOT NULL
      AND earth_box(${centre}, ${radius}) @> ll_to_earth(l.lat, l.lng)
      AND earth_distance(${centre}, ll_to_earth(l.lat, l.lng)) <= ${radius}
      AND l.type = ${search.type}
      AND l.id <> ALL(${search.excluded}::int[])
    ORDER BY distance, l.id
  `;
}
