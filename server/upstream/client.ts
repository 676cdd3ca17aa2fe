import type { Readable } from 'node:stream';
import { Pool, errors as undiciErrors, type Dispatcher } from 'undici';
import * as v from 'valibot';
import type { LogFn } from 'pino';
import type { Query } from '../../shared/query-string';
import { UpstreamError, isUpstreamError } from './errors';
import { upstreamEndpoint, upstreamFailures, upstreamRequestDuration } from '../metrics';

// A typed HTTP client of the listings API: one keep-alive connection pool, bounded waits
// (connect, headers, body, and an overall deadline), the request id forwarded, and every answer
// checked against the contract schema. Failures come out as UpstreamError, never as a hang.
// Every call is timed by endpoint (its path pattern) and outcome, and failures are counted
// (server/metrics.ts).

export interface CallOptions {
  query?: Query;
  /** Aborts the call when the visitor goes away. */
  signal?: AbortSignal;
  requestId?: string;
  /** Overrides the default deadline (ms). */
  timeoutMs?: number;
  /** Extra request headers (values that must not travel in the URL, such as alert tokens). */
  headers?: Record<string, string>;
}

/** The little of a pino (or Fastify) logger the client uses. */
export interface UpstreamLogger {
  child(bindings: Record<string, unknown>): { warn: LogFn; debug: LogFn };
}

export interface UpstreamClientOptions {
  baseUrl: string;
  timeoutMs: number;
  logger: UpstreamLogger;
  connections?: number;
}

export interface UpstreamClient {
  readonly baseUrl: string;
  get<S extends v.GenericSchema>(
    path: string,
    schema: S,
    options?: CallOptions,
  ): Promise<v.InferOutput<S>>;
  send<S extends v.GenericSchema>(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    schema: S,
    options?: CallOptions & { body?: unknown },
  ): Promise<v.InferOutput<S>>;
  /** A raw answer to stream (photos); the caller must consume or destroy the body. */
  raw(
    path: string,
    options?: CallOptions & { headers?: Record<string, string> },
  ): Promise<Dispatcher.ResponseData>;
  /**
   * Streams a request body to the listings API (a feed upload), within `timeoutMs` for the whole
   * body and the answer; answers the status and the JSON answer, 4xx included.
   */
  upload(
    path: string,
    body: Readable,
    options: CallOptions & { contentType: string; timeoutMs: number },
  ): Promise<{ status: number; json: unknown }>;
  close(): Promise<void>;
}

/** Turns a query object into a search string; arrays are comma-separated, empty values left out. */
export function buildQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else {
      params.set(key, String(value));
    }
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
]);

function errorCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Runs a call to the listings API, timing it by endpoint and outcome (ok; http: a 4xx answer;
 * or the failure's kind, also counted as a failure; aborted: the visitor left).
 */
async function measured<T>(method: string, path: string, run: () => Promise<T>): Promise<T> {
  const endpoint = upstreamEndpoint(path);
  const end = upstreamRequestDuration.startTimer({ endpoint, method });
  let outcome = 'ok';
  try {
    return await run();
  } catch (error) {
    outcome = isUpstreamError(error) ? error.kind : 'aborted';
    if (isUpstreamError(error) && error.kind !== 'http') {
      upstreamFailures.inc({ endpoint, kind: error.kind });
    }
    throw error;
  } finally {
    end({ outcome });
  }
}

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const base = new URL(options.baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const pool = new Pool(base.origin, {
    connections: options.connections ?? 64,
    keepAliveTimeout: 30_000,
    connect: { timeout: Math.min(options.timeoutMs, 2_000) },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
  const log = options.logger.child({ upstream: base.origin });

  async function request(
    method: Dispatcher.HttpMethod,
    path: string,
    call: CallOptions & { body?: unknown; headers?: Record<string, string> },
    deadline: AbortSignal,
  ): Promise<Dispatcher.ResponseData> {
    const timeoutMs = call.timeoutMs ?? options.timeoutMs;
    const signal = call.signal ? AbortSignal.any([call.signal, deadline]) : deadline;
    const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
    if (call.requestId) headers['x-request-id'] = call.requestId;
    let body: string | undefined;
    if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      headers['content-type'] = 'application/json';
    }
    try {
      return await pool.request({
        method,
        path: `${prefix}${path}${buildQueryString(call.query)}`,
        headers,
        body,
        signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      throw classify(error, path, deadline, call.signal, call.requestId);
    }
  }

  function classify(
    error: unknown,
    path: string,
    deadline: AbortSignal,
    callerSignal: AbortSignal | undefined,
    requestId: string | undefined,
    /** The answer had begun (status and headers came): a connection lost now cut it short. */
    answered = false,
  ): Error {
    // The visitor left: not an upstream fault, let the abort travel.
    if (callerSignal?.aborted)
      return callerSignal.reason instanceof Error ? callerSignal.reason : new Error('aborted');
    const code = errorCode(error);
    let upstream: UpstreamError;
    if (
      deadline.aborted ||
      error instanceof undiciErrors.HeadersTimeoutError ||
      error instanceof undiciErrors.BodyTimeoutError ||
      code === 'UND_ERR_HEADERS_TIMEOUT' ||
      code === 'UND_ERR_BODY_TIMEOUT'
    ) {
      upstream = new UpstreamError('timeout', path, `listings API timed out on ${path}`, {
        cause: error,
      });
    } else if (answered) {
      // The service was there and answered, but its answer is unusable: a bad gateway (502),
      // not a service that is down (503).
      upstream = new UpstreamError(
        'bad-response',
        path,
        `listings API answer of ${path} was cut off`,
        {
          cause: error,
        },
      );
    } else if (code && UNAVAILABLE_CODES.has(code)) {
      upstream = new UpstreamError('unavailable', path, `listings API unavailable (${code})`, {
        cause: error,
      });
    } else if (error instanceof UpstreamError) {
      upstream = error;
    } else {
      upstream = new UpstreamError('bad-response', path, `listings API call failed on ${path}`, {
        cause: error,
      });
    }
    log.warn({ reqId: requestId, path, kind: upstream.kind, code }, upstream.message);
    return upstream;
  }

  async function readJson(
    response: Dispatcher.ResponseData,
    path: string,
    call: CallOptions,
    deadline: AbortSignal,
  ): Promise<unknown> {
    let text: string;
    try {
      text = await response.body.text();
    } catch (error) {
      throw classify(error, path, deadline, call.signal, call.requestId, true);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }

  async function call<S extends v.GenericSchema>(
    method: Dispatcher.HttpMethod,
    path: string,
    schema: S,
    callOptions: CallOptions & { body?: unknown },
  ): Promise<v.InferOutput<S>> {
    const started = performance.now();
    const deadline = AbortSignal.timeout(callOptions.timeoutMs ?? options.timeoutMs);
    const response = await request(method, path, callOptions, deadline);
    const json = await readJson(response, path, callOptions, deadline);
    const status = response.statusCode;
    if (status >= 400 && status < 500) {
      throw new UpstreamError('http', path, `listings API answered ${status} on ${path}`, {
        upstreamStatus: status,
        body: json,
      });
    }
    if (status < 200 || status >= 300) {
      log.warn({ reqId: callOptions.requestId, path, status }, 'listings API error status');
      throw new UpstreamError('bad-response', path, `listings API answered ${status} on ${path}`, {
        upstreamStatus: status,
        body: json,
      });
    }
    const parsed = v.safeParse(schema, json);
    if (!parsed.success) {
      const issue = parsed.issues[0];
      log.warn(
        { reqId: callOptions.requestId, path, field: issue ? v.getDotPath(issue) : undefined },
        'listings API answer does not match the contract',
      );
      throw new UpstreamError(
        'bad-response',
        path,
        `listings API answer of ${path} does not match the contract`,
        {
          upstreamStatus: status,
        },
      );
    }
    log.debug(
      { reqId: callOptions.requestId, path, status, ms: Math.round(performance.now() - started) },
      'upstream',
    );
    return parsed.output;
  }

  return {
    baseUrl: base.origin + prefix,
    get: (path, schema, callOptions = {}) =>
      measured('GET', path, () => call('GET', path, schema, callOptions)),
    send: (method, path, schema, callOptions = {}) =>
      measured(method, path, () => call(method, path, schema, callOptions)),
    // Timed to the answer's headers; the caller streams the body.
    raw: (path, callOptions = {}) =>
      measured('GET', path, async () => {
        const deadline = AbortSignal.timeout(callOptions.timeoutMs ?? options.timeoutMs);
        const response = await request('GET', path, callOptions, deadline);
        if (response.statusCode >= 500) {
          upstreamFailures.inc({ endpoint: upstreamEndpoint(path), kind: 'bad-response' });
        }
        return response;
      }),
    upload: (path, body, callOptions) =>
      measured('POST', path, async () => {
        const deadline = AbortSignal.timeout(callOptions.timeoutMs);
        const signal = callOptions.signal
          ? AbortSignal.any([callOptions.signal, deadline])
          : deadline;
        const headers: Record<string, string> = {
          accept: 'application/json',
          ...callOptions.headers,
          'content-type': callOptions.contentType,
        };
        if (callOptions.requestId) headers['x-request-id'] = callOptions.requestId;
        let response: Dispatcher.ResponseData;
        try {
          response = await pool.request({
            method: 'POST',
            path: `${prefix}${path}${buildQueryString(callOptions.query)}`,
            headers,
            body,
            signal,
            headersTimeout: callOptions.timeoutMs,
            bodyTimeout: callOptions.timeoutMs,
          });
        } catch (error) {
          throw classify(error, path, deadline, callOptions.signal, callOptions.requestId);
        }
        const json = await readJson(response, path, callOptions, deadline);
        if (response.statusCode >= 500) {
          throw new UpstreamError(
            'bad-response',
            path,
            `listings API answered ${response.statusCode} on ${path}`,
            {
              upstreamStatus: response.statusCode,
              body: json,
            },
          );
        }
        return { status: response.statusCode, json };
      }),
    close: () => pool.close(),
  };
}
