import type { Config, Lang, LieuSuggestion, NatureId } from './contract';
import { NATURE_IDS } from './contract';
import {
  NUMBER_FIELDS,
  parseSearchQuery,
  validateSearchForm,
  type SearchCriteria,
  type SearchFormError,
} from './criteria';
import { searchHref } from './routes';
import { LOWER_SLUG } from './validation';

// The search form's fields are the result-list query names (spec section 2) plus `nature` and the
// place (`lieu_q` text, `lieu` chosen slug, `lieu_label` the text it was chosen with). The same
// functions turn a submitted form into its target URL in the browser and in the BFF's
// /{lang}/search/ endpoint (the form without JavaScript), so both land on the same URL.

/**
 * Whether a submitted form keeps its map area (`bbox`): the place field still shows the area's
 * label, untouched (no place chosen). A place typed or chosen instead replaces the area.
 */
export function formKeepsArea(form: URLSearchParams): boolean {
  const text = (form.get('lieu_q') ?? '').trim();
  const label = (form.get('lieu_label') ?? '').trim();
  return form.has('bbox') && (form.get('lieu') ?? '') === '' && text !== '' && text === label;
}

/** Criteria of a submitted search form (back to page 1; bad values dropped by the pipeline). */
export function criteriaFromForm(form: URLSearchParams, config: Config): SearchCriteria {
  const raw = form.get('nature');
  const nature = NATURE_IDS.find((n) => n === raw) as NatureId | undefined;
  const query = new URLSearchParams(form);
  query.delete('page');
  if (!formKeepsArea(form)) query.delete('bbox');
  return parseSearchQuery(query, { config, nature: nature ?? null });
}

export type FormPlace =
  | { kind: 'none' }
  | { kind: 'slug'; slug: string }
  /** Text typed without choosing a suggestion: the first suggestion for it is taken. */
  | { kind: 'text'; text: string };

/** The place a submitted form names. */
export function placeFromForm(form: URLSearchParams): FormPlace {
  const text = (form.get('lieu_q') ?? '').trim().slice(0, 100);
  const slug = (form.get('lieu') ?? '').trim();
  const label = (form.get('lieu_label') ?? '').trim();
  if (text === '' || formKeepsArea(form)) return { kind: 'none' };
  if (LOWER_SLUG.test(slug) && text === label) return { kind: 'slug', slug };
  return { kind: 'text', text };
}

export interface SearchFormTarget {
  href: string;
  errors: SearchFormError[];
}

/**
 * The result-list URL of a search form. When the form breaks a rule of spec section 5 (a minimum
 * above its maximum, more bedrooms than rooms), the refused minimum is kept in the URL so the
 * page can show the message; the search itself leaves it out (shared/criteria.ts).
 */
export function searchFormTarget(
  criteria: SearchCriteria,
  lieuSlug: string | null,
  lang: Lang,
  config: Config,
): SearchFormTarget {
  const c = { ...criteria, page: 1 };
  const errors = validateSearchForm(c);
  let target = searchHref(c, lieuSlug, lang, config);
  if (errors.length > 0) {
    const [path, search = ''] = target.split('?');
    const query = new URLSearchParams(search);
    for (const error of errors) {
      const spec = NUMBER_FIELDS.find((f) => f.field === error.field);
      const value = c[error.field];
      if (spec && value !== null && !query.has(spec.query)) query.set(spec.query, String(value));
    }
    target = `${path}?${query}`;
  }
  return { href: target, errors };
}

// ---------------------------------------------------------------------------------------------
// A typed place that names no place

/**
 * The query parameter of a result list that carries typed text no place answers to: the page
 * says so next to the place field, keeps the text and offers the closest places.
 */
export const UNKNOWN_PLACE_PARAM = 'lieu_q';

/** Longest unknown text carried in a URL (the form field's own limit). */
const UNKNOWN_PLACE_MAX = 100;

/** The unknown place text of a result-list URL query (null when none). */
export function unknownPlaceOf(query: URLSearchParams): string | null {
  const text = (query.get(UNKNOWN_PLACE_PARAM) ?? '').trim().slice(0, UNKNOWN_PLACE_MAX);
  return text === '' ? null : text;
}

/** A result-list href with the unknown place text added to its query. */
export function withUnknownPlace(href: string, text: string): string {
  const [path, search = ''] = href.split('?');
  const query = new URLSearchParams(search);
  query.set(UNKNOWN_PLACE_PARAM, text.trim().slice(0, UNKNOWN_PLACE_MAX));
  return `${path}?${query}`;
}

/** How many closest places an unknown text is offered. */
export const CLOSEST_PLACES = 5;

/**
 * The places closest to a text no place answers to, from the place search: the text itself,
 * then its first half, then its first three letters ('Parisxyz' finds Paris). Empty when none.
 */
export async function closestPlaces(
  text: string,
  search: (q: string, limit: number) => Promise<LieuSuggestion[]>,
): Promise<LieuSuggestion[]> {
  const tried = new Set<string>();
  const clean = text.trim();
  for (const q of [clean, clean.slice(0, Math.ceil(clean.length / 2)), clean.slice(0, 3)]) {
    const key = q.toLowerCase();
    if (q.length < 2 || tried.has(key)) continue;
    tried.add(key);
    const found = await search(q, CLOSEST_PLACES);
    if (found.length > 0) return found;
  }
  return [];
}
