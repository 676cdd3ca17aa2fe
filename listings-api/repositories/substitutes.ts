import { sql, type RawBuilder } from 'kysely';
import type { Bbox } from '../../shared/bbox';
import type { NatureId } from '../../shared/contract';
import type { Db } from '../db/connection';
import { nearbyLieuxQuery, type NearbySearch } from '../lib/nearby';
import { perLieuQuery, perRubriqueQuery } from '../lib/offer-counts';
import { inBbox } from '../lib/offer-search';

// The counts of GET /compteur's substitute searches (nearby places, parents, other rubriques),
// the three kinds in one statement.

export interface SubstituteSearch {
  /** Nearby places of the centre, or null for none. */
  nearby: NearbySearch | null;
  /** The centre's ancestors to count (none: no parents). */
  parents: number[];
  nature?: NatureId;
  /** Disjoint rubrique subtrees the searched offers are in ([0]: any). */
  rubriques: number[];
  /** Rubriques to count the searched places' offers of (none: no rubriques). */
  candidates: number[];
  /** Searched place subtrees (null: anywhere; [] matches nothing). */
  places: number[] | null;
  /** A map area: the rubriques are counted live inside it. */
  bbox?: Bbox;
}

export interface SubstituteCounts {
  nearby: { id: number; distance: number; n: number }[];
  parents: { lieu_id: number; n: number }[];
  rubriques: { rubrique_id: number; n: number }[];
}

export async function selectSubstituteCounts(
  db: Db,
  q: SubstituteSearch,
): Promise<SubstituteCounts> {
  const rowsOf = (query: RawBuilder<unknown> | null) =>
    query ? sql`(SELECT coalesce(json_agg(x), '[]') FROM (${query}) x)` : sql`'[]'::json`;
  const { places, candidates } = q;
  const result =
    await sql<SubstituteCounts>`SELECT ${rowsOf(q.nearby ? nearbyLieuxQuery(q.nearby) : null)} AS nearby,
        ${rowsOf(
          q.parents.length > 0
            ? perLieuQuery({ lieux: q.parents, nature: q.nature, rubriques: q.rubriques })
            : null,
        )} AS parents,
        ${rowsOf(
          candidates.length === 0
            ? null
            : q.bbox
              ? // A map area is counted live, through the offers' map index.
                sql`SELECT r.rubrique_id, count(*)::integer AS n
                  FROM offers o CROSS JOIN LATERAL unnest(o.rubrique_path) AS r(rubrique_id)
                  WHERE o.status = 'active' AND ${inBbox(q.bbox)}
                    AND r.rubrique_id = ANY(${candidates}::int[])
                    ${q.nature ? sql`AND o.nature = ${q.nature}` : sql``}
                    ${places ? (places.length === 0 ? sql`AND false` : sql`AND o.lieu_path && ${places}::int[]`) : sql``}
                  GROUP BY r.rubrique_id`
              : perRubriqueQuery({ lieux: places ?? [0], nature: q.nature }, candidates),
        )} AS rubriques`.execute(db.kysely);
  return result.rows[0]!;
}
