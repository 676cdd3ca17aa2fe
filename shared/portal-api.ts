import type {
  AgencyDetail,
  AgencyList,
  AgencySort,
  AlertCreated,
  AlertCriteria,
  AlertList,
  AlertMailAction,
  Compteur,
  Config,
  ContactCreated,
  ExternalLinks,
  Lang,
  LieuCount,
  LieuSuggestionList,
  LieuType,
  LieuWithAncestors,
  NatureId,
  Network,
  OfferDetail,
  OfferClusters,
  OfferList,
  OfferNavigation,
  OmrData,
  ReviewList,
  RubriqueCount,
  StatType,
} from './contract';

// The one data interface of the screens' loaders. On the server it calls the listings API
// directly (server/ssr/portal-api.ts); in the browser it calls the BFF's /api/* endpoints
// (client/api/browser-api.ts). Same names, same answers, same errors on both sides.
//
// Adding a read endpoint: one entry in PortalGetEndpoints and API_PATHS here, one row in
// server/api/endpoints.ts (upstream path, query schema, answer schema, cache tags).
//
// Components take the page's PortalApi from React context (client/api/portal-api-context.tsx):
// no component calls fetch itself.

/** Read endpoints: query in, contract answer out. */
export interface PortalGetEndpoints {
  config: { query: Record<string, never>; answer: Config };
  omrData: { query: Record<string, never>; answer: OmrData };
  /** Footer links of the nearest place having some; generic ones without a place. */
  externalLinks: { query: { lieu?: number; lang: Lang }; answer: ExternalLinks };
  /** Place autocomplete (cancellable: pass a signal). */
  searchLieu: { query: { q: string; lang: Lang; limit?: number }; answer: LieuSuggestionList };
  /** One place with its ancestors, by slug or by id (unknown → 404). */
  lieu: { query: { slug?: string; id?: number; lang: Lang }; answer: LieuWithAncestors };
  /** Agency directory: by name (typo tolerant), place subtree or network; sorted and paged. */
  agencies: {
    query: {
      search?: string;
      lieu?: number;
      network?: number;
      sort?: AgencySort;
      page?: number;
      limit?: number;
      lang: Lang;
    };
    answer: AgencyList;
  };
  /** One agency by slug, inactive ones included (unknown → 404). */
  agency: { query: { slug: string; lang: Lang }; answer: AgencyDetail };
  /** One agency network by slug (unknown → 404). */
  network: { query: { slug: string; lang: Lang }; answer: Network };
  /** The active offers of an agency or of a network's agencies, for one nature, paged. */
  agencyOffers: {
    query: {
      agency?: number;
      network?: number;
      nature: NatureId;
      page?: number;
      limit?: number;
      lang: Lang;
    };
    answer: OfferList;
  };
  /** An agency's reviews from the reviews service (client-survey), newest first. */
  reviews: { query: { agency: number; lang: Lang; limit?: number }; answer: ReviewList };
  /** Offer search (GET /offre): the params of shared/criteria.ts toApiParams, lang, page size. */
  offers: { query: OfferSearchQuery; answer: OfferList };
  /** A place's children with their count of active offers (hub links); zones: their members. */
  lieuChildren: {
    query: {
      id: number;
      nature?: NatureId;
      rubrique?: number[];
      min_count?: number;
      lang: Lang;
    };
    answer: LieuCount[];
  };
  /** Active offers per rubrique of a nature in places (hub links to sub-categories). */
  rubriqueCounts: {
    query: { nature?: NatureId; lieu?: number[]; min_nb?: number };
    answer: RubriqueCount[];
  };
  /** Substitute searches of an empty result list: nearby places, parents, other rubriques. */
  compteur: { query: CompteurQuery; answer: Compteur };
  /** Offers by id (the favourites), at most 100; obsolete ones flagged by status, unknown ones absent. */
  offersByIds: { query: { ids: number[]; lang: Lang }; answer: OfferList };
  /**
   * The visitor's alerts: those of the tokens given and, through the BFF, those of the visitor's
   * alert cookie (server/writes/alerts.ts serves it: it needs the cookie). The tokens are secrets:
   * they travel in a request header (HEADER_PARAMS), never in the URL.
   */
  alerts: { query: { tokens: string[] }; answer: AlertList };
  /**
   * One offer page by slug (unknown → 404). An obsolete offer fails with 410 and the
   * OfferObsolete body (contract) on both sides, for the obsolete-offer page.
   */
  offer: { query: { slug: string; lang: Lang }; answer: OfferDetail };
  /** Previous and next offers of an offer in a search (GET /offre/navigation). */
  offerNavigation: { query: OfferNavigationQuery; answer: OfferNavigation };
  /**
   * The clusters of a search's offers in a map area at a zoom (GET /offre/clusters): the params
   * of toApiParams (bbox required), without sort and page.
   */
  offerClusters: { query: OfferClustersQuery; answer: OfferClusters };
  /** The maps' tiles (MAP_TILE_URL): the BFF's own setting, not the listings API's. */
  mapConfig: { query: Record<string, never>; answer: MapConfig };
}

/** The tiles of the maps: a URL template ({z}, {x}, {y}) and its attribution; null: no map. */
export interface MapConfig {
  tileUrl: string | null;
  attribution: string;
}

/** GET /offre/clusters: a search's params (toApiParams), the map area and the map's zoom. */
export type OfferClustersQuery = Partial<
  Record<Exclude<OfferSearchKey, 'page' | 'sort' | 'bbox'>, string>
> & {
  bbox: string;
  zoom: number;
  lang: Lang;
};

/** GET /offre/navigation: the offer, the search's params (toApiParams, without page) and its key. */
export type OfferNavigationQuery = Partial<Record<Exclude<OfferSearchKey, 'page'>, string>> & {
  current_id: number;
  search_key?: string;
  lang: Lang;
};

/**
 * Query parameters sent as request headers instead of in the URL, where proxies, CDNs and access
 * logs would keep them: alert tokens (comma-separated in `x-alert-tokens`).
 */
export const HEADER_PARAMS: { readonly [N in GetName]?: Readonly<Record<string, string>> } = {
  alerts: { tokens: 'x-alert-tokens' },
};

/** An alert token as POST /alerte answers it (32 random bytes, base64url). */
export const ALERT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/**
 * Request header carrying the visitor's alert tokens to the page renderer: the BFF sets it from
 * the signed alert cookie (and drops any such header a browser sends).
 */
export const ALERT_TOKENS_HEADER = 'x-portal-alert-tokens';
/** The search filters of GET /offre, as shared/criteria.ts toApiParams writes them (strings). */
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
  'nb_pieces',
  'nb_chambres',
  'surface_min',
  'surface_max',
  'surface_terrain_min',
  'surface_terrain_max',
  'atouts',
  'bbox',
  'sort',
  'page',
] as const;
export type OfferSearchKey = (typeof OFFER_SEARCH_KEYS)[number];
export type OfferSearchQuery = Partial<Record<OfferSearchKey, string>> & {
  lang: Lang;
  limit?: number;
};

/** GET /compteur (spec section 7). */
export interface CompteurQuery {
  min_nb?: number;
  nature?: NatureId;
  rubrique?: number[];
  lieu?: number[];
  lieu_type?: Exclude<LieuType, 'Generic'>;
  rayon?: number;
  exclude_rubrique?: number[];
  exclude_lieu?: number[];
  limit?: number;
  search_key?: string;
  /** A map area: rubriques counted inside it, no nearby places or parents. */
  bbox?: string;
  lang: Lang;
}

/** Write endpoints: body in, answer out; rate limited per visitor by the BFF. */
export interface PortalSendEndpoints {
  stat: { body: { type: StatType; id: number | number[] }; answer: { id: number } };
  /** The professional (prospect) contact form, checked with shared/forms.ts ProspectFormSchema. */
  prospect: { body: ProspectBody; answer: ContactCreated };
  /**
   * The contact form of offer and agency pages (POST /contact). The BFF serves it with its own
   * route (server/writes/contact.ts: spam guard, form checks); the browser posts ContactForm fields.
   */
  contact: {
    body: ContactBody;
    /** isSpammer: the visitor's counter reached settings.maxContact with this request. */
    answer: ContactCreated & { isSpammer?: boolean };
  };
  /**
   * The alert writes, actions of the pages that show their forms (the result lists: create; the
   * alerts page: delete, and the confirm and unsubscribe buttons of mail links). The BFF keeps the
   * visitor's alert cookie in step with them (server/writes/alerts.ts); no /api route serves them.
   */
  alertCreate: { body: AlertCreateBody; answer: AlertCreated };
  /** Deletes the alert of an owner's token (the token goes as a header, never in a URL). */
  alertDelete: { body: { token: string }; answer: unknown };
  /** The double opt-in of a mail link: its token is a signed alert id, not the owner's token. */
  alertConfirm: { body: { token: string }; answer: AlertMailAction };
  /** Stops an alert's mails, from its mails' link. */
  alertUnsubscribe: { body: { token: string }; answer: AlertMailAction };
}

/** POST /alerte: a new alert of a search for an e-mail address. */
export interface AlertCreateBody {
  email: string;
  contactProximite: boolean;
  lang: Lang;
  criteria: AlertCriteria;
}

/** Writes made only by page actions (on the server): the browser has no /api path for them. */
export type PageWriteName = 'alertCreate' | 'alertDelete' | 'alertConfirm' | 'alertUnsubscribe';

/** POST /contact: the contact form as the listings API takes it (an offer or an agency). */
export interface ContactBody {
  offer_id?: number;
  agency_id?: number;
  name: string;
  phone: string;
  email: string;
  message: string;
  reco?: boolean;
  lang: Lang;
  idempotency_key?: string;
}

/** POST /contact-prospect: the prospect form as the listings API takes it. */
export interface ProspectBody {
  lastname: string;
  firstname: string;
  company: string;
  city: string;
  lieu_id?: number;
  phone: string;
  email: string;
  message: string;
  lang: Lang;
  /** The same key twice stores one request (and sends one confirmation mail). */
  idempotency_key?: string;
}

export type GetName = keyof PortalGetEndpoints;
/** Read endpoints the BFF answers from its own settings: no service is asked for them. */
export type OwnGetName = 'mapConfig';
export type SendName = keyof PortalSendEndpoints;

/** Paths of the BFF's JSON endpoints, for the browser. */
export const API_PATHS: Record<GetName | Exclude<SendName, PageWriteName>, string> = {
  config: '/api/config',
  omrData: '/api/omr-data',
  externalLinks: '/api/liens-externes',
  searchLieu: '/api/search-lieu',
  lieu: '/api/lieu',
  agencies: '/api/agences',
  agency: '/api/agence',
  network: '/api/reseau',
  agencyOffers: '/api/agence-offres',
  reviews: '/api/client-survey',
  offers: '/api/offre',
  offerClusters: '/api/offre-clusters',
  mapConfig: '/api/map-config',
  lieuChildren: '/api/lieu-enfants',
  rubriqueCounts: '/api/compteur-rubriques',
  compteur: '/api/compteur',
  offersByIds: '/api/offre-ids',
  alerts: '/api/alerts',
  stat: '/api/stat',
  prospect: '/api/contact-prospect',
  offer: '/api/offre-detail',
  offerNavigation: '/api/offre-navigation',
  contact: '/api/contact',
};

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Not a part of the page's loading (suggestions, map clusters, a background check): the
   * browser's progress bar does not count it.
   */
  background?: boolean;
  /** In the browser, the call outlives the page (a statistic sent as the visitor leaves). */
  keepalive?: boolean;
}

export interface PortalApi {
  get<N extends GetName>(
    name: N,
    query: PortalGetEndpoints[N]['query'],
    options?: CallOptions,
  ): Promise<PortalGetEndpoints[N]['answer']>;
  send<N extends SendName>(
    name: N,
    body: PortalSendEndpoints[N]['body'],
    options?: CallOptions,
  ): Promise<PortalSendEndpoints[N]['answer']>;
}

/**
 * The failure of a PortalApi call, the same on both sides: `status` is what the page answers
 * (404/410 from the listings API, 502/503/504 when it fails, 400 for a bad parameter), `body`
 * the JSON error body (ApiError, or the 410 obsolete-offer body).
 */
export class PortalApiError extends Error {
  override name = 'PortalApiError';
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/** True for a PortalApiError, also across bundles (the server and the SSR bundle each load this file). */
export function isPortalApiError(error: unknown): error is PortalApiError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'PortalApiError' &&
    typeof (error as { status?: unknown }).status === 'number'
  );
}
