import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { AgencySort, AgencySummary, NatureId } from '../../shared/contract';
import type { Db } from '../db/connection';
import type { AgenciesTable } from '../db/types';
import { likeEscape } from '../lib/text';

// Agencies: their cards (directory, omr agency lists: the agency, its network and its review
// summary), the directory's search, one agency's row and its offer counts, and the lookups of
// other routes (a form's agency, a feed's agency, the sitemap).

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

export interface AgencyDirectorySearch {
  /** Inactive agencies too. */
  withInactives: boolean;
  network?: number;
  /** Agencies in these place subtrees (disjoint; [] matches nothing), null for anywhere. */
  places: number[] | null;
  /** The visitor's text with punctuation as spaces (searchText). */
  search?: string;
  sort: AgencySort;
  limit: number;
  offset: number;
}

/** One page of the agency directory and its total. */
export async function selectAgencyDirectory(
  db: Db,
  q: AgencyDirectorySearch,
): Promise<{ total: number; items: AgencySummary[] }> {
  const conds: RawBuilder<unknown>[] = [];
  if (!q.withInactives) conds.push(sql`a.active`);
  if (q.network !== undefined) conds.push(sql`a.network_id = ${q.network}`);
  if (q.places !== null) {
    conds.push(q.places.length > 0 ? sql`a.lieu_path && ${q.places}::int[]` : sql`false`);
  }
  let searchRank: RawBuilder<unknown> | null = null;
  if (q.search !== undefined) {
    // Name starts with the text, a word of it does, it contains it, or it is close (typo).
    const words = q.search;
    const text = sql`lower(unaccent(${words}))`;
    const pattern = sql`lower(unaccent(${likeEscape(words)}))`;
    conds.push(sql`(a.search_name LIKE ${pattern} || '%' OR a.search_name LIKE '%' || ${pattern} || '%'
          OR ${text} <% a.search_name)`);
    searchRank = sql`CASE WHEN a.search_name LIKE ${pattern} || '%' THEN 0
          WHEN a.search_name LIKE '%' || ${pattern} || '%' THEN 1 ELSE 2 END,
          word_similarity(${text}, a.search_name) DESC, similarity(${text}, a.search_name) DESC`;
  }
  const where = sql<boolean>`(${conds.length > 0 ? sql.join(conds, sql` AND `) : sql`true`})`;
  // Names are sorted as a reader expects (ICU's root collation, on PostgreSQL and PGlite
  // alike): accents and case second to the letters, a space before any letter, so "Cap
  // Saphir Nice" comes before "Cap Saphir Nice Centre" and "Èze" among the E. The id breaks
  // ties: pages never overlap. Relevance: how well the name matches when one is searched,
  // then the agency's relevance index (migration 006), then the name (the ranking page says
  // so).
  const byName = sql`a.name COLLATE "und-x-icu" ASC, a.id ASC`;
  const order =
    q.sort === 'az'
      ? byName
      : q.sort === 'za'
        ? sql`a.name COLLATE "und-x-icu" DESC, a.id DESC`
        : searchRank
          ? sql`${searchRank}, ${agencyRelevance} DESC, ${byName}`
          : sql`${agencyRelevance} DESC, ${byName}`;
  const [total, items] = await Promise.all([
    sql<{ n: number }>`SELECT count(*)::integer AS n FROM agencies a WHERE ${where}`
      .execute(db.kysely)
      .then((result) => result.rows[0]?.n ?? 0),
    selectAgencySummaries(db, where, order, q.limit, q.offset),
  ]);
  return { total, items };
}

/** An agency's row by id or slug (active ones only unless withInactives). */
export async function selectAgencyRow(
  db: Db,
  key: { id: number } | { slug: string },
  withInactives: boolean,
): Promise<Selectable<AgenciesTable> | undefined> {
  return db.kysely
    .selectFrom('agencies')
    .selectAll()
    .$if('id' in key, (qb) => qb.where('id', '=', (key as { id: number }).id))
    .$if('slug' in key, (qb) => qb.where('slug', '=', (key as { slug: string }).slug))
    .$if(!withInactives, (qb) => qb.where('active', '=', true))
    .executeTakeFirst();
}

/** The agency's active offers by nature (0 for a nature without any). */
export async function countAgencyOffers(
  db: Db,
  agencyId: number,
): Promise<Record<NatureId, number>> {
  const counts = await db.kysely
    .selectFrom('offers')
    .select(['nature', (eb) => eb.fn.countAll<number>().as('n')])
    .where('agency_id', '=', agencyId)
    .where('status', '=', 'active')
    .groupBy('nature')
    .execute();
  const offerCounts: Record<NatureId, number> = { V: 0, L: 0, S: 0 };
  for (const count of counts) offerCounts[count.nature] = Number(count.n);
  return offerCounts;
}

/** Whether the agency exists (active or not). */
export async function agencyExists(db: Db, id: number): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('agencies')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** The agency of a slug (active or not). */
export async function selectAgencyBySlug(
  db: Db,
  slug: string,
): Promise<{ id: number; slug: string; name: string } | undefined> {
  return db.kysely
    .selectFrom('agencies')
    .select(['id', 'slug', 'name'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}

/** Active agencies. */
export async function countActiveAgencies(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('agencies')
    .select(sql<number>`count(*)::integer`.as('n'))
    .where('active', '=', true)
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** Slugs of active agencies, by id, a slice at a time. */
export async function selectActiveAgencySlugs(
  db: Db,
  offset: number,
  limit: number,
): Promise<{ slug: string }[]> {
  return db.kysely
    .selectFrom('agencies')
    .select('slug')
    .where('active', '=', true)
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}
