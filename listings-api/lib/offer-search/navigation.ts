import { sql } from 'kysely';
import type { Lang, OfferRef, OfferSort } from '../../../shared/contract';
import type { Db } from '../../db/connection';
import { searchConditions } from './conditions';
import type { ResolvedSearch } from './filters';
import { beyond, orderBy, sortKeyColumns } from './sorting';

// The previous and next offers of an offer page within its search, and its rank there, in one
// statement: `cur` holds the current offer's sort keys, each neighbour is the first offer beyond
// them in one direction.

export interface OfferNeighbours {
  /** The offer is in the search (otherwise the rest is empty). */
  found: boolean;
  /** Offers of the search before it in the sort order. */
  before: number;
  previous: OfferRef | null;
  next: OfferRef | null;
}

export async function selectNeighbours(
  db: Db,
  search: ResolvedSearch,
  sort: OfferSort,
  currentId: number,
  lang: Lang,
): Promise<OfferNeighbours> {
  const where = searchConditions(search);
  const neighbour = (direction: 'after' | 'before') => sql`(
        SELECT json_build_object('id', o.id, 'slug', o.slug, 'nature', json_build_object('id', o.nature),
          'rubrique', json_build_object('id', o.rubrique_id),
          'lieu', json_build_object('id', o.lieu_id, 'slug', (SELECT l.slug FROM lieux l WHERE l.id = o.lieu_id)),
          'titre1', ${sql.ref(`o.titre1_${lang}`)})
        FROM offers o, cur
        WHERE ${where} AND ${beyond(sort, direction)}
        ORDER BY ${orderBy(sort, direction === 'before')} LIMIT 1)`;
  const result = await sql<OfferNeighbours>`
          WITH cur AS (SELECT ${sortKeyColumns(sort)} FROM offers o WHERE o.id = ${currentId} AND ${where})
          SELECT EXISTS (SELECT 1 FROM cur) AS found,
            (SELECT count(*)::integer FROM offers o, cur WHERE ${where} AND ${beyond(sort, 'before')}) AS before,
            ${neighbour('before')} AS previous,
            ${neighbour('after')} AS next
        `.execute(db.kysely);
  return result.rows[0]!;
}
