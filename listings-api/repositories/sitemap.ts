import { sql } from 'kysely';
import type { NatureId } from '../../shared/contract';
import type { Db } from '../db/connection';
import type { Reference } from '../lib/reference';

// The result lists of the web app's sitemap: the rows of the offer_counts view that are real
// lists (some offers, no generic place or rubrique, a place that exists).

/** offer_counts rows of real lists: the generic place and rubrique are the 0 rows. */
function listRows(ref: Reference, hubs: boolean) {
  return sql`
      FROM offer_counts c
      LEFT JOIN lieux l ON l.id = c.lieu_id
      WHERE c.n > 0
        AND c.lieu_id <> ${ref.genericLieu.id}
        AND c.rubrique_id <> ${ref.genericRubriqueId}
        AND (c.lieu_id = 0 OR l.id IS NOT NULL)
        ${hubs ? sql`AND c.rubrique_id = 0 AND c.lieu_id <> 0` : sql``}`;
}

/** How many result lists have offers; hubs: only the lists of a place, any rubrique. */
export async function countSitemapLists(db: Db, ref: Reference, hubs: boolean): Promise<number> {
  const result = await sql<{
    n: number;
  }>`SELECT count(*)::integer AS n ${listRows(ref, hubs)}`.execute(db.kysely);
  return result.rows[0]?.n ?? 0;
}

export interface SitemapListRow {
  nature: NatureId;
  rubrique_id: number;
  lieu_id: number;
  lieu_slug: string | null;
  n: number;
}

/** A slice of the result lists, in a stable order. */
export async function selectSitemapLists(
  db: Db,
  ref: Reference,
  q: { hubs: boolean; offset: number; limit: number },
): Promise<SitemapListRow[]> {
  const result = await sql<SitemapListRow>`
        SELECT c.nature, c.rubrique_id, c.lieu_id, l.slug AS lieu_slug, c.n ${listRows(ref, q.hubs)}
        ORDER BY c.nature, c.lieu_id, c.rubrique_id
        OFFSET ${q.offset} LIMIT ${q.limit}`.execute(db.kysely);
  return result.rows;
}
