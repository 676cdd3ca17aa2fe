import path from 'node:path';
import * as v from 'valibot';
import { DEFAULT_PUBLISHER, type Publisher } from '../shared/contract';
import { DEFAULT_INTERVAL_MS, DEFAULT_PUBLIC_URL } from './alerts/config';
import { addressOf, defaultFrom } from './mail/address';
import { DEFAULT_MAIL_DIR } from './mail/transport';
import { FEED_DEFAULTS } from './feeds/config';
import { DEFAULT_READ_MAX_LAG_MS } from './db/connection';
import { DEFAULT_JOBS_RETRY_MS } from './lib/jobs-leader';
import { DEFAULT_ZIP_LIMITS } from './feeds/archive';
import { DEFAULT_MEDIA_EMBED_HOSTS, HostList } from '../shared/host-list';

// The listings API's environment, read in one place by one valibot schema whose output is the
// `ListingsConfig` the rest of the API sees: `npm run start:listings`, the embedded mode (its child
// process inherits the web app's environment) and the commands (alerts:send, feed:import, seed…).
// Every variable is optional; an empty one counts as unset (docker-compose passes `VAR=` through).
// The alert mails, the feed import, the retention purge and the metrics server get their slices.

/** The retention purge runs every hour unless PRIVACY_PURGE_INTERVAL_MS says otherwise. */
export const DEFAULT_PURGE_INTERVAL_MS = 60 * 60_000;

const WholeNumber = (message: string) =>
  v.pipe(v.string(), v.regex(/^[0-9]+$/, message), v.transform(Number));

const Milliseconds = (min: number) =>
  v.pipe(
    WholeNumber('must be a whole number of milliseconds'),
    v.minValue(min, `must be at least ${min}`),
  );

const FeedNumber = (what: string, min: number) =>
  v.pipe(
    WholeNumber(`must be a whole number of ${what}`),
    v.minValue(min, `must be at least ${min}`),
  );

const Port = v.pipe(
  v.string(),
  v.regex(/^\d{1,5}$/, 'must be a port number'),
  v.transform(Number),
  v.maxValue(65535, 'must be a port number'),
);

const NonEmpty = v.pipe(v.string(), v.nonEmpty());

const HttpUrl = v.pipe(
  v.string(),
  v.url('must be an absolute URL'),
  v.check((s) => /^https?:\/\//.test(s), 'must start with http:// or https://'),
  // Links are built as `${PUBLIC_URL}/alerts/...`: no trailing slash.
  v.transform((s) => s.replace(/\/+$/, '')),
);

const SmtpUrl = v.pipe(
  v.string(),
  v.url('must be a URL like smtp://user:password@host:587'),
  v.check((s) => /^smtps?:\/\//.test(s), 'must start with smtp:// or smtps://'),
);

const EnvSchema = v.object({
  // The server (`npm run start:listings`; the embedded mode gets these from the web app).
  /** Port of `npm run start:listings` (0 picks a free one). */
  LISTINGS_API_PORT: v.optional(Port, '4050'),
  /** Interface it listens on (0.0.0.0 in a container). */
  LISTINGS_API_HOST: v.optional(NonEmpty, '127.0.0.1'),
  /** PostgreSQL; unset: PGlite under PGLITE_DIR. */
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => /^postgres(ql)?:\/\//.test(s), 'must be a postgres:// URL'),
      v.url('must be a postgres:// URL'),
    ),
  ),
  /**
   * PostgreSQL replicas streaming from DATABASE_URL, comma-separated: they take the read-only
   * work (searches, counts, pages, config, sitemap). Unset: everything goes to DATABASE_URL.
   */
  DATABASE_READ_URL: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) =>
        s
          .split(',')
          .map((u) => u.trim())
          .filter((u) => u !== ''),
      ),
      v.array(
        v.pipe(
          v.string(),
          v.check((s) => /^postgres(ql)?:\/\//.test(s), 'must list postgres:// URLs'),
          v.url('must list postgres:// URLs'),
        ),
      ),
    ),
  ),
  /** A replica whose replay lags more than this is left out until it catches up (ms). */
  DATABASE_READ_MAX_LAG_MS: v.optional(Milliseconds(0)),
  /** PostgreSQL connections of each pool (twice the cores when unset). */
  DATABASE_POOL_SIZE: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, 'must be a whole number'),
      v.transform(Number),
      v.minValue(1, 'must be at least 1'),
    ),
  ),
  /** PGlite data directory (one process at a time). */
  PGLITE_DIR: v.optional(NonEmpty, '.data/pglite'),
  /** Where the photos are written and served from. */
  PHOTOS_DIR: v.optional(NonEmpty, '.data/photos'),
  /** Offers seeded into an empty database (the seed's default when unset). */
  SEED_OFFERS: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number)),
  ),
  /**
   * 0 keeps this instance out of the periodic jobs (alert mails, feed inbox, purge); the
   * instances with 1 elect one of them to run the jobs (a PostgreSQL advisory lock).
   */
  LISTINGS_JOBS: v.optional(
    v.pipe(
      v.picklist(['0', '1', 'false', 'true'], 'must be 1 (run the periodic jobs) or 0'),
      v.transform((s) => s === '1' || s === 'true'),
    ),
    '1',
  ),
  /** How often an instance that does not run the jobs tries to take them over (ms). */
  LISTINGS_JOBS_RETRY_MS: v.optional(Milliseconds(100)),
  LOG_LEVEL: v.optional(
    v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    'info',
  ),

  // The Prometheus metrics server (GET /metrics on a port of its own).
  /** Its port; unset: no metrics server. */
  LISTINGS_METRICS_PORT: v.optional(Port),
  METRICS_HOST: v.optional(NonEmpty, '127.0.0.1'),
  /** Bearer token of callers from elsewhere than loopback; unset: loopback only. */
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'must be 16 characters or more'))),

  // Alert mails and the confirmations of professional requests.
  /** Base of every link in the mails (the public web app). */
  PUBLIC_URL: v.optional(HttpUrl),
  /** Unset: mails are written as .eml files under ALERTS_MAIL_DIR. */
  SMTP_URL: v.optional(SmtpUrl),
  ALERT_SIGNING_SECRET: v.optional(
    v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters')),
  ),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.includes('@', 'must hold an e-mail address'))),
  ALERTS_UNSUBSCRIBE_MAILTO: v.optional(v.pipe(v.string(), v.email('must be an e-mail address'))),
  /** The portal's sales address: professional requests are mailed there. */
  PORTAL_SALES_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an e-mail address'))),
  // The publisher and host named by the legal pages (defaults: DEFAULT_PUBLISHER).
  PUBLISHER_NAME: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))),
  PUBLISHER_ADDRESS: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))),
  PUBLISHER_RCS: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))),
  PUBLISHER_SIRET: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))),
  PUBLISHER_VAT: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))),
  PUBLISHER_PHONE: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))),
  PUBLISHER_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an e-mail address'))),
  PUBLISHER_DIRECTOR: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))),
  HOST_NAME: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))),
  HOST_ADDRESS: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))),
  HOST_RCS: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))),
  HOST_PHONE: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'))),
  ALERTS_MAIL_DIR: v.optional(v.string()),
  /** 0 turns the scheduler off (another process runs the job, or `npm run alerts:send` does). */
  ALERTS_INTERVAL_MS: v.optional(
    v.pipe(
      Milliseconds(0),
      v.check((ms) => ms === 0 || ms >= 1000, 'must be at least 1000 (or 0: no scheduler)'),
    ),
  ),
  ALERTS_DIGEST_MIN_INTERVAL_MS: v.optional(Milliseconds(0)),

  // Agencies' feeds.
  FEEDS_DIR: v.optional(NonEmpty),
  FEEDS_INBOX_DIR: v.optional(NonEmpty),
  FEEDS_INTERVAL_MS: v.optional(
    v.pipe(
      FeedNumber('milliseconds', 0),
      v.check((n) => n === 0 || n >= 1000, 'must be 0 (off) or at least 1000'),
    ),
  ),
  FEEDS_SETTLE_MS: v.optional(FeedNumber('milliseconds', 0)),
  FEEDS_MAX_BYTES: v.optional(FeedNumber('bytes', 1024)),
  FEEDS_MAX_ENTRY_BYTES: v.optional(FeedNumber('bytes', 1024)),
  FEEDS_MAX_CSV_BYTES: v.optional(FeedNumber('bytes', 1024)),
  FEEDS_PHOTO_HOSTS: v.optional(HostList),
  FEEDS_PHOTO_TIMEOUT_MS: v.optional(FeedNumber('milliseconds', 100)),
  FEEDS_PHOTO_MAX_BYTES: v.optional(FeedNumber('bytes', 1024)),

  // The offer page's players.
  /** Hosts whose video and 3D-tour addresses are embedded (others are shown as a link). */
  MEDIA_EMBED_HOSTS: v.optional(HostList),

  // Personal-data retention.
  /** How often the retention purge runs (0: never). */
  PRIVACY_PURGE_INTERVAL_MS: v.optional(
    v.pipe(
      WholeNumber('must be a whole number of milliseconds (0 turns the purge off)'),
      v.check((n) => n === 0 || n >= 1000, 'must be 0 (off) or at least 1000'),
    ),
  ),
});

/** Every variable the listings API reads. */
export const LISTINGS_ENV_VARIABLES = Object.keys(EnvSchema.entries);

const ListingsConfigSchema = v.pipe(
  EnvSchema,
  v.transform((e) => {
    const publicUrl = e.PUBLIC_URL ?? DEFAULT_PUBLIC_URL;
    const from = e.MAIL_FROM ?? defaultFrom(publicUrl);
    const feedsDir = e.FEEDS_DIR ?? FEED_DEFAULTS.dir;
    return {
      /** Port of `npm run start:listings` (0: a free one). */
      port: e.LISTINGS_API_PORT,
      host: e.LISTINGS_API_HOST,
      /** PostgreSQL connection string; undefined: PGlite under pgliteDir. */
      databaseUrl: e.DATABASE_URL,
      /** Replicas of the primary for the read-only work; empty: none. */
      readUrls: e.DATABASE_READ_URL ?? [],
      /** A replica lagging more than this (ms) is left out. */
      readMaxLagMs: e.DATABASE_READ_MAX_LAG_MS ?? DEFAULT_READ_MAX_LAG_MS,
      /** PostgreSQL connections per pool; undefined: twice the cores. */
      poolSize: e.DATABASE_POOL_SIZE,
      pgliteDir: e.PGLITE_DIR,
      photosDir: e.PHOTOS_DIR,
      /** Offers to seed into an empty database; undefined: the seed's own default. */
      seedOffers: e.SEED_OFFERS,
      /** Stand for the periodic jobs (alert mails, feed inbox, retention purge): one instance runs them. */
      jobs: e.LISTINGS_JOBS,
      /** How often a standby instance tries to take the jobs over (ms). */
      jobsRetryMs: e.LISTINGS_JOBS_RETRY_MS ?? DEFAULT_JOBS_RETRY_MS,
      logLevel: e.LOG_LEVEL,
      /** The metrics server; undefined without LISTINGS_METRICS_PORT. */
      metrics:
        e.LISTINGS_METRICS_PORT === undefined
          ? undefined
          : { port: e.LISTINGS_METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
      /** The alert mails (and the confirmations of professional requests). */
      alerts: {
        /** Base of every link in the mails (the public web app), without trailing slash. */
        publicUrl,
        /** SMTP connection URL; undefined writes .eml files to mailDir instead. */
        smtpUrl: e.SMTP_URL,
        mailDir: e.ALERTS_MAIL_DIR ?? DEFAULT_MAIL_DIR,
        /** HMAC key of the confirm/unsubscribe links; undefined uses the key kept in the database. */
        signingSecret: e.ALERT_SIGNING_SECRET,
        /** From header, e.g. 'Prestige Portal <alertes@example.com>'. */
        from,
        /** Address of the mailto: form of List-Unsubscribe. */
        unsubscribeMailbox: e.ALERTS_UNSUBSCRIBE_MAILTO ?? addressOf(from),
        /** Where professional requests are mailed: 'commercial@' the sender's domain by default. */
        salesEmail: e.PORTAL_SALES_EMAIL ?? `commercial@${addressOf(from).split('@')[1]}`,
        /** Interval of the scheduler started with the listings API; 0: no scheduler. */
        intervalMs: e.ALERTS_INTERVAL_MS ?? DEFAULT_INTERVAL_MS,
        /** Minimum time between two digests of one alert (0: a digest at each run with new offers). */
        digestMinIntervalMs: e.ALERTS_DIGEST_MIN_INTERVAL_MS ?? 0,
      },
      /** Who publishes and hosts the portal, as the legal pages name them. */
      publisher: {
        name: e.PUBLISHER_NAME ?? DEFAULT_PUBLISHER.name,
        address: e.PUBLISHER_ADDRESS ?? DEFAULT_PUBLISHER.address,
        rcs: e.PUBLISHER_RCS ?? DEFAULT_PUBLISHER.rcs,
        siret: e.PUBLISHER_SIRET ?? DEFAULT_PUBLISHER.siret,
        vat: e.PUBLISHER_VAT ?? DEFAULT_PUBLISHER.vat,
        phone: e.PUBLISHER_PHONE ?? DEFAULT_PUBLISHER.phone,
        email: e.PUBLISHER_EMAIL ?? DEFAULT_PUBLISHER.email,
        director: e.PUBLISHER_DIRECTOR ?? DEFAULT_PUBLISHER.director,
        host: {
          name: e.HOST_NAME ?? DEFAULT_PUBLISHER.host.name,
          address: e.HOST_ADDRESS ?? DEFAULT_PUBLISHER.host.address,
          rcs: e.HOST_RCS ?? DEFAULT_PUBLISHER.host.rcs,
          phone: e.HOST_PHONE ?? DEFAULT_PUBLISHER.host.phone,
        },
      } satisfies Publisher,
      /** The import of agencies' feeds. */
      feeds: {
        /** Where feeds arrive: one sub-folder per agency slug. */
        inboxDir: e.FEEDS_INBOX_DIR ?? path.join(feedsDir, 'inbox'),
        /** Processed feeds: done/<agency>/<timestamp>/ with report.json. */
        doneDir: path.join(feedsDir, 'done'),
        /** Rejected feeds: failed/<agency>/<timestamp>/ with report.json. */
        failedDir: path.join(feedsDir, 'failed'),
        /** Feeds being imported (moved out of the inbox first). */
        workDir: path.join(feedsDir, 'work'),
        /** How often the inbox is looked at (0: never). */
        intervalMs: e.FEEDS_INTERVAL_MS ?? FEED_DEFAULTS.intervalMs,
        /** A feed without a .done marker is taken once none of its files changed for this long. */
        settleMs: e.FEEDS_SETTLE_MS ?? FEED_DEFAULTS.settleMs,
        /** Largest accepted upload or zip. */
        maxBytes: e.FEEDS_MAX_BYTES ?? FEED_DEFAULTS.maxBytes,
        /** Largest file of a zip once inflated (a photo, say), annonces.csv aside. */
        maxEntryBytes: e.FEEDS_MAX_ENTRY_BYTES ?? DEFAULT_ZIP_LIMITS.maxEntryBytes,
        /** Largest annonces.csv once inflated; it is read as a stream. */
        maxCsvBytes: e.FEEDS_MAX_CSV_BYTES ?? DEFAULT_ZIP_LIMITS.maxCsvBytes,
        /** Hosts photos may be fetched from (exact or *.example.com); empty: none. */
        photoHosts: e.FEEDS_PHOTO_HOSTS ?? [],
        photoTimeoutMs: e.FEEDS_PHOTO_TIMEOUT_MS ?? FEED_DEFAULTS.photoTimeoutMs,
        photoMaxBytes: e.FEEDS_PHOTO_MAX_BYTES ?? FEED_DEFAULTS.photoMaxBytes,
      },
      /** Hosts whose https video and 3D-tour addresses offer pages embed (exact or *.example.com). */
      mediaEmbedHosts: e.MEDIA_EMBED_HOSTS ?? DEFAULT_MEDIA_EMBED_HOSTS,
      /** How often the retention purge runs (ms; 0: never). */
      purgeIntervalMs: e.PRIVACY_PURGE_INTERVAL_MS ?? DEFAULT_PURGE_INTERVAL_MS,
    };
  }),
);

export type ListingsConfig = v.InferOutput<typeof ListingsConfigSchema>;

export class ListingsConfigError extends Error {
  override name = 'ListingsConfigError';
}

/**
 * Reads the listings API's environment (default: this process's); throws a ListingsConfigError
 * naming every bad variable and why, one per line.
 */
export function readListingsConfig(
  env: Record<string, string | undefined> = process.env,
): ListingsConfig {
  const present = Object.fromEntries(
    LISTINGS_ENV_VARIABLES.filter((key) => env[key] !== undefined && env[key] !== '').map((key) => [
      key,
      env[key],
    ]),
  );
  const parsed = v.safeParse(ListingsConfigSchema, present);
  if (!parsed.success) {
    // Values are left out: some are secrets (SMTP_URL, DATABASE_URL, tokens).
    // The variable, never the item of a list within it (FEEDS_PHOTO_HOSTS, not FEEDS_PHOTO_HOSTS.0).
    const lines = parsed.issues.map(
      (issue) => `${String(issue.path?.[0]?.key ?? '?')} ${issue.message}`,
    );
    throw new ListingsConfigError(
      `invalid environment of the listings API:\n  ${lines.join('\n  ')}`,
    );
  }
  return parsed.output;
}
