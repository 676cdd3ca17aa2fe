import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MapConfig, PortalApi, PortalSendEndpoints, SendName } from '../../shared/portal-api';
import { proSessionId } from '../pro/session';
import { createUpstreamClient, type UpstreamClient } from '../upstream/client';
import { MemoryCache } from '../upstream/memory-cache';
import { createServerPortalApi } from '../upstream/portal-api';

// The listings API client, shared by the whole process (one connection pool), plus the
// in-memory cache of slow-changing answers (config, editorial config, footer links).

/** The request a write is made for, and the reply it may set headers and cookies on. */
export interface WriteContext {
  request: FastifyRequest;
  reply: FastifyReply | undefined;
  api: PortalApi;
}

/**
 * A write with duties of its own (the contact counter cookie, a per-connection limit, idempotency
 * keys): it checks them through the request, then sends with `send` or refuses with a
 * PortalApiError.
 */
export type WriteHandler<N extends SendName> = (
  context: WriteContext,
  body: PortalSendEndpoints[N]['body'],
  send: (body: PortalSendEndpoints[N]['body']) => Promise<PortalSendEndpoints[N]['answer']>,
) => Promise<PortalSendEndpoints[N]['answer']>;

export interface PortalApiExtra {
  signal?: AbortSignal;
  tags?: Set<string>;
  /** The reply of the request: writes set their cookies and headers on it. */
  reply?: FastifyReply;
}

declare module 'fastify' {
  interface FastifyInstance {
    upstream: UpstreamClient;
    upstreamCache: MemoryCache;
    /**
     * A PortalApi for this request: request id forwarded, aborted with the request, and one
     * deadline for all its calls (together they wait the upstream time limit at most).
     */
    portalApi(request: FastifyRequest, extra?: PortalApiExtra): PortalApi;
    /** Gives a write its duties: every PortalApi `send(name)` of the app goes through it. */
    addWrite<N extends SendName>(name: N, handler: WriteHandler<N>): void;
  }
}

export interface UpstreamPluginOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Base URL of the reviews service (client-survey); the listings API when absent. */
  reviewsUrl?: string;
  /** The maps' tiles of the settings (MAP_TILE_URL), PortalApi's mapConfig answer. */
  mapConfig?: MapConfig;
}

async function upstream(app: FastifyInstance, options: UpstreamPluginOptions) {
  const client = createUpstreamClient({
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    logger: app.log,
  });
  const reviews = options.reviewsUrl
    ? createUpstreamClient({
        baseUrl: options.reviewsUrl,
        timeoutMs: options.timeoutMs,
        logger: app.log,
      })
    : undefined;
  const cache = new MemoryCache();
  app.decorate('upstream', client);
  app.decorate('upstreamCache', cache);
  const writes = new Map<SendName, WriteHandler<SendName>>();
  app.decorate('addWrite', <N extends SendName>(name: N, handler: WriteHandler<N>) => {
    if (writes.has(name)) throw new Error(`write ${name}: already has its duties`);
    writes.set(name, handler as unknown as WriteHandler<SendName>);
  });
  app.decorate('portalApi', (request: FastifyRequest, extra: PortalApiExtra = {}) => {
    const api: PortalApi = createServerPortalApi({
      upstream: client,
      reviews,
      cache,
      requestId: request.id,
      signal: extra.signal,
      waitBudgetMs: options.timeoutMs,
      tags: extra.tags,
      mapConfig: options.mapConfig,
      visitor: {
        ip: request.ip,
        userAgent: (request.headers['user-agent'] ?? '').slice(0, 1024),
      },
      proSession: proSessionId(request),
      write: (name, body, send) => {
        const handler = writes.get(name);
        return handler ? handler({ request, reply: extra.reply, api }, body, send) : send(body);
      },
    });
    return api;
  });
  app.addHook('onClose', async () => {
    await client.close();
    await reviews?.close();
  });
}

export default fp(upstream, { name: 'upstream' });
