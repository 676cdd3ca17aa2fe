import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ALERT_TOKENS_HEADER } from '../../shared/portal-api';
import { negotiatedEncoding, tagsOfHeader, type PageCache, type StoredPage } from './page-cache';

// The page cache's hooks around the page route (the cache itself: page-cache.ts): a GET or HEAD
// of a page is answered from the cache when it holds the page, waits for the render under way
// for it, or renders it for the cache; a stale page is answered at once while the app renders it
// again in the background. Answers served by the page route say `X-Page-Cache: HIT`, `STALE` or
// `MISS`.

export const PAGE_CACHE_HEADER = 'x-page-cache';
/** The app's own background request that renders a stale page again (with a per-process token). */
export const PAGE_REFRESH_HEADER = 'x-portal-page-refresh';

/** Request headers of the app's own (prefix): such requests are neither served nor stored. */
const INTERNAL_HEADER_PREFIX = 'x-portal-';
/** Answer headers kept with a page; the rest (request id, security headers) is per answer. */
const KEPT_HEADERS = ['content-type', 'content-language', 'cache-control', 'vary', 'link'];
declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process page cache (absent when PAGE_CACHE_BYTES is 0). */
    pageCache?: PageCache;
  }
}

export interface PageCachePluginOptions {
  cache: PageCache;
  /** The page route's URL pattern (server/ssr/page.ts). */
  pageRoute: string;
  /** The edge cache tag header the page route writes. */
  cacheTagHeader: string;
  /** Public origin of pages (canonical URLs), else the request's own origin is in the key. */
  publicUrl: string | undefined;
}

interface PageRequestState {
  page: string;
  /** This request renders the page for the cache: since which purge, and what to settle. */
  leader?: { since: number; settle: () => void };
  served?: boolean;
}

const STATE = Symbol('page cache');
type WithState = FastifyRequest & { [STATE]?: PageRequestState };

/** One of the app's own request headers, other than the visitor's alert tokens. */
function hasInternalHeader(request: FastifyRequest): boolean {
  return Object.keys(request.headers).some(
    (name) => name.startsWith(INTERNAL_HEADER_PREFIX) && name !== ALERT_TOKENS_HEADER,
  );
}

async function pageCachePlugin(app: FastifyInstance, options: PageCachePluginOptions) {
  const { cache, cacheTagHeader } = options;
  const tagHeader = cacheTagHeader.toLowerCase();
  const refreshToken = randomBytes(18).toString('base64url');
  app.decorate('pageCache', cache);

  const pageOf = (request: FastifyRequest) =>
    `${options.publicUrl ?? `${request.protocol}://${request.host}`}${request.url}`;

  const send = (reply: FastifyReply, stored: StoredPage, state: 'HIT' | 'STALE') => {
    reply.code(stored.status).headers(stored.headers);
    if (stored.encoding !== 'identity') reply.header('content-encoding', stored.encoding);
    reply.header('age', String(Math.max(0, Math.floor((cache.now() - stored.storedAt) / 1000))));
    reply.header(PAGE_CACHE_HEADER, state);
    return reply.send(stored.body);
  };

  /** Renders a stale page again through the app itself, once at a time, without visitor data. */
  const refresh = (request: FastifyRequest, page: string) => {
    const headers: Record<string, string> = { [PAGE_REFRESH_HEADER]: refreshToken };
    for (const name of ['host', 'x-forwarded-host', 'x-forwarded-proto']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    cache.refresh(page, () =>
      app
        .inject({ method: 'GET', url: request.url, headers })
        .catch((error: unknown) => request.log.warn({ err: error }, 'page refresh failed')),
    );
  };

  app.addHook('preHandler', async (request: WithState, reply) => {
    if (request.routeOptions.url !== options.pageRoute) return;
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const page = pageOf(request);
    const refreshing = request.headers[PAGE_REFRESH_HEADER] === refreshToken;
    if (refreshing) delete request.headers[PAGE_REFRESH_HEADER];
    const state: PageRequestState = { page };
    request[STATE] = state;
    // The app's own requests (an error page of a status...) are neither served nor stored.
    if (hasInternalHeader(request)) return;
    if (refreshing) {
      // The background render of a stale page: stored when its answer allows it.
      state.leader = { since: cache.purgeSeq, settle: () => {} };
      return;
    }
    const encoding = negotiatedEncoding(request.headers['accept-encoding']);
    // A render for the cache sees no visitor data: a visitor with alert tokens is served pages
    // others' renders stored (public pages are the same for everyone), but renders their own.
    const anonymous =
      request.method === 'GET' && request.headers[ALERT_TOKENS_HEADER] === undefined;
    // A second look after waiting for another request's render; then it renders on its own.
    for (let look = 0; look < 2; look++) {
      const found = await cache.lookup(page, encoding);
      if (found) {
        state.served = true;
        if (found.state === 'STALE') refresh(request, page);
        return send(reply, found.page, found.state);
      }
      const flight = cache.join(page, anonymous);
      if (!flight) break;
      if ('wait' in flight) {
        await flight.wait;
        continue;
      }
      state.leader = { since: cache.purgeSeq, settle: flight.settle };
      // However the answer ends (sent, cut, the client gone), the waiting requests go on.
      reply.raw.once('close', flight.settle);
      break;
    }
    cache.countMiss();
  });

  app.addHook('onSend', async (request: WithState, reply, payload) => {
    const state = request[STATE];
    if (!state || state.served) return payload;
    reply.header(PAGE_CACHE_HEADER, 'MISS');
    const leader = state.leader;
    if (!leader) return payload;
    try {
      const type = String(reply.getHeader('content-type') ?? '');
      if (!type.startsWith('text/html') || reply.hasHeader('set-cookie')) return payload;
      if (!Buffer.isBuffer(payload) || reply.hasHeader('content-encoding')) return payload;
      // A page carrying this request's own CSP nonce is this visitor's only.
      const nonce = (request as { cspNonce?: unknown }).cspNonce;
      if (typeof nonce === 'string' && nonce !== '' && payload.includes(nonce)) return payload;
      const headers: Record<string, string> = {};
      for (const name of [...KEPT_HEADERS, tagHeader]) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      cache.store(state.page, {
        status: reply.statusCode,
        headers,
        body: payload,
        tags: tagsOfHeader(headers[tagHeader]),
        since: leader.since,
      });
    } finally {
      leader.settle();
    }
    return payload;
  });

  app.addHook('onClose', () => cache.idle());
}

export default fp(pageCachePlugin, {
  name: 'page-cache',
  dependencies: ['@fastify/cookie'],
});
