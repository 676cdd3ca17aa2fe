import type {
  Config,
  Lang,
  LieuWithAncestors,
  OfferDetail,
  OfferNavigation,
  OfferRef,
} from '../../../shared/contract';
import {
  normaliseCriteria,
  parseSearchQuery,
  toApiParams,
  toSearchQuery,
  type LieuTarget,
  type SearchCriteria,
  type StoredSearch,
} from '../../../shared/criteria';
import type { OfferNavigationQuery, PortalApi } from '../../../shared/portal-api';
import {
  href,
  offerHref,
  resolvePath,
  searchHref,
  type ResolvedScreen,
} from '../../../shared/routes';
import { PAGE_SIZE } from '../search/load-search';

// The visitor's current search on an offer page: previous and next offers in it
// (GET /offre/navigation) and the way back to the list at the right page.
//
// The search travels in the offer's URL: `from` holds the result list's path and query (any
// language; rebuilt in the page's), `sk` the list's search_key (the listings API checks that it
// matches the search). Links from a result list carry both (offerHrefInSearch); previous/next
// links keep them, with the list's page following the offer. Without them (an offer opened from
// elsewhere), the browser falls back to the stored search (spec section 4).

export const FROM_PARAM = 'from';
export const SEARCH_KEY_PARAM = 'sk';
const SEARCH_KEY = /^[A-Za-z0-9_-]{22}$/;

/** The search screens a list link may come from. */
type ListScreen = Extract<ResolvedScreen, { screen: 'list' | 'nature' | 'natureHub' }>;

export interface OfferSearchNav {
  /** The result list at the page holding this offer. */
  listHref: string;
  previous: { href: string; titre1: string } | null;
  next: { href: string; titre1: string } | null;
  /** 1-based position in the search, and the search's size. */
  position: number;
  total: number;
}

/**
 * The link to an offer from a result list, carrying the search (path and query of the list,
 * search_key of its answer) so the offer page can show previous/next and the way back.
 * @example offerHrefInSearch(offerPath, '/fr/vente/paris/?page=2', list.search_key)
 */
export function offerHrefInSearch(offerPath: string, listPath: string, searchKey?: string): string {
  const query = new URLSearchParams({ [FROM_PARAM]: listPath });
  if (searchKey && SEARCH_KEY.test(searchKey)) query.set(SEARCH_KEY_PARAM, searchKey);
  return `${offerPath}?${query.toString()}`;
}

interface ListContext {
  screen: ListScreen;
  query: URLSearchParams;
  criteria: SearchCriteria;
  lieu: LieuTarget | null;
}

/**
 * A place of the search, by slug (a list path) or id (the stored search): the offer's own place
 * or one of its ancestors without a call, any other asked of the API; null when that call fails.
 */
async function searchPlace(
  wanted: { slug: string } | { id: number },
  offer: OfferDetail,
  api: PortalApi,
  lang: Lang,
  signal?: AbortSignal,
): Promise<LieuWithAncestors | null> {
  const chain: LieuWithAncestors[] = [offer.lieu, ...(offer.lieu.ancestors as LieuWithAncestors[])];
  const own = chain.find((place) =>
    'slug' in wanted ? place.slug === wanted.slug : place.id === wanted.id,
  );
  if (own) return own;
  try {
    return await api.get('lieu', { ...wanted, lang }, { signal });
  } catch {
    return null;
  }
}

/** A search's criteria and place from a list path (null when it is not a search page). */
async function listContext(
  from: string,
  offer: OfferDetail,
  api: PortalApi,
  config: Config,
  lang: Lang,
  signal?: AbortSignal,
): Promise<ListContext | null> {
  // Only a path of this site: no scheme, no host, no protocol-relative '//'.
  if (from.length > 2000 || !from.startsWith('/') || from.startsWith('//')) return null;
  const url = new URL(from, 'http://portal.invalid');
  const resolved = resolvePath(url.pathname, config);
  if (resolved.kind !== 'screen') return null;
  if (resolved.screen !== 'list' && resolved.screen !== 'nature' && resolved.screen !== 'natureHub')
    return null;
  const screen = resolved as ListScreen;
  const params = screen.params as {
    nature: OfferDetail['nature']['id'];
    rubrique?: number;
    lieu?: string;
  };
  if (params.nature !== offer.nature.id) return null;
  let lieu: LieuTarget | null = null;
  if (params.lieu && params.lieu !== config.genericLieu.slug) {
    lieu = await searchPlace({ slug: params.lieu }, offer, api, lang, signal);
    if (!lieu) return null;
  }
  const criteria = parseSearchQuery(url.searchParams, {
    config,
    nature: params.nature,
    rubrique: params.rubrique ?? null,
    lieu: lieu?.id ?? config.genericLieu.id,
  });
  return { screen, query: url.searchParams, criteria, lieu };
}

/** The list path of a context at a page, in a language. */
function listHrefAt(context: ListContext, page: number, lang: Lang, config: Config): string {
  const query = toSearchQuery({ ...context.criteria, page }, { config });
  return href(context.screen.screen, context.screen.params as never, lang, config, { query });
}

const pageOf = (position: number) => Math.max(1, Math.ceil(position / PAGE_SIZE));

function neighbourHref(
  ref: OfferRef,
  context: ListContext,
  position: number,
  searchKey: string | undefined,
  lang: Lang,
  config: Config,
): string {
  return offerHrefInSearch(
    offerHref(ref, lang, config),
    listHrefAt(context, pageOf(position), lang, config),
    searchKey,
  );
}

async function navigationOf(
  context: ListContext,
  offer: OfferDetail,
  searchKey: string | undefined,
  api: PortalApi,
  config: Config,
  lang: Lang,
  signal?: AbortSignal,
): Promise<OfferSearchNav | null> {
  const { page: _page, ...params } = toApiParams(context.criteria, { config, lieu: context.lieu });
  const query = {
    ...params,
    current_id: offer.id,
    ...(searchKey ? { search_key: searchKey } : {}),
    lang,
  } as OfferNavigationQuery;
  let nav: OfferNavigation;
  try {
    nav = await api.get('offerNavigation', query, { signal });
  } catch {
    // A search that no longer matches its key, or the service failing: no previous/next.
    return null;
  }
  if (nav.position === null) return null;
  const position = nav.position;
  return {
    listHref: listHrefAt(context, pageOf(position), lang, config),
    previous: nav.previous
      ? {
          href: neighbourHref(nav.previous, context, position - 1, searchKey, lang, config),
          titre1: nav.previous.titre1,
        }
      : null,
    next: nav.next
      ? {
          href: neighbourHref(nav.next, context, position + 1, searchKey, lang, config),
          titre1: nav.next.titre1,
        }
      : null,
    position,
    total: nav.total,
  };
}

/** Previous/next of the search carried in an offer page's URL (null without one). */
export async function loadUrlSearchNav(
  url: URL,
  offer: OfferDetail,
  api: PortalApi,
  config: Config,
  lang: Lang,
  signal?: AbortSignal,
): Promise<OfferSearchNav | null> {
  const from = url.searchParams.get(FROM_PARAM);
  if (!from) return null;
  const sk = url.searchParams.get(SEARCH_KEY_PARAM) ?? undefined;
  const context = await listContext(from, offer, api, config, lang, signal);
  if (!context) return null;
  return navigationOf(
    context,
    offer,
    sk && SEARCH_KEY.test(sk) ? sk : undefined,
    api,
    config,
    lang,
    signal,
  );
}

/** Previous/next in the visitor's stored search (browser only), when it is of the offer's nature. */
export async function loadStoredSearchNav(
  stored: StoredSearch,
  offer: OfferDetail,
  api: PortalApi,
  config: Config,
  lang: Lang,
  signal?: AbortSignal,
): Promise<OfferSearchNav | null> {
  if (stored.nature !== offer.nature.id) return null;
  let lieu: LieuWithAncestors | null = null;
  if (stored.lieu !== null) {
    lieu = await searchPlace({ id: stored.lieu }, offer, api, lang, signal);
    if (!lieu) return null;
  }
  const criteria = normaliseCriteria(
    { ...stored, lieu: lieu?.id ?? config.genericLieu.id, page: 1 },
    config,
  );
  // Any language will do: listContext reads the path back. Everywhere is the nature's page.
  const path = searchHref(criteria, lieu?.slug ?? null, 'fr', config);
  const context = await listContext(path, offer, api, config, lang, signal);
  if (!context) return null;
  return navigationOf(context, offer, undefined, api, config, lang, signal);
}
