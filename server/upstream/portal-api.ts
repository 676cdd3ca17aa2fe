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
import {
  getEndpoints,
  sendEndpoints,
  upstreamRequest,
  type GetEndpoint,
  type SendEndpoint,
} from '../api/endpoints';
import type { UpstreamClient } from './client';
import { isUpstreamError } from './errors';
import type { MemoryCache } from './memory-cache';

// The server side of PortalApi: loaders rendered on the server call the listings API directly
// (no HTTP hop to ourselves). One instance per page request: it carries the request id and the
// abort signal, and collects the cache tags of every entity it returned.

export interface ServerPortalApiOptions {
  upstream: UpstreamClient;
  /** The reviews service (client-survey) when it is not the listings API. */
  reviews?: UpstreamClient;
  cache: MemoryCache;
  requestId?: string;
  signal?: AbortSignal;
  /** Receives the cache tags of each answer. */
  tags?: Set<string>;
  /** The maps' tiles of the BFF's settings (MAP_TILE_URL), the mapConfig answer; none: no map. */
  mapConfig?: MapConfig;
}

const NO_MAP: MapConfig = { tileUrl: null, attribution: '' };

function toPortalError(error: unknown): unknown {
  if (!isUpstreamError(error)) return error;
  const body = error.kind === 'http' ? error.body : undefined;
  return new PortalApiError(error.status, error.message, body);
}

export function createServerPortalApi(options: ServerPortalApiOptions): PortalApi {
  const { upstream, cache } = options;

  async function fetchGet<N extends GetName>(
    name: N,
    query: PortalGetEndpoints[N]['query'],
    signal: AbortSignal | undefined,
  ): Promise<PortalGetEndpoints[N]['answer']> {
    const def = getEndpoints[name as Exclude<GetName, OwnGetName>] as unknown as GetEndpoint<N>;
    const path = typeof def.upstream === 'function' ? def.upstream(query) : def.upstream;
    const split = upstreamRequest(
      def.upstreamQuery ? def.upstreamQuery(query) : (query as Record<string, never>),
      def.upstreamHeaders,
    );
    const client = def.service === 'reviews' ? (options.reviews ?? upstream) : upstream;
    const load = () =>
      client.get(path, def.answer, {
        query: split.query,
        headers: split.headers,
        requestId: options.requestId,
        // A shared cached call must not die with the first visitor who left.
        signal: def.cacheTtlMs ? undefined : signal,
      }) as Promise<PortalGetEndpoints[N]['answer']>;
    const key = `${name} ${JSON.stringify(query)}`;
    const answer = def.cacheTtlMs ? await cache.get(key, def.cacheTtlMs, load) : await load();
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
        return await fetchGet(name, query, callOptions?.signal ?? options.signal);
      } catch (error) {
        throw toPortalError(error);
      }
    },
    async send<N extends SendName>(
      name: N,
      body: PortalSendEndpoints[N]['body'],
      callOptions?: { signal?: AbortSignal },
    ): Promise<PortalSendEndpoints[N]['answer']> {
      const def = sendEndpoints[name] as SendEndpoint<N>;
      try {
        return await upstream.send(def.method, def.upstream, def.answer, {
          body,
          requestId: options.requestId,
          signal: callOptions?.signal ?? options.signal,
        });
      } catch (error) {
        throw toPortalError(error);
      }
    },
  };
}
