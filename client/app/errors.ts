import { data, isRouteErrorResponse } from 'react-router';
import { isPortalApiError } from '../../shared/portal-api';

// Page failures as react-router error responses: the error page picks its text from the status
// and the reason (spec sections 2 and 8).

export type ErrorReason =
  /** No route table entry for this URL, or no screen module for it yet. */
  | 'unmatched'
  /** A guard (the spec's "middleware") or a loader rejected the params. */
  | 'validation'
  /** A guard name no guard answers to. */
  | 'unknown-middleware'
  /** The data behind the page does not exist (unknown slug, obsolete offer...). */
  | 'missing'
  /** The listings API failed (502/503/504) or another fault. */
  | 'failure'
  /** The request itself is unreadable: a malformed address (400) or one too long (414, 431). */
  | 'bad-request';

export interface ErrorData {
  reason: ErrorReason;
  message?: string;
}

/** A 404 for a URL that matches no page ('This page could not be found'). */
export function notFound(reason: 'unmatched' | 'validation' | 'missing' = 'missing') {
  return data<ErrorData>({ reason }, { status: 404 });
}

/**
 * The error page of a request the server could not read (its status: 400, 414 or 431) or refused
 * before its page ran (413, 415, 429).
 */
export function badRequest(status: number) {
  return data<ErrorData>({ reason: 'bad-request' }, { status });
}

/** A 500 for a route table guard name without a guard. */
export function unknownMiddleware(name: string) {
  return data<ErrorData>(
    { reason: 'unknown-middleware', message: `Unknown middleware: ${name}` },
    { status: 500 },
  );
}

/**
 * Turns a PortalApi failure into the page's status; anything else goes through unchanged. What
 * the failure said (a socket error, a contract mismatch) stays in the server's log, off the page.
 */
export function toRouteError(error: unknown): unknown {
  if (isPortalApiError(error)) {
    const missing = error.status === 404 || error.status === 410;
    return data<ErrorData>({ reason: missing ? 'missing' : 'failure' }, { status: error.status });
  }
  return error;
}

export interface ErrorInfo {
  status: number;
  reason: ErrorReason;
}

/** Status and reason of whatever a route threw (default 500). */
export function describeError(error: unknown): ErrorInfo {
  if (isRouteErrorResponse(error)) {
    const body = error.data as Partial<ErrorData> | undefined;
    const reason =
      body && typeof body === 'object' && typeof body.reason === 'string' ? body.reason : undefined;
    return {
      status: error.status,
      reason: reason ?? (error.status === 404 ? 'unmatched' : 'failure'),
    };
  }
  if (isPortalApiError(error)) return { status: error.status, reason: 'failure' };
  return { status: 500, reason: 'failure' };
}
