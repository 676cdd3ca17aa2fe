import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const SECRET = 'x'.repeat(40);

describe('loadConfig', () => {
  it('has working defaults for development (embedded mode on port 3000)', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      listingsApiUrl: undefined,
      cacheTagHeader: 'Cache-Tag',
      upstreamTimeoutMs: 5000,
      renderer: 'vite',
      pgliteDir: '.data/pglite',
      embeddedApiPort: 4050,
      trustProxy: false,
      isProduction: false,
    });
    expect(config.cookieSecret.length).toBeGreaterThanOrEqual(32);
  });

  it.each([
    [{ PORT: '8080' }, { port: 8080 }],
    [{ PORT: '' }, { port: 3000 }],
    [{ LISTINGS_API_URL: 'http://api:4050/' }, { listingsApiUrl: 'http://api:4050' }],
    [{ PUBLIC_URL: 'https://www.example.com/' }, { publicUrl: 'https://www.example.com' }],
    [{ CACHE_TAG_HEADER: 'Surrogate-Key' }, { cacheTagHeader: 'Surrogate-Key' }],
    [{ TRUST_PROXY: '2' }, { trustProxy: 2 }],
    [{ TRUST_PROXY: '0' }, { trustProxy: false }],
    [
      { TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8' },
      { trustProxy: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8'] },
    ],
    [{}, { requestTimeoutMs: 30_000, headersTimeoutMs: 10_000 }],
    [
      { REQUEST_TIMEOUT_MS: '300', HEADERS_TIMEOUT_MS: '500' },
      { requestTimeoutMs: 300, headersTimeoutMs: 300 },
    ],
    [{}, { publicUrl: 'http://localhost:3000' }],
    [{ NODE_ENV: 'production', PORT: '8080' }, { publicUrl: 'http://localhost:8080' }],
    [
      { SEED_OFFERS: '200', EMBEDDED_API_PORT: '0' },
      { seedOffers: 200, embeddedApiPort: 0 },
    ],
    [
      { NODE_ENV: 'production', COOKIE_SECRET: SECRET },
      { renderer: 'build', isProduction: true, cookieSecret: SECRET },
    ],
    [{ SERVE_BUILD: 'true' }, { renderer: 'build' }],
    [{}, { databasePoolSize: undefined }],
    [{ DATABASE_POOL_SIZE: '6' }, { databasePoolSize: 6 }],
    [{}, { webProcesses: availableParallelism() }],
    [{ WEB_PROCESSES: '' }, { webProcesses: availableParallelism() }],
    [{ WEB_PROCESSES: '1' }, { webProcesses: 1 }],
    [{ WEB_PROCESSES: '6' }, { webProcesses: 6 }],
  ])('reads %j', (env, expected) => {
    expect(loadConfig(env)).toMatchObject(expected);
  });

  it('refuses TRUST_PROXY=true or a list that is no addresses, saying what to give', () => {
    for (const value of ['true', 'yes', '10.0.0.0/8,proxy']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/number of proxies in front/);
  });

  it('requires PUBLIC_URL in production with an external listings API', () => {
    const env = {
      NODE_ENV: 'production',
      LISTINGS_API_URL: 'http://api:4050',
      COOKIE_SECRET: SECRET,
    } as const;
    expect(() => loadConfig(env)).toThrow(/PUBLIC_URL: required in production/);
    expect(loadConfig({ ...env, PUBLIC_URL: 'https://www.example.com' }).publicUrl).toBe(
      'https://www.example.com',
    );
  });

  it('gives a production run in embedded mode a random secret, with a notice', () => {
    const a = loadConfig({ NODE_ENV: 'production' });
    const b = loadConfig({ NODE_ENV: 'production' });
    expect(a.cookieSecret.length).toBeGreaterThanOrEqual(32);
    expect(a.cookieSecret).not.toBe(b.cookieSecret);
    expect(a.cookieSecretNotice).toMatch(/COOKIE_SECRET/);
    expect(
      loadConfig({ NODE_ENV: 'production', COOKIE_SECRET: SECRET }).cookieSecretNotice,
    ).toBeUndefined();
  });

  it('renders through Vite with --dev even in production', () => {
    expect(
      loadConfig({ NODE_ENV: 'production', COOKIE_SECRET: SECRET }, { dev: true }).renderer,
    ).toBe('vite');
  });

  it('runs one web process with --dev (hot reload), whatever WEB_PROCESSES says', () => {
    expect(loadConfig({ WEB_PROCESSES: '4' }, { dev: true }).webProcesses).toBe(1);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ LISTINGS_API_URL: 'not a url' }, 'LISTINGS_API_URL'],
    [{ COOKIE_SECRET: 'short' }, 'COOKIE_SECRET'],
    [
      { NODE_ENV: 'production', LISTINGS_API_URL: 'http://api:4050' },
      'COOKIE_SECRET: required in production',
    ],
    [{ UPSTREAM_TIMEOUT_MS: '0' }, 'UPSTREAM_TIMEOUT_MS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ CACHE_TAG_HEADER: 'Cache Tag' }, 'CACHE_TAG_HEADER'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE'],
    [{ WEB_PROCESSES: '0' }, 'WEB_PROCESSES'],
    [{ WEB_PROCESSES: 'all' }, 'WEB_PROCESSES'],
    [{ WEB_PROCESSES: '2.5' }, 'WEB_PROCESSES'],
  ])('refuses %j naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
