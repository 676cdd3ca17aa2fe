import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import * as v from 'valibot';
import type { Db } from './db/connection';
import { handleError, errorBody } from './lib/errors';
import { openApiTransform, valibotValidatorCompiler } from './lib/validation';
import { createReferenceCache, type ReferenceCache } from './lib/reference';
import { createOfferCounts, type OfferCounts } from './lib/offer-counts';
import { registerResponseCache, type ResponseCache } from './lib/response-cache';
import { createStatCounter, type StatCounter } from './stats/counter';
import { memorySeenStore, redisSeenStore, type SeenStore } from './stats/visitors';
import { configRoutes } from './routes/config';
import { offerRoutes } from './routes/offres';
import { lieuRoutes } from './routes/lieux';
import { compteurRoutes } from './routes/compteur';
import { formRoutes } from './routes/forms';
import { alertRoutes } from './routes/alertes';
import { alertMailRoutes } from './alerts/routes';
import { portalMailHooks } from './mail/hooks';
import { createMailOutbox, type MailOutbox } from './mail/outbox';
import { agencyRoutes } from './routes/agences';
import { staticRoutes } from './routes/static';
import { sitemapRoutes } from './routes/sitemap';
import type { FeedConfig } from './feeds/config';
import { readListingsConfig, type ListingsConfig } from './config';
import { feedRoutes } from './feeds/routes';
import { proFeedRoutes } from './feeds/pro-routes';
import { proScope } from './pro/session';
import { proRoutes } from './pro/routes';
import { createFeedRunner, type FeedRunner } from './feeds/runner';
import {
  attachMetricsServer,
  observeRequests,
  type MetricsServerConfig,
} from '../shared/metrics-server';
import { apiRequestDuration, listingsRegistry, trackDatabase } from './metrics';
import { startJobsLeader, type JobsLeader } from './lib/jobs-leader';

export interface ListingsAppOptions {
  db: Db;
  /** Where the photo files are (default .data/photos). */
  photosDir?: string;
  logger?: boolean | object;
  /** How often to look for offer changes and rebuild the hub counts (ms, 0: only at start). */
  countsRefreshMs?: number;
  /** Check every answer against its contract schema (a mismatch answers 500); for tests. */
  validateResponses?: boolean;
  /** Largest accepted request body in bytes (default 64 KiB). */
  bodyLimit?: number;
  /** How long read answers are reused from memory (ms, default 30 s; 0 turns it off). */
  cacheTtlMs?: number;
  /**
   * The listings API's config (readListingsConfig): the mails' (SMTP_URL, ALERTS_*…), the feeds'
   * (FEEDS_*) and the metrics server's settings. Default: read from `env`.
   */
  config?: ListingsConfig;
  /** The environment the config is read from when none is given; default: this process's. */
  env?: Record<string, string | undefined>;
  /**
   * Stand for the periodic jobs: alert mails, the feed inbox, the retention purge (default true).
   * Of the instances on one PostgreSQL database that stand, the one elected runs them
   * (lib/jobs-leader.ts); on PGlite the process runs them. False (LISTINGS_JOBS=0): never.
   */
  jobs?: boolean;
  /** Where the day's visitor salt and seen page views are kept; default: Redis or memory. */
  seenStore?: SeenStore;
  /** The feed import's settings; default: the config's. */
  feeds?: FeedConfig;
  /**
   * The Prometheus metrics server (GET /metrics on a port of its own, started when the app
   * listens); default: the config's (LISTINGS_METRICS_PORT, METRICS_HOST, METRICS_TOKEN); null: none.
   */
  metrics?: MetricsServerConfig | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    reference: ReferenceCache;
    offerCounts: OfferCounts;
    responseCache: ResponseCache;
    /** The mail sender (alert mails, confirmations of professional requests). */
    mailOutbox: MailOutbox;
    /** Imports of agencies' Poliris feeds (inbox, HTTP uploads). */
    feedRunner: FeedRunner;
    /** The election of the instance that runs the periodic jobs; null: this one never does. */
    jobsLeader: JobsLeader | null;
    /** The daily counters of offers' audience, written in groups. */
    statCounter: StatCounter;
    /** The day's visitor salt and the page views seen today. */
    seenStore: SeenStore;
  }
}

/** Builds the listings API (spec section 7) over an open, migrated database; never listens. */
export async function buildListingsApp(options: ListingsAppOptions): Promise<FastifyInstance> {
  const serverOptions: FastifyServerOptions = {
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 64 * 1024,
    // Query strings: keys repeated become arrays, which the schemas accept or refuse by field.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    requestIdHeader: 'x-request-id',
  };
  const app = Fastify(serverOptions);
  const config = options.config ?? readListingsConfig(options.env);

  app.setValidatorCompiler(valibotValidatorCompiler);
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    if (!options.validateResponses) return (data) => JSON.stringify(data);
    return (data) => {
      const result = v.safeParse(schema as v.GenericSchema, data);
      if (!result.success) {
        const issue = result.issues[0];
        const path = v.getDotPath(issue) ?? '(root)';
        throw new Error(
          `${method} ${url} ${httpStatus}: answer breaks its schema at ${path}: ${issue.message}`,
        );
      }
      return JSON.stringify(data);
    };
  });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`)),
  );

  // Prometheus metrics: answers timed by route and status, the database's outbox and pools read
  // at each scrape; served on the metrics port only.
  observeRequests(app, apiRequestDuration);
  const untrack = trackDatabase(options.db);
  app.addHook('onClose', async () => {
    untrack();
  });
  attachMetricsServer(
    app,
    listingsRegistry,
    options.metrics === undefined ? config.metrics : (options.metrics ?? undefined),
  );

  app.decorate('db', options.db);
  // Stands for the periodic jobs. Its hook, added before the jobs', runs after they stopped.
  const jobs = options.jobs ?? true;
  const leader = jobs
    ? startJobsLeader(options.db, { retryMs: config.jobsRetryMs, log: app.log })
    : null;
  app.decorate('jobsLeader', leader);
  app.addHook('onClose', async () => {
    await leader?.close();
  });
  const statCounter = createStatCounter(options.db.kysely, {
    flushMs: config.statsFlushMs,
    onError: (err) => app.log.error({ err }, 'audience counters not written'),
  });
  app.decorate('statCounter', statCounter);
  let seenStore = options.seenStore;
  if (!seenStore && config.redisUrl) {
    const { Redis } = await import('ioredis');
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
    redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
    seenStore = redisSeenStore(redis);
  }
  const seen = seenStore ?? memorySeenStore();
  app.decorate('seenStore', seen);
  app.addHook('onClose', async () => {
    await statCounter.close();
    if (!options.seenStore) await seen.close();
  });
  const reference = createReferenceCache(options.db);
  app.decorate('reference', reference);
  const responseCache = registerResponseCache(app, { ttlMs: options.cacheTtlMs ?? 30_000 });
  app.decorate('responseCache', responseCache);
  // When offers change, what was read from them is out of date; answers are kept again once the
  // replicas the reads go to have replayed the change.
  const counts = createOfferCounts(options.db, app.log, () => {
    responseCache.clear(options.db.readsCaughtUp());
    reference.clear();
  });
  app.decorate('offerCounts', counts);
  await counts.refreshIfStale();
  counts.start(options.countsRefreshMs ?? 30_000);
  app.addHook('onClose', async () => {
    await counts.stop();
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Listings API',
        description:
          'Offers, places, counts, contact requests, alerts, agencies and reviews of the prestige portal (spec section 7).',
        version: '1.0.0',
      },
    },
    transform: openApiTransform as never,
  });

  // One mail sender for the app: requests queue mails and kick it, the alert job shares it.
  const mailOutbox = createMailOutbox(options.db, {
    config: config.alerts,
    log: app.log,
    hooks: portalMailHooks,
  });
  app.decorate('mailOutbox', mailOutbox);
  app.addHook('onClose', async () => {
    await mailOutbox.close();
  });

  await app.register(configRoutes, { publisher: config.publisher });
  await app.register(offerRoutes, { embedHosts: config.mediaEmbedHosts });
  await app.register(lieuRoutes);
  await app.register(compteurRoutes);
  await app.register(formRoutes);
  await app.register(alertRoutes);
  // The links of alert mails (confirm, unsubscribe) and the mail job when ALERTS_INTERVAL_MS is set.
  await app.register(alertMailRoutes, {
    outbox: mailOutbox,
    scheduler: jobs,
    leader: leader ?? undefined,
  });
  await app.register(agencyRoutes);
  await app.register(staticRoutes, { photosDir: options.photosDir ?? '.data/photos' });
  await app.register(sitemapRoutes);
  // The professional space (sign-in, sessions, and the sections behind them).
  await app.register(proRoutes);

  // Agencies' feeds: the inbox is looked at by the process that runs the jobs; uploads are
  // imported by the instance that received them.
  const feedRunner = createFeedRunner(options.db, {
    config: options.feeds ?? config.feeds,
    reference,
    photosDir: options.photosDir ?? '.data/photos',
    log: app.log,
    scheduler: jobs,
    leader: leader ?? undefined,
    // New counts and fresh answers at once rather than at the next look for changes.
    onChange: () => void counts.refreshIfStale().catch(() => undefined),
  });
  app.decorate('feedRunner', feedRunner);
  app.addHook('onClose', async () => {
    await feedRunner.close();
  });
  await app.register(feedRoutes, { runner: feedRunner });
  // The agency's feeds in the professional space (behind its session).
  await app.register(proScope((scope) => proFeedRoutes(scope, { runner: feedRunner })));

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  return app;
}
