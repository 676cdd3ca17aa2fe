import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A per-connection (IP) allowance of stored requests, in the rate limiter's store (Redis when
 * REDIS_URL is set): read before a request is sent, used up only once the listings API has stored
 * it, so a visitor whose attempts failed upstream (timeout, 5xx, refused input) can still send.
 * Two requests from one address at the same instant may both pass the read: the allowance can be
 * exceeded by the requests in flight, never by a failed one.
 */
export interface StoredQuota {
  /** Seconds until the address may send again when its allowance is used up, else undefined. */
  retryAfter(request: FastifyRequest): Promise<number | undefined>;
  /** Uses up one request of the address's allowance. */
  use(request: FastifyRequest): Promise<void>;
}

export function storedQuota(
  app: FastifyInstance,
  name: string,
  limit: { max: number; timeWindow: number },
): StoredQuota {
  const limiter = app.createRateLimit({
    ...limit,
    keyGenerator: (request) => `${name}:${request.ip}`,
  });
  return {
    async retryAfter(request) {
      const state = await limiter(request, { increment: false });
      if (state.isAllowed || state.remaining > 0) return undefined;
      return Math.max(1, Math.ceil(state.ttl / 1000));
    },
    async use(request) {
      await limiter(request);
    },
  };
}
