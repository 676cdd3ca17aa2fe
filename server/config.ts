import { randomBytes } from 'node:crypto';
import * as v from 'valibot';

// The web process's environment, parsed once at boot. Every variable is documented here and in
// the README's configuration table; the rest of the server only sees the typed `Config`.

const DEV_COOKIE_SECRET = 'dev-only-cookie-secret-change-me-0123456789';

const port = (fallback: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.transform(Number),
    v.integer('must be an integer'),
    v.minValue(0, 'must be a port number'),
    v.maxValue(65535, 'must be a port number'),
  );

const positiveInt = (fallback: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.transform(Number),
    v.integer('must be an integer'),
    v.minValue(1, 'must be positive'),
  );

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
  /** Name of the edge cache tag header: Cache-Tag (Cloudflare) or Surrogate-Key (Fastly). */
  CACHE_TAG_HEADER: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]+$/, 'must be a header name')),
    'Cache-Tag',
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
  /** Trust X-Forwarded-* from this many proxies (or true/false). */
  TRUST_PROXY: v.optional(v.string(), 'false'),
  /** Map tile URL template for the offer map (Leaflet). */
  MAP_TILE_URL: v.optional(v.string(), 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Serve the production build (dist/) even outside NODE_ENV=production. */
  SERVE_BUILD: booleanish('false'),
});

export type Env = v.InferOutput<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  /** 'vite' renders through Vite's dev server (hot reload); 'build' through dist/. */
  renderer: 'vite' | 'build';
  port: number;
  host: string;
  /** Undefined means embedded mode; main.ts fills it with the in-process API's address. */
  listingsApiUrl: string | undefined;
  reviewsApiUrl: string | undefined;
  cookieSecret: string;
  /** Why the cookie secret is not from the environment, when it is not (for a warning). */
  cookieSecretNotice: string | undefined;
  cacheTagHeader: string;
  redisUrl: string | undefined;
  publicUrl: string | undefined;
  upstreamTimeoutMs: number;
  logLevel: Env['LOG_LEVEL'];
  databaseUrl: string | undefined;
  databasePoolSize: number | undefined;
  pgliteDir: string;
  photosDir: string;
  embeddedApiPort: number;
  seedOffers: number | undefined;
  trustProxy: boolean | number;
  mapTileUrl: string;
}

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
  const parsed = v.safeParse(EnvSchema, cleaned);
  if (!parsed.success) {
    const lines = parsed.issues.map(
      (issue) =>
        `${v.getDotPath(issue) ?? '?'}: ${issue.message} (got ${JSON.stringify(issue.input)})`,
    );
    throw new ConfigError(`invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.output;
  const isProduction = e.NODE_ENV === 'production';
  let cookieSecret = e.COOKIE_SECRET;
  let cookieSecretNotice: string | undefined;
  if (!cookieSecret && isProduction) {
    if (e.LISTINGS_API_URL) {
      throw new ConfigError(
        'invalid environment:\n  COOKIE_SECRET: required in production (with LISTINGS_API_URL)',
      );
    }
    cookieSecret = randomBytes(32).toString('base64url');
    cookieSecretNotice =
      'COOKIE_SECRET is not set: signed cookies use a random secret until this process stops';
  }
  const trust = e.TRUST_PROXY.trim();
  let trustProxy: boolean | number;
  if (trust === 'true' || trust === 'false') trustProxy = trust === 'true';
  else if (/^\d+$/.test(trust)) trustProxy = Number(trust);
  else
    throw new ConfigError(`invalid environment:\n  TRUST_PROXY: must be true, false or a number`);

  return {
    env: e.NODE_ENV,
    isProduction,
    renderer: options.dev ? 'vite' : isProduction || e.SERVE_BUILD ? 'build' : 'vite',
    port: e.PORT,
    host: e.HOST,
    listingsApiUrl: e.LISTINGS_API_URL?.replace(/\/+$/, ''),
    reviewsApiUrl: e.REVIEWS_API_URL?.replace(/\/+$/, ''),
    cookieSecret: cookieSecret ?? DEV_COOKIE_SECRET,
    cookieSecretNotice,
    cacheTagHeader: e.CACHE_TAG_HEADER,
    redisUrl: e.REDIS_URL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    pgliteDir: e.PGLITE_DIR,
    photosDir: e.PHOTOS_DIR,
    embeddedApiPort: e.EMBEDDED_API_PORT,
    seedOffers: e.SEED_OFFERS,
    trustProxy,
    mapTileUrl: e.MAP_TILE_URL,
  };
}
