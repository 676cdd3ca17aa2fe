import { sql, type RawBuilder } from 'kysely';
import type { OfferSummary } from '../../../shared/contract';
import type { Db } from '../../db/connection';
import type { Reference } from '../reference';
import { countSearch, totalExpression } from './counts';
import { searchConditions } from './conditions';
import type { ResolvedSearch } from './filters';
import { placePageIdsQuery, run, type PlaceScope } from './place-scope';
import { orderBy, PRICE_SORT_COLUMN, type PageOptions } from './sorting';
import { summaryColumns, toOfferSummary, withDistinctPhotos, type SummaryRow } from './summaries';

// The list query: the ids of one page (walking a sort index, or offer_places for a PlaceScope),
// then their cards, with the search's total in the same statement.

/**
 * The ids of one page, in the sort's order. Each part walks a sort index (migrations 004, 005) in
 * order and stops once the page is full. A price sort is up to three ordered parts merged:
 * visible prices, hidden prices, missing prices (the last two sort last, as SORT_KEYS says).
 */
export function pageIdsQuery(
  where: RawBuilder<boolean>,
  options: PageOptions,
): RawBuilder<{ id: number }> {
  const { sort, limit, offset } = options;
  const column = PRICE_SORT_COLUMN[sort];
  if (!column) {
    return sql`SELECT o.id FROM offers o WHERE ${where}
      ORDER BY ${orderBy(sort)} LIMIT ${limit} OFFSET ${offset}`;
  }
  const dir = sql.raw(sort.endsWith('_desc') ? 'DESC' : 'ASC');
  const col = sql.ref(`o.${column}`);
  const upTo = limit + offset;
  // Offers without this price only when no range on it rules them out.
  const missing = options.priceFiltered
    ? sql``
    : sql`UNION ALL
      (SELECT o.id, true, 0 FROM offers o
        WHERE ${where} AND ${col} IS NULL
        ORDER BY o.id ${dir} LIMIT ${upTo})`;
  return sql`SELECT id FROM (
      (SELECT o.id, false AS hidden, ${col} AS amount FROM offers o
        WHERE ${where} AND NOT o.prix_cache AND ${col} IS NOT NULL
        ORDER BY ${col} ${dir}, o.id ${dir} LIMIT ${upTo})
      UNION ALL
      (SELECT o.id, true, ${col} FROM offers o
        WHERE ${where} AND o.prix_cache AND ${col} IS NOT NULL
        ORDER BY ${col} ${dir}, o.id ${dir} LIMIT ${upTo})
      ${missing}
    ) page
    ORDER BY hidden, amount ${dir}, id ${dir} LIMIT ${limit} OFFSET ${offset}`;
}
/** The query of one page of offer cards: the page's ids, then their cards. */
export function offerPageQuery(
  where: RawBuilder<boolean>,
  options: PageOptions,
  scope: PlaceScope | null = null,
  total: RawBuilder<number> | null = null,
): RawBuilder<SummaryRow & { total?: number }> {
  const ids = scope ? placePageIdsQuery(scope, options) : pageIdsQuery(where, options);
  return sql<SummaryRow & { total?: number }>`
    SELECT ${summaryColumns(options.lang)}${total ? sql`, ${total} AS total` : sql``}
    FROM (${ids}) page
    JOIN offers o ON o.id = page.id
    JOIN agencies a ON a.id = o.agency_id
    ORDER BY ${orderBy(options.sort)}
  `;
}

function offerCountQuery(where: RawBuilder<boolean>): RawBuilder<{ n: number }> {
  return sql<{ n: number }>`SELECT count(*)::integer AS n FROM offers o WHERE ${where}`;
}
export async function selectOfferSummaries(
  db: Db,
  ref: Reference,
  where: RawBuilder<boolean>,
  options: PageOptions,
): Promise<OfferSummary[]> {
  const result = await offerPageQuery(where, options).execute(db.kysely);
  return withDistinctPhotos(result.rows).map((row) => toOfferSummary(row, options.lang, ref));
}

export async function countOffers(db: Db, where: RawBuilder<boolean>): Promise<number> {
  const result = await offerCountQuery(where).execute(db.kysely);
  return result.rows[0]?.n ?? 0;
}
/**
 * One page of a search and its total in one statement: the total is a column of every card (an
 * empty page counts on its own).
 */
export async function selectOfferPage(
  db: Db,
  ref: Reference,
  search: ResolvedSearch,
  options: PageOptions,
  scope: PlaceScope | null,
): Promise<{ total: number; items: OfferSummary[] }> {
  const total = totalExpression(search, scope);
  const query = offerPageQuery(searchConditions(search), options, scope, total);
  const rows = await run(db, query, scope);
  return {
    total: rows[0]?.total ?? (await countSearch(db, search, scope)),
    items: withDistinctPhotos(rows).map((row) => toOfferSummary(row, options.lang, ref)),
  };
}
