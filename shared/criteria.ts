import type { MessageDescriptor } from '@lingui/core';
import { OFFER_SORTS, type Config, type Lieu, type NatureId, type OfferSort } from './contract';
import { canonicalBbox } from './bbox';
import { energyClass, type EnergyClass } from './energy-rules';
import { indexConfig, rubriqueAppliesTo, type ConfigIndex } from './config-index';
import {
  bedroomsAboveRooms,
  minLandAboveMax,
  minPriceAboveMax,
  minRentAboveMax,
  minSurfaceAboveMax,
} from './messages';
import { parseId } from './validation';

// The search criteria pipeline: one module converts between the four forms of a search (the
// URL query of spec section 2, the criteria object of section 3, the listings-API parameters and
// the alert payload of section 7) and the stored search of section 4. Every rule of sections 4
// and 5 lives here once: `normaliseCriteria` applies them all and every conversion goes through it.

// ---------------------------------------------------------------------------------------------
// Sort

/** Offer sort keys: the URL `sort` values are the listings-API `sort` names of the contract. */
export const SORT_KEYS = OFFER_SORTS;
export type SortKey = OfferSort;
export const DEFAULT_SORT: SortKey = 'default';

const SORTS_BY_NATURE: Record<NatureId, readonly SortKey[]> = {
  V: ['default', 'new', 'price_asc', 'price_desc'],
  L: ['default', 'new', 'rent_asc', 'rent_desc'],
  S: ['default', 'new', 'weekly_rent_asc', 'weekly_rent_desc'],
};

/** The sort options that make sense for a nature (spec section 9), default first. */
export function sortOptionsFor(nature: NatureId): readonly SortKey[] {
  return SORTS_BY_NATURE[nature];
}

// ---------------------------------------------------------------------------------------------
// Criteria

export interface SearchCriteria {
  nature: NatureId;
  /** Rubrique ids, ascending; `[genericId]` when no rubrique is chosen. */
  rubriques: number[];
  /** Lieu id; the generic lieu's id when no place is chosen. */
  lieu: number;
  maxPrice: number | null;
  minPrice: number | null;
  maxMonthlyRent: number | null;
  minMonthlyRent: number | null;
  maxWeeklyRent: number | null;
  minWeeklyRent: number | null;
  roomsCount: number | null;
  bedRoomsCount: number | null;
  maxSurface: number | null;
  minSurface: number | null;
  maxSurfaceTerrain: number | null;
  minSurfaceTerrain: number | null;
  /** The worst DPE class accepted ('C': A to C); offers without a class are left out. */
  dpeMax: EnergyClass | null;
  /** Asset keys of settings.formCriteriasAssets, in settings order. */
  assets: string[];
  sort: SortKey;
  /** 1-based. */
  page: number;
  /**
   * A map area, `west,south,east,north` rounded (shared/bbox.ts): offers inside it ("Rechercher
   * dans cette zone"). Absent when the search has none.
   */
  bbox?: string;
  /** The results shown on a map (`view=map`); absent for the list. */
  view?: 'map';
  /**
   * The place's wider list (`nearby=1`): a place pointing to an omr list (Megève → its resorts)
   * is searched over that list only when the visitor chose it; absent, the place's own offers.
   */
  nearby?: true;
}

export type NumericField =
  | 'maxPrice'
  | 'minPrice'
  | 'maxMonthlyRent'
  | 'minMonthlyRent'
  | 'maxWeeklyRent'
  | 'minWeeklyRent'
  | 'roomsCount'
  | 'bedRoomsCount'
  | 'maxSurface'
  | 'minSurface'
  | 'maxSurfaceTerrain'
  | 'minSurfaceTerrain';

/**
 * Upper bounds of accepted numbers: anything above is treated as not a number (null). They are
 * the listings API's own bounds, so a criterion the pipeline keeps is never refused upstream.
 */
export const MAX_AMOUNT = 2_000_000_000; // euros: prices and rents
export const MAX_SURFACE = 100_000_000; // m², land included (100 km²)
export const MAX_COUNT = 999; // rooms and bedrooms
export const MAX_PAGE = 10_000;
/** At most this many ids or keys are read from a list parameter (rubs, assets). */
export const MAX_LIST_LENGTH = 50;

type Kind = 'amount' | 'surface' | 'count';
const MAX_BY_KIND: Record<Kind, number> = {
  amount: MAX_AMOUNT,
  surface: MAX_SURFACE,
  count: MAX_COUNT,
};

interface NumberFieldSpec {
  field: NumericField;
  query: string;
  api: string;
  kind: Kind;
  /** Price fields belong to one nature; the others to all. */
  nature?: NatureId;
}

/** Numeric criteria in canonical URL order, with their URL and listings-API names. */
export const NUMBER_FIELDS: readonly NumberFieldSpec[] = [
  { field: 'minPrice', query: 'price_min', api: 'prix_min', kind: 'amount', nature: 'V' },
  { field: 'maxPrice', query: 'price_max', api: 'prix_max', kind: 'amount', nature: 'V' },
  {
    field: 'minMonthlyRent',
    query: 'monthly_rent_min',
    api: 'loyer_min',
    kind: 'amount',
    nature: 'L',
  },
  {
    field: 'maxMonthlyRent',
    query: 'monthly_rent_max',
    api: 'loyer_max',
    kind: 'amount',
    nature: 'L',
  },
  {
    field: 'minWeeklyRent',
    query: 'weekly_rent_min',
    api: 'loyer_semaine_min',
    kind: 'amount',
    nature: 'S',
  },
  {
    field: 'maxWeeklyRent',
    query: 'weekly_rent_max',
    api: 'loyer_semaine_max',
    kind: 'amount',
    nature: 'S',
  },
  { field: 'roomsCount', query: 'nb_rooms', api: 'nb_pieces', kind: 'count' },
  { field: 'bedRoomsCount', query: 'nb_bedrooms', api: 'nb_chambres', kind: 'count' },
  { field: 'minSurface', query: 'area_min', api: 'surface_min', kind: 'surface' },
  { field: 'maxSurface', query: 'area_max', api: 'surface_max', kind: 'surface' },
  {
    field: 'minSurfaceTerrain',
    query: 'field_area_min',
    api: 'surface_terrain_min',
    kind: 'surface',
  },
  {
    field: 'maxSurfaceTerrain',
    query: 'field_area_max',
    api: 'surface_terrain_max',
    kind: 'surface',
  },
];

/** Min/max pairs: a minimum above its maximum is left out of URLs and API calls. */
const RANGES: readonly {
  min: NumericField;
  max: NumericField;
  message: MessageDescriptor;
}[] = [
  { min: 'minPrice', max: 'maxPrice', message: minPriceAboveMax },
  { min: 'minMonthlyRent', max: 'maxMonthlyRent', message: minRentAboveMax },
  { min: 'minWeeklyRent', max: 'maxWeeklyRent', message: minRentAboveMax },
  { min: 'minSurface', max: 'maxSurface', message: minSurfaceAboveMax },
  { min: 'minSurfaceTerrain', max: 'maxSurfaceTerrain', message: minLandAboveMax },
];
const MAX_OF_MIN = new Map<NumericField, NumericField>(RANGES.map((r) => [r.min, r.max]));

/** The price fields of each nature: sale price for V, monthly rent for L, weekly rent for S. */
export const PRICE_FIELDS: Record<
  NatureId,
  { min: NumericField; max: NumericField; minKey: string; maxKey: string }
> = {
  V: { min: 'minPrice', max: 'maxPrice', minKey: 'price_min', maxKey: 'price_max' },
  L: {
    min: 'minMonthlyRent',
    max: 'maxMonthlyRent',
    minKey: 'monthly_rent_min',
    maxKey: 'monthly_rent_max',
  },
  S: {
    min: 'minWeeklyRent',
    max: 'maxWeeklyRent',
    minKey: 'weekly_rent_min',
    maxKey: 'weekly_rent_max',
  },
};

/** The result-list query keys of spec section 2, in canonical order. */
export const SEARCH_QUERY_KEYS = [
  'rubs',
  ...NUMBER_FIELDS.map((f) => f.query),
  'dpe_max',
  'assets',
  'bbox',
  'page',
  'sort',
  'view',
] as const;

// ---------------------------------------------------------------------------------------------
// Numbers

const SPACES = /[\s\u00a0\u202f]/g;
const THOUSANDS_WITH_COMMAS = /^\d{1,3}(?:,\d{3})+$/;
const PLAIN_NUMBER = /^\d+(?:[.,]\d+)?$/;

/**
 * A non-negative number from user input, rounded to a whole number, or null.
 * Accepts digits with spaces as thousands separators ('1 500 000'), commas as thousands
 * separators ('1,500,000') or as the decimal mark ('1500,5'); refuses signs, exponents, hex,
 * NaN, Infinity and anything above `max`.
 * @example parseCriteriaNumber('1 500 000', MAX_AMOUNT) // 1500000
 */
export function parseCriteriaNumber(raw: unknown, max: number): number | null {
  let n: number;
  if (typeof raw === 'number') {
    n = raw;
  } else if (typeof raw === 'string') {
    if (raw.length > 40) return null;
    let s = raw.replace(SPACES, '');
    if (THOUSANDS_WITH_COMMAS.test(s)) s = s.replace(/,/g, '');
    if (!PLAIN_NUMBER.test(s)) return null;
    n = Number(s.replace(',', '.'));
  } else {
    return null;
  }
  if (!Number.isFinite(n) || n < 0 || n > max) return null;
  return Math.round(n);
}

/** A page number: a whole number from 2 to MAX_PAGE, anything else is page 1. */
function parsePage(raw: unknown): number {
  const n = typeof raw === 'string' && /^\d{1,6}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
  return typeof n === 'number' && Number.isInteger(n) && n >= 2 && n <= MAX_PAGE ? n : 1;
}

// ---------------------------------------------------------------------------------------------
// The rules, once

/** Loosely typed criteria as they come from a query, a stored search or a form. */
export type CriteriaInput = { [K in keyof SearchCriteria]?: unknown };

function toList(raw: unknown): unknown[] {
  if (raw === undefined || raw === null) return [];
  return (Array.isArray(raw) ? raw : [raw]).slice(0, MAX_LIST_LENGTH);
}

function cleanRubriques(raw: unknown, nature: NatureId, index: ConfigIndex): number[] {
  const ids = new Set<number>();
  for (const item of toList(raw)) {
    const id = parseId(item);
    if (id === null || id === index.generic.id) continue;
    if (rubriqueAppliesTo(index, id, nature)) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

function cleanAssets(raw: unknown, index: ConfigIndex): string[] {
  const keys = new Set<string>();
  for (const item of toList(raw)) {
    if (typeof item === 'string' && index.assetOrder.has(item)) keys.add(item);
  }
  return [...keys].sort((a, b) => index.assetOrder.get(a)! - index.assetOrder.get(b)!);
}

function cleanNature(raw: unknown, index: ConfigIndex): NatureId {
  return index.enabledNatures.find((n) => n === raw) ?? index.defaultNature;
}

/**
 * Criteria with every rule applied: enabled nature (else the first enabled one), rubriques that
 * exist and apply to the nature (else the generic rubrique), the generic lieu when none, numbers
 * or null within bounds, only the price fields of the nature, known assets without duplicates
 * in settings order, a sort valid for the nature, page 1 or more.
 */
export function normaliseCriteria(input: CriteriaInput, config: Config): SearchCriteria {
  const index = indexConfig(config);
  const nature = cleanNature(input.nature, index);
  const rubriques = cleanRubriques(input.rubriques, nature, index);
  const sort = sortOptionsFor(nature).find((s) => s === input.sort) ?? DEFAULT_SORT;
  const criteria: SearchCriteria = {
    nature,
    rubriques: rubriques.length > 0 ? rubriques : [index.generic.id],
    lieu: parseId(input.lieu) ?? config.genericLieu.id,
    maxPrice: null,
    minPrice: null,
    maxMonthlyRent: null,
    minMonthlyRent: null,
    maxWeeklyRent: null,
    minWeeklyRent: null,
    roomsCount: null,
    bedRoomsCount: null,
    maxSurface: null,
    minSurface: null,
    maxSurfaceTerrain: null,
    minSurfaceTerrain: null,
    dpeMax: energyClass(input.dpeMax),
    assets: cleanAssets(input.assets, index),
    sort,
    page: parsePage(input.page),
  };
  for (const spec of NUMBER_FIELDS) {
    if (spec.nature && spec.nature !== nature) continue;
    criteria[spec.field] = parseCriteriaNumber(input[spec.field], MAX_BY_KIND[spec.kind]);
  }
  const bbox = typeof input.bbox === 'string' ? canonicalBbox(input.bbox) : null;
  if (bbox !== null) criteria.bbox = bbox;
  if (input.view === 'map') criteria.view = 'map';
  if (input.nearby === true || input.nearby === '1') criteria.nearby = true;
  return criteria;
}

/** The default search: first enabled nature, generic rubrique and lieu, no filter. */
export function defaultCriteria(config: Config): SearchCriteria {
  return normaliseCriteria({}, config);
}

/** The non-generic rubriques of criteria (an empty list means every category). */
export function chosenRubriques(criteria: SearchCriteria, config: Config): number[] {
  const generic = indexConfig(config).generic.id;
  return criteria.rubriques.filter((id) => id !== generic);
}

/**
 * The rubrique a result-list path carries: the only chosen rubrique, or null when none or
 * several are chosen (several go in the `rubs` query parameter instead).
 */
export function pathRubriqueOf(criteria: SearchCriteria, config: Config): number | null {
  const chosen = chosenRubriques(normaliseCriteria(criteria, config), config);
  return chosen.length === 1 ? chosen[0]! : null;
}

/** The numeric criteria as they go out: a minimum above its maximum is left out. */
function outgoingNumbers(criteria: SearchCriteria): Map<NumericField, number> {
  const out = new Map<NumericField, number>();
  for (const spec of NUMBER_FIELDS) {
    const value = criteria[spec.field];
    if (value === null) continue;
    const maxField = MAX_OF_MIN.get(spec.field);
    const max = maxField ? criteria[maxField] : null;
    if (max !== null && value > max) continue;
    out.set(spec.field, value);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// URL query (spec section 2)

export type QueryInput = URLSearchParams | Record<string, string | string[] | undefined>;

function queryValues(query: QueryInput, key: string): string[] {
  if (query instanceof URLSearchParams) return query.getAll(key);
  const value: unknown = Object.prototype.hasOwnProperty.call(query, key) ? query[key] : undefined;
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/** The first value of a repeated key wins. */
function firstValue(query: QueryInput, key: string): string | undefined {
  return queryValues(query, key)[0];
}

/** Every value of a list key, repeated or comma-separated. */
function listValues(query: QueryInput, key: string): string[] {
  return queryValues(query, key)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '')
    .slice(0, MAX_LIST_LENGTH);
}

/** What the path of a search page already says (resolved by the route table and the loader). */
export interface SearchPathContext {
  config: Config;
  nature?: NatureId | null;
  /** Rubrique id from the path. */
  rubrique?: number | null;
  /** Lieu id resolved from the path's slug. */
  lieu?: number | null;
}

/**
 * Criteria from a result-list URL query plus what the path says. Bad values are dropped, never
 * thrown: a malformed query still renders a page.
 * @example parseSearchQuery(new URLSearchParams('price_max=900000&assets=piscine'), { config, nature: 'V' })
 */
export function parseSearchQuery(query: QueryInput, ctx: SearchPathContext): SearchCriteria {
  const input: CriteriaInput = {
    nature: ctx.nature ?? undefined,
    rubriques: [...(ctx.rubrique != null ? [ctx.rubrique] : []), ...listValues(query, 'rubs')],
    lieu: ctx.lieu ?? undefined,
    dpeMax: firstValue(query, 'dpe_max'),
    assets: listValues(query, 'assets'),
    sort: firstValue(query, 'sort'),
    page: firstValue(query, 'page'),
    bbox: firstValue(query, 'bbox'),
    view: firstValue(query, 'view'),
    nearby: firstValue(query, 'nearby'),
  };
  for (const spec of NUMBER_FIELDS) input[spec.field] = firstValue(query, spec.query);
  return normaliseCriteria(input, ctx.config);
}

/**
 * The canonical URL query of criteria: keys in spec order, only the price keys of the nature,
 * a minimum only if it does not exceed its maximum, `rubs` only when several rubriques are chosen
 * (a single one goes in the path, see `pathRubriqueOf`), page only above 1, sort only when not
 * the default.
 */
export function toSearchQuery(criteria: SearchCriteria, ctx: { config: Config }): URLSearchParams {
  const c = normaliseCriteria(criteria, ctx.config);
  const query = new URLSearchParams();
  const chosen = chosenRubriques(c, ctx.config);
  if (chosen.length > 1) query.set('rubs', chosen.join(','));
  const numbers = outgoingNumbers(c);
  for (const spec of NUMBER_FIELDS) {
    const value = numbers.get(spec.field);
    if (value !== undefined) query.set(spec.query, String(value));
  }
  if (c.dpeMax) query.set('dpe_max', c.dpeMax);
  if (c.assets.length > 0) query.set('assets', c.assets.join(','));
  if (c.bbox) query.set('bbox', c.bbox);
  if (c.page > 1) query.set('page', String(c.page));
  if (c.sort !== DEFAULT_SORT) query.set('sort', c.sort);
  if (c.view) query.set('view', c.view);
  if (c.nearby) query.set('nearby', '1');
  return query;
}

// ---------------------------------------------------------------------------------------------
// Listings API (spec section 7)

/**
 * The part of a lieu the API parameters need: a lieu pointing to an omr list searches its places
 * when the criteria ask for its wider list (`nearby`).
 */
export type LieuTarget = Pick<Lieu, 'id' | 'omr_list_id'>;

export interface ApiContext {
  config: Config;
  /** The lieu object of criteria.lieu, when the caller has it (needed for omr lists). */
  lieu?: LieuTarget | null;
}

/**
 * Listings-API parameters of `GET /offre` (and `/offre/navigation`, `/compteur`), all strings,
 * lists comma-separated. The generic rubrique and the generic lieu are left out (no filter).
 * A lieu pointing to an omr list is searched with `omr_list_id` instead of `lieu` when the
 * criteria ask for that wider list (`nearby`), else by itself like any place; a zone is
 * sent as its own id (the API reads a zone as its members).
 * @example new URLSearchParams(toApiParams(criteria, { config, lieu }))
 */
export function toApiParams(criteria: SearchCriteria, ctx: ApiContext): Record<string, string> {
  const c = normaliseCriteria(criteria, ctx.config);
  const params: Record<string, string> = { nature: c.nature };
  const chosen = chosenRubriques(c, ctx.config);
  if (chosen.length > 0) params.rubrique = chosen.join(',');
  if (c.lieu !== ctx.config.genericLieu.id) {
    const target = ctx.lieu && ctx.lieu.id === c.lieu ? ctx.lieu : null;
    if (c.nearby && target?.omr_list_id != null) params.omr_list_id = String(target.omr_list_id);
    else params.lieu = String(c.lieu);
  }
  const numbers = outgoingNumbers(c);
  for (const spec of NUMBER_FIELDS) {
    const value = numbers.get(spec.field);
    if (value !== undefined) params[spec.api] = String(value);
  }
  if (c.dpeMax) params.dpe_max = c.dpeMax;
  if (c.assets.length > 0) params.atouts = c.assets.join(',');
  if (c.bbox) params.bbox = c.bbox;
  params.sort = c.sort;
  params.page = String(c.page);
  return params;
}

// ---------------------------------------------------------------------------------------------
// Alert payload (spec section 7)

export interface AlertPayload {
  nature: NatureId;
  /** Chosen rubriques; empty for every category. */
  rubrique: number[];
  /** Null for the generic lieu (everywhere). */
  lieu: number | null;
  omr_list_id: number | null;
  prix_max: number | null;
  prix_min: number | null;
  nb_pieces: number | null;
  nb_chambres: number | null;
  surface_max: number | null;
  surface_min: number | null;
  surface_terrain_max: number | null;
  surface_terrain_min: number | null;
  /** The worst DPE class accepted, absent without one. */
  dpe_max?: EnergyClass | null;
  atouts: string[];
  /** A map area (`west,south,east,north`), absent without one. */
  bbox?: string | null;
}

/**
 * The alert payload of `POST /alerte` (without email, consent and lang, which the form adds):
 * prix_min/prix_max come from the sale price for V, the monthly rent for L, the weekly rent for S.
 */
export function toAlertPayload(criteria: SearchCriteria, ctx: ApiContext): AlertPayload {
  const c = normaliseCriteria(criteria, ctx.config);
  const numbers = outgoingNumbers(c);
  const n = (field: NumericField) => numbers.get(field) ?? null;
  const price = PRICE_FIELDS[c.nature];
  const generic = c.lieu === ctx.config.genericLieu.id;
  const target = ctx.lieu && ctx.lieu.id === c.lieu ? ctx.lieu : null;
  return {
    nature: c.nature,
    rubrique: chosenRubriques(c, ctx.config),
    lieu: generic ? null : c.lieu,
    omr_list_id: generic || !c.nearby ? null : (target?.omr_list_id ?? null),
    prix_max: n(price.max),
    prix_min: n(price.min),
    nb_pieces: n('roomsCount'),
    nb_chambres: n('bedRoomsCount'),
    surface_max: n('maxSurface'),
    surface_min: n('minSurface'),
    surface_terrain_max: n('maxSurfaceTerrain'),
    surface_terrain_min: n('minSurfaceTerrain'),
    atouts: c.assets,
    ...(c.dpeMax ? { dpe_max: c.dpeMax } : {}),
    ...(c.bbox ? { bbox: c.bbox } : {}),
  };
}

/**
 * The search criteria of a saved alert (its payload read back from the listings API): the
 * inverse of `toAlertPayload`, so an alert's search can be listed, linked to and run again.
 * prix_min/prix_max go back to the price fields of the nature.
 */
export function alertPayloadToCriteria(
  payload: Pick<AlertPayload, 'nature'> & Partial<Omit<AlertPayload, 'nature'>>,
  ctx: { config: Config },
): SearchCriteria {
  const price = PRICE_FIELDS[payload.nature];
  return normaliseCriteria(
    {
      nature: payload.nature,
      rubriques: payload.rubrique ?? [],
      lieu: payload.lieu ?? undefined,
      [price.min]: payload.prix_min,
      [price.max]: payload.prix_max,
      roomsCount: payload.nb_pieces,
      bedRoomsCount: payload.nb_chambres,
      minSurface: payload.surface_min,
      maxSurface: payload.surface_max,
      minSurfaceTerrain: payload.surface_terrain_min,
      maxSurfaceTerrain: payload.surface_terrain_max,
      dpeMax: payload.dpe_max,
      assets: payload.atouts ?? [],
      bbox: payload.bbox ?? undefined,
      nearby: payload.omr_list_id != null ? true : undefined,
    },
    ctx.config,
  );
}

// ---------------------------------------------------------------------------------------------
// Stored search (spec section 4)

/** The search kept in local storage: criteria without page, the generic rubrique and lieu dropped. */
export type StoredSearch = Omit<SearchCriteria, 'page' | 'lieu'> & {
  /** Null when the search was for the generic lieu. */
  lieu: number | null;
};

/**
 * The stored form of criteria: drops the generic rubrique, numbers or null, only assets present
 * in the settings, unknown keys ignored. Accepts loosely typed input (for instance the parsed
 * JSON of local storage).
 */
export function toStoredSearch(criteria: CriteriaInput, ctx: { config: Config }): StoredSearch {
  const c = normaliseCriteria(criteria, ctx.config);
  const { page: _page, ...rest } = c;
  // The view (list or map) is kept with the search: the visitor comes back to it.
  return {
    ...rest,
    rubriques: chosenRubriques(c, ctx.config),
    lieu: c.lieu === ctx.config.genericLieu.id ? null : c.lieu,
  };
}

/** A stored search read back from local storage, or null when it is not an object. */
export function parseStoredSearch(raw: unknown, ctx: { config: Config }): StoredSearch | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  return toStoredSearch(raw as CriteriaInput, ctx);
}

function topLevels(rubriques: readonly number[], index: ConfigIndex): Set<number> {
  const tops = new Set<number>();
  for (const id of rubriques) {
    const top = index.topLevel.get(id);
    if (top != null) tops.add(top);
  }
  return tops;
}

/**
 * Restores a stored search over the current one (spec section 4). The stored nature, rubriques
 * and criteria override the current search only if no nature is set (`current` null), or the
 * nature is the same and the top-level category matches (or either side has no rubrique).
 * `storedLieu` is the stored lieu as the caller fetched it by id (null when the fetch failed:
 * the current lieu is kept).
 */
export function mergeStoredSearch(
  current: SearchCriteria | null,
  stored: StoredSearch,
  ctx: { config: Config },
  storedLieu?: { id: number } | null,
): SearchCriteria {
  const index = indexConfig(ctx.config);
  if (current !== null) {
    if (stored.nature !== current.nature) return current;
    const currentTops = topLevels(current.rubriques, index);
    const storedTops = topLevels(stored.rubriques, index);
    const overlap = [...currentTops].some((t) => storedTops.has(t));
    if (currentTops.size > 0 && storedTops.size > 0 && !overlap) return current;
  }
  let lieu: number | null | undefined;
  if (stored.lieu === null) lieu = null;
  else if (storedLieu && storedLieu.id === stored.lieu) lieu = storedLieu.id;
  else lieu = current?.lieu;
  return normaliseCriteria({ ...stored, lieu, page: current?.page ?? 1 }, ctx.config);
}

// ---------------------------------------------------------------------------------------------
// Search form validation (spec section 5)

export interface SearchFormError {
  /** The criteria field the message belongs next to. */
  field: NumericField;
  message: MessageDescriptor;
}

/**
 * The search form's errors: each minimum above its maximum (prices, monthly and weekly rents,
 * surfaces, land surfaces) and bedrooms above rooms. Equal values are accepted, as in URLs.
 */
export function validateSearchForm(
  criteria: Partial<Pick<SearchCriteria, NumericField>>,
): SearchFormError[] {
  const errors: SearchFormError[] = [];
  const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  for (const range of RANGES) {
    const min = criteria[range.min];
    const max = criteria[range.max];
    if (isNumber(min) && isNumber(max) && min > max) {
      errors.push({ field: range.min, message: range.message });
    }
  }
  const { roomsCount: rooms, bedRoomsCount: bedrooms } = criteria;
  if (isNumber(rooms) && isNumber(bedrooms) && bedrooms > rooms) {
    errors.push({ field: 'bedRoomsCount', message: bedroomsAboveRooms });
  }
  return errors;
}
