import type { ListingsConfig } from '../config';

// The feed import's settings: the `feeds` slice of the listings API's config (config.ts reads
// the environment: FEEDS_*), shared by the listings API and the feed commands.

export type FeedConfig = ListingsConfig['feeds'];

export const FEED_DEFAULTS = {
  dir: '.data/feeds',
  intervalMs: 60_000,
  settleMs: 30_000,
  maxBytes: 256 * 1024 * 1024,
  photoTimeoutMs: 10_000,
  photoMaxBytes: 15 * 1024 * 1024,
} as const;

/** The zip limits of a feed upload or dropped zip under these settings. */
export function feedZipLimits(config: FeedConfig) {
  return {
    maxTotalBytes: config.maxBytes * 100,
    maxEntryBytes: config.maxEntryBytes,
    maxCsvBytes: config.maxCsvBytes,
  };
}
