import type { FastifyInstance } from 'fastify';

// An in-memory cache of read answers, keyed by URL (path and query as sent). Listings change a
// few times a day, visitors repeat the same searches, hub pages and autocomplete prefixes: most
// reads are answered from memory without touching the database. Entries live ttlMs at most and
// all go when the offers change (clear() is called when the offer counts are rebuilt). Routes opt
// in with `config: { cache: true }`; only 200 and 410 answers are kept.
//
// An answer is kept only if no clear() came between its request and its answer (it may have read
// the data from before the change), nor while the promise given to the last clear() is pending:
// reads go to replicas that may not have replayed the change yet (db.readsCaughtUp), and an
// answer read there would otherwise be handed out for a whole ttlMs after the change.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Keep this GET route's answers in the response cache. */
    cache?: boolean;
  }
  interface FastifyRequest {
    cacheHit?: boolean;
    /** The cache's generation (clears so far) when the request came in. */
    cacheGeneration?: number;
  }
}

export interface ResponseCacheOptions {
  /** How long an answer is reused (0 turns the cache off). */
  ttlMs: number;
  maxEntries?: number;
  /** Total size of the kept bodies. */
  maxBytes?: number;
}

interface Entry {
  at: number;
  status: number;
  type: string;
  body: string;
}

export interface ResponseCache {
  /**
   * Drops every answer. With `settled`, answers are not kept again until it settles (the data
   * they are read from has caught up with the change).
   */
  clear(settled?: Promise<unknown>): void;
  readonly size: number;
}

export function registerResponseCache(
  app: FastifyInstance,
  options: ResponseCacheOptions,
): ResponseCache {
  const maxEntries = options.maxEntries ?? 5000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let generation = 0;
  /** The generation whose clear() waits for its data to catch up; null: none waits. */
  let holding: number | null = null;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    entries.delete(key);
  };

  const cache: ResponseCache = {
    clear(settled) {
      entries.clear();
      bytes = 0;
      const current = ++generation;
      holding = settled ? current : null;
      const release = () => {
        if (holding === current) holding = null;
      };
      settled?.then(release, release);
    },
    get size() {
      return entries.size;
    },
  };
  if (options.ttlMs <= 0) return cache;

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.routeOptions.config.cache) return;
    request.cacheGeneration = generation;
    const entry = entries.get(request.url);
    if (!entry) return;
    if (Date.now() - entry.at > options.ttlMs) {
      remove(request.url);
      return;
    }
    // Most recently used last.
    entries.delete(request.url);
    entries.set(request.url, entry);
    request.cacheHit = true;
    return reply.code(entry.status).type(entry.type).header('x-cache', 'hit').send(entry.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.cacheHit || request.method !== 'GET' || !request.routeOptions.config.cache)
      return payload;
    const status = reply.statusCode;
    if ((status !== 200 && status !== 410) || typeof payload !== 'string') return payload;
    reply.header('x-cache', 'miss');
    if (request.cacheGeneration !== generation || holding !== null) return payload;
    remove(request.url);
    entries.set(request.url, {
      at: Date.now(),
      status,
      type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      body: payload,
    });
    bytes += payload.length;
    for (const key of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      remove(key);
    }
    return payload;
  });

  return cache;
}
