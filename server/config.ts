import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import * as v from 'valibot';
import type { MetricsServerConfig } from '../shared/metrics-server';
import type { EdgePurgeTarget } from './edge/purgers';
import { DEFAULT_MEDIA_EMBED_HOSTS, HostList } from '../shared/host-list';

// The web process's environment, parsed once at boot by one valibot schema whose output is the
// `Config` the rest of the server sees. Every variable is documented here and in the README's
// configuration table.

const DEV_COOKIE_SECRET = 'dev-only-cookie-secret-change-me-0123456789';

const port = (fallback: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.transform(Number),
    v.integer('must be an integer'),
    v.minValue(0, 'must be a port number'),
    v.maxValue(65535, 'must be a port number'),
  );

/** A whole number of at least `min`, `fallback` when unset; `tooSmall` says the least. */
const intAtLeast = (
  fallback: string,
  min: number,
  tooSmall: string,
  notInteger = 'must be an integer',
) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.transform(Number),
    v.integer(notInteger),
    v.minValue(min, tooSmall),
  );

const positiveInt = (fallback: string) => intAtLeast(fallback, 1, 'must be positive');

const url = v.pipe(v.string(), v.url('must be an absolute URL'));

const booleanish = (fallback: 'true' | 'false') =>
  v.pipe(
    v.optional(v.picklist(['true', 'false', '1', '0'], 'must be true or false'), fallback),
    v.transform((s) => s === 'true' || s === '1'),
  );

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
  /** Port of the web process (0 picks a free one). */
  PORT: port('3000'),
  HOST: v.optional(v.string(), '0.0.0.0'),
  /** Base URL of the listings API; absent → embedded mode (started in-process). */
  LISTINGS_API_URL: v.optional(url),
  /** Base URL of the reviews service (client-survey); defaults to the listings API. */
  REVIEWS_API_URL: v.optional(url),
  /**
   * Signs cookies (contact counter...), at least 32 characters. Required in production with an
   * external listings API; a production run in embedded mode (`npm start` on a fresh checkout)
   * without it gets a random secret per process, with a warning.
   */
  COOKIE_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  /**
   * Name of the edge cache tag header: Cache-Tag (Cloudflare, comma-separated), Surrogate-Key
   * (Fastly) or xkey (Varnish's xkey vmod, deploy/varnish/default.vcl), both space-separated.
   */
  CACHE_TAG_HEADER: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]+$/, 'must be a header name')),
    'Cache-Tag',
  ),
  /**
   * Turns the edge purger on: the edge to purge the tags of GET /changes at. Varnish: the Varnish
   * hosts, comma-separated (each gets `PURGE /` with xkey-purge); Cloudflare:
   * https://api.cloudflare.com/client/v4; Fastly: https://api.fastly.com.
   */
  EDGE_PURGE_URL: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => s.split(',').map((u) => u.trim())),
      v.array(url),
      v.minLength(1, 'must name at least one URL'),
    ),
  ),
  /** The kind of edge EDGE_PURGE_URL is. */
  EDGE_PURGE_BACKEND: v.optional(
    v.picklist(['varnish', 'cloudflare', 'fastly'], 'must be varnish, cloudflare or fastly'),
    'varnish',
  ),
  /** Cloudflare: the API token (Zone.Cache Purge); Fastly: the API token sent as Fastly-Key. */
  EDGE_PURGE_TOKEN: v.optional(v.pipe(v.string(), v.minLength(1))),
  /** Cloudflare: the zone id. */
  CLOUDFLARE_ZONE_ID: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,64}$/, 'must be a zone id')),
  ),
  /** Fastly: the service id. */
  FASTLY_SERVICE_ID: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,64}$/, 'must be a service id')),
  ),
  /** How often the edge purger asks GET /changes, in milliseconds. */
  EDGE_PURGE_INTERVAL_MS: positiveInt('5000'),
  /**
   * The edge purger purges the same tags once more this many milliseconds later (pages fetched
   * again from answers still kept behind the edge); 0: once only.
   */
  EDGE_PURGE_REPEAT_MS: intAtLeast('60000', 0, 'must be 0 (once only) or more'),
  /** Where the edge purger keeps its cursor (written after each successful purge). */
  EDGE_PURGE_CURSOR_FILE: v.optional(v.string(), '.data/edge-purge.cursor'),
  /**
   * 0: this process sends no edge purge even with EDGE_PURGE_URL. Without Redis, only the first web
   * process of a machine purges; with REDIS_URL, every web process of every machine may, one at a
   * time (the holder of a lease in Redis).
   */
  EDGE_PURGER: booleanish('true'),
  /**
   * With REDIS_URL: life of the edge purge lease, in milliseconds; its holder renews it every
   * third. When the holder dies, another process purges within this life plus a third.
   */
  EDGE_PURGE_LEASE_MS: intAtLeast('15000', 300, 'must be 300 or more'),
  /** With REDIS_URL: prefix of the lease's Redis keys (one per edge, when several share Redis). */
  EDGE_PURGE_LEASE_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^[\w:.-]{1,100}$/, 'must be letters, digits, : . _ or -')),
    'portal-edge-purge',
  ),
  /** Shared store for rate limits and counters when several web processes run. */
  REDIS_URL: v.optional(url),
  /** Public origin of the site, for canonical and hreflang URLs (e.g. https://www.example.com). */
  PUBLIC_URL: v.optional(url),
  /** Time limit of one call to the listings API, in milliseconds. */
  UPSTREAM_TIMEOUT_MS: positiveInt('5000'),
  LOG_LEVEL: v.optional(
    v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    'info',
  ),
  /** Embedded mode: PostgreSQL of the in-process listings API (PGlite when absent). */
  DATABASE_URL: v.optional(url),
  /** Embedded mode: PostgreSQL connections of each pool of the listings API (twice the cores when absent). */
  DATABASE_POOL_SIZE: v.optional(
    v.pipe(v.string(), v.transform(Number), v.integer('must be an integer'), v.minValue(1)),
  ),
  /** Embedded mode: PGlite data directory. */
  PGLITE_DIR: v.optional(v.string(), '.data/pglite'),
  /** Embedded mode: where the listings API writes and serves its photos. */
  PHOTOS_DIR: v.optional(v.string(), '.data/photos'),
  /** Embedded mode: port of the in-process listings API (0 picks a free one). */
  EMBEDDED_API_PORT: port('4050'),
  /** Embedded mode: number of offers seeded on first run (the listings API's default when absent). */
  SEED_OFFERS: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(0))),
  /**
   * The proxies in front of this server whose X-Forwarded-* it believes: false (none), a hop count
   * (1: one load balancer or cache) or a comma-separated list of proxy addresses or CIDRs.
   */
  TRUST_PROXY: v.optional(v.string(), 'false'),
  /** Longest time a whole request (headers and body) may take to arrive, in milliseconds. */
  REQUEST_TIMEOUT_MS: positiveInt('30000'),
  /** Longest time the request headers may take to arrive, in milliseconds. */
  HEADERS_TIMEOUT_MS: positiveInt('10000'),
  /** Map tile URL template for the offer map (Leaflet). */
  MAP_TILE_URL: v.optional(v.string(), 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Hosts of the video and 3D-tour players pages may frame (the listings API embeds the same). */
  MEDIA_EMBED_HOSTS: v.optional(HostList),
  /** Serve the production build (dist/) even outside NODE_ENV=production. */
  SERVE_BUILD: booleanish('false'),
  /** Bytes of rendered public pages the in-process page cache keeps (0 turns it off). */
  PAGE_CACHE_BYTES: intAtLeast(
    String(64 * 1024 * 1024),
    0,
    'must be 0 (off) or more',
    'must be a whole number of bytes',
  ),
  /** How often the page cache asks the listings API's GET /changes what to purge (ms; 0: never). */
  PAGE_CACHE_CHANGES_INTERVAL_MS: intAtLeast('2000', 0, 'must be 0 (never) or more'),
  /**
   * The page cache purges the same tags again these many milliseconds later, comma-separated
   * (pages rendered again from answers the listings API still kept); 0: once only.
   */
  PAGE_CACHE_PURGE_REPEAT_MS: v.pipe(
    v.optional(v.string(), '5000,60000'),
    v.regex(/^\d{1,9}(,\d{1,9})*$/, 'must be milliseconds, comma-separated'),
    v.transform((s) =>
      s
        .split(',')
        .map(Number)
        .filter((ms) => ms > 0),
    ),
  ),
  /**
   * Web processes sharing PORT (node:cluster); default: the number of cores. 1 serves from the
   * main process itself; development (--dev) always runs one.
   */
  WEB_PROCESSES: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'must be a whole number'),
      v.transform(Number),
      v.minValue(1, 'must be at least 1'),
      v.maxValue(256, 'must be at most 256'),
    ),
  ),
  /**
   * Port of the Prometheus metrics server (GET /metrics), apart from PORT; unset: none. Web
   * process n of a cluster listens on METRICS_PORT + n.
   */
  METRICS_PORT: v.optional(port('0')),
  /** Address of the metrics server (loopback by default). */
  METRICS_HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '127.0.0.1'),
  /** Bearer token of metrics callers from elsewhere than loopback; unset: loopback only. */
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'must be 16 characters or more'))),
  /** Set by the main process in each web process of a cluster: its slot (0…n-1). */
  WEB_PROCESS_SLOT: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'must be a whole number'), v.transform(Number)),
  ),
});

type Env = v.InferOutput<typeof EnvSchema>;

/** Reports a value the schema alone cannot judge: `NAME: why`, read with the other issues. */
type Refuse = (message: string) => void;

/**
 * The web process's configuration: the environment (each variable checked above) and the
 * command line's --dev, read together into what the server uses. Its output is the `Config`.
 */
const ConfigSchema = v.pipe(
  v.object({ env: EnvSchema, dev: v.boolean() }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const { env: e, dev } = dataset.value;
    let refused = false;
    const refuse: Refuse = (message) => {
      refused = true;
      addIssue({ message });
    };
    const isProduction = e.NODE_ENV === 'production';
    let cookieSecret = e.COOKIE_SECRET;
    let cookieSecretNotice: string | undefined;
    if (!cookieSecret && isProduction) {
      if (e.LISTINGS_API_URL) {
        refuse('COOKIE_SECRET: required in production (with LISTINGS_API_URL)');
      }
      cookieSecret = randomBytes(32).toString('base64url');
      cookieSecretNotice =
        'COOKIE_SECRET is not set: signed cookies use a random secret until this process stops';
    }
    if (!e.PUBLIC_URL && isProduction && e.LISTINGS_API_URL) {
      refuse(
        'PUBLIC_URL: required in production (with LISTINGS_API_URL), ' +
          'e.g. https://www.example.com: canonical and hreflang links are never taken from the Host header',
      );
    }
    const renderer: 'vite' | 'build' = dev
      ? 'vite'
      : isProduction || e.SERVE_BUILD
        ? 'build'
        : 'vite';
    const config = {
      env: e.NODE_ENV,
      isProduction,
      /** 'vite' renders through Vite's dev server (hot reload); 'build' through dist/. */
      renderer,
      port: e.PORT,
      host: e.HOST,
      /** Undefined means embedded mode; main.ts fills it with the in-process API's address. */
      listingsApiUrl: e.LISTINGS_API_URL?.replace(/\/+$/, ''),
      reviewsApiUrl: e.REVIEWS_API_URL?.replace(/\/+$/, ''),
      cookieSecret: cookieSecret ?? DEV_COOKIE_SECRET,
      /** Why the cookie secret is not from the environment, when it is not (for a warning). */
      cookieSecretNotice,
      cacheTagHeader: e.CACHE_TAG_HEADER,
      /** The edge purger of this process; undefined when off (no EDGE_PURGE_URL, or EDGE_PURGER=0). */
      edgePurge: edgePurgeConfig(e, refuse),
      redisUrl: e.REDIS_URL,
      /** Origin of canonical and hreflang URLs; never taken from the request's Host header. */
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      /** Time limit of the listings API's calls of one request (a page's, all together), ms. */
      upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
      logLevel: e.LOG_LEVEL,
      databaseUrl: e.DATABASE_URL,
      databasePoolSize: e.DATABASE_POOL_SIZE,
      pgliteDir: e.PGLITE_DIR,
      photosDir: e.PHOTOS_DIR,
      embeddedApiPort: e.EMBEDDED_API_PORT,
      seedOffers: e.SEED_OFFERS,
      /** false: no proxy; a hop count; or the proxies' addresses and CIDRs. */
      trustProxy: trustProxyConfig(e.TRUST_PROXY, refuse),
      /** Longest time a whole request may take to arrive (ms). */
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      /** Longest time the request headers may take to arrive (ms). */
      headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
      mapTileUrl: e.MAP_TILE_URL,
      mediaEmbedHosts: e.MEDIA_EMBED_HOSTS ?? DEFAULT_MEDIA_EMBED_HOSTS,
      /** Bytes of the in-process page cache; 0: off. */
      pageCacheBytes: e.PAGE_CACHE_BYTES,
      /** Milliseconds between two purge polls of the page cache (GET /changes); 0: never. */
      pageCacheChangesIntervalMs: e.PAGE_CACHE_CHANGES_INTERVAL_MS,
      /** Delays (ms) after which the page cache purges the same tags again; empty: once only. */
      pageCachePurgeRepeatMs: e.PAGE_CACHE_PURGE_REPEAT_MS,
      /** Web processes listening on `port` (1: the main process serves alone). */
      webProcesses: dev ? 1 : (e.WEB_PROCESSES ?? availableParallelism()),
      /** The Prometheus metrics server of this process; undefined without METRICS_PORT. */
      metrics: metricsConfig(e, refuse),
    };
    return refused ? NEVER : config;
  }),
);

export type Config = v.InferOutput<typeof ConfigSchema>;

/** The edge purger's settings (EDGE_PURGE_*). */
export type EdgePurgeConfig = NonNullable<Config['edgePurge']>;

/** The config buildApp needs: the listings API address is known by then. */
export type AppConfig = Config & { listingsApiUrl: string };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  options: { dev?: boolean } = {},
): Config {
  const cleaned = Object.fromEntries(
    Object.keys(EnvSchema.entries).map((key) => [key, emptyToUndefined(env[key])]),
  );
  const parsed = v.safeParse(ConfigSchema, { env: cleaned, dev: options.dev ?? false });
  if (!parsed.success) {
    const lines = parsed.issues.map((issue) =>
      // A variable the schema refused: its name, why, and the value; the others say it all.
      issue.kind === 'transformation'
        ? issue.message
        : `${v.getDotPath(issue)?.replace(/^env\./, '') ?? '?'}: ${issue.message} (got ${JSON.stringify(issue.input)})`,
    );
    throw new ConfigError(`invalid environment:\n  ${lines.join('\n  ')}`);
  }
  return parsed.output;
}

const IPV4 = /^(\d{1,3})(\.\d{1,3}){3}(\/\d{1,2})?$/;
const IPV6 = /^[0-9a-f:.]*:[0-9a-f:.]*(\/\d{1,3})?$/i;

/**
 * TRUST_PROXY: `true` is refused, as it believes whatever X-Forwarded-For a visitor sends (per-IP
 * limits could be dodged); a hop count or the proxies' addresses say which entry is the visitor's.
 */
function trustProxyConfig(raw: string, refuse: Refuse): false | number | string[] {
  const value = raw.trim();
  const fail = (why: string) => {
    refuse(
      `TRUST_PROXY: ${why} (got ${JSON.stringify(raw)}); ` +
        'give false (no proxy in front), the number of proxies in front (1 behind one load ' +
        'balancer or cache) or their addresses/CIDRs separated by commas (e.g. 10.0.0.0/8)',
    );
    return false as const;
  };
  if (value === 'false' || value === '0') return false;
  if (value === 'true') {
    return fail('true would believe any X-Forwarded-For a visitor sends');
  }
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((part) => part.trim());
  const wrong = list.find((entry) => !IPV4.test(entry) && !IPV6.test(entry));
  if (wrong !== undefined) return fail(`${JSON.stringify(wrong)} is no address`);
  return list;
}

/** The metrics server: web process n of a cluster on METRICS_PORT + n, labelled with n. */
function metricsConfig(
  e: Env,
  refuse: Refuse,
): (MetricsServerConfig & { /** Label of this process's metrics. */ process: string }) | undefined {
  if (e.METRICS_PORT === undefined) return undefined;
  const slot = e.WEB_PROCESS_SLOT ?? 0;
  const port = e.METRICS_PORT === 0 ? 0 : e.METRICS_PORT + slot;
  if (port > 65535) refuse(`METRICS_PORT: ${port} (with the slot) is no port`);
  return { port, host: e.METRICS_HOST, token: e.METRICS_TOKEN, process: String(slot) };
}

function edgePurgeConfig(
  e: Env,
  refuse: Refuse,
):
  | {
      target: EdgePurgeTarget;
      intervalMs: number;
      /** Delay of the second purge of the same tags (0: none). */
      repeatMs: number;
      cursorFile: string;
      /** The lease shared by every web process through Redis (used when REDIS_URL is set). */
      lease: { key: string; lifeMs: number };
    }
  | undefined {
  const urls = e.EDGE_PURGE_URL;
  if (!urls || !e.EDGE_PURGER) return undefined;
  const base = (urls[0] ?? '').replace(/\/+$/, '');
  let target: EdgePurgeTarget;
  if (e.EDGE_PURGE_BACKEND === 'varnish') {
    target = { kind: 'varnish', urls };
  } else {
    if (urls.length > 1) refuse(`EDGE_PURGE_URL: ${e.EDGE_PURGE_BACKEND} takes one API URL`);
    if (!e.EDGE_PURGE_TOKEN) refuse(`EDGE_PURGE_TOKEN: required with ${e.EDGE_PURGE_BACKEND}`);
    const token = e.EDGE_PURGE_TOKEN ?? '';
    if (e.EDGE_PURGE_BACKEND === 'cloudflare') {
      if (!e.CLOUDFLARE_ZONE_ID) refuse('CLOUDFLARE_ZONE_ID: required with cloudflare');
      target = { kind: 'cloudflare', apiUrl: base, zoneId: e.CLOUDFLARE_ZONE_ID ?? '', token };
    } else {
      if (!e.FASTLY_SERVICE_ID) refuse('FASTLY_SERVICE_ID: required with fastly');
      target = { kind: 'fastly', apiUrl: base, serviceId: e.FASTLY_SERVICE_ID ?? '', token };
    }
  }
  return {
    target,
    intervalMs: e.EDGE_PURGE_INTERVAL_MS,
    repeatMs: e.EDGE_PURGE_REPEAT_MS,
    cursorFile: e.EDGE_PURGE_CURSOR_FILE,
    lease: { key: e.EDGE_PURGE_LEASE_KEY, lifeMs: e.EDGE_PURGE_LEASE_MS },
  };
}
