import { sql, type RawBuilder } from 'kysely';
import type { Lang, NatureId, OfferSort } from '../../../shared/contract';
import type { OfferFilters } from './filters';

// The orders of a result list and the page asked: the sort keys (and the condition "after the
// current offer" of the navigation), the price column each price sort reads and its range filters.

interface SortKey {
  expr: RawBuilder<unknown>;
  desc: boolean;
}

// Hidden or missing prices sort last on every price sort, whatever the direction.
function priceSort(column: string, desc: boolean): SortKey[] {
  const col = sql.ref(`o.${column}`);
  return [
    { expr: sql`(o.prix_cache OR ${col} IS NULL)`, desc: false },
    { expr: sql`coalesce(${col}, 0)`, desc },
    { expr: sql`o.id`, desc },
  ];
}

const SORT_KEYS: Record<OfferSort, SortKey[]> = {
  default: [
    { expr: sql`o.premium`, desc: true },
    { expr: sql`o.published_at`, desc: true },
    { expr: sql`o.id`, desc: true },
  ],
  new: [
    { expr: sql`o.published_at`, desc: true },
    { expr: sql`o.id`, desc: true },
  ],
  price_asc: priceSort('price', false),
  price_desc: priceSort('price', true),
  rent_asc: priceSort('monthly_rent', false),
  rent_desc: priceSort('monthly_rent', true),
  weekly_rent_asc: priceSort('weekly_rent', false),
  weekly_rent_desc: priceSort('weekly_rent', true),
};

export function orderBy(sort: OfferSort, reverse = false): RawBuilder<unknown> {
  return sql.join(
    SORT_KEYS[sort].map(
      (key) => sql`${key.expr} ${sql.raw(key.desc !== reverse ? 'DESC' : 'ASC')}`,
    ),
  );
}

/**
 * Offers strictly after (or before) the row `cur` in the sort order, where `cur` holds the sort
 * keys k0..kn of the current offer: k0 > c0 OR (k0 = c0 AND k1 > c1) OR ...
 */
export function beyond(sort: OfferSort, direction: 'after' | 'before'): RawBuilder<boolean> {
  const keys = SORT_KEYS[sort];
  const alternatives = keys.map((key, i) => {
    const equalBefore = keys.slice(0, i).map((k, j) => sql`${k.expr} = ${sql.ref(`cur.k${j}`)}`);
    const later = key.desc === (direction === 'after') ? '<' : '>';
    return sql.join(
      [...equalBefore, sql`${key.expr} ${sql.raw(later)} ${sql.ref(`cur.k${i}`)}`],
      sql` AND `,
    );
  });
  return sql<boolean>`(${sql.join(
    alternatives.map((a) => sql`(${a})`),
    sql` OR `,
  )})`;
}

/** The sort keys of the offer as columns k0..kn (for `cur` in beyond()). */
export function sortKeyColumns(sort: OfferSort): RawBuilder<unknown> {
  return sql.join(SORT_KEYS[sort].map((key, i) => sql`${key.expr} AS ${sql.ref(`k${i}`)}`));
}
export interface PageOptions {
  lang: Lang;
  sort: OfferSort;
  limit: number;
  offset: number;
  /** The search bounds the sorted price column (so no offer lacks it). */
  priceFiltered?: boolean;
}

/** The range filters of each price column. */ export const PRICE_RANGES = {
  price: ['prix_min', 'prix_max'],
  monthly_rent: ['loyer_min', 'loyer_max'],
  weekly_rent: ['loyer_semaine_min', 'loyer_semaine_max'],
} as const satisfies Record<string, readonly [keyof OfferFilters, keyof OfferFilters]>;
type PriceColumn = keyof typeof PRICE_RANGES;
/** The range filters of each nature's price: sale price (V), monthly rent (L), weekly rent (S). */
export const NATURE_PRICE_RANGE = {
  V: PRICE_RANGES.price,
  L: PRICE_RANGES.monthly_rent,
  S: PRICE_RANGES.weekly_rent,
} as const satisfies Record<NatureId, readonly [keyof OfferFilters, keyof OfferFilters]>;
export const PRICE_SORT_COLUMN: Partial<Record<OfferSort, PriceColumn>> = {
  price_asc: 'price',
  price_desc: 'price',
  rent_asc: 'monthly_rent',
  rent_desc: 'monthly_rent',
  weekly_rent_asc: 'weekly_rent',
  weekly_rent_desc: 'weekly_rent',
};
/** Whether the search bounds the price column that `sort` orders by. */
export function boundsSortedPrice(filters: OfferFilters, sort: OfferSort): boolean {
  const column = PRICE_SORT_COLUMN[sort];
  const keys = column ? PRICE_RANGES[column] : [];
  return keys.some((key) => filters[key] !== undefined);
}
