import { sql, type RawBuilder } from 'kysely';
import type { NatureId, OfferSort } from '../../../shared/contract';
import type { Db } from '../../db/connection';
import type { Reference } from '../reference';
import { intArray, isOneOf } from './conditions';
import { FILTER_KEYS, type ResolvedSearch } from './filters';
import { NATURE_PRICE_RANGE, type PageOptions } from './sorting';

// Searches that offer_places (migration 008, decision 005) serves: one nature in places, their
// pages and the counts of a price range, read without the offers table.

/**
 * A search that offer_places (migration 008) serves: a nature, places (disjoint subtrees), maybe
 * rubriques and the nature's own price range, in the default, newest or own-price order.
 */
export interface PlaceScope {
  nature: NatureId;
  /** Disjoint place subtrees, at least one. */
  lieux: number[];
  /** The offers' rubrique ids allowed (the searched rubriques and everything below), null for any. */
  rubriques: number[] | null;
  low: number | null;
  high: number | null;
}

const PLACE_SCOPE_SORTS: Record<NatureId, readonly OfferSort[]> = {
  V: ['default', 'new', 'price_asc', 'price_desc'],
  L: ['default', 'new', 'rent_asc', 'rent_desc'],
  S: ['default', 'new', 'weekly_rent_asc', 'weekly_rent_desc'],
};

/** The search as a PlaceScope, or null when it needs the offers table (see PlaceScope). */
export function placeScope(
  ref: Reference,
  search: ResolvedSearch,
  sort: OfferSort,
): PlaceScope | null {
  const f = search.filters;
  if (!f.nature || search.ids || !PLACE_SCOPE_SORTS[f.nature].includes(sort)) return null;
  const lieux = search.lieux ?? search.omrLieux;
  if (!lieux || lieux.length === 0 || (search.lieux && search.omrLieux)) return null;
  const [minKey, maxKey] = NATURE_PRICE_RANGE[f.nature];
  const others = FILTER_KEYS.filter(
    (key) =>
      f[key] !== undefined &&
      !['nature', 'rubrique', 'lieu', 'omr_list_id', minKey, maxKey].includes(key),
  );
  if (others.length > 0) return null;
  return {
    nature: f.nature,
    lieux,
    rubriques: search.rubriques ? rubriqueSubtrees(ref, search.rubriques) : null,
    low: (f[minKey] as number | undefined) ?? null,
    high: (f[maxKey] as number | undefined) ?? null,
  };
}

/** The rubriques listed and every rubrique below them. */
function rubriqueSubtrees(ref: Reference, ids: number[]): number[] {
  const listed = new Set(ids);
  return [...ref.rubriques.keys()].filter((id) => {
    const seen = new Set<number>();
    for (let at: number | null = id; at !== null && !seen.has(at);) {
      if (listed.has(at)) return true;
      seen.add(at);
      at = ref.rubriques.get(at)?.parent_id ?? null;
    }
    return false;
  });
}

/** Conditions on offer_places `p` of a scope's place `place`, and an optional price range. */
function placeConditions(
  scope: PlaceScope,
  place: RawBuilder<unknown>,
  range: { low: number | null; high: number | null },
  priceIndex: boolean,
): RawBuilder<boolean> {
  const conds: RawBuilder<unknown>[] = [
    sql`p.lieu_id ${place}`,
    sql`p.nature = ${sql.lit(scope.nature)}`,
  ];
  if (scope.rubriques) conds.push(sql`p.rubrique_id = ANY(${intArray(scope.rubriques)})`);
  // amount leaves out missing prices; sort_amount (equal to it otherwise) is the key of the price
  // index, named only where that index is the one to walk: a generic plan of a list in another
  // order would otherwise take it for a short range and sort every offer of a large place.
  const key = (op: '>=' | '<=', value: number) =>
    priceIndex ? sql` AND p.sort_amount ${sql.raw(op)} ${value}` : sql``;
  if (range.low !== null) conds.push(sql`p.amount >= ${range.low}${key('>=', range.low)}`);
  if (range.high !== null) conds.push(sql`p.amount <= ${range.high}${key('<=', range.high)}`);
  return sql<boolean>`(${sql.join(conds, sql` AND `)})`;
}

/**
 * The ids of one page of a PlaceScope search, in the sort's order: for each place, a range of the
 * offer_places index of the sort, walked in order up to the page's end, then merged. A price sort
 * takes the visible prices first (price_last false), then the hidden or missing ones.
 */
export function placePageIdsQuery(
  scope: PlaceScope,
  options: PageOptions,
): RawBuilder<{ id: number }> {
  // Sizes are parameters: one statement text serves every page, so a connection holds a few
  // prepared statements, not one per page (their plans are the same). Flags are literals: the
  // generic plan knows which part of an index each walks.
  const { limit, offset } = options;
  const upTo = limit + offset;
  const { sort } = options;
  const where = placeConditions(
    scope,
    sql`= s.lieu_id`,
    scope,
    sort !== 'default' && sort !== 'new',
  );
  const places =
    scope.lieux.length === 1
      ? sql`(VALUES (${scope.lieux[0]}::integer)) AS s(lieu_id)`
      : sql`unnest(${intArray(scope.lieux)}) AS s(lieu_id)`;
  if (sort === 'default' || sort === 'new') {
    const keys =
      sort === 'default'
        ? sql`p.premium DESC, p.published_at DESC, p.offer_id DESC`
        : sql`p.published_at DESC, p.offer_id DESC`;
    return sql`SELECT p.offer_id AS id FROM ${places}
      CROSS JOIN LATERAL (SELECT p.premium, p.published_at, p.offer_id FROM offer_places p
        WHERE ${where} ORDER BY ${keys} LIMIT ${upTo}) p
      ORDER BY ${keys} LIMIT ${limit} OFFSET ${offset}`;
  }
  const dir = sql.raw(sort.endsWith('_desc') ? 'DESC' : 'ASC');
  // Within a range the missing prices are left out by the range itself (amount is null).
  const part = (last: boolean) => sql`(SELECT p.price_last, p.sort_amount, p.offer_id
      FROM offer_places p WHERE ${where} AND p.price_last = ${sql.lit(last)}
      ORDER BY p.sort_amount ${dir}, p.offer_id ${dir} LIMIT ${upTo})`;
  return sql`SELECT p.offer_id AS id FROM ${places}
    CROSS JOIN LATERAL (${part(false)} UNION ALL ${part(true)}) p
    ORDER BY p.price_last, p.sort_amount ${dir}, p.offer_id ${dir} LIMIT ${limit} OFFSET ${offset}`;
}

/** Offers of a PlaceScope search whose amount is in [low, high] (each bound optional). */
export function placeCountQuery(
  scope: PlaceScope,
  range: { low: number | null; high: number | null },
): RawBuilder<{ n: number }> {
  // price_last = ANY(...): both parts of the price index, each a range of amounts.
  const where = placeConditions(scope, isOneOf(scope.lieux), range, true);
  return sql<{ n: number }>`SELECT count(*)::integer AS n FROM offer_places p
    WHERE ${where} AND p.price_last = ANY('{f,t}'::boolean[])`;
}
/** Runs a query, as a prepared statement when it only reads a PlaceScope's tables and views. */
export async function run<R>(db: Db, query: RawBuilder<R>, scope: PlaceScope | null): Promise<R[]> {
  // A PlaceScope's queries have one good plan whatever the place; those of the offers table
  // depend on how many offers the place holds (planned each time).
  return scope ? db.prepared(query) : (await query.execute(db.kysely)).rows;
}
