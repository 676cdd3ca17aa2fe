import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { ATOUTS, NatureIdSchema, OfferSortSchema } from '../../../shared/contract';
import { BboxParam } from '../../../shared/bbox';
import { ENERGY_CLASSES } from '../../../shared/energy-rules';
import { idListParam, idParam, intParam, keywordListParam } from '../params';
import { topmostRubriques, type Reference } from '../reference';

// The criteria of an offer search: its query-string entries, their canonical form (and
// search_key), and the places, zones, omr lists and rubriques they name resolved from the
// reference data in memory.

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
  /** The worst DPE class accepted ('C': A to C); offers without a class are left out. */
  dpe_max: v.optional(
    v.picklist(ENERGY_CLASSES, `must be one of the classes ${ENERGY_CLASSES.join(', ')}`),
  ),
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

export const FILTER_KEYS = Object.keys(offerFilterEntries) as (keyof OfferFilters)[];

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
