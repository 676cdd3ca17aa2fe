import * as v from 'valibot';
import {
  AgencyDetailSchema,
  AgencyListSchema,
  AlertCreatedSchema,
  AlertListSchema,
  AlertMailActionSchema,
  CompteurSchema,
  ConfigSchema,
  ContactCreatedSchema,
  ExternalLinksSchema,
  LieuChildrenSchema,
  LieuSuggestionListSchema,
  LieuWithAncestorsSchema,
  NATURE_IDS,
  NetworkSchema,
  OfferClustersSchema,
  OfferDetailSchema,
  OfferListSchema,
  OfferNavigationSchema,
  OmrDataSchema,
  ReviewListSchema,
  RubriqueCountsSchema,
  StatCreatedSchema,
} from '../../shared/contract';
import { agencyTag, listTags, offerTag } from '../../shared/cache-tags';
import type {
  GetName,
  OwnGetName,
  PortalGetEndpoints,
  PortalSendEndpoints,
  SendName,
} from '../../shared/portal-api';
import type { Query } from './client';

// One row per PortalApi endpoint, as the listings API serves it: its path, the parameters sent
// in the query string or as headers, the contract schema of the answer, the cache tags of the
// entities it returns, and how long the process may keep it (server/upstream/portal-api.ts).
// What the browser may ask of each (its query schema, its cache lifetime) is in
// server/api/endpoints.ts.

type Schema<T> = v.GenericSchema<unknown, T>;

export interface UpstreamGet<N extends GetName> {
  /** Upstream path, or a function of the query for path parameters. */
  upstream: string | ((query: PortalGetEndpoints[N]['query']) => string);
  /** Upstream query parameters (default: the query as it is). */
  upstreamQuery?: (query: PortalGetEndpoints[N]['query']) => Query;
  /**
   * Upstream parameters sent as request headers instead of in the URL, parameter → header name:
   * secrets (alert tokens) stay out of the access logs of every server and proxy on the way.
   */
  upstreamHeaders?: UpstreamHeaders;
  answer: Schema<PortalGetEndpoints[N]['answer']>;
  /** Edge cache tags of the entities in the answer. */
  tags?: (
    answer: PortalGetEndpoints[N]['answer'],
    query: PortalGetEndpoints[N]['query'],
  ) => string[];
  /**
   * Kept in the web process's memory this long (ms), shared by every request; an older answer is
   * still served while one call refreshes it (server/upstream/memory-cache.ts).
   */
  cacheTtlMs?: number;
  /** The service that answers it: the listings API (default) or the reviews service. */
  service?: 'listings' | 'reviews';
}

export interface UpstreamSend<N extends SendName> {
  method: 'POST' | 'DELETE';
  upstream: string;
  /** Body fields sent as request headers instead (see UpstreamGet.upstreamHeaders); no body then. */
  upstreamHeaders?: UpstreamHeaders;
  answer: Schema<PortalSendEndpoints[N]['answer']>;
}

/** Parameter → request header name (see UpstreamGet.upstreamHeaders). */
export type UpstreamHeaders = Readonly<Record<string, string>>;

/** The listings API's header for alert tokens (comma-separated); never the query string. */
export const ALERT_TOKENS_UPSTREAM_HEADER = 'x-alert-tokens';

/**
 * Splits a call's parameters into its query string and its headers: the parameters named in
 * `headers` go as those headers (lists comma-separated), the others stay in the query.
 */
export function upstreamRequest(
  params: Query,
  headers: UpstreamHeaders | undefined,
): { query: Query; headers: Record<string, string> } {
  if (!headers) return { query: params, headers: {} };
  const query: Query = {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const header = headers[key];
    if (header === undefined) query[key] = value;
    else if (value !== undefined && value !== null && value !== '') {
      out[header] = Array.isArray(value) ? value.join(',') : String(value);
    }
  }
  return { query, headers: out };
}

const offerTags = (answer: { items: { id: number }[] }) =>
  answer.items.map((offer) => offerTag(offer.id));

/**
 * The list tags of an offer search (shared/cache-tags listTags), from its comma-separated place
 * and rubrique ids: an offer entering or leaving the list purges it. A search of every nature
 * carries each nature's tags; an omr list's places are not in the query, so its list carries its
 * nature's (or rubriques') tags.
 */
export function searchListTags(query: {
  nature?: string;
  lieu?: string;
  rubrique?: string;
}): string[] {
  const ids = (csv: string | undefined) => (csv ? csv.split(',').map(Number) : undefined);
  const lieux = ids(query.lieu);
  const rubriques = ids(query.rubrique);
  const nature = NATURE_IDS.find((id) => id === query.nature);
  return (nature ? [nature] : NATURE_IDS).flatMap((nature) =>
    listTags({ nature, lieux, rubriques }),
  );
}

/** The endpoints a service answers (the BFF answers the others from its own settings). */
export type UpstreamGetName = Exclude<GetName, OwnGetName>;

export const upstreamGets: { [N in UpstreamGetName]: UpstreamGet<N> } = {
  config: {
    upstream: '/config',
    answer: ConfigSchema,
    tags: () => ['config'],
    cacheTtlMs: 30_000,
  },
  omrData: {
    upstream: '/omr-data',
    answer: OmrDataSchema,
    tags: (answer) => answer.cache_tags,
    cacheTtlMs: 30_000,
  },
  externalLinks: {
    upstream: '/liens-externes',
    answer: ExternalLinksSchema,
    tags: (answer) => [
      answer.lieu_id === null ? 'liens-externes' : `liens-externes-${answer.lieu_id}`,
    ],
    cacheTtlMs: 60_000,
  },
  searchLieu: {
    upstream: '/search-lieu',
    answer: LieuSuggestionListSchema,
  },
  lieu: {
    upstream: '/lieu',
    answer: LieuWithAncestorsSchema,
    tags: (answer) => [`lieu-${answer.id}`],
    // Places rarely change; every result list asks for its place.
    cacheTtlMs: 60_000,
  },
  agencies: {
    upstream: '/agence',
    answer: AgencyListSchema,
    tags: (answer) => answer.items.map((agency) => `agence-${agency.id}`),
  },
  agency: {
    upstream: '/agence',
    // Fetching one agency shows it even when inactive (spec section 7).
    upstreamQuery: (query) => ({ slug: query.slug, lang: query.lang, with_inactives: 1 }),
    answer: AgencyDetailSchema,
    tags: (answer) => [
      `agence-${answer.id}`,
      ...(answer.network ? [`reseau-${answer.network.id}`] : []),
    ],
  },
  network: {
    upstream: (query) => `/reseau/${encodeURIComponent(query.slug)}`,
    upstreamQuery: (query) => ({ lang: query.lang }),
    answer: NetworkSchema,
    tags: (answer) => [`reseau-${answer.id}`],
  },
  agencyOffers: {
    upstream: '/offre',
    upstreamQuery: (query) => ({ ...query, sort: 'default' }),
    answer: OfferListSchema,
    // The agency's (or the network's agencies') tags: an offer published or withdrawn by one of
    // them purges the list.
    tags: (answer, query) => [
      ...offerTags(answer),
      ...new Set([
        ...(query.agency !== undefined ? [agencyTag(query.agency)] : []),
        ...answer.items.map((offer) => agencyTag(offer.agency.id)),
      ]),
    ],
  },
  reviews: {
    service: 'reviews',
    upstream: '/client-survey',
    // The reviews block shows the latest four (spec section 9), and four more at each "more
    // reviews" (the page asks for the first 4 × n at once).
    upstreamQuery: (query) => ({ agency: query.agency, lang: query.lang, limit: query.limit ?? 4 }),
    answer: ReviewListSchema,
    tags: (_answer, query) => [`avis-${query.agency}`],
  },
  offers: {
    upstream: '/offre',
    answer: OfferListSchema,
    tags: (answer, query) => [...offerTags(answer), ...searchListTags(query)],
    // A short life: the same list asked by many visitors at once costs one search.
    cacheTtlMs: 15_000,
  },
  offerClusters: {
    upstream: '/offre/clusters',
    answer: OfferClustersSchema,
    // Cached like the list of the same search: its offers' tags and the list's.
    tags: (answer, query) => [
      ...answer.clusters.flatMap((c) => (c.offer ? [offerTag(c.offer.id)] : [])),
      ...searchListTags(query),
    ],
    cacheTtlMs: 15_000,
  },
  lieuChildren: {
    upstream: (query) => `/lieu/${query.id}/children`,
    upstreamQuery: ({ id: _id, ...query }) => query,
    answer: LieuChildrenSchema,
    tags: (answer, query) => [`lieu-${query.id}`, ...answer.map((c) => `lieu-${c.lieu.id}`)],
    cacheTtlMs: 60_000,
  },
  rubriqueCounts: {
    upstream: '/compteur/rubriques',
    answer: RubriqueCountsSchema,
    cacheTtlMs: 60_000,
  },
  compteur: {
    upstream: '/compteur',
    answer: CompteurSchema,
    tags: (answer) => [
      ...answer.nearby.map((n) => `lieu-${n.lieu.id}`),
      ...answer.parents.map((p) => `lieu-${p.lieu.id}`),
    ],
    cacheTtlMs: 60_000,
  },
  offersByIds: {
    upstream: '/offre',
    upstreamQuery: (query) => ({ id: query.ids, limit: 100, lang: query.lang }),
    answer: OfferListSchema,
    tags: offerTags,
  },
  alerts: {
    upstream: '/alerte',
    upstreamHeaders: { tokens: ALERT_TOKENS_UPSTREAM_HEADER },
    answer: AlertListSchema,
  },
  offer: {
    upstream: (query) => `/offre/by-slug/${encodeURIComponent(query.slug)}`,
    upstreamQuery: (query) => ({ lang: query.lang }),
    answer: OfferDetailSchema,
    tags: (answer) => [
      `offre-${answer.id}`,
      `agence-${answer.agency.id}`,
      `lieu-${answer.lieu.id}`,
    ],
    // Many visitors on the same offer at once cost one query.
    cacheTtlMs: 15_000,
  },
  offerNavigation: {
    upstream: '/offre/navigation',
    answer: OfferNavigationSchema,
    cacheTtlMs: 15_000,
  },
};

export const upstreamSends: { [N in SendName]: UpstreamSend<N> } = {
  stat: { method: 'POST', upstream: '/stat', answer: StatCreatedSchema },
  prospect: { method: 'POST', upstream: '/contact-prospect', answer: ContactCreatedSchema },
  contact: { method: 'POST', upstream: '/contact', answer: ContactCreatedSchema },
  alertCreate: { method: 'POST', upstream: '/alerte', answer: AlertCreatedSchema },
  // 204, or 404 for no such alert.
  alertDelete: {
    method: 'DELETE',
    upstream: '/alerte',
    upstreamHeaders: { token: ALERT_TOKENS_UPSTREAM_HEADER },
    answer: v.unknown(),
  },
  alertConfirm: { method: 'POST', upstream: '/alerte/confirm', answer: AlertMailActionSchema },
  alertUnsubscribe: {
    method: 'POST',
    upstream: '/alerte/unsubscribe',
    answer: AlertMailActionSchema,
  },
};
