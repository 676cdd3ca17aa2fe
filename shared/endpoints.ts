import * as v from 'valibot';
import {
  AgencyDetailSchema,
  AgencyListSchema,
  AgencySortSchema,
  AlertListSchema,
  CompteurSchema,
  ConfigSchema,
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
} from './contract';
import { BboxParam, formatBbox } from './bbox';
import { ENERGY_CLASSES } from './energy-rules';
import { agencyTag, listTags, offerTag } from './cache-tags';
import type { Query } from './query-string';
import { ID_TEXT, SLUG, idNumber } from './validation';
import { getRow as get, sendRow as send } from './endpoint-rows';
import { proGetEndpoints } from './pro';
import { proFeedGetEndpoints } from './pro-feeds';
import { proAudienceGetEndpoints } from './pro-audience';

// The endpoints of the listings API the web app uses, each declared once: its method and path,
// the schema of what the web app sends (query or body) and of the answer, where the browser may
// call it through the BFF (`browser`: the /api path) and how long its answer is kept. Everything
// else is derived from these rows: the web app's upstream client (server/upstream/portal-api.ts),
// the /api routes (server/api/routes.ts), the browser's PortalApi (shared/portal-api.ts), and, for
// the bodies, the listings API's own validation and OpenAPI document (its routes use the same
// schemas). The form writes, whose rules load the phone metadata, are in form-endpoints.ts: the
// browser loads this file and never calls them.

type Schema = v.GenericSchema;
type Out<S extends Schema> = v.InferOutput<S>;

/** A read: query in (as the browser sends it to /api, parsed into the typed query), answer out. */
export interface GetEndpoint<Q extends Schema = Schema, A extends Schema = Schema> {
  /** Upstream path, or a function of the query for path parameters. */
  path: string | ((query: Out<Q>) => string);
  /** The typed query: what loaders pass, and what /api parses the browser's query string with. */
  query: Q;
  /** Upstream query parameters (default: the query as it is). */
  upstreamQuery?: (query: Out<Q>) => Query;
  /**
   * Parameters sent as request headers instead of in the URL (to /api and upstream), parameter →
   * header: secrets (alert tokens) stay out of the access logs of every server and proxy.
   */
  headers?: Readonly<Record<string, string>>;
  answer: A;
  /** The /api path the browser calls it under. */
  browser: string;
  /** Served at its /api path by a route of its own (server/api), not by the generic one. */
  ownRoute?: true;
  /** Browser cache lifetime of the /api answer (s); none: no-store. */
  maxAge?: number;
  /**
   * Kept in the web process's memory this long (ms), shared by every request; an older answer is
   * still served while one call refreshes it (server/upstream/memory-cache.ts).
   */
  cacheTtlMs?: number;
  /** Edge cache tags of the entities in the answer. */
  tags?: (answer: Out<A>, query: Out<Q>) => string[];
  /** The service that answers it: the listings API (default) or the reviews service. */
  service?: 'listings' | 'reviews';
  /**
   * A read of the professional space: sent with the signed-in user's session (shared/pro.ts),
   * answered for that user's agency; never kept in memory (no cacheTtlMs) nor by a browser.
   */
  session?: true;
}

/** A write: body in (the listings API validates it with this schema), answer out. */
export interface SendEndpoint<B extends Schema = Schema, A extends Schema = Schema> {
  method: 'POST' | 'DELETE';
  path: string;
  /** The listings API's body schema; the web app sends its input type. */
  body: B;
  /** Body fields sent as request headers instead (see GetEndpoint.headers); no body then. */
  headers?: Readonly<Record<string, string>>;
  /**
   * The web app relays the visitor's address and user agent (STAT_VISITOR_HEADERS) with it: a
   * statistic, counted once per visitor and never from a crawler.
   */
  relaysVisitor?: true;
  answer: A;
  /** The /api path the browser posts it to (rate limited per visitor). */
  browser: string;
  /** A write of the professional space: sent with the signed-in user's session (shared/pro.ts). */
  session?: true;
}

/** A write only the server sends (a page's action): the browser has no /api path for it. */
export type FormSendEndpoint<B extends Schema = Schema, A extends Schema = Schema> = Omit<
  SendEndpoint<B, A>,
  'browser'
>;

// ---------------------------------------------------------------------------------------------
// Query parameters as the browser sends them (text) or a loader passes them (typed)

const id = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(ID_TEXT, 'must be an id'), v.transform(Number))]),
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
/** A comma-separated list of ids (or an array of them), at most `max`. */
const idList = (max = 50) =>
  v.pipe(
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
    v.maxLength(max, `must list at most ${max} ids`),
  );
const searchText = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'is required'),
  v.maxLength(100, 'is too long'),
);
const searchKey = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22}$/, 'is invalid'));
const bbox = v.pipe(BboxParam, v.transform(formatBbox));
const page = intBetween(1, 10_000);
/** A page of offers or agencies: the listings API's largest. */
const pageSize = intBetween(1, 100);
const count = intBetween(0, 1_000_000);
const lang = { lang: LangSchema };
const empty = v.pipe(
  v.object({}),
  v.transform(() => ({}) as Record<string, never>),
);

/** The search filters of GET /offre, as shared/criteria.ts toApiParams writes them (strings). */
/** The size criteria of a search: rooms, bedrooms, living and land areas. */
export const OFFER_SIZE_KEYS = [
  'nb_pieces',
  'nb_chambres',
  'surface_min',
  'surface_max',
  'surface_terrain_min',
  'surface_terrain_max',
] as const;
export const OFFER_SEARCH_KEYS = [
  'nature',
  'rubrique',
  'lieu',
  'omr_list_id',
  'prix_min',
  'prix_max',
  'loyer_min',
  'loyer_max',
  'loyer_semaine_min',
  'loyer_semaine_max',
  ...OFFER_SIZE_KEYS,
  'dpe_max',
  'atouts',
  'bbox',
  'sort',
  'page',
] as const;
export type OfferSearchKey = (typeof OFFER_SEARCH_KEYS)[number];
type SearchParams<Without extends OfferSearchKey> = Partial<
  Record<Exclude<OfferSearchKey, Without>, string>
>;

// The offer search filters arrive as the criteria pipeline wrote them; each is checked for shape
// here and fully by the listings API (a 400 from it names the field).
const digits = v.pipe(v.string(), v.regex(/^\d{1,10}$/, 'must be a whole number'));
const idCsv = v.pipe(v.string(), v.regex(/^\d{1,10}(,\d{1,10}){0,49}$/, 'must list ids'));
const searchFilter = (key: OfferSearchKey): v.GenericSchema<string, string> =>
  key === 'nature'
    ? NatureIdSchema
    : key === 'sort'
      ? OfferSortSchema
      : key === 'rubrique' || key === 'lieu'
        ? idCsv
        : key === 'atouts'
          ? v.pipe(v.string(), v.regex(/^[a-z_]{1,30}(,[a-z_]{1,30}){0,29}$/, 'must list assets'))
          : key === 'bbox'
            ? bbox
            : key === 'dpe_max'
              ? v.picklist(ENERGY_CLASSES, 'must be a DPE class')
              : digits;
/** The filters of a search but those left out, each optional. */
function searchFilters<Without extends OfferSearchKey = never>(...without: Without[]) {
  return Object.fromEntries(
    OFFER_SEARCH_KEYS.filter((key) => !(without as OfferSearchKey[]).includes(key)).map((key) => [
      key,
      v.optional(searchFilter(key)),
    ]),
  ) as {
    [K in Exclude<OfferSearchKey, Without>]: v.OptionalSchema<v.GenericSchema<string>, undefined>;
  };
}
/** A typed search query: its filters (a record of strings) and the other parameters. */
const searchQuery = <Without extends OfferSearchKey, E extends v.ObjectEntries>(
  without: Without[],
  entries: E,
) =>
  v.object({ ...searchFilters(...without), ...entries }) as unknown as v.GenericSchema<
    unknown,
    SearchParams<Without> & v.InferOutput<v.ObjectSchema<E, undefined>>
  >;

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

const offerTags = (answer: { items: { id: number }[] }) =>
  answer.items.map((offer) => offerTag(offer.id));

/** The listings API's header for alert tokens (comma-separated); never the query string. */
export const ALERT_TOKENS_UPSTREAM_HEADER = 'x-alert-tokens';

// ---------------------------------------------------------------------------------------------
// Reads

export const getEndpoints = {
  config: get({
    path: '/config',
    query: empty,
    answer: ConfigSchema,
    browser: '/api/config',
    maxAge: 60,
    tags: () => ['config'],
    cacheTtlMs: 30_000,
  }),
  omrData: get({
    path: '/omr-data',
    query: empty,
    answer: OmrDataSchema,
    browser: '/api/omr-data',
    maxAge: 60,
    tags: (answer) => answer.cache_tags,
    cacheTtlMs: 30_000,
  }),
  /** Footer links of the nearest place having some; generic ones without a place. */
  externalLinks: get({
    path: '/liens-externes',
    query: v.object({ lieu: v.optional(id), ...lang }),
    answer: ExternalLinksSchema,
    browser: '/api/liens-externes',
    maxAge: 300,
    tags: (answer) => [
      answer.lieu_id === null ? 'liens-externes' : `liens-externes-${answer.lieu_id}`,
    ],
    cacheTtlMs: 60_000,
  }),
  /** Place autocomplete (cancellable: pass a signal). */
  searchLieu: get({
    path: '/search-lieu',
    query: v.object({
      q: searchText,
      ...lang,
      limit: v.optional(
        v.pipe(
          v.union([v.number(), v.pipe(v.string(), v.transform(Number))]),
          v.integer('must be an integer'),
          v.minValue(1, 'must be between 1 and 50'),
          v.maxValue(50, 'must be between 1 and 50'),
        ),
      ),
    }),
    answer: LieuSuggestionListSchema,
    browser: '/api/search-lieu',
    maxAge: 300,
  }),
  /** One place with its ancestors, by slug or by id (unknown → 404). */
  lieu: get({
    path: '/lieu',
    query: v.pipe(
      v.object({ slug: v.optional(slug), id: v.optional(id), ...lang }),
      v.check((q) => (q.slug === undefined) !== (q.id === undefined), 'give slug or id'),
    ),
    answer: LieuWithAncestorsSchema,
    browser: '/api/lieu',
    maxAge: 300,
    tags: (answer) => [`lieu-${answer.id}`],
    // Places rarely change; every result list asks for its place.
    cacheTtlMs: 60_000,
  }),
  /** Agency directory: by name (typo tolerant), place subtree or network; sorted and paged. */
  agencies: get({
    path: '/agence',
    query: v.object({
      search: v.optional(searchText),
      lieu: v.optional(id),
      network: v.optional(id),
      sort: v.optional(AgencySortSchema),
      page: v.optional(page),
      limit: v.optional(pageSize),
      ...lang,
    }),
    answer: AgencyListSchema,
    browser: '/api/agences',
    maxAge: 60,
    tags: (answer) => answer.items.map((agency) => `agence-${agency.id}`),
  }),
  /** One agency by slug, inactive ones included (unknown → 404). */
  agency: get({
    path: '/agence',
    query: v.object({ slug, ...lang }),
    // Fetching one agency shows it even when inactive (spec section 7).
    upstreamQuery: (query) => ({ slug: query.slug, lang: query.lang, with_inactives: 1 }),
    answer: AgencyDetailSchema,
    browser: '/api/agence',
    maxAge: 60,
    tags: (answer) => [
      `agence-${answer.id}`,
      ...(answer.network ? [`reseau-${answer.network.id}`] : []),
    ],
  }),
  /** One agency network by slug (unknown → 404). */
  network: get({
    path: (query) => `/reseau/${encodeURIComponent(query.slug)}`,
    query: v.object({ slug, ...lang }),
    upstreamQuery: (query) => ({ lang: query.lang }),
    answer: NetworkSchema,
    browser: '/api/reseau',
    maxAge: 60,
    tags: (answer) => [`reseau-${answer.id}`],
  }),
  /** The active offers of an agency or of a network's agencies, for one nature, paged. */
  agencyOffers: get({
    path: '/offre',
    query: v.pipe(
      v.object({
        agency: v.optional(id),
        network: v.optional(id),
        nature: NatureIdSchema,
        page: v.optional(page),
        limit: v.optional(pageSize),
        ...lang,
      }),
      v.check((q) => q.agency !== undefined || q.network !== undefined, 'give agency or network'),
    ),
    upstreamQuery: (query) => ({ ...query, sort: 'default' }),
    answer: OfferListSchema,
    browser: '/api/agence-offres',
    maxAge: 60,
    // The agency's (or the network's agencies') tags: an offer published or withdrawn by one of
    // them purges the list.
    tags: (answer, query) => [
      ...offerTags(answer),
      ...new Set([
        ...(query.agency !== undefined ? [agencyTag(query.agency)] : []),
        ...answer.items.map((offer) => agencyTag(offer.agency.id)),
      ]),
    ],
  }),
  /** An agency's reviews from the reviews service (client-survey), newest first. */
  reviews: get({
    service: 'reviews',
    path: '/client-survey',
    query: v.object({ agency: id, ...lang, limit: v.optional(intBetween(1, 50)) }),
    // The reviews block shows the latest four (spec section 9), and four more at each "more
    // reviews" (the page asks for the first 4 × n at once).
    upstreamQuery: (query) => ({ agency: query.agency, lang: query.lang, limit: query.limit ?? 4 }),
    answer: ReviewListSchema,
    browser: '/api/client-survey',
    maxAge: 300,
    tags: (_answer, query) => [`avis-${query.agency}`],
  }),
  /** Offer search (GET /offre): the params of shared/criteria.ts toApiParams, lang, page size. */
  offers: get({
    path: '/offre',
    query: searchQuery([], { ...lang, limit: v.optional(pageSize) }),
    answer: OfferListSchema,
    browser: '/api/offre',
    maxAge: 60,
    tags: (answer, query) => [...offerTags(answer), ...searchListTags(query)],
    // A short life: the same list asked by many visitors at once costs one search.
    cacheTtlMs: 15_000,
  }),
  /**
   * The clusters of a search's offers in a map area at a zoom (GET /offre/clusters): the params
   * of toApiParams (bbox required), without sort and page.
   */
  offerClusters: get({
    path: '/offre/clusters',
    query: searchQuery(['page', 'sort', 'bbox'], { bbox, zoom: intBetween(0, 20), ...lang }),
    answer: OfferClustersSchema,
    browser: '/api/offre-clusters',
    maxAge: 60,
    // Cached like the list of the same search: its offers' tags and the list's.
    tags: (answer, query) => [
      ...answer.clusters.flatMap((c) => (c.offer ? [offerTag(c.offer.id)] : [])),
      ...searchListTags(query),
    ],
    cacheTtlMs: 15_000,
  }),
  /** A place's children with their count of active offers (hub links); zones: their members. */
  lieuChildren: get({
    path: (query) => `/lieu/${query.id}/children`,
    query: v.object({
      id,
      nature: v.optional(NatureIdSchema),
      rubrique: v.optional(idList()),
      min_count: v.optional(count),
      ...lang,
    }),
    upstreamQuery: ({ id: _id, ...query }) => query,
    answer: LieuChildrenSchema,
    browser: '/api/lieu-enfants',
    maxAge: 300,
    tags: (answer, query) => [`lieu-${query.id}`, ...answer.map((c) => `lieu-${c.lieu.id}`)],
    cacheTtlMs: 60_000,
  }),
  /** Active offers per rubrique of a nature in places (hub links to sub-categories). */
  rubriqueCounts: get({
    path: '/compteur/rubriques',
    query: v.object({
      nature: v.optional(NatureIdSchema),
      lieu: v.optional(idList()),
      min_nb: v.optional(count),
    }),
    answer: RubriqueCountsSchema,
    browser: '/api/compteur-rubriques',
    maxAge: 300,
    cacheTtlMs: 60_000,
  }),
  /** Substitute searches of an empty result list: nearby places, parents, other rubriques. */
  compteur: get({
    path: '/compteur',
    query: v.object({
      min_nb: v.optional(count),
      nature: v.optional(NatureIdSchema),
      rubrique: v.optional(idList()),
      lieu: v.optional(idList()),
      lieu_type: v.optional(
        v.picklist(
          LIEU_TYPES.filter((t) => t !== 'Generic') as Exclude<
            (typeof LIEU_TYPES)[number],
            'Generic'
          >[],
        ),
      ),
      rayon: v.optional(intBetween(1, 500)),
      exclude_rubrique: v.optional(idList(100)),
      exclude_lieu: v.optional(idList(100)),
      limit: v.optional(intBetween(1, 50)),
      search_key: v.optional(searchKey),
      /** A map area: rubriques counted inside it, no nearby places or parents. */
      bbox: v.optional(bbox),
      ...lang,
    }),
    answer: CompteurSchema,
    browser: '/api/compteur',
    maxAge: 300,
    tags: (answer) => [
      ...answer.nearby.map((n) => `lieu-${n.lieu.id}`),
      ...answer.parents.map((p) => `lieu-${p.lieu.id}`),
    ],
    cacheTtlMs: 60_000,
  }),
  /**
   * Offers by id (the favourites), at most 100; obsolete ones flagged by status and listed in
   * `withdrawn` with their related search, unknown ones absent.
   */
  offersByIds: get({
    path: '/offre',
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
      ...lang,
    }),
    upstreamQuery: (query) => ({ id: query.ids, limit: 100, lang: query.lang }),
    answer: OfferListSchema,
    browser: '/api/offre-ids',
    maxAge: 60,
    tags: offerTags,
  }),
  /**
   * The visitor's alerts: those of the tokens given and, through the BFF, those of the visitor's
   * alert cookie (server/writes/alerts.ts serves it: it needs the cookie). The tokens are secrets:
   * they travel in a request header, never in the URL.
   */
  alerts: get({
    path: '/alerte',
    query: v.object({ tokens: v.array(v.string()) }),
    headers: { tokens: ALERT_TOKENS_UPSTREAM_HEADER },
    answer: AlertListSchema,
    browser: '/api/alerts',
    ownRoute: true,
  }),
  /**
   * One offer page by slug (unknown → 404). An obsolete offer fails with 410 and the
   * OfferObsolete body (contract) on both sides, for the obsolete-offer page.
   */
  offer: get({
    path: (query) => `/offre/by-slug/${encodeURIComponent(query.slug)}`,
    query: v.object({ slug, ...lang }),
    upstreamQuery: (query) => ({ lang: query.lang }),
    answer: OfferDetailSchema,
    browser: '/api/offre-detail',
    maxAge: 60,
    tags: (answer) => [
      `offre-${answer.id}`,
      `agence-${answer.agency.id}`,
      `lieu-${answer.lieu.id}`,
    ],
    // Many visitors on the same offer at once cost one query.
    cacheTtlMs: 15_000,
  }),
  /** Previous and next offers of an offer in a search (GET /offre/navigation). */
  offerNavigation: get({
    path: '/offre/navigation',
    query: searchQuery(['page'], { current_id: id, search_key: v.optional(searchKey), ...lang }),
    answer: OfferNavigationSchema,
    browser: '/api/offre-navigation',
    maxAge: 60,
    cacheTtlMs: 15_000,
  }),
  /** The professional space's reads (shared/pro.ts). */
  ...proGetEndpoints,
  ...proFeedGetEndpoints,
  ...proAudienceGetEndpoints,
};

// ---------------------------------------------------------------------------------------------
// Writes the browser may post

/** A body id as JSON: a whole number from 1 to MAX_ID. */
export const BodyIdSchema = idNumber({
  type: 'must be a number',
  integer: 'must be a whole number',
  min: 'must be a positive id',
  max: 'is too large',
});

/** At most this many offers in one statistic (the offers of a result page). */
export const STAT_MAX_IDS = 100;

export const StatBodySchema = v.pipe(
  v.object({
    type: StatTypeSchema,
    /** One offer id; a list only for type liste (the offers of a result page). */
    id: v.union(
      [BodyIdSchema, v.pipe(v.array(BodyIdSchema), v.minLength(1), v.maxLength(STAT_MAX_IDS))],
      'must be an offer id (or a list of ids for liste)',
    ),
  }),
  v.forward(
    v.check(
      (input) => input.type === 'liste' || !Array.isArray(input.id),
      'must be a single offer id unless type is liste',
    ),
    ['id'],
  ),
);

export const sendEndpoints = {
  /** An offer seen in a list or on its page, its phone number revealed, a contact mailed. */
  stat: send({
    method: 'POST',
    path: '/stat',
    body: StatBodySchema,
    relaysVisitor: true,
    answer: StatCreatedSchema,
    browser: '/api/stat',
  }),
};
