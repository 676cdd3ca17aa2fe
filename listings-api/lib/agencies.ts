import { sql, type RawBuilder } from 'kysely';
import type { AgencySummary } from '../../shared/contract';
import type { Db } from '../db/connection';

// Agency cards (directory, omr agency lists): the agency, its network and its review summary.

interface AgencySummaryRow {
  id: number;
  slug: string;
  name: string;
  address: string;
  cp: string;
  ville: string;
  lieu_id: number;
  active: boolean;
  network_id: number | null;
  network_slug: string | null;
  network_name: string | null;
  reviews_total: number;
  reviews_average: number | null;
}

/** Columns of an agency card; the query must alias agencies `a`. */
export const agencySummaryColumns = sql`a.id, a.slug, a.name, a.address, a.cp, a.ville, a.lieu_id,
  a.active, n.id AS network_id, n.slug AS network_slug, n.name AS network_name,
  rv.total AS reviews_total, rv.average AS reviews_average`;

/** Joins of an agency card: its network `n` and review summary `rv`. */
export const agencySummaryJoins = sql`LEFT JOIN networks n ON n.id = a.network_id
  CROSS JOIN LATERAL (
    SELECT count(*)::integer AS total, round(avg(r.rating)::numeric, 2)::float8 AS average
    FROM reviews r WHERE r.agency_id = a.id
  ) rv`;

export function toAgencySummary(row: AgencySummaryRow): AgencySummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    address: row.address,
    cp: row.cp,
    ville: row.ville,
    lieu_id: row.lieu_id,
    active: row.active,
    network:
      row.network_id !== null
        ? { id: row.network_id, slug: row.network_slug ?? '', name: row.network_name ?? '' }
        : null,
    reviews: { total: row.reviews_total, average: row.reviews_average },
  };
}

/** Agency cards for the given ids, in the order of the ids. */
export async function agencySummariesByIds(db: Db, ids: number[]): Promise<AgencySummary[]> {
  if (ids.length === 0) return [];
  const result = await sql<AgencySummaryRow>`
    SELECT ${agencySummaryColumns} FROM agencies a ${agencySummaryJoins}
    WHERE a.id = ANY(${ids}::int[])
  `.execute(db.kysely);
  const byId = new Map(result.rows.map((row) => [row.id, toAgencySummary(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The relevance index of an agency (0 to 100, materialized view agency_relevance of migration
 * 006, which gives the formula); the query must alias agencies `a` and join agencyRelevanceJoin.
 * An agency created since the last rebuild of the view counts 0.
 */
export const agencyRelevance = sql<number>`coalesce(ar.relevance, 0)`;
export const agencyRelevanceJoin = sql`LEFT JOIN agency_relevance ar ON ar.agency_id = a.id`;

/**
 * One page of agency cards: the page's ids first, then their cards. `where` and `order` may use
 * the agency `a` and its relevance (agencyRelevance).
 */
export async function selectAgencySummaries(
  db: Db,
  where: RawBuilder<boolean>,
  order: RawBuilder<unknown>,
  limit: number,
  offset: number,
): Promise<AgencySummary[]> {
  const page = await sql<{ id: number }>`
    SELECT a.id FROM agencies a ${agencyRelevanceJoin}
    WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
  `.execute(db.kysely);
  return agencySummariesByIds(
    db,
    page.rows.map((row) => row.id),
  );
}
