// Typed failures of the listings API, each with the status the BFF answers for it.

export type UpstreamErrorKind =
  /** Refused, reset or unreachable before any answer: the service is down (503). */
  | 'unavailable'
  /** No answer in time (504). */
  | 'timeout'
  /** An answer that is not what the contract says: garbage, a 5xx, or cut off mid-body (502). */
  | 'bad-response'
  /** A 4xx the API meant (404 unknown slug, 410 obsolete offer, 400 bad parameter). */
  | 'http';

const STATUS: Record<Exclude<UpstreamErrorKind, 'http'>, number> = {
  unavailable: 503,
  timeout: 504,
  'bad-response': 502,
};

export class UpstreamError extends Error {
  override name = 'UpstreamError';
  readonly kind: UpstreamErrorKind;
  /** What the BFF answers: 502/503/504, or the upstream's own 4xx. */
  readonly status: number;
  /** The upstream status, when there was an answer. */
  readonly upstreamStatus: number | undefined;
  /** The upstream's JSON error body (ApiError, or the 410 obsolete-offer body), when any. */
  readonly body: unknown;
  readonly path: string;

  constructor(
    kind: UpstreamErrorKind,
    path: string,
    message: string,
    options: { upstreamStatus?: number; body?: unknown; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.path = path;
    this.upstreamStatus = options.upstreamStatus;
    this.body = options.body;
    this.status = kind === 'http' ? (options.upstreamStatus ?? 502) : STATUS[kind];
  }
}

export function isUpstreamError(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError;
}
