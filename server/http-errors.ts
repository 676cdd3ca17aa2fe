import type { MessageDescriptor } from '@lingui/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { LangSchema, OfferObsoleteSchema, type Lang } from '../shared/contract';
import {
  internalError,
  listingsBadAnswer,
  listingsTimedOut,
  listingsUnavailable,
  noSuchAddress,
  tooManyRequests as tooManyRequestsText,
} from '../shared/http-messages';
import { isPortalApiError } from '../shared/portal-api';
import { translate } from './api/messages';
import { LANG_COOKIE, preferredLanguage } from './language-preference';
import { isUpstreamError } from './upstream/errors';

// The BFF's failures as typed HTTP errors: a route throws one (`throw badRequest(...)`), and one
// error handler (registerErrorHandler, server/app.ts) writes the JSON error body, in the visitor's
// language when its message is a catalog descriptor. A failure of the listings API thrown as it
// is (PortalApiError, UpstreamError) answers its own status: the API's 4xx body, or 502/503/504
// with a message saying the listings service failed. Anything else is a 500 whose details stay in
// the log.

/** The JSON body of an error answer. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  /** A short machine-readable reason, when the client acts on it. */
  code?: string;
  /** The input field at fault (a 400's). */
  field?: string;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The reason phrase of a status ("Error" for one the portal never answers). */
export function reasonOf(status: number): string {
  return REASONS[status] ?? 'Error';
}

/** An error body with no language to choose (the message is already the text to send). */
export function errorBody(statusCode: number, message: string, field?: string): ApiErrorBody {
  return { statusCode, error: reasonOf(statusCode), message, ...(field ? { field } : {}) };
}

export interface HttpErrorOptions {
  code?: string;
  field?: string;
  /** Placeholders of a descriptor message. */
  values?: Record<string, unknown>;
  /** Headers of the answer (Retry-After...). */
  headers?: Record<string, string>;
  /** More fields of the body (a form's per-field errors...). */
  extra?: Record<string, unknown>;
  /** The whole body to answer instead (an upstream's own 4xx body). */
  body?: object;
  cause?: unknown;
}

export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  /** Fastify reads the status of a thrown error here. */
  readonly statusCode: number;
  readonly code: string | undefined;
  readonly field: string | undefined;
  /** The message as a catalog descriptor: written in the visitor's language. */
  readonly descriptor: MessageDescriptor | undefined;
  readonly values: Record<string, unknown> | undefined;
  readonly headers: Record<string, string>;
  readonly extra: Record<string, unknown> | undefined;
  readonly body: object | undefined;

  constructor(status: number, message: string | MessageDescriptor, options: HttpErrorOptions = {}) {
    super(typeof message === 'string' ? message : (message.message ?? message.id), {
      cause: options.cause,
    });
    this.status = status;
    this.statusCode = status;
    this.code = options.code;
    this.field = options.field;
    this.descriptor = typeof message === 'string' ? undefined : message;
    this.values = options.values;
    this.headers = options.headers ?? {};
    this.extra = options.extra;
    this.body = options.body;
  }

  /** The JSON body of this error in a language. */
  bodyIn(lang: Lang): object {
    if (this.body) return this.body;
    const message = this.descriptor ? translate(this.descriptor, lang, this.values) : this.message;
    return {
      statusCode: this.status,
      error: reasonOf(this.status),
      message,
      ...(this.code ? { code: this.code } : {}),
      ...(this.field ? { field: this.field } : {}),
      ...this.extra,
    };
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

type Message = string | MessageDescriptor;

/** 400: the input at `field` is wrong; the message says how (`field: message` by convention). */
export const badRequest = (message: Message, field?: string, options: HttpErrorOptions = {}) =>
  new HttpError(400, message, { ...options, field: field ?? options.field });
export const forbidden = (message: Message, options?: HttpErrorOptions) =>
  new HttpError(403, message, options);
export const notFound = (message: Message = noSuchAddress, options?: HttpErrorOptions) =>
  new HttpError(404, message, options);
/** 429 with Retry-After (seconds). */
export const tooManyRequests = (retryAfterS: number, options: HttpErrorOptions = {}) => {
  const seconds = Math.max(1, Math.ceil(retryAfterS));
  return new HttpError(429, tooManyRequestsText, {
    ...options,
    values: { seconds, ...options.values },
    headers: { 'retry-after': String(seconds), ...options.headers },
  });
};
export const serviceUnavailable = (options?: HttpErrorOptions) =>
  new HttpError(503, listingsUnavailable, options);

/** 400 from the first issue of a failed parse: `field: message`, the field named. */
export function invalid(issues: readonly v.BaseIssue<unknown>[], fallbackField: string): HttpError {
  const issue = issues[0];
  const field = (issue && v.getDotPath(issue)) || fallbackField;
  return badRequest(`${field}: ${issue?.message ?? 'is invalid'}`, field);
}

const UpstreamErrorBody = v.object({
  statusCode: v.number(),
  error: v.string(),
  message: v.string(),
  field: v.optional(v.string()),
});

const SERVICE_MESSAGES: Record<number, MessageDescriptor> = {
  502: listingsBadAnswer,
  503: listingsUnavailable,
  504: listingsTimedOut,
};

/**
 * A failure of the listings API as the HTTP error the BFF answers: the API's own 4xx body when it
 * sent one (an obsolete offer's 410 carries what its page shows), else its status with a message
 * in the visitor's language. Undefined for anything that is no such failure.
 */
export function upstreamFailure(error: unknown): HttpError | undefined {
  if (!isPortalApiError(error) && !isUpstreamError(error)) return undefined;
  const status = error.status;
  const body: unknown = error.body;
  if (status < 500) {
    const own = v.safeParse(UpstreamErrorBody, body);
    if (own.success)
      return new HttpError(status, own.output.message, { body: own.output, cause: error });
    if (status === 410 && v.is(OfferObsoleteSchema, body))
      return new HttpError(410, 'gone', { body, cause: error });
    return new HttpError(status, error.message, { cause: error });
  }
  return new HttpError(status, SERVICE_MESSAGES[status] ?? listingsBadAnswer, { cause: error });
}

/** Any thrown value as the HTTP error to answer. */
export function toHttpError(error: unknown): HttpError {
  if (isHttpError(error)) return error;
  const upstream = upstreamFailure(error);
  if (upstream) return upstream;
  // The framework's own 4xx (unreadable JSON, body too large, wrong content type...): its message
  // names the fault, and says nothing internal.
  const fastify = error as Partial<FastifyError> | undefined;
  const status = fastify?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new HttpError(status, fastify?.message || reasonOf(status), {
      code: fastify?.code,
      cause: error,
    });
  }
  return new HttpError(500, internalError, { cause: error });
}

/**
 * The visitor's language for a JSON answer: the `lang` query parameter, the language of the path,
 * the language cookie, then Accept-Language; French by default.
 */
export function requestLang(request: FastifyRequest): Lang {
  const query = request.query as { lang?: unknown } | undefined;
  const given = v.safeParse(LangSchema, query?.lang);
  if (given.success) return given.output;
  const inPath = /^\/(fr|en)(?:[/?]|$)/.exec(request.url)?.[1];
  if (inPath === 'fr' || inPath === 'en') return inPath;
  const cookie = v.safeParse(LangSchema, request.cookies?.[LANG_COOKIE]);
  if (cookie.success) return cookie.output;
  return preferredLanguage(request.headers['accept-language']) ?? 'fr';
}

/** Writes an error answer: status, headers, JSON body in the visitor's language. */
export function sendHttpError(request: FastifyRequest, reply: FastifyReply, error: HttpError) {
  reply.code(error.status);
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  // An error is never kept by a cache (a route may have said otherwise before it failed).
  reply.header('cache-control', 'no-store');
  return reply.type('application/json; charset=utf-8').send(error.bodyIn(requestLang(request)));
}

/** The one error handler of the app: every thrown error of a route becomes its JSON answer. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    const http = toHttpError(error);
    if (http.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendHttpError(request, reply, http);
  });
  app.setNotFoundHandler((request) => {
    throw notFound(noSuchAddress, {
      extra: { path: request.url.split('?')[0] },
    });
  });
}

/**
 * @deprecated Throw `invalid(issues, field)` instead. Kept for the routes that still send their
 * answers themselves: the 400 goes through the error handler all the same.
 */
export function sendInvalid(
  _reply: FastifyReply,
  issues: v.BaseIssue<unknown>[],
  fallbackField: string,
): never {
  throw invalid(issues, fallbackField);
}

/**
 * @deprecated Throw the failure (or `upstreamFailure(error)`) instead. Kept for the routes that
 * still send their answers themselves.
 */
export function sendApiFailure(_reply: FastifyReply, error: unknown): never {
  throw upstreamFailure(error) ?? error;
}
