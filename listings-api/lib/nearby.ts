import { sql, type RawBuilder } from 'kysely';
import type { NatureId } from '../../shared/contract';

export interface NearbySearch {
  lat: number;
  lng: number;
  radiusKm: number;
  type: string;
  excluded: number[];
  /** Counted offers: of this nature (any when absent), in these disjoint rubriques ([0]: any). */
  nature?: NatureId;
  rubriques: number[];
  /** Places with fewer matching offers are left out (at least 1). */
  minCount: number;
  limit: number;
}

/**
 * Places of a kind within radiusKm of a point with their counts of matching active offers,
 * nearest first: the GiST index on their stored earth points (migration 010) finds the places,
 * offer_counts counts them.
 */
export function nearbyLieuxQuery(
  search: NearbySearch,
): RawBuilder<{ id: number; distance: number; n: number }> {
  const centre = sql`ll_to_earth(${search.lat}, ${search.lng})`;
  const radius = search.radiusKm * 1000;
  return sql`
    SELECT l.id, earth_distance(${centre}, l.earth) AS distance, c.n
    FROM lieux l
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(oc.n), 0)::integer AS n FROM offer_counts oc
      WHERE oc.lieu_id = l.id AND oc.rubrique_id = ANY(${search.rubriques}::int[])
        ${search.nature ? sql`AND oc.nature = ${search.nature}` : sql``}
    ) c
    WHERE l.earth IS NOT NULL
      AND earth_box(${centre}, ${radius}) @> l.earth
      AND earth_distance(${centre}, l.earth) <= ${radius}
      AND l.type = ${search.type}
      AND l.id <> ALL(${search.excluded}::int[])
      AND c.n >= ${Math.max(1, search.minCount)}
    ORDER BY distance, l.id
    LIMIT ${search.limit}
  `;
}
