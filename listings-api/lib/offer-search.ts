import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import * as v from 'valibot';
import {
  ATOUTS,
  NatureIdSchema,
  OfferSortSchema,
  PRICE_REDUCED_DAYS,
  type Lang,
  type NatureId,
  type OfferSort,
  type OfferSummary,
} from '../../shared/contract';
import { BboxParam, type Bbox } from '../../shared/bbox';
import type { Db } from '../db/connection';
import type { PhotoRow } from '../db/types';
import { PRICE_BAND_THRESHOLDS } from '../db/migrations/004-offer-search-indexes';
import { isoDate, toPhoto } from './mappers';
import { idListParam, idParam, intParam, keywordListParam } from './params';
import { topmostRubriques, type Reference } from './reference';

// The offer search of GET /offre, /offre/navigation and /offre/premium: its parameters, their
// normalised form (and search_key), and the SQL they turn into. Every condition matches an index
// of the offers table (GIN on the *_path arrays and atouts, btree on nature + price columns).

const money = v.optional(intParam(0, 2_000_000_000));
const count = v.optional(intParam(0, 1000));
const area = v.optional(intParam(0, 100_000_000));

/** Filters of an offer search (spec section 7), as query-string entries. */
export const offerFilterEntries = {
  nature: v.optional(NatureIdSchema),
  /** Rubrique ids: offers whose rubrique is one of them or below one of them. */
  rubrique: v.optional(idListParam(50)),
  /** Place ids: offers in the subtree of any of them (a zone stands for its members). */
  lieu: v.optional(idListParam(50)),
  /** An omr list: offers in the subtree of any of its places. */
  omr_list_id: v.optional(idParam),
  prix_min: money,
  prix_max: money,
  loyer_min: money,
  loyer_max: money,
  loyer_semaine_min: money,
  loyer_semaine_max: money,
  /** At least this many rooms. */
  nb_pieces: count,
  /** At least this many bedrooms. */
  nb_chambres: count,
  surface_min: area,
  surface_max: area,
  surface_terrain_min: area,
  surface_terrain_max: area,
  /** Offers having every one of these assets. */
  atouts: v.optional(keywordListParam(ATOUTS)),
  agency: v.optional(idParam),
  network: v.optional(idParam),
  /** A map area `west,south,east,north`: offers whose coordinates are inside it. */
  bbox: v.optional(BboxParam),
};

const RANGES = [
  ['prix_min', 'prix_max'],
  ['loyer_min', 'loyer_max'],
  ['loyer_semaine_min', 'loyer_semaine_max'],
  ['surface_min', 'surface_max'],
  ['surface_terrain_min', 'surface_terrain_max'],
] as const;

type RangeInput = Partial<Record<(typeof RANGES)[number][number], number>>;

/** Wraps query entries with the rule "a minimum must not exceed its maximum", naming the minimum. */
export function withRangeChecks<const E extends v.ObjectEntries>(entries: E) {
  return v.pipe(
    v.object(entries),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const input = dataset.value as RangeInput;
      for (const [min, max] of RANGES) {
        const low = input[min];
        const high = input[max];
        if (low !== undefined && high !== undefined && low > high) {
          addIssue({
            message: `must not exceed ${max}`,
            path: [{ type: 'object', origin: 'value', input, key: min, value: low }],
          });
        }
      }
    }),
  );
}

export const sortEntry = { sort: v.optional(OfferSortSchema, 'default') };

/** Parsed filters, before places and rubriques are resolved. */
export type OfferFilters = {
  [K in keyof typeof offerFilterEntries]?: v.InferOutput<(typeof offerFilterEntries)[K]>;
};

const FILTER_KEYS = Object.keys(offerFilterEntries) as (keyof OfferFilters)[];

/** The filters alone, in a canonical form: keys in order, lists sorted, empty values left out. */
export function normaliseFilters(input: OfferFilters): OfferFilters {
  const out: Record<string, unknown> = {};
  for (const key of [...FILTER_KEYS].sort()) {
    const value = input[key];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      out[key] = [...new Set<number | string>(value)].sort((a, b) =>
        typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)),
      );
    } else out[key] = value;
  }
  return out as OfferFilters;
}

/**
 * A stable hash of a search's filters: the same filters give the same key whatever their order,
 * the page, the limit, the sort or the language.
 */
export function searchKey(input: OfferFilters): string {
  return createHash('sha256')
    .update(JSON.stringify(normaliseFilters(input)))
    .digest('base64url')
    .slice(0, 22);
}

export const searchKeyParam = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{22}$/, 'must be a search_key returned by GET /offre'),
);

/** Filters with places, zones, omr lists and rubriques resolved to what the SQL needs. */
export interface ResolvedSearch {
  filters: OfferFilters;
  /** Place subtrees (disjoint), null for anywhere; [] matches nothing. */
  lieux: number[] | null;
  /** Places of the omr list, null without one; [] matches nothing. */
  omrLieux: number[] | null;
  /** Rubrique subtrees (disjoint), null for any rubrique. */
  rubriques: number[] | null;
  /** Only these offers (favourites), obsolete ones included. */
  ids: number[] | null;
}

/**
 * Resolves zones to their members and drops places or rubriques covered by another listed one
 * (all from the reference data in memory).
 */
export function resolveSearch(
  ref: Reference,
  filters: OfferFilters,
  ids: number[] | null = null,
): ResolvedSearch {
  let rubriques: number[] | null = null;
  if (filters.rubrique) {
    const listed = filters.rubrique.filter((id) => id !== ref.genericRubriqueId);
    if (listed.length > 0) rubriques = topmostRubriques(ref, listed);
  }
  const lieux = filters.lieu ? resolveLieux(ref, filters.lieu) : null;
  let omrLieux: number[] | null = null;
  if (filters.omr_list_id !== undefined) {
    const places = ref.omrLists.get(filters.omr_list_id) ?? [];
    omrLieux = places.length > 0 ? resolveLieux(ref, places) : [];
  }
  return { filters, lieux, omrLieux, rubriques, ids };
}

/**
 * Place ids → disjoint subtrees: zones become their members, unknown ids are dropped, the
 * generic place means anywhere (null).
 */
export function resolveLieux(ref: Reference, ids: number[]): number[] | null {
  if (ids.includes(ref.genericLieu.id)) return null;
  const rows = ids.flatMap((id) => ref.lieux.get(id) ?? []);
  const members = rows
    .filter((row) => row.type === 'Zones')
    .flatMap((row) => row.lieux.flatMap((id) => ref.lieux.get(id) ?? []));
  const places = [...rows.filter((row) => row.type !== 'Zones'), ...members];
  if (places.some((place) => place.id === ref.genericLieu.id)) return null;
  const listed = new Set(places.map((place) => place.id));
  return [...listed].filter(
    (id) => !ref.lieux.get(id)!.ancestors.some((a) => a !== id && listed.has(a)),
  );
}

function intArray(ids: number[]): RawBuilder<number[]> {
  return sql<number[]>`${ids}::int[]`;
}

/**
 * `= id` for one id, `= ANY(ids)` for several: a prepared statement's generic plan then knows
 * that one place is one value, not a list of unknown length.
 */
function isOneOf(ids: number[]): RawBuilder<unknown> {
  return ids.length === 1 ? sql`= ${ids[0]}::integer` : sql`= ANY(${intArray(ids)})`;
}

/**
 * Offers `o` whose coordinates are in the box (edges included), through the offers_map_point
 * index (migration 013); offers without coordinates are in no box.
 */
export function inBbox(box: Bbox): RawBuilder<boolean> {
  return sql<boolean>`point(o.lng, o.lat) <@ box(point(${box.west}::float8, ${box.south}::float8),
    point(${box.east}::float8, ${box.north}::float8))`;
}

/** The WHERE conditions of a search, on the offers table aliased `o`. */
export function searchConditions(search: ResolvedSearch): RawBuilder<boolean> {
  const f = search.filters;
  const conds: RawBuilder<unknown>[] = [];
  if (search.ids) conds.push(sql`o.id = ANY(${intArray(search.ids)})`);
  else conds.push(sql`o.status = 'active'`);
  if (f.nature) conds.push(sql`o.nature = ${f.nature}`);
  if (search.rubriques) {
    conds.push(
      search.rubriques.length === 1
        ? sql`o.rubrique_path @> ${intArray(search.rubriques)}`
        : sql`o.rubrique_path && ${intArray(search.rubriques)}`,
    );
  }
  for (const places of [search.lieux, search.omrLieux]) {
    if (!places) continue;
    if (places.length === 0) conds.push(sql`false`);
    else if (places.length === 1) conds.push(sql`o.lieu_path @> ${intArray(places)}`);
    else conds.push(sql`o.lieu_path && ${intArray(places)}`);
  }
  const bounds: [number | undefined, string, '>=' | '<='][] = [
    [f.prix_min, 'price', '>='],
    [f.prix_max, 'price', '<='],
    [f.loyer_min, 'monthly_rent', '>='],
    [f.loyer_max, 'monthly_rent', '<='],
    [f.loyer_semaine_min, 'weekly_rent', '>='],
    [f.loyer_semaine_max, 'weekly_rent', '<='],
    [f.nb_pieces, 'rooms', '>='],
    [f.nb_chambres, 'bedrooms', '>='],
    [f.surface_min, 'surface', '>='],
    [f.surface_max, 'surface', '<='],
    [f.surface_terrain_min, 'field_surface', '>='],
    [f.surface_terrain_max, 'field_surface', '<='],
  ];
  for (const [value, column, op] of bounds) {
    if (value !== undefined) conds.push(sql`${sql.ref(`o.${column}`)} ${sql.raw(op)} ${value}`);
  }
  if (f.atouts && f.atouts.length > 0) conds.push(sql`o.atouts @> ${f.atouts}::text[]`);
  if (f.agency !== undefined) conds.push(sql`o.agency_id = ${f.agency}`);
  if (f.network !== undefined) {
    conds.push(sql`o.agency_id IN (SELECT id FROM agencies WHERE network_id = ${f.network})`);
  }
  if (f.bbox) conds.push(inBbox(f.bbox));
  return sql<boolean>`(${sql.join(conds, sql` AND `)})`;
}

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

export interface SummaryRow {
  id: number;
  slug: string;
  nature: NatureId;
  rubrique_id: number;
  lieu_id: number;
  agency_id: number;
  agency_slug: string;
  agency_name: string;
  titre1: string;
  titre2: string;
  price: number | null;
  monthly_rent: number | null;
  weekly_rent: number | null;
  prix_cache: boolean;
  surface: number | null;
  field_surface: number | null;
  rooms: number | null;
  bedrooms: number | null;
  reference: string;
  published_at: Date | string;
  exclusivity: boolean;
  premium: boolean;
  status: 'active' | 'obsolete';
  photo: PhotoRow | null;
  price_reduced: boolean;
}

/**
 * The 'price reduced' flag of a card, from the offer's own row (no join, no change of plan): the
 * last change was a drop (the import sets price_reduced_at, a rise clears it), recent enough, and
 * the price is shown.
 */
const PRICE_REDUCED = sql`coalesce(NOT o.prix_cache
    AND o.price_reduced_at > now() - ${sql.lit(`${PRICE_REDUCED_DAYS} days`)}::interval, false)`;

/**
 * The columns of an offer card; the query must join agencies `a`. The place's slug and name come
 * from the reference data (toOfferSummary), not from a join per card.
 */
export function summaryColumns(lang: Lang): RawBuilder<unknown> {
  const t = (column: string) => sql.ref(`${column}_${lang}`);
  return sql`o.id, o.slug, o.nature, o.rubrique_id, o.lieu_id, a.id AS agency_id,
    a.slug AS agency_slug, a.name AS agency_name, ${t('o.titre1')} AS titre1,
    ${t('o.titre2')} AS titre2, o.price,
    o.monthly_rent, o.weekly_rent, o.prix_cache, o.surface, o.field_surface, o.rooms, o.bedrooms,
    o.reference, o.published_at, o.exclusivity, o.premium, o.status, o.cover_photo AS photo,
    ${PRICE_REDUCED} AS price_reduced`;
}

export function toOfferSummary(row: SummaryRow, lang: Lang, ref: Reference): OfferSummary {
  const lieu = ref.lieux.get(row.lieu_id);
  if (!lieu) throw new Error(`offer ${row.id} points to a missing place ${row.lieu_id}`);
  return {
    id: row.id,
    slug: row.slug,
    nature: { id: row.nature },
    rubrique: { id: row.rubrique_id },
    lieu: {
      id: lieu.id,
      slug: lieu.slug,
      libelle: lang === 'en' ? lieu.libelle_en : lieu.libelle_fr,
    },
    agency: { id: row.agency_id, slug: row.agency_slug, name: row.agency_name },
    titre1: row.titre1,
    titre2: row.titre2,
    price: row.price,
    monthlyRent: row.monthly_rent,
    weeklyRent: row.weekly_rent,
    prixCache: row.prix_cache,
    surface: row.surface,
    fieldSurface: row.field_surface,
    rooms: row.rooms,
    bedrooms: row.bedrooms,
    reference: row.reference,
    date: isoDate(row.published_at),
    exclusivity: row.exclusivity,
    premium: row.premium,
    status: row.status,
    photo: row.photo ? toPhoto(row.photo, lang) : null,
    priceReduced: row.price_reduced,
  };
}

export interface PageOptions {
  lang: Lang;
  sort: OfferSort;
  limit: number;
  offset: number;
  /** The search bounds the sorted price column (so no offer lacks it). */
  priceFiltered?: boolean;
}

/** The range filters of each price column. */
const PRICE_RANGES = {
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

const PRICE_SORT_COLUMN: Partial<Record<OfferSort, PriceColumn>> = {
  price_asc: 'price',
  price_desc: 'price',
  rent_asc: 'monthly_rent',
  rent_desc: 'monthly_rent',
  weekly_rent_asc: 'weekly_rent',
  weekly_rent_desc: 'weekly_rent',
};

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
function placeCountQuery(
  scope: PlaceScope,
  range: { low: number | null; high: number | null },
): RawBuilder<{ n: number }> {
  // price_last = ANY(...): both parts of the price index, each a range of amounts.
  const where = placeConditions(scope, isOneOf(scope.lieux), range, true);
  return sql<{ n: number }>`SELECT count(*)::integer AS n FROM offer_places p
    WHERE ${where} AND p.price_last = ANY('{f,t}'::boolean[])`;
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

/** Whether the search bounds the price column that `sort` orders by. */
export function boundsSortedPrice(filters: OfferFilters, sort: OfferSort): boolean {
  const column = PRICE_SORT_COLUMN[sort];
  const keys = column ? PRICE_RANGES[column] : [];
  return keys.some((key) => filters[key] !== undefined);
}

export async function selectOfferSummaries(
  db: Db,
  ref: Reference,
  where: RawBuilder<boolean>,
  options: PageOptions,
): Promise<OfferSummary[]> {
  const result = await offerPageQuery(where, options).execute(db.kysely);
  return result.rows.map((row) => toOfferSummary(row, options.lang, ref));
}

export async function countOffers(db: Db, where: RawBuilder<boolean>): Promise<number> {
  const result = await offerCountQuery(where).execute(db.kysely);
  return result.rows[0]?.n ?? 0;
}

const PRICE_KEYS: (keyof OfferFilters)[] = Object.values(PRICE_RANGES).flat();
const OTHER_KEYS: (keyof OfferFilters)[] = [
  'nb_pieces',
  'nb_chambres',
  'surface_min',
  'surface_max',
  'surface_terrain_min',
  'surface_terrain_max',
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

/** Runs a query, as a prepared statement when it only reads a PlaceScope's tables and views. */
async function run<R>(db: Db, query: RawBuilder<R>, scope: PlaceScope | null): Promise<R[]> {
  // A PlaceScope's queries have one good plan whatever the place; those of the offers table
  // depend on how many offers the place holds (planned each time).
  return scope ? db.prepared(query) : (await query.execute(db.kysely)).rows;
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
    items: rows.map((row) => toOfferSummary(row, options.lang, ref)),
  };
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
