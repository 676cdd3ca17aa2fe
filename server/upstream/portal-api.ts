import {
  getEndpoints,
  sendEndpoints,
  type GetEndpoint,
  type FormSendEndpoint,
} from '../../shared/endpoints';
import { formSendEndpoints } from '../../shared/form-endpoints';
import type {
  GetName,
  MapConfig,
  OwnGetName,
  PortalApi,
  PortalGetEndpoints,
  PortalSendEndpoints,
  SendName,
} from '../../shared/portal-api';
import { PortalApiError } from '../../shared/portal-api';
import { STAT_VISITOR_HEADERS } from '../../shared/contract';
import { PRO_SESSION_UPSTREAM_HEADER } from '../../shared/pro';
import type { Query } from '../../shared/query-string';
import type { UpstreamClient } from './client';
import { UpstreamError, isUpstreamError } from './errors';
import type { MemoryCache } from './memory-cache';

// The server side of PortalApi: loaders rendered on the server call the listings API directly
// (no HTTP hop to ourselves), as the rows of the endpoint table (shared/endpoints.ts) say. One
// instance per page request: it carries the request id, the abort signal and the page's deadline,
// and collects the cache tags of every entity it returned.
//
// One deadline for all the calls of a request: a page whose listings API hangs waits
// UPSTREAM_TIMEOUT_MS at most, however many calls its loaders make one after the other (the
// time its own code takes between them does not count). A kept answer (config...) past its
// lifetime is served as it is while it refreshes in the background (memory-cache.ts); only a
// first call waits for the listings API, within the deadline.

export interface ServerPortalApiOptions {
  upstream: UpstreamClient;
  /** The reviews service (client-survey) when it is not the listings API. */
  reviews?: UpstreamClient;
  cache: MemoryCache;
  requestId?: string;
  signal?: AbortSignal;
  /**
   * How long the calls of this request may keep it waiting for the listings API, all together
   * (ms): the time while at least one of them is under way counts, rendering does not.
   */
  waitBudgetMs: number;
  /** Receives the cache tags of each answer. */
  tags?: Set<string>;
  /** The maps' tiles of the BFF's settings (MAP_TILE_URL), the mapConfig answer; none: no map. */
  mapConfig?: MapConfig;
  /** The visitor of the request, relayed with statistics (never stored upstream). */
  visitor?: { ip: string; userAgent: string };
  /**
   * The professional space's session id (the visitor's cookie): sent to the listings API with
   * the rows marked `session`, and with them alone.
   */
  proSession?: string;
  /** Sends a write through its duties (server/plugins/upstream.ts); `send` is the plain call. */
  write?<N extends SendName>(
    name: N,
    body: PortalSendEndpoints[N]['body'],
    send: (body: PortalSendEndpoints[N]['body']) => Promise<PortalSendEndpoints[N]['answer']>,
  ): Promise<PortalSendEndpoints[N]['answer']>;
}

const sends = { ...sendEndpoints, ...formSendEndpoints };

/** The endpoints a service answers (the BFF answers the others from its own settings). */
type UpstreamGetName = Exclude<GetName, OwnGetName>;

/**
 * Splits a call's parameters into its query string and its headers: the parameters named in
 * `headers` go as those headers (lists comma-separated), the others stay in the query.
 */
export function upstreamRequest(
  params: Query,
  headers: Readonly<Record<string, string>> | undefined,
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

const NO_MAP: MapConfig = { tileUrl: null, attribution: '' };

function toPortalError(error: unknown): unknown {
  if (!isUpstreamError(error)) return error;
  const body = error.kind === 'http' ? error.body : undefined;
  return new PortalApiError(error.status, error.message, body);
}

function timedOut(path: string): UpstreamError {
  return new UpstreamError('timeout', path, `listings API timed out on ${path}`);
}

/**
 * The deadline of a request's calls, as time spent waiting: `run` gets the time left (ms) and
 * the wait counts while it runs; with none left, the call fails at once as a timeout.
 */
function waitBudget(budgetMs: number) {
  let spent = 0;
  let running = 0;
  let since = 0;
  return async function within<T>(path: string, run: (leftMs: number) => Promise<T>): Promise<T> {
    const now = performance.now();
    const left = Math.floor(budgetMs - spent - (running > 0 ? now - since : 0));
    if (left <= 0) throw timedOut(path);
    if (running++ === 0) since = now;
    try {
      return await run(left);
    } finally {
      if (--running === 0) spent += performance.now() - since;
    }
  };
}

/**
 * Waits for a shared call (which goes on for the other requests) until this request's deadline
 * or until the visitor leaves.
 */
function waitWithin<T>(
  shared: Promise<T>,
  path: string,
  leftMs: number,
  signal: AbortSignal | undefined,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(timedOut(path));
    }, leftMs);
    const stop = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      stop();
      reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    // Settles this wait only: the shared call goes on (its failure is the cache's to keep).
    shared.then(
      (value) => {
        stop();
        resolve(value);
      },
      (error: unknown) => {
        stop();
        reject(error);
      },
    );
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function createServerPortalApi(options: ServerPortalApiOptions): PortalApi {
  const { upstream, cache } = options;
  const within = waitBudget(options.waitBudgetMs);

  async function fetchGet<N extends UpstreamGetName>(
    name: N,
    query: PortalGetEndpoints[N]['query'],
    signal: AbortSignal | undefined,
  ): Promise<PortalGetEndpoints[N]['answer']> {
    const def = getEndpoints[name] as unknown as GetEndpoint;
    const path = typeof def.path === 'function' ? def.path(query) : def.path;
    const split = upstreamRequest(
      def.upstreamQuery ? def.upstreamQuery(query) : (query as Query),
      def.headers,
    );
    if (def.session) {
      if (def.cacheTtlMs) throw new Error(`${name}: a session's answer is never shared`);
      if (options.proSession) split.headers[PRO_SESSION_UPSTREAM_HEADER] = options.proSession;
    }
    const client = def.service === 'reviews' ? (options.reviews ?? upstream) : upstream;
    const call = (callOptions: { signal?: AbortSignal; timeoutMs?: number }) =>
      client.get(path, def.answer, {
        query: split.query,
        headers: split.headers,
        requestId: options.requestId,
        ...callOptions,
      }) as Promise<PortalGetEndpoints[N]['answer']>;
    let answer: PortalGetEndpoints[N]['answer'];
    const key = `${name} ${JSON.stringify(query)}`;
    if (def.cacheTtlMs) {
      // A shared call must not die with the first visitor who left, nor with one request's
      // deadline: it has the whole time limit of a call, the request waits within its own.
      answer = await within(path, (leftMs) =>
        waitWithin(
          cache.get(key, def.cacheTtlMs!, () => call({})),
          path,
          leftMs,
          signal,
        ),
      );
    } else {
      answer = await within(path, (leftMs) => call({ signal, timeoutMs: leftMs }));
    }
    if (def.tags) {
      const tags = def.tags(answer, query);
      if (options.tags) for (const tag of tags) options.tags.add(tag);
      // A kept answer goes with a purge of its tags, as the pages showing it do.
      if (def.cacheTtlMs) cache.tag(key, tags);
    }
    return answer;
  }

  return {
    async get(name, query, callOptions) {
      // The BFF's own settings: asked of no service.
      if (name === 'mapConfig') {
        return (options.mapConfig ?? NO_MAP) as PortalGetEndpoints[typeof name]['answer'];
      }
      try {
        if (!(name in getEndpoints)) {
          throw new PortalApiError(404, `${name} is no endpoint of the listings API`);
        }
        return await fetchGet(
          name as UpstreamGetName,
          query as never,
          callOptions?.signal ?? options.signal,
        );
      } catch (error) {
        throw toPortalError(error);
      }
    },
    async send<N extends SendName>(
      name: N,
      body: PortalSendEndpoints[N]['body'],
      callOptions?: { signal?: AbortSignal },
    ): Promise<PortalSendEndpoints[N]['answer']> {
      const def = sends[name as keyof typeof sends] as FormSendEndpoint;
      const send = async (
        sent: PortalSendEndpoints[N]['body'],
      ): Promise<PortalSendEndpoints[N]['answer']> => {
        try {
          // Secrets (an alert's token) go as headers, never in a URL or a body that logs keep.
          const split = def.headers
            ? upstreamRequest(sent as unknown as Query, def.headers)
            : undefined;
          const visitor: Record<string, string> =
            def.relaysVisitor && options.visitor
              ? {
                  [STAT_VISITOR_HEADERS.ip]: options.visitor.ip,
                  [STAT_VISITOR_HEADERS.userAgent]: options.visitor.userAgent,
                }
              : {};
          const session: Record<string, string> =
            def.session && options.proSession
              ? { [PRO_SESSION_UPSTREAM_HEADER]: options.proSession }
              : {};
          return await within(def.path, (leftMs) =>
            upstream.send(def.method, def.path, def.answer, {
              ...(split
                ? { headers: { ...split.headers, ...session, ...visitor } }
                : { body: sent, headers: { ...session, ...visitor } }),
              requestId: options.requestId,
              signal: callOptions?.signal ?? options.signal,
              timeoutMs: leftMs,
            }),
          );
        } catch (error) {
          throw toPortalError(error);
        }
      };
      return options.write ? options.write(name, body, send) : send(body);
    },
  };
}
