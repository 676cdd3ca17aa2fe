import { AGENCY_SORTS, type AgencySort, type Lang, type NatureId } from '../../../shared/contract';
import type { Config } from '../../../shared/contract';
import { indexConfig } from '../../../shared/config-index';

// The query strings of the agency screens (spec sections 2 and 3): the directory's search, page
// and sort (the place is in the path), and the nature and page of an agency's or network's
// offers. Bad values are dropped, never an error: a mistyped link still shows a page.

export const DEFAULT_AGENCY_SORT: AgencySort = 'relevance';
export const SEARCH_MAX_LENGTH = 100;
export const MAX_PAGE = 10_000;
export const DIRECTORY_PAGE_SIZE = 24;
export const AGENCY_OFFERS_PAGE_SIZE = 12;
export const NETWORK_AGENCIES_PAGE_SIZE = 12;

export interface DirectoryQuery {
  /** Agency name, trimmed; '' when none. */
  search: string;
  page: number;
  sort: AgencySort;
}

type QueryInput = URLSearchParams | string;

/** A page number of the query: whole, 1 to MAX_PAGE; anything else is page 1. */
export function parsePage(raw: string | null): number {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/**
 * The directory's query: unknown sorts, bad pages and blank searches are dropped.
 * @example parseDirectoryQuery('?search=%20Aurelle&sort=za&page=x') // { search: 'Aurelle', page: 1, sort: 'za' }
 */
export function parseDirectoryQuery(input: QueryInput): DirectoryQuery {
  const query = new URLSearchParams(input);
  const search = (query.get('search') ?? '')
    .trim()
    .replace(/\s+/g, ' ')
    .slice(0, SEARCH_MAX_LENGTH);
  const sortRaw = query.get('sort');
  const sort = (AGENCY_SORTS as readonly string[]).includes(sortRaw ?? '')
    ? (sortRaw as AgencySort)
    : DEFAULT_AGENCY_SORT;
  return { search, page: parsePage(query.get('page')), sort };
}

/** Agency search needs two letters or digits (the listings API's rule); shorter text is ignored. */
export function isSearchable(search: string): boolean {
  return search.replace(/[^\p{L}\p{N}]/gu, '').length >= 2;
}

/** The canonical query of a directory search: defaults left out, page only above 1. */
export function directorySearchParams(query: Partial<DirectoryQuery>): URLSearchParams {
  const out = new URLSearchParams();
  if (query.search) out.set('search', query.search);
  if (query.sort && query.sort !== DEFAULT_AGENCY_SORT) out.set('sort', query.sort);
  if (query.page && query.page > 1) out.set('page', String(query.page));
  return out;
}

/** The nature of a slug (or id) of the language, when enabled. */
export function natureOfSlug(
  raw: string | null | undefined,
  lang: Lang,
  config: Config,
): NatureId | undefined {
  if (!raw) return undefined;
  const index = indexConfig(config);
  let value = raw.replace(/^#/, '').trim();
  try {
    value = decodeURIComponent(value);
  } catch {
    return undefined;
  }
  const nature =
    index.natureBySlug[lang].get(value) ??
    config.natures.find((n) => n.id === value || n.slug.fr === value || n.slug.en === value)?.id;
  return nature && index.enabledNatures.includes(nature) ? nature : undefined;
}

/**
 * The nature whose offers an agency page opens with: the one asked if enabled, else the first
 * enabled nature that has offers, else the first enabled nature.
 */
export function pickNature(
  asked: NatureId | undefined,
  counts: Partial<Record<NatureId, number>>,
  config: Config,
): NatureId {
  const { enabledNatures, defaultNature } = indexConfig(config);
  if (asked && enabledNatures.includes(asked)) return asked;
  return enabledNatures.find((n) => (counts[n] ?? 0) > 0) ?? defaultNature;
}

/** Number of pages of a paged list (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
