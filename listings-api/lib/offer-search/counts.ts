import { sql, type RawBuilder } from 'kysely';
import { OFFER_SIZE_KEYS } from '../../../shared/endpoints';
import type { Db } from '../../db/connection';
import { PRICE_BAND_THRESHOLDS } from '../../db/migrations/004-offer-search-indexes';
import { isOneOf, searchConditions } from './conditions';
import type { OfferFilters, ResolvedSearch } from './filters';
import { placeCountQuery, run, type PlaceScope } from './place-scope';
import { NATURE_PRICE_RANGE, PRICE_RANGES } from './sorting';

// The total of a search: from the offer_counts and offer_price_counts views where they answer,
// counted live otherwise.

const PRICE_KEYS: (keyof OfferFilters)[] = Object.values(PRICE_RANGES).flat();
const OTHER_KEYS: (keyof OfferFilters)[] = [
  ...OFFER_SIZE_KEYS,
  'dpe_max',
  'atouts',
  'agency',
  'network',
  'bbox',
];

/**
 * The total of a search, as one SQL expression. Place, nature and rubrique alone: the
 * offer_counts view. With the nature's own price range (and no rubrique): the price bands inside
 * the range from offer_price_counts, plus the ends of the range outside whole bands counted live
 * (on offer_places when the search is a PlaceScope, else on the offers table's sort indexes).
 * Anything else is counted live.
 */
export function totalExpression(
  search: ResolvedSearch,
  scope: PlaceScope | null = null,
): RawBuilder<number> {
  const f = search.filters;
  const live = (s: ResolvedSearch) =>
    sql<number>`(SELECT count(*)::integer FROM offers o WHERE ${searchConditions(s)})`;
  if (search.ids || OTHER_KEYS.some((key) => f[key] !== undefined)) return live(search);
  if (search.lieux && search.omrLieux) return live(search);
  const places = search.lieux ?? search.omrLieux ?? [0];
  if (places.length === 0) return sql<number>`0`;
  const priceKeys = PRICE_KEYS.filter((key) => f[key] !== undefined);
  if (priceKeys.length === 0) {
    return sql<number>`(SELECT coalesce(sum(n), 0)::integer FROM offer_counts
      WHERE lieu_id ${isOneOf(places)} AND rubrique_id ${isOneOf(search.rubriques ?? [0])}
      ${f.nature ? sql`AND nature = ${sql.lit(f.nature)}` : sql``})`;
  }
  if (!f.nature) return live(search);
  const [minKey, maxKey] = NATURE_PRICE_RANGE[f.nature];
  if (priceKeys.some((key) => key !== minKey && key !== maxKey)) return live(search);
  const low = (f[minKey] as number | undefined) ?? 0;
  const high = (f[maxKey] as number | undefined) ?? Number.POSITIVE_INFINITY;
  const inRange = (from: number, to: number): RawBuilder<number> => {
    const bounded = Number.isFinite(to) ? to : null;
    if (scope) return sql<number>`(${placeCountQuery(scope, { low: from, high: bounded })})`;
    return live({ ...search, filters: { ...f, [minKey]: from, [maxKey]: bounded ?? undefined } });
  };
  const bands = search.rubriques ? null : wholeBands(low, high);
  if (!bands) return scope ? inRange(low, high) : live(search);
  const parts = [
    sql<number>`(SELECT coalesce(sum(n), 0)::integer FROM offer_price_counts
      WHERE lieu_id ${isOneOf(places)} AND nature = ${sql.lit(f.nature)}
      AND band BETWEEN ${bands.first} AND ${bands.last})`,
    ...bands.ends.map(([from, to]) => inRange(from, to)),
  ];
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}
/** The total of a search (see totalExpression). */
export async function countSearch(
  db: Db,
  search: ResolvedSearch,
  scope: PlaceScope | null = null,
): Promise<number> {
  const rows = await run(
    db,
    sql<{ n: number }>`SELECT ${totalExpression(search, scope)} AS n`,
    scope,
  );
  return rows[0]?.n ?? 0;
}
/**
 * The price bands wholly inside [low, high] (whole euros), and the ends of the range left out of
 * them; null when no band fits. Band b holds [start(b), end(b)).
 */
export function wholeBands(
  low: number,
  high: number,
): { first: number; last: number; ends: [number, number][] } | null {
  const t = PRICE_BAND_THRESHOLDS;
  const start = (b: number) => (b === 0 ? 0 : t[b - 1]!);
  const end = (b: number) => (b < t.length ? t[b]! : Number.POSITIVE_INFINITY);
  let first = -1;
  let last = -1;
  for (let b = 0; b <= t.length; b++) {
    if (start(b) >= low && end(b) <= high + 1) {
      if (first < 0) first = b;
      last = b;
    }
  }
  if (first < 0) return null;
  const ends: [number, number][] = [];
  if (low < start(first)) ends.push([low, start(first) - 1]);
  if (Number.isFinite(end(last)) && end(last) <= high) ends.push([end(last), high]);
  return { first, last, ends };
}
