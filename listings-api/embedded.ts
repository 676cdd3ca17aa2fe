import { openDb } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from '../tools/seed/index';
import { writeSeedFeeds } from '../tools/seed/feeds';
import { buildListingsApp } from './app';
import { startPurgeScheduler } from './privacy/retention';
import { readListingsConfig, type ListingsConfig } from './config';

export interface EmbeddedListingsOptions {
  /** Default 4050; 0 picks a free port (the answer's url tells which). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** PostgreSQL connection string; without it, PGlite under dataDir. */
  databaseUrl?: string;
  /** PostgreSQL connections per pool (default: twice the cores). */
  poolSize?: number;
  /** PGlite data directory (default .data/pglite; 'memory://' for a throw-away database). */
  dataDir?: string;
  photosDir?: string;
  /** Offers to seed when the database is empty (default: the seed's own default). */
  seedOffers?: number;
  /** Size of the photo pool written when seeding (default: the seed's own default). */
  photoCount?: number;
  /** PGlite only: start from a dump made by `pglite.dumpDataDir()` instead of an empty database. */
  loadDataDir?: Blob;
  logger?: boolean | object;
  /**
   * The environment's settings of the mails, feeds, retention purge and metrics server
   * (readListingsConfig). Default: read from this process's environment. The options above are
   * the instance's own and are not taken from it (main.ts passes them from the same config).
   */
  config?: ListingsConfig;
  /** How often the retention purge runs (ms; 0: never). Default: the config's (one hour). */
  purgeIntervalMs?: number;
  /**
   * Run the periodic jobs (alert mails, feed inbox, retention purge) in this process (default
   * true). Of several instances on one database, exactly one should (LISTINGS_JOBS=0 elsewhere).
   */
  jobs?: boolean;
  /** After a first seed, write a few seeded agencies' feeds into the inbox (default true). */
  seedFeeds?: boolean;
}

export interface RunningListingsApi {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the listings API in this process: opens and migrates the database, seeds it on first
 * run, then listens. Used by the web app in embedded mode and by main.ts.
 */
export async function startListingsApi(
  options: EmbeddedListingsOptions = {},
): Promise<RunningListingsApi> {
  // Read first: a bad variable stops the start before the database is opened.
  const config = options.config ?? readListingsConfig();
  const db = await openDb({
    databaseUrl: options.databaseUrl,
    poolSize: options.poolSize,
    readUrls: config.readUrls,
    readMaxLagMs: config.readMaxLagMs,
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
  });
  try {
    await migrateToLatest(db);
    const photosDir = options.photosDir ?? '.data/photos';
    const seedOptions = { offers: options.seedOffers, photoCount: options.photoCount, photosDir };
    const seeded = await seedIfEmpty(db, seedOptions);
    const feeds = config.feeds;
    const jobs = options.jobs ?? true;
    const app = await buildListingsApp({
      db,
      photosDir,
      logger: options.logger ?? false,
      jobs,
      config,
    });
    // A first start shows the listings lifecycle: a few agencies' feeds wait in the inbox.
    if (seeded && (options.seedFeeds ?? true)) {
      const written = await writeSeedFeeds(db, {
        inboxDir: feeds.inboxDir,
        photosDir,
        seed: seedOptions,
      });
      app.log.info({ feeds: written }, 'feeds of seeded agencies written to the inbox');
      if (jobs)
        void app.feedRunner
          .scanInbox()
          .catch((err: unknown) => app.log.error({ err }, 'feed inbox scan failed'));
    }
    // The personal-data retention periods are enforced while the service runs.
    const purgeIntervalMs = options.purgeIntervalMs ?? config.purgeIntervalMs;
    const purge =
      jobs && purgeIntervalMs > 0
        ? startPurgeScheduler(db, {
            intervalMs: purgeIntervalMs,
            log: app.log,
            leader: app.jobsLeader ?? undefined,
          })
        : null;
    app.addHook('onClose', async () => {
      await purge?.stop();
    });
    const address = await app.listen({
      port: options.port ?? 4050,
      host: options.host ?? '127.0.0.1',
    });
    return {
      url: address.replace(/\/$/, ''),
      // The database closes once the app has: Fastify runs onClose hooks last registered first,
      // so a hook added here would run before those of the jobs (feeds, alerts, counts, mails).
      close: async () => {
        try {
          await app.close();
        } finally {
          await db.close();
        }
      },
    };
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
}
