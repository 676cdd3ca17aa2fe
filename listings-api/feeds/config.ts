import path from 'node:path';
import * as v from 'valibot';

// Environment of the feed import, parsed once at boot (the listings API and the feed commands
// share it). Every variable is optional; an empty one counts as unset.

const WholeNumber = (what: string, min: number) =>
  v.pipe(
    v.string(),
    v.regex(/^[0-9]+$/, `must be a whole number of ${what}`),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
  );

const HostList = v.pipe(
  v.string(),
  v.transform((s) =>
    s
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter((h) => h !== ''),
  ),
  v.array(
    v.pipe(
      v.string(),
      v.regex(
        /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/,
        'must list host names (example.com, *.example.com)',
      ),
    ),
  ),
);

export const FeedEnvSchema = v.object({
  FEEDS_DIR: v.optional(v.pipe(v.string(), v.nonEmpty())),
  FEEDS_INBOX_DIR: v.optional(v.pipe(v.string(), v.nonEmpty())),
  FEEDS_INTERVAL_MS: v.optional(
    v.pipe(
      WholeNumber('milliseconds', 0),
      v.check((n) => n === 0 || n >= 1000, 'must be 0 (off) or at least 1000'),
    ),
  ),
  FEEDS_SETTLE_MS: v.optional(WholeNumber('milliseconds', 0)),
  FEEDS_MAX_BYTES: v.optional(WholeNumber('bytes', 1024)),
  FEEDS_PHOTO_HOSTS: v.optional(HostList),
  FEEDS_PHOTO_TIMEOUT_MS: v.optional(WholeNumber('milliseconds', 100)),
  FEEDS_PHOTO_MAX_BYTES: v.optional(WholeNumber('bytes', 1024)),
});

export interface FeedConfig {
  /** Where feeds arrive: one sub-folder per agency slug. */
  inboxDir: string;
  /** Processed feeds: done/<agency>/<timestamp>/ with report.json. */
  doneDir: string;
  /** Rejected feeds: failed/<agency>/<timestamp>/ with report.json. */
  failedDir: string;
  /** Feeds being imported (moved out of the inbox first). */
  workDir: string;
  /** How often the inbox is looked at (0: never). */
  intervalMs: number;
  /** A feed without a .done marker is taken once none of its files changed for this long. */
  settleMs: number;
  /** Largest accepted upload or zip. */
  maxBytes: number;
  /** Hosts photos may be fetched from (exact or *.example.com); empty: none. */
  photoHosts: string[];
  photoTimeoutMs: number;
  photoMaxBytes: number;
}

export const FEED_DEFAULTS = {
  dir: '.data/feeds',
  intervalMs: 60_000,
  settleMs: 30_000,
  maxBytes: 256 * 1024 * 1024,
  photoTimeoutMs: 10_000,
  photoMaxBytes: 15 * 1024 * 1024,
} as const;

/** Parses the feed variables of `env`; throws one message naming every bad variable. */
export function parseFeedEnv(env: Record<string, string | undefined>): FeedConfig {
  const present = Object.fromEntries(
    Object.keys(FeedEnvSchema.entries)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const parsed = v.safeParse(FeedEnvSchema, present);
  if (!parsed.success) {
    const problems = parsed.issues.map((issue) => `${v.getDotPath(issue) ?? '?'} ${issue.message}`);
    throw new Error(`invalid feed configuration: ${problems.join('; ')}`);
  }
  const e = parsed.output;
  const dir = e.FEEDS_DIR ?? FEED_DEFAULTS.dir;
  return {
    inboxDir: e.FEEDS_INBOX_DIR ?? path.join(dir, 'inbox'),
    doneDir: path.join(dir, 'done'),
    failedDir: path.join(dir, 'failed'),
    workDir: path.join(dir, 'work'),
    intervalMs: e.FEEDS_INTERVAL_MS ?? FEED_DEFAULTS.intervalMs,
    settleMs: e.FEEDS_SETTLE_MS ?? FEED_DEFAULTS.settleMs,
    maxBytes: e.FEEDS_MAX_BYTES ?? FEED_DEFAULTS.maxBytes,
    photoHosts: e.FEEDS_PHOTO_HOSTS ?? [],
    photoTimeoutMs: e.FEEDS_PHOTO_TIMEOUT_MS ?? FEED_DEFAULTS.photoTimeoutMs,
    photoMaxBytes: e.FEEDS_PHOTO_MAX_BYTES ?? FEED_DEFAULTS.photoMaxBytes,
  };
}
