import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A per-connection (IP) allowance of stored requests, in the rate limiter's store (Redis when
 * REDIS_URL is set): a request holds one request of it while it is sent and uses it up only once
 * the listings API has stored it, so a visitor whose attempts failed upstream (timeout, 5xx,
 * refused input) can still send. The requests an address has in flight in this process count
 * against what is left, so requests sent at once cannot pass the allowance together. Only this
 * process's: at the same instant, several web processes can each pass what is left of it.
 */
export interface StoredQuota {
  /**
   * Holds one request of the address's allowance, or says in how many seconds the address may
   * send again when none is left.
   */
  hold(request: FastifyRequest): Promise<QuotaHold | { retryAfter: number }>;
}

export interface QuotaHold {
  /** The request was stored: uses up the request held. */
  use(): Promise<void>;
  /** The request was not stored (or was a repeat): gives the request held back. */
  release(): void;
}

export function storedQuota(
  app: FastifyInstance,
  name: string,
  limit: { max: number; timeWindow: number },
): StoredQuota {
  const keyOf = (request: FastifyRequest) => `${name}:${request.ip}`;
  const limiter = app.createRateLimit({ ...limit, keyGenerator: keyOf });
  /** Requests held per address in this process. */
  const held = new Map<string, number>();
  const release = (key: string) => {
    const n = (held.get(key) ?? 0) - 1;
    if (n > 0) held.set(key, n);
    else held.delete(key);
  };
  return {
    async hold(request) {
      const key = keyOf(request);
      const state = await limiter(request, { increment: false });
      const inFlight = held.get(key) ?? 0;
      if (!state.isAllowed && state.remaining - inFlight <= 0) {
        return { retryAfter: Math.max(1, Math.ceil(state.ttl / 1000)) };
      }
      held.set(key, inFlight + 1);
      let open = true;
      return {
        async use() {
          if (!open) return;
          open = false;
          // Counted in the store before it stops being held: never counted by neither.
          try {
            await limiter(request);
          } finally {
            release(key);
          }
        },
        release() {
          if (!open) return;
          open = false;
          release(key);
        },
      };
    },
  };
}
