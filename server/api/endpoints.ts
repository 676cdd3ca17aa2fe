import * as v from 'valibot';
import {
  AgencyDetailSchema,
  AgencyListSchema,
  AgencySortSchema,
  AlertListSchema,
  CompteurSchema,
  ConfigSchema,
  ContactCreatedSchema,
  ExternalLinksSchema,
  LIEU_TYPES,
  LangSchema,
  LieuChildrenSchema,
  LieuSuggestionListSchema,
  LieuWithAncestorsSchema,
  NATURE_IDS,
  NatureIdSchema,
  NetworkSchema,
  OfferClustersSchema,
  OfferDetailSchema,
  OfferListSchema,
  OfferNavigationSchema,
  OfferSortSchema,
  OmrDataSchema,
  ReviewListSchema,
  RubriqueCountsSchema,
  StatCreatedSchema,
  StatTypeSchema,
} from '../../shared/contract';
import { BboxParam, formatBbox } from '../../shared/bbox';
import { ID_TEXT, SLUG } from '../../shared/validation';
import { agencyTag, listTags, offerTag } from '../../shared/cache-tags';
import { ContactFormSchema, ProspectFormSchema } from '../../shared/contact-forms';
import {
  ALERT_TOKEN_PATTERN,
  OFFER_SEARCH_KEYS,
  type GetName,
  type OwnGetName,
  type OfferSearchKey,
  type PortalGetEndpoints,
  type PortalSendEndpoints,
  type SendName,
} from '../../shared/portal-api';
import type { Query } from '../upstream/client';

// One row per PortalApi endpoint: where it goes upstream, the schema of its browser query (the
// /api/* route parses the query string with it), the contract schema of the answer, the cache tags
// of the entities it returns, and how long the process may keep it.

type Schema<T> = v.GenericSchema<unknown, T>;

export interface GetEndpoint<N extends GetName> {
  /** Upstream path, or a function of the query for path parameters. */
  upstream: string | ((query: PortalGetEndpoints[N]['query']) => string);
  /** Upstream query parameters (default: the query as it is). */
  upstreamQuery?: (query: PortalGetEndpoints[N]['query']) => Query;
  /**
   * Upstream parameters sent as request headers instead of in the URL, parameter → header name:
   * secrets (alert tokens) stay out of the access logs of every server and proxy on the way.
   */
  upstreamHeaders?: UpstreamHeaders;
  /** Parses the browser's query string (strings) into the typed query. */
  query: Schema<PortalGetEndpoints[N]['query']>;
  answer: Schema<PortalGetEndpoints[N]['answer']>;
  /** Edge cache tags of the entities in the answer. */
  tags?: (
    answer: PortalGetEndpoints[N]['answer'],
    query: PortalGetEndpoints[N]['query'],
  ) => string[];
  /** Kept in the web process's memory this long (ms), shared by every request. */
  cacheTtlMs?: number;
  /** Browser cache lifetime of the /api answer (s); 0 → no-store. */
  maxAge?: number;
  /** The service that answers it: the listings API (default) or the reviews service. */
  service?: 'listings' | 'reviews';
  /** Served by a route of its own (server/api/{name}.ts), not the generic pass-through. */
  ownRoute?: boolean;
}

/** Parameter → request header name (see GetEndpoint.upstreamHeaders). */
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

export interface SendEndpoint<N extends SendName> {
  method: 'POST' | 'DELETE';
  upstream: string;
  body: Schema<PortalSendEndpoints[N]['body']>;
  answer: Schema<PortalSendEndpoints[N]['answer']>;
  /** Served by a route of its own (server/api/{name}.ts), not the generic pass-through. */
  ownRoute?: boolean;
}

const id = v.pipe(
  v.union([
    v.number(),
    v.pipe(v.string(), v.regex(ID_TEXT, 'must be an id'), v.transform(Number)),
  ]),
  v.integer('must be an id'),
  v.minValue(1, 'must be an id'),
);
const slug = v.pipe(v.string(), v.regex(SLUG, 'must be a slug'));
const intBetween = (min: number, max: number) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number))]),
    v.integer(`must be between ${min} and ${max}`),
    v.minValue(min, `must be between ${min} and ${max}`),
    v.maxValue(max, `must be between ${min} and ${max}`),
  );
/** A comma-separated list of ids (or an array of them), at most 50. */
const idList = v.pipe(
  v.union([
    v.array(v.unknown()),
    v.pipe(
      v.string(),
      v.transform((s): unknown[] => s.split(',')),
    ),
  ]),
  // Each item checked as an id: a bad one is an issue of this schema (a 400), never a throw.
  v.array(id),
  v.minLength(1, 'must list ids'),
  v.maxLength(50, 'must list at most 50 ids'),
);
// The offer search filters arrive as the criteria pipeline wrote them; each is checked for
// shape here and fully by the listings API (a 400 from it names the field).
const digits = v.pipe(v.string(), v.regex(/^\d{1,10}$/, 'must be a whole number'));
const idCsv = v.pipe(v.string(), v.regex(/^\d{1,10}(,\d{1,10}){0,49}$/, 'must list ids'));
const offerSearchEntries = Object.fromEntries(
  OFFER_SEARCH_KEYS.map((key) => {
    const schema =
      key === 'nature'
        ? NatureIdSchema
        : key === 'sort'
          ? OfferSortSchema
          : key === 'rubrique' || key === 'lieu'
            ? idCsv
            : key === 'atouts'
              ? v.pipe(
                  v.string(),
                  v.regex(/^[a-z_]{1,30}(,[a-z_]{1,30}){0,29}$/, 'must list assets'),
                )
              : key === 'bbox'
                ? v.pipe(BboxParam, v.transform(formatBbox))
                : digits;
    return [key, v.optional(schema)];
  }),
) as unknown as Record<OfferSearchKey, v.OptionalSchema<v.GenericSchema<string>, undefined>>;
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
const empty = v.pipe(
  v.object({}),
  v.transform(() => ({}) as Record<string, never>),
);

export const getEndpoints: { [N in Exclude<GetName, OwnGetName>]: GetEndpoint<N> } = {
  config: {
    upstream: '/config',
    query: empty,
    answer: ConfigSchema,
    tags: () => ['config'],
    cacheTtlMs: 30_000,
    maxAge: 60,
  },
  omrData: {
    upstream: '/omr-data',
    query: empty,
    answer: OmrDataSchema,
    tags: (answer) => answer.cache_tags,
    cacheTtlMs: 30_000,
    maxAge: 60,
  },
  externalLinks: {
    upstream: '/liens-externes',
    query: v.object({ lieu: v.optional(id), lang: LangSchema }),
    answer: ExternalLinksSchema,
    tags: (answer) => [
      answer.lieu_id === null ? 'liens-externes' : `liens-externes-${answer.lieu_id}`,
    ],
    cacheTtlMs: 60_000,
    maxAge: 300,
  },
  searchLieu: {
    upstream: '/search-lieu',
    query: v.object({
      q: v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1, 'is required'),
        v.maxLength(100, 'is too long'),
      ),
      lang: LangSchema,
      limit: v.optional(
        v.pipe(
          v.union([v.number(), v.pipe(v.string(), v.transform(Number))]),
          v.integer('must be an integer'),
          v.minValue(1, 'must be between 1 and 20'),
          v.maxValue(20, 'must be between 1 and 20'),
        ),
      ),
    }),
    answer: LieuSuggestionListSchema,
    maxAge: 300,
  },
  lieu: {
    upstream: '/lieu',
    query: v.pipe(
      v.object({ slug: v.optional(slug), id: v.optional(id), lang: LangSchema }),
      v.check((q) => (q.slug === undefined) !== (q.id === undefined), 'give slug or id'),
    ),
    answer: LieuWithAncestorsSchema,
    tags: (answer) => [`lieu-${answer.id}`],
    // Places rarely change; every result list asks for its place.
    cacheTtlMs: 60_000,
    maxAge: 300,
  },
  agencies: {
    upstream: '/agence',
    query: v.object({
      search: v.optional(
        v.pipe(
          v.string(),
          v.trim(),
          v.minLength(1, 'is required'),
          v.maxLength(100, 'is too long'),
        ),
      ),
      lieu: v.optional(id),
      network: v.optional(id),
      sort: v.optional(AgencySortSchema),
      page: v.optional(intBetween(1, 10_000)),
      limit: v.optional(intBetween(1, 48)),
      lang: LangSchema,
    }),
    answer: AgencyListSchema,
    tags: (answer) => answer.items.map((agency) => `agence-${agency.id}`),
    maxAge: 60,
  },
  agency: {
    upstream: '/agence',
    // Fetching one agency shows it even when inactive (spec section 7).
    upstreamQuery: (query) => ({ slug: query.slug, lang: query.lang, with_inactives: 1 }),
    query: v.object({ slug, lang: LangSchema }),
    answer: AgencyDetailSchema,
    tags: (answer) => [
      `agence-${answer.id}`,
      ...(answer.network ? [`reseau-${answer.network.id}`] : []),
    ],
    maxAge: 60,
  },
  network: {
    upstream: (query) => `/reseau/${encodeURIComponent(query.slug)}`,
    upstreamQuery: (query) => ({ lang: query.lang }),
    query: v.object({ slug, lang: LangSchema }),
    answer: NetworkSchema,
    tags: (answer) => [`reseau-${answer.id}`],
    maxAge: 60,
  },
  agencyOffers: {
    upstream: '/offre',
    upstreamQuery: (query) => ({ ...query, sort: 'default' }),
    query: v.pipe(
      v.object({
        agency: v.optional(id),
        network: v.optional(id),
        nature: NatureIdSchema,
        page: v.optional(intBetween(1, 10_000)),
        limit: v.optional(intBetween(1, 48)),
        lang: LangSchema,
      }),
      v.check((q) => q.agency !== undefined || q.network !== undefined, 'give agency or network'),
    ),
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
    maxAge: 60,
  },
  reviews: {
    service: 'reviews',
    upstream: '/client-survey',
    // The reviews block shows the latest four (spec section 9), and four more at each "more
    // reviews" (the page asks for the first 4 × n at once).
    upstreamQuery: (query) => ({ agency: query.agency, lang: query.lang, limit: query.limit ?? 4 }),
    query: v.object({
      agency: id,
      lang: LangSchema,
      limit: v.optional(intBetween(1, 48)),
    }),
    answer: ReviewListSchema,
    tags: (_answer, query) => [`avis-${query.agency}`],
    maxAge: 300,
  },
  offers: {
    upstream: '/offre',
    query: v.object({
      ...offerSearchEntries,
      lang: LangSchema,
      limit: v.optional(intBetween(1, 48)),
    }),
    answer: OfferListSchema,
    tags: (answer, query) => [...offerTags(answer), ...searchListTags(query)],
    // A short life: the same list asked by many visitors at once costs one search.
    cacheTtlMs: 15_000,
    maxAge: 60,
  },
  offerClusters: {
    upstream: '/offre/clusters',
    query: v.object({
      ...Object.fromEntries(
        Object.entries(offerSearchEntries).filter(([key]) => key !== 'page' && key !== 'sort'),
      ),
      bbox: v.pipe(BboxParam, v.transform(formatBbox)),
      zoom: intBetween(0, 20),
      lang: LangSchema,
    }) as unknown as Schema<PortalGetEndpoints['offerClusters']['query']>,
    answer: OfferClustersSchema,
    // Cached like the list of the same search: its offers' tags and the list's.
    tags: (answer, query) => [
      ...answer.clusters.flatMap((c) => (c.offer ? [offerTag(c.offer.id)] : [])),
      ...searchListTags(query),
    ],
    cacheTtlMs: 15_000,
    maxAge: 60,
  },
  lieuChildren: {
    upstream: (query) => `/lieu/${query.id}/children`,
    upstreamQuery: ({ id: _id, ...query }) => query,
    query: v.object({
      id,
      nature: v.optional(NatureIdSchema),
      rubrique: v.optional(idList),
      min_count: v.optional(intBetween(0, 1_000_000)),
      lang: LangSchema,
    }),
    answer: LieuChildrenSchema,
    tags: (answer, query) => [`lieu-${query.id}`, ...answer.map((c) => `lieu-${c.lieu.id}`)],
    cacheTtlMs: 60_000,
    maxAge: 300,
  },
  rubriqueCounts: {
    upstream: '/compteur/rubriques',
    query: v.object({
      nature: v.optional(NatureIdSchema),
      lieu: v.optional(idList),
      min_nb: v.optional(intBetween(0, 1_000_000)),
    }),
    answer: RubriqueCountsSchema,
    cacheTtlMs: 60_000,
    maxAge: 300,
  },
  compteur: {
    upstream: '/compteur',
    query: v.object({
      min_nb: v.optional(intBetween(0, 1_000_000)),
      nature: v.optional(NatureIdSchema),
      rubrique: v.optional(idList),
      lieu: v.optional(idList),
      lieu_type: v.optional(
        v.picklist(
          LIEU_TYPES.filter((t) => t !== 'Generic') as Exclude<
            (typeof LIEU_TYPES)[number],
            'Generic'
          >[],
        ),
      ),
      rayon: v.optional(intBetween(1, 500)),
      exclude_rubrique: v.optional(idList),
      exclude_lieu: v.optional(idList),
      limit: v.optional(intBetween(1, 50)),
      search_key: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22}$/, 'is invalid'))),
      bbox: v.optional(v.pipe(BboxParam, v.transform(formatBbox))),
      lang: LangSchema,
    }),
    answer: CompteurSchema,
    tags: (answer) => [
      ...answer.nearby.map((n) => `lieu-${n.lieu.id}`),
      ...answer.parents.map((p) => `lieu-${p.lieu.id}`),
    ],
    cacheTtlMs: 60_000,
    maxAge: 300,
  },
  offersByIds: {
    upstream: '/offre',
    upstreamQuery: (query) => ({ id: query.ids, limit: 100, lang: query.lang }),
    query: v.object({
      ids: v.pipe(
        v.union(
          [
            v.array(v.unknown()),
            v.pipe(
              v.string(),
              v.transform((s) => s.split(',')),
            ),
          ],
          'must list ids',
        ),
        v.array(id),
        v.transform((items) => [...new Set(items)]),
        v.minLength(1, 'must list ids'),
        v.maxLength(100, 'must list at most 100 ids'),
      ),
      lang: LangSchema,
    }),
    answer: OfferListSchema,
    tags: offerTags,
    maxAge: 60,
  },
  alerts: {
    // server/api/alerts.ts: the browser's list also holds the tokens of the alert cookie.
    ownRoute: true,
    upstream: '/alerte',
    upstreamHeaders: { tokens: ALERT_TOKENS_UPSTREAM_HEADER },
    query: v.object({
      tokens: v.pipe(
        v.union([
          v.array(v.string()),
          v.pipe(
            v.string(),
            v.transform((s) => s.split(',')),
          ),
        ]),
        v.filterItems((token: string) => token !== ''),
        v.array(v.pipe(v.string(), v.regex(ALERT_TOKEN_PATTERN, 'must be alert tokens'))),
        v.minLength(1, 'must list alert tokens'),
        v.maxLength(100, 'must list at most 100 alert tokens'),
      ),
    }),
    answer: AlertListSchema,
  },
  offer: {
    upstream: (query) => `/offre/by-slug/${encodeURIComponent(query.slug)}`,
    upstreamQuery: (query) => ({ lang: query.lang }),
    query: v.object({ slug, lang: LangSchema }),
    answer: OfferDetailSchema,
    tags: (answer) => [
      `offre-${answer.id}`,
      `agence-${answer.agency.id}`,
      `lieu-${answer.lieu.id}`,
    ],
    // Many visitors on the same offer at once cost one query.
    cacheTtlMs: 15_000,
    maxAge: 60,
  },
  offerNavigation: {
    upstream: '/offre/navigation',
    query: v.object({
      ...Object.fromEntries(Object.entries(offerSearchEntries).filter(([key]) => key !== 'page')),
      current_id: id,
      search_key: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22}$/, 'is invalid'))),
      lang: LangSchema,
    }) as unknown as Schema<PortalGetEndpoints['offerNavigation']['query']>,
    answer: OfferNavigationSchema,
    cacheTtlMs: 15_000,
    maxAge: 60,
  },
};

export const sendEndpoints: { [N in SendName]: SendEndpoint<N> } = {
  stat: {
    method: 'POST',
    upstream: '/stat',
    body: v.object({
      type: StatTypeSchema,
      id: v.union(
        [id, v.pipe(v.array(id), v.minLength(1, 'is required'), v.maxLength(200))],
        'is required',
      ),
    }),
    answer: StatCreatedSchema,
  },
  prospect: {
    method: 'POST',
    upstream: '/contact-prospect',
    ownRoute: true,
    body: v.pipe(
      v.object({ ...ProspectFormSchema.pipe[0].entries, lang: LangSchema }),
      v.transform((form) => ({
        lastname: form.lastname,
        firstname: form.firstname,
        company: form.company,
        city: form.city,
        ...(form.lieu_id !== undefined ? { lieu_id: form.lieu_id } : {}),
        phone: form.phone,
        email: form.email,
        message: form.message,
        lang: form.lang,
      })),
    ),
    answer: ContactCreatedSchema,
  },
  contact: {
    method: 'POST',
    upstream: '/contact',
    // server/api/contact.ts: spam guard, the form's own checks and messages, page form posts.
    ownRoute: true,
    body: v.object({
      offer_id: v.optional(id),
      agency_id: v.optional(id),
      ...ContactFormSchema.pipe[0].entries,
      lang: LangSchema,
      idempotency_key: v.optional(
        v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'is invalid')),
      ),
    }),
    answer: ContactCreatedSchema,
  },
};

/** A listings-API call of the BFF's own routes that is not a PortalApi endpoint. */
export interface OwnEndpoint {
  method: 'POST' | 'DELETE';
  upstream: string;
  /** Parameters sent as request headers instead of in the URL. */
  upstreamHeaders?: UpstreamHeaders;
  answer: v.GenericSchema;
}

export const ownEndpoints = {
  /** server/api/alerts.ts: deletes the alert of a token (204, 404 for no such alert). */
  alertDelete: {
    method: 'DELETE',
    upstream: '/alerte',
    upstreamHeaders: { token: ALERT_TOKENS_UPSTREAM_HEADER },
    answer: v.unknown(),
  },
} as const satisfies Record<string, OwnEndpoint>;
