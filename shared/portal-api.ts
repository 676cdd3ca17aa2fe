import type {
  Config,
  ExternalLinks,
  Lang,
  LieuSuggestionList,
  OmrData,
  StatType,
} from './contract';

// The one data interface of the screens' loaders. On the server it calls the listings API
// directly (server/ssr/portal-api.ts); in the browser it calls the BFF's /api/* endpoints
// (client/api/browser-api.ts). Same names, same answers, same errors on both sides.
//
// Adding a read endpoint: one entry in PortalGetEndpoints and API_PATHS here, one row in
// server/api/endpoints.ts (upstream path, query schema, answer schema, cache tags).

/** Read endpoints: query in, contract answer out. */
export interface PortalGetEndpoints {
  config: { query: Record<string, never>; answer: Config };
  omrData: { query: Record<string, never>; answer: OmrData };
  /** Footer links of the nearest place having some; generic ones without a place. */
  externalLinks: { query: { lieu?: number; lang: Lang }; answer: ExternalLinks };
  /** Place autocomplete (cancellable: pass a signal). */
  searchLieu: { query: { q: string; lang: Lang; limit?: number }; answer: LieuSuggestionList };
}

/** Write endpoints: body in, answer out; rate limited per visitor by the BFF. */
export interface PortalSendEndpoints {
  stat: { body: { type: StatType; id: number | number[] }; answer: { id: number } };
}

export type GetName = keyof PortalGetEndpoints;
export type SendName = keyof PortalSendEndpoints;

/** Paths of the BFF's JSON endpoints, for the browser. */
export const API_PATHS: Record<GetName | SendName, string> = {
  config: '/api/config',
  omrData: '/api/omr-data',
  externalLinks: '/api/liens-externes',
  searchLieu: '/api/search-lieu',
  stat: '/api/stat',
};

export interface CallOptions {
  signal?: AbortSignal;
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
