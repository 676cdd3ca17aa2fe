import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig, type Config } from './config';
import { startListingsProcess, type ListingsProcess } from './listings-process';
import { createLogger } from './logger';
import { startWebCluster, type WebCluster } from './web-cluster';

// Starts the portal. The main process parses the environment; with no LISTINGS_API_URL (embedded
// mode) it starts the listings API in a child process of its own (PGlite, seeded on first run,
// called over HTTP) and waits until it is ready. Then the web app: WEB_PROCESSES web processes
// (node:cluster, default one per core) sharing PORT, or with WEB_PROCESSES=1 (and in development)
// the main process itself. SIGTERM/SIGINT close the web app gracefully, then the listings API
// (its database closed cleanly). A listings API that dies stops the portal with exit code 1.

function parseConfig(): Config {
  try {
    return loadConfig(process.env, { dev: process.argv.includes('--dev') });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function startWebApp(config: AppConfig, logger: Logger): Promise<FastifyInstance> {
  const app = await buildApp(config, { logger, hmr: config.renderer === 'vite' });
  await app.listen({ port: config.port, host: config.host });
  return app;
}

/** A web process of the cluster: the main process gave it the listings API's URL and the secret. */
async function webProcess(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel).child({ web: process.env.WEB_PROCESS_SLOT });
  if (!config.listingsApiUrl) throw new Error('a web process needs LISTINGS_API_URL');
  const app = await startWebApp({ ...config, listingsApiUrl: config.listingsApiUrl }, logger);
  let closing = false;
  const close = () => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
}

async function mainProcess(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel);
  if (config.cookieSecretNotice) logger.warn(config.cookieSecretNotice);

  let listings: ListingsProcess | undefined;
  // The web app, in this process or in the cluster's, once started.
  const running: { app?: FastifyInstance; web?: WebCluster } = {};
  let closing = false;

  const shutdown = async (reason: string, code: number) => {
    if (closing) return;
    closing = true;
    logger.info({ reason }, 'shutting down');
    try {
      // Pages first (open requests finish), then the listings API they call.
      const force = setTimeout(() => {
        logger.error('the web app did not stop in time');
        process.exit(1);
      }, 20_000);
      force.unref();
      await running.app?.close();
      await running.web?.close();
      clearTimeout(force);
      await listings?.close();
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      code = 1;
    }
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
  process.on('SIGINT', () => void shutdown('SIGINT', 0));

  let listingsApiUrl = config.listingsApiUrl;
  if (!listingsApiUrl) {
    logger.info(
      { dataDir: config.databaseUrl ? undefined : config.pgliteDir },
      'embedded mode: starting the listings API',
    );
    listings = startListingsProcess(
      {
        port: config.embeddedApiPort,
        host: '127.0.0.1',
        databaseUrl: config.databaseUrl,
        poolSize: config.databasePoolSize,
        dataDir: config.pgliteDir,
        photosDir: config.photosDir,
        seedOffers: config.seedOffers,
        // Its own request lines would double ours: warnings and errors only, unless debugging.
        logger: {
          level: ['debug', 'trace'].includes(config.logLevel) ? config.logLevel : 'warn',
        },
      },
      logger,
      config.publicUrl,
    );
    listings.onUnexpectedExit(() => void shutdown('the listings API process ended', 1));
    try {
      listingsApiUrl = await listings.ready;
    } catch (error) {
      if (closing) return;
      logger.fatal({ err: error }, 'the listings API did not start');
      await shutdown('the listings API did not start', 1);
      return;
    }
    if (closing) return;
    logger.info({ url: listingsApiUrl, pid: listings.pid }, 'listings API ready');
  }

  const appConfig: AppConfig = { ...config, listingsApiUrl };
  if (config.webProcesses === 1) {
    try {
      running.app = await startWebApp(appConfig, logger);
    } catch (error) {
      logger.fatal({ err: error }, 'the web app did not start');
      await shutdown('the web app did not start', 1);
    }
    return;
  }
  const web = startWebCluster({
    processes: config.webProcesses,
    logger,
    env: {
      LISTINGS_API_URL: listingsApiUrl,
      // One secret for every web process: a cookie signed by one is read by the others.
      COOKIE_SECRET: config.cookieSecret,
      // The public address the main process settled on (in embedded mode, its default).
      PUBLIC_URL: config.publicUrl,
    },
    // Only one web process purges the edge cache: without Redis, the first; with it, whichever
    // holds the lease (every web process of every machine may take it).
    slotEnv: (slot): Record<string, string> =>
      slot === 0 || config.redisUrl ? {} : { EDGE_PURGER: '0' },
  });
  running.web = web;
  web.onFatal((reason) => void shutdown(reason, 1));
  await web.listening;
  if (closing) return;
  logger.info(
    { url: `http://${config.host}:${config.port}`, processes: config.webProcesses },
    'web app listening',
  );
}

const config = parseConfig();
(cluster.isWorker ? webProcess(config) : mainProcess(config)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
