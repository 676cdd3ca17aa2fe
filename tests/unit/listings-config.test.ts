import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LISTINGS_ENV_VARIABLES,
  ListingsConfigError,
  readListingsConfig,
} from '../../listings-api/config';
import { DEFAULT_PUBLISHER } from '../../shared/contract';

// The listings API's environment is read in one place (listings-api/config.ts) by one schema:
// its defaults, its coercions, one error naming every bad variable, and no other file of the
// listings API reading process.env.

describe("the listings API's config", () => {
  it('has the documented defaults when nothing is set', () => {
    const config = readListingsConfig({});
    expect(config).toEqual({
      port: 4050,
      host: '127.0.0.1',
      databaseUrl: undefined,
      readUrls: [],
      redisUrl: undefined,
      statsFlushMs: 1000,
      readMaxLagMs: 5000,
      poolSize: undefined,
      pgliteDir: '.data/pglite',
      photosDir: '.data/photos',
      seedOffers: undefined,
      jobs: true,
      jobsRetryMs: 5000,
      logLevel: 'info',
      metrics: undefined,
      alerts: {
        publicUrl: 'http://localhost:3000',
        smtpUrl: undefined,
        mailDir: '.data/mail',
        signingSecret: undefined,
        from: 'Prestige Portal <alertes@localhost.localdomain>',
        unsubscribeMailbox: 'alertes@localhost.localdomain',
        salesEmail: 'commercial@localhost.localdomain',
        intervalMs: 900_000,
        digestMinIntervalMs: 0,
      },
      publisher: DEFAULT_PUBLISHER,
      feeds: {
        inboxDir: path.join('.data/feeds', 'inbox'),
        doneDir: path.join('.data/feeds', 'done'),
        failedDir: path.join('.data/feeds', 'failed'),
        workDir: path.join('.data/feeds', 'work'),
        intervalMs: 60_000,
        settleMs: 30_000,
        maxBytes: 256 * 1024 * 1024,
        maxEntryBytes: 50 * 1024 * 1024,
        maxCsvBytes: 1024 * 1024 * 1024,
        photoHosts: [],
        photoTimeoutMs: 10_000,
        photoMaxBytes: 15 * 1024 * 1024,
      },
      mediaEmbedHosts: [
        'my.matterport.com',
        'www.youtube-nocookie.com',
        'www.youtube.com',
        'player.vimeo.com',
      ],
      purgeIntervalMs: 3_600_000,
    });
  });

  it("takes the legal pages' publisher and host from PUBLISHER_* and HOST_*, else the defaults", () => {
    expect(readListingsConfig({}).publisher).toEqual(DEFAULT_PUBLISHER);
    const config = readListingsConfig({
      PUBLISHER_NAME: 'Maison Lumière SAS',
      PUBLISHER_EMAIL: 'contact@maison-lumiere.example',
      PUBLISHER_DIRECTOR: 'Anne Vasseur',
      HOST_NAME: 'Nuage Sud SAS',
    });
    expect(config.publisher).toEqual({
      ...DEFAULT_PUBLISHER,
      name: 'Maison Lumière SAS',
      email: 'contact@maison-lumiere.example',
      director: 'Anne Vasseur',
      host: { ...DEFAULT_PUBLISHER.host, name: 'Nuage Sud SAS' },
    });
    expect(() => readListingsConfig({ PUBLISHER_EMAIL: 'nobody' })).toThrow(/PUBLISHER_EMAIL/);
  });

  it('treats empty variables as unset and ignores variables it does not know', () => {
    expect(
      readListingsConfig({
        LISTINGS_API_PORT: '',
        DATABASE_URL: '',
        LISTINGS_JOBS: '',
        FEEDS_DIR: '',
        PORT: 'not ours',
      }),
    ).toEqual(readListingsConfig({}));
  });

  it('coerces numbers, booleans, lists and URLs', () => {
    const config = readListingsConfig({
      LISTINGS_API_PORT: '0',
      LISTINGS_API_HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://user@db:5432/listings',
      DATABASE_POOL_SIZE: '12',
      DATABASE_READ_URL: ' postgres://r1:5432/listings, postgres://r2:5432/listings ,',
      DATABASE_READ_MAX_LAG_MS: '2000',
      SEED_OFFERS: '250',
      LISTINGS_JOBS: 'false',
      LISTINGS_JOBS_RETRY_MS: '1500',
      LOG_LEVEL: 'warn',
      LISTINGS_METRICS_PORT: '9470',
      METRICS_TOKEN: 't'.repeat(16),
      PUBLIC_URL: 'https://www.example.com/',
      ALERTS_INTERVAL_MS: '0',
      FEEDS_DIR: '/srv/feeds',
      FEEDS_INBOX_DIR: '/ftp',
      FEEDS_PHOTO_HOSTS: ' Photos.Example.com, *.cdn.example.net ,',
      FEEDS_MAX_BYTES: '2048',
      PRIVACY_PURGE_INTERVAL_MS: '0',
    });
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      databaseUrl: 'postgresql://user@db:5432/listings',
      poolSize: 12,
      readUrls: ['postgres://r1:5432/listings', 'postgres://r2:5432/listings'],
      readMaxLagMs: 2000,
      seedOffers: 250,
      jobs: false,
      jobsRetryMs: 1500,
      logLevel: 'warn',
      metrics: { port: 9470, host: '127.0.0.1', token: 't'.repeat(16) },
      purgeIntervalMs: 0,
    });
    expect(config.alerts).toMatchObject({
      publicUrl: 'https://www.example.com',
      from: 'Prestige Portal <alertes@www.example.com>',
      intervalMs: 0,
    });
    expect(config.feeds).toMatchObject({
      inboxDir: '/ftp',
      doneDir: path.join('/srv/feeds', 'done'),
      photoHosts: ['photos.example.com', '*.cdn.example.net'],
      maxBytes: 2048,
    });
    expect(readListingsConfig({ LISTINGS_JOBS: '1' }).jobs).toBe(true);
    expect(readListingsConfig({ LISTINGS_JOBS: '0' }).jobs).toBe(false);
  });

  it('refuses with one error naming every bad variable and why', () => {
    const bad = {
      LISTINGS_API_PORT: '70000',
      LISTINGS_API_HOST: 'localhost',
      DATABASE_URL: 'mysql://db/x',
      DATABASE_POOL_SIZE: '0',
      DATABASE_READ_URL: 'postgres://r1/x,mysql://r2/x',
      DATABASE_READ_MAX_LAG_MS: 'soon',
      SEED_OFFERS: 'many',
      LISTINGS_JOBS: 'yes',
      LOG_LEVEL: 'loud',
      LISTINGS_METRICS_PORT: 'x',
      METRICS_TOKEN: 'short',
      SMTP_URL: 'http://mail.example.com',
      ALERT_SIGNING_SECRET: 'short',
      ALERTS_INTERVAL_MS: '10',
      FEEDS_INTERVAL_MS: '10',
      FEEDS_PHOTO_HOSTS: 'not a host',
      PRIVACY_PURGE_INTERVAL_MS: 'hourly',
    };
    let error: unknown;
    try {
      readListingsConfig(bad);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ListingsConfigError);
    const message = (error as Error).message;
    const lines = message.split('\n').slice(1);
    // One line per bad variable, the good one (LISTINGS_API_HOST) not named.
    const named = lines.map((line) => line.trim().split(' ')[0]);
    expect(named.sort()).toEqual(
      Object.keys(bad)
        .filter((name) => name !== 'LISTINGS_API_HOST')
        .sort(),
    );
    expect(message).toMatch(/^invalid environment of the listings API:\n/);
    expect(message).toContain('LISTINGS_API_PORT must be a port number');
    expect(message).toContain('DATABASE_URL must be a postgres:// URL');
    expect(message).toContain('DATABASE_POOL_SIZE must be at least 1');
    expect(message).toContain('DATABASE_READ_URL must list postgres:// URLs');
    expect(message).toContain('DATABASE_READ_MAX_LAG_MS must be a whole number of milliseconds');
    expect(message).toContain('SEED_OFFERS must be a whole number');
    expect(message).toContain('LISTINGS_JOBS must be 1 (run the periodic jobs) or 0');
    expect(message).toContain('METRICS_TOKEN must be 16 characters or more');
    expect(message).toContain('SMTP_URL must start with smtp:// or smtps://');
    expect(message).toContain('ALERT_SIGNING_SECRET must be at least 32 characters');
    expect(message).toContain('ALERTS_INTERVAL_MS must be at least 1000 (or 0: no scheduler)');
    expect(message).toContain('FEEDS_INTERVAL_MS must be 0 (off) or at least 1000');
    expect(message).toContain('FEEDS_PHOTO_HOSTS must list host names');
    expect(message).toContain('PRIVACY_PURGE_INTERVAL_MS must be a whole number of milliseconds');
    // Values are never echoed (some are secrets).
    expect(message).not.toContain('mysql://db/x');
  });

  it('reads this process’s environment by default', () => {
    const saved = process.env.SEED_OFFERS;
    process.env.SEED_OFFERS = '7';
    try {
      expect(readListingsConfig().seedOffers).toBe(7);
    } finally {
      if (saved === undefined) delete process.env.SEED_OFFERS;
      else process.env.SEED_OFFERS = saved;
    }
  });

  it('lists every variable the README documents for the listings API', () => {
    const readme = readFileSync('README.md', 'utf8');
    const missing = LISTINGS_ENV_VARIABLES.filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});

/** Every TypeScript file under `dir`, relative to the working directory. */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.split(path.sep).includes('node_modules'))
    .map((name) => path.join(dir, name));
}

/** How a file may reach the environment: process.env, process['env'], a destructured env. */
const READS_ENV = [
  /\bprocess\s*\.\s*env\b/,
  /\bprocess\s*\[\s*['"`]env['"`]\s*\]/,
  /\{[^}]*\benv\b[^}]*\}\s*=\s*(globalThis\.)?process\b/,
  /import\s*\{[^}]*\benv\b[^}]*\}\s*from\s*['"](node:)?process['"]/,
];

describe('the listings API reads its environment in config.ts alone', () => {
  it('finds the ways of reading it (the check can fail)', () => {
    const reads = (code: string) => READS_ENV.some((re) => re.test(code));
    expect(reads('const port = process.env.PORT;')).toBe(true);
    expect(reads("const env = process['env'];")).toBe(true);
    expect(reads('const { env } = process;')).toBe(true);
    expect(reads("import { env } from 'node:process';")).toBe(true);
    expect(reads('readListingsConfig(options.env);')).toBe(false);
  });

  it('has no other file under listings-api/ reading process.env', () => {
    const files = sources('listings-api');
    expect(files).toContain(path.join('listings-api', 'config.ts'));
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.filter(
      (file) =>
        file !== path.join('listings-api', 'config.ts') &&
        READS_ENV.some((re) => re.test(readFileSync(file, 'utf8'))),
    );
    expect(offenders).toEqual([]);
  });
});
