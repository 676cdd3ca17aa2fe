import type * as v from 'valibot';
import type { ContactCreated } from './contract';
import { getEndpoints, sendEndpoints, type FormSendEndpoint, type GetEndpoint } from './endpoints';
import type { formSendEndpoints } from './form-endpoints';

// The one data interface of the screens' loaders. On the server it calls the listings API
// directly (server/upstream/portal-api.ts); in the browser it calls the BFF's /api/* endpoints
// (client/api/browser-api.ts). Same names, same answers, same errors on both sides. Its endpoints
// are the rows of the endpoint table (shared/endpoints.ts, shared/form-endpoints.ts): adding one
// is a row there (and its route in the listings API), nothing here.
//
// Components take the page's PortalApi from React context (client/api/portal-api-context.tsx):
// no component calls fetch itself.

type Gets = typeof getEndpoints;
type Sends = typeof sendEndpoints & typeof formSendEndpoints;

/** Read endpoints: query in, contract answer out. */
export type PortalGetEndpoints = {
  [N in keyof Gets]: Gets[N] extends GetEndpoint<infer Q, infer A>
    ? { query: v.InferOutput<Q>; answer: v.InferOutput<A> }
    : never;
} & {
  /** The maps' tiles (MAP_TILE_URL): the BFF's own setting, not the listings API's. */
  mapConfig: { query: Record<string, never>; answer: MapConfig };
};

/** Write endpoints: body in (the listings API's body schema's input), answer out. */
export type PortalSendEndpoints = {
  [N in keyof Sends]: Sends[N] extends FormSendEndpoint<infer B, infer A>
    ? { body: v.InferInput<B>; answer: v.InferOutput<A> }
    : never;
} & {
  contact: {
    /** isSpammer: the visitor's counter reached settings.maxContact with this request. */
    answer: ContactCreated & { isSpammer?: boolean };
  };
};

/** The tiles of the maps: a URL template ({z}, {x}, {y}) and its attribution; null: no map. */
export interface MapConfig {
  tileUrl: string | null;
  attribution: string;
}

export type OfferSearchQuery = PortalGetEndpoints['offers']['query'];
/** GET /offre/clusters: a search's params (toApiParams), the map area and the map's zoom. */
export type OfferClustersQuery = PortalGetEndpoints['offerClusters']['query'];
/** GET /offre/navigation: the offer, the search's params (toApiParams, without page) and its key. */
export type OfferNavigationQuery = PortalGetEndpoints['offerNavigation']['query'];
export type ContactBody = PortalSendEndpoints['contact']['body'];
export type ProspectBody = PortalSendEndpoints['prospect']['body'];

/** An alert token as POST /alerte answers it (32 random bytes, base64url). */
export const ALERT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/**
 * Request header carrying the visitor's alert tokens to the page renderer: the BFF sets it from
 * the signed alert cookie (and drops any such header a browser sends).
 */
export const ALERT_TOKENS_HEADER = 'x-portal-alert-tokens';

export type GetName = keyof PortalGetEndpoints;
/** Read endpoints the BFF answers from its own settings: no service is asked for them. */
export type OwnGetName = 'mapConfig';
export type SendName = keyof PortalSendEndpoints;

/** Paths of the BFF's JSON endpoints, for the browser: the table's `browser` paths. */
export const API_PATHS = {
  ...(Object.fromEntries(
    Object.entries({ ...getEndpoints, ...sendEndpoints }).map(([name, row]) => [name, row.browser]),
  ) as Record<keyof Gets | keyof typeof sendEndpoints, string>),
  mapConfig: '/api/map-config',
};

/**
 * Query parameters sent as request headers instead of in the URL, where proxies, CDNs and access
 * logs would keep them: alert tokens (comma-separated in `x-alert-tokens`).
 */
export const HEADER_PARAMS: { readonly [N in GetName]?: Readonly<Record<string, string>> } =
  Object.fromEntries(
    Object.entries(getEndpoints).flatMap(([name, row]) =>
      'headers' in row && row.headers ? [[name, row.headers]] : [],
    ),
  );

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
