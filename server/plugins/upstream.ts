import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MapConfig, PortalApi } from '../../shared/portal-api';
import { createUpstreamClient, type UpstreamClient } from '../upstream/client';
import { MemoryCache } from '../upstream/memory-cache';
import { createServerPortalApi } from '../upstream/portal-api';

// The listings API client, shared by the whole process (one connection pool), plus the
// in-memory cache of slow-changing answers (config, editorial config, footer links).

declare module 'fastify' {
  interface FastifyInstance {
    upstream: UpstreamClient;
    upstreamCache: MemoryCache;
    /** A PortalApi for this request: request id forwarded, aborted with the request. */
    portalApi(
      request: FastifyRequest,
      extra?: { signal?: AbortSignal; tags?: Set<string> },
    ): PortalApi;
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
  app.decorate(
    'portalApi',
    (request: FastifyRequest, extra: { signal?: AbortSignal; tags?: Set<string> } = {}) =>
      createServerPortalApi({
        upstream: client,
        reviews,
        cache,
        requestId: request.id,
        signal: extra.signal,
        tags: extra.tags,
        mapConfig: options.mapConfig,
      }),
  );
  app.addHook('onClose', async () => {
    await client.close();
    await reviews?.close();
  });
}

export default fp(upstream, { name: 'upstream' });
