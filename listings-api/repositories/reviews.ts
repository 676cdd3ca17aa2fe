import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/connection';
import type { ReviewsTable } from '../db/types';

// Client reviews of an agency.

/** How many reviews the agency has and their average rating (2 decimals; null without any). */
export async function selectReviewSummary(
  db: Db,
  agencyId: number,
): Promise<{ total: number; average: number | null }> {
  const row = await db.kysely
    .selectFrom('reviews')
    .select([
      (eb) => eb.fn.countAll<number>().as('total'),
      sql<number | null>`round(avg(rating)::numeric, 2)::float8`.as('average'),
    ])
    .where('agency_id', '=', agencyId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), average: row.average };
}

/** One page of the agency's reviews, newest first whatever their language. */
export async function selectReviews(
  db: Db,
  agencyId: number,
  limit: number,
  offset: number,
): Promise<Selectable<ReviewsTable>[]> {
  return (
    db.kysely
      .selectFrom('reviews')
      .selectAll()
      .where('agency_id', '=', agencyId)
      // Newest first, whatever their language (the page marks a review in another language).
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute()
  );
}
