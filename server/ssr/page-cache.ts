import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';
import { pageCacheBytes, pageCacheHits, pageCacheMisses } from '../metrics';

// The in-process page cache: rendered public pages kept in memory, for deployments without a CDN
// and to carry bursts. It works like a shared HTTP cache in front of the page route:
//
// - a page is stored only when its own answer allows it: GET, status 200, 404 or 410,
//   `Cache-Control: public` with an `s-maxage`, HTML, no Set-Cookie, no per-request CSP nonce,
//   rendered for a request without visitor data (the alert cookie's tokens) and without any of
//   the app's own headers;
// - it is fresh for its `s-maxage`, then served stale for its `stale-while-revalidate` window
//   while one background request renders it again; after that it is gone;
// - the key is the page's origin (canonical links are written with it), its path and its query as
//   sent; each encoding (br, gzip, identity) is a separate entry, compressed once from the
//   identity entry, so a hit costs no compression;
// - entries are bounded in bytes (least recently used first out) and purged by cache tag;
// - concurrent requests for a missing page wait for the one render under way (single flight).
//
// This module is the cache itself; its hooks around the page route are in page-cache-hooks.ts,
// and the follower of the listings API's changes purges it (server/edge/changes-plugin.ts).

export type PageEncoding = 'br' | 'gzip' | 'identity';
export type PageCacheState = 'HIT' | 'STALE' | 'MISS';

const STORED_STATUSES = new Set([200, 404, 410]);
/** Rough cost of an entry besides its body (key, headers, bookkeeping), in bytes. */
const ENTRY_OVERHEAD = 512;
/** Purges remembered, so a render that began before one is not stored after it. */
const PURGE_LOG = 256;

export interface StoredPage {
  status: number;
  headers: Readonly<Record<string, string>>;
  /** The document in `encoding`. */
  body: Buffer;
  encoding: PageEncoding;
  tags: readonly string[];
  storedAt: number;
  freshUntil: number;
  staleUntil: number;
}

export interface PageCacheOptions {
  maxBytes: number;
  /** Milliseconds clock (tests move it). */
  now?: () => number;
  /** Brotli quality of stored variants: the same as the compression of live answers. */
  brotliQuality: number;
  /** Bodies smaller than this are kept identity only (as compression leaves them). */
  compressThreshold: number;
}

export interface PageCacheStats {
  hits: number;
  stale: number;
  misses: number;
  /** Bytes held (bodies and their overhead). */
  bytes: number;
  entries: number;
}

/** The encoding @fastify/compress picks for an Accept-Encoding header (same negotiation). */
export function negotiatedEncoding(acceptEncoding: string | string[] | undefined): PageEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (header === undefined) return 'identity';
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), ['br', 'gzip']);
  return chosen === 'br' || chosen === 'gzip' ? chosen : 'identity';
}

/** The shared-cache lifetime of an answer's Cache-Control, or undefined when it may not be stored. */
export function sharedLifetime(
  cacheControl: string | undefined,
): { sMaxAge: number; staleWhileRevalidate: number } | undefined {
  if (!cacheControl) return undefined;
  const directives = new Map<string, string>();
  for (const part of cacheControl.toLowerCase().split(',')) {
    const [name = '', value = ''] = part.trim().split('=');
    directives.set(name.trim(), value.trim().replace(/^"|"$/g, ''));
  }
  if (!directives.has('public')) return undefined;
  if (['private', 'no-store', 'no-cache'].some((d) => directives.has(d))) return undefined;
  const seconds = (name: string) => {
    const value = directives.get(name);
    return value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : 0;
  };
  const sMaxAge = seconds('s-maxage');
  if (sMaxAge <= 0) return undefined;
  return { sMaxAge, staleWhileRevalidate: seconds('stale-while-revalidate') };
}

/** Cache tags of a tag header's value (Cache-Tag is comma-separated, Surrogate-Key and xkey spaced). */
export function tagsOfHeader(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return [...new Set(value.split(/[\s,]+/).filter(Boolean))];
}

const compressors: Record<
  Exclude<PageEncoding, 'identity'>,
  (body: Buffer, q: number) => Promise<Buffer>
> = {
  br: (body, quality) =>
    promisify(brotliCompress)(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body),
};

interface Flight {
  promise: Promise<void>;
  settle(): void;
}

export class PageCache {
  readonly #lru: LRUCache<string, StoredPage>;
  readonly #now: () => number;
  readonly #options: PageCacheOptions;
  /** tag → keys of the entries carrying it. */
  readonly #byTag = new Map<string, Set<string>>();
  /** page → the render under way for it. */
  readonly #flights = new Map<string, Flight>();
  /** variant key → its compression under way. */
  readonly #variants = new Map<string, Promise<StoredPage | undefined>>();
  /** Pages being rendered again in the background. */
  readonly #refreshing = new Map<string, Promise<void>>();
  #purgeSeq = 0;
  readonly #purges: { seq: number; tags: ReadonlySet<string> }[] = [];
  readonly #stats = { hits: 0, stale: 0, misses: 0 };

  constructor(options: PageCacheOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    const now = this.#now;
    this.#lru = new LRUCache<string, StoredPage>({
      maxSize: options.maxBytes,
      sizeCalculation: (page, key) => page.body.length + key.length + ENTRY_OVERHEAD,
      // Each entry lives for its fresh and stale windows (its own ttl); freshness is read from it.
      ttlResolution: 0,
      perf: { now },
      updateAgeOnGet: false,
      allowStale: false,
      dispose: (page, key) => this.#unindex(key, page.tags),
    });
  }

  /** The cache's clock (ms). */
  now(): number {
    return this.#now();
  }

  static key(page: string, encoding: PageEncoding): string {
    return `${encoding} ${page}`;
  }

  get stats(): PageCacheStats {
    return { ...this.#stats, bytes: this.#lru.calculatedSize, entries: this.#lru.size };
  }

  /** The stored page in this encoding (compressed from the identity entry when needed), with its state. */
  async lookup(
    page: string,
    encoding: PageEncoding,
  ): Promise<{ page: StoredPage; state: 'HIT' | 'STALE' } | undefined> {
    let stored = this.#lru.get(PageCache.key(page, encoding));
    if (!stored && encoding !== 'identity') stored = await this.#variant(page, encoding);
    // Expired entries went on the way.
    this.#measure();
    if (!stored) return undefined;
    const state = this.#now() <= stored.freshUntil ? 'HIT' : 'STALE';
    if (state === 'HIT') this.#stats.hits++;
    else this.#stats.stale++;
    pageCacheHits.inc();
    return { page: stored, state };
  }

  countMiss(): void {
    this.#stats.misses++;
    pageCacheMisses.inc();
  }

  /** Keeps the bytes metric in step after entries came or went. */
  #measure(): void {
    pageCacheBytes.set(this.#lru.calculatedSize);
  }

  /** The variant of a page in `encoding`, compressed once from its identity entry. */
  #variant(page: string, encoding: Exclude<PageEncoding, 'identity'>) {
    const key = PageCache.key(page, encoding);
    const identityKey = PageCache.key(page, 'identity');
    const base = this.#lru.get(identityKey);
    if (!base) return Promise.resolve(undefined);
    if (base.body.length < this.#options.compressThreshold) return Promise.resolve(base);
    let pending = this.#variants.get(key);
    if (!pending) {
      pending = compressors[encoding](base.body, this.#options.brotliQuality)
        .then((body) => {
          const variant: StoredPage = { ...base, body, encoding };
          // Stored only while its identity entry is still the one (not purged nor replaced).
          if (this.#lru.peek(identityKey) === base) this.#set(key, variant);
          return variant;
        })
        .finally(() => this.#variants.delete(key));
      this.#variants.set(key, pending);
    }
    return pending;
  }

  /**
   * Stores a rendered page (identity) when its answer allows it; `since` is the purge sequence
   * when its render began. Its other encodings are dropped (they were of the previous render).
   */
  store(
    page: string,
    answer: {
      status: number;
      headers: Record<string, string>;
      body: Buffer;
      tags: readonly string[];
      since: number;
    },
  ): boolean {
    if (!STORED_STATUSES.has(answer.status)) return false;
    const lifetime = sharedLifetime(answer.headers['cache-control']);
    if (!lifetime) return false;
    if (this.#purgedSince(answer.since, answer.tags)) return false;
    const now = this.#now();
    const freshUntil = now + lifetime.sMaxAge * 1000;
    const staleUntil = freshUntil + lifetime.staleWhileRevalidate * 1000;
    for (const encoding of ['br', 'gzip'] as const) this.#lru.delete(PageCache.key(page, encoding));
    return this.#set(PageCache.key(page, 'identity'), {
      status: answer.status,
      headers: answer.headers,
      body: answer.body,
      encoding: 'identity',
      tags: answer.tags,
      storedAt: now,
      freshUntil,
      staleUntil,
    });
  }

  #set(key: string, stored: StoredPage): boolean {
    const ttl = stored.staleUntil - this.#now();
    if (ttl <= 0) return false;
    this.#lru.set(key, stored, { ttl });
    this.#measure();
    // An entry larger than the whole cache is not kept.
    if (this.#lru.peek(key) !== stored) return false;
    for (const tag of stored.tags) {
      let keys = this.#byTag.get(tag);
      if (!keys) this.#byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    return true;
  }

  #unindex(key: string, tags: readonly string[]) {
    for (const tag of tags) {
      const keys = this.#byTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.#byTag.delete(tag);
    }
  }

  /** Removes every page carrying any of these tags; answers how many entries went. */
  purgeTags(tags: Iterable<string>): number {
    const purged = new Set(tags);
    this.#purgeSeq++;
    this.#purges.push({ seq: this.#purgeSeq, tags: purged });
    if (this.#purges.length > PURGE_LOG) this.#purges.shift();
    let removed = 0;
    for (const tag of purged) {
      for (const key of [...(this.#byTag.get(tag) ?? [])]) {
        if (this.#lru.delete(key)) removed++;
      }
    }
    this.#measure();
    return removed;
  }

  /** The purge sequence now: a render remembers it when it begins. */
  get purgeSeq(): number {
    return this.#purgeSeq;
  }

  #purgedSince(since: number, tags: readonly string[]): boolean {
    if (since === this.#purgeSeq) return false;
    const oldest = this.#purges[0]?.seq ?? Infinity;
    if (since + 1 < oldest) return true;
    return this.#purges.some((p) => p.seq > since && tags.some((tag) => p.tags.has(tag)));
  }

  /** Empties the cache. */
  clear(): void {
    this.#lru.clear();
    this.#measure();
  }

  /**
   * The render under way for a page, to wait for (settled when it is over, stored or not); else,
   * when the caller may `lead`, a new one whose `settle` it must call at the end.
   */
  join(page: string, lead = true): { wait: Promise<void> } | { settle: () => void } | undefined {
    const flight = this.#flights.get(page);
    if (flight) return { wait: flight.promise };
    if (!lead) return undefined;
    let settle!: () => void;
    const promise = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const own: Flight = {
      promise,
      settle: () => {
        if (this.#flights.get(page) === own) this.#flights.delete(page);
        settle();
      },
    };
    this.#flights.set(page, own);
    return { settle: own.settle };
  }

  /** Renders a page again in the background with `render`, unless it already is. */
  refresh(page: string, render: () => Promise<unknown>): void {
    if (this.#refreshing.has(page)) return;
    const done = render()
      .then(() => undefined)
      .finally(() => this.#refreshing.delete(page));
    this.#refreshing.set(page, done);
  }

  /** Resolves once the background renders under way are over. */
  async idle(): Promise<void> {
    while (this.#refreshing.size > 0) await Promise.allSettled([...this.#refreshing.values()]);
  }
}
