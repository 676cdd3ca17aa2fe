import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// The web app's Prometheus metrics (README, "Metrics"): one registry per process, served by the
// metrics server (shared/metrics-server.ts) on METRICS_PORT. The metric objects live here so that
// every part of the web app (requests, upstream calls, the page cache, the edge purger) counts
// into the same registry: import the one you need and increment it.

export const webRegistry = new Registry();

collectDefaultMetrics({ register: webRegistry });

/** Seconds of answers to 1 ms … 10 s. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10];

/** Time to answer a request, by method, route (pattern or `page:<screen>`) and status. */
export const httpRequestDuration = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'Time to answer a request, by method, route pattern (pages: page:<screen>) and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: DURATION_BUCKETS,
  registers: [webRegistry],
});

/** Time of calls to the listings API, by endpoint (path pattern) and outcome. */
export const upstreamRequestDuration = new Histogram({
  name: 'portal_upstream_request_duration_seconds',
  help: 'Time of calls to the listings API, by endpoint (path pattern), method and outcome (ok, http 4xx, timeout, unavailable, bad-response).',
  labelNames: ['endpoint', 'method', 'outcome'] as const,
  buckets: DURATION_BUCKETS,
  registers: [webRegistry],
});

/** Failed calls to the listings API (timeouts, refused connections, 5xx, bad answers). */
export const upstreamFailures = new Counter({
  name: 'portal_upstream_failures_total',
  help: 'Failed calls to the listings API, by endpoint and kind (timeout, unavailable, bad-response); 4xx answers are not failures.',
  labelNames: ['endpoint', 'kind'] as const,
  registers: [webRegistry],
});

/** Pages answered from the in-process page cache. */
export const pageCacheHits = new Counter({
  name: 'portal_page_cache_hits_total',
  help: 'Pages answered from the in-process page cache (fresh or stale).',
  registers: [webRegistry],
});

/** Cacheable pages the page cache did not hold (rendered). */
export const pageCacheMisses = new Counter({
  name: 'portal_page_cache_misses_total',
  help: 'Cacheable pages the in-process page cache did not hold, rendered then.',
  registers: [webRegistry],
});

/** Bytes the page cache holds now (set it after every store and eviction). */
export const pageCacheBytes = new Gauge({
  name: 'portal_page_cache_bytes',
  help: 'Bytes of pages the in-process page cache holds.',
  registers: [webRegistry],
});

/** Purge requests sent to the edge (Varnish, Cloudflare, Fastly): outcome sent or failed. */
export const edgePurges = new Counter({
  name: 'portal_edge_purges_total',
  help: 'Purge requests sent to the edge cache, by outcome (sent: accepted, failed: refused or unreachable).',
  labelNames: ['outcome'] as const,
  registers: [webRegistry],
});

// Every series of a labelled counter exists from the start (a rate over a missing series is
// no rate at all).
edgePurges.inc({ outcome: 'sent' }, 0);
edgePurges.inc({ outcome: 'failed' }, 0);

const ENDPOINT_PATTERNS: [RegExp, string][] = [
  [/^\/reseau\/[^/]+$/, '/reseau/:slug'],
  [/^\/offre\/by-slug\/[^/]+$/, '/offre/by-slug/:slug'],
  [/^\/lieu\/[^/]+\/children$/, '/lieu/:id/children'],
  [/^\/alerte\/[^/]+$/, '/alerte/:purpose'],
  [/^\/photos\/.*$/, '/photos/*'],
];

/**
 * The endpoint label of a listings API path: its pattern, never the values in it (slugs, ids,
 * photo names). An unknown path with more than two segments or a digit keeps its first segment.
 */
export function upstreamEndpoint(path: string): string {
  const bare = path.split('?')[0] ?? path;
  for (const [pattern, label] of ENDPOINT_PATTERNS) if (pattern.test(bare)) return label;
  const segments = bare.split('/').filter(Boolean);
  if (segments.length <= 2 && !/\d/.test(bare)) return bare;
  return `/${segments[0] ?? ''}/*`;
}
