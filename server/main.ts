import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { createLogger } from './logger';

// Starts the web process: parses the environment, starts the listings API in-process when no
// LISTINGS_API_URL is given (embedded mode: PGlite, seeded on first run, still called over HTTP),
// listens, and closes gracefully on SIGTERM/SIGINT.

async function main() {
  let config;
  try {
    config = loadConfig(process.env, { dev: process.argv.includes('--dev') });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  if (config.cookieSecretNotice) logger.warn(config.cookieSecretNotice);

  let embedded: { url: string; close(): Promise<void> } | undefined;
  let listingsApiUrl = config.listingsApiUrl;
  if (!listingsApiUrl) {
    logger.info(
      { dataDir: config.databaseUrl ? undefined : config.pgliteDir },
      'embedded mode: starting the listings API',
    );
    const { startListingsApi } = await import('../listings-api/embedded');
    embedded = await startListingsApi({
      port: config.embeddedApiPort,
      host: '127.0.0.1',
      databaseUrl: config.databaseUrl,
      poolSize: config.databasePoolSize,
      dataDir: config.pgliteDir,
      photosDir: config.photosDir,
      seedOffers: config.seedOffers,
      // Its own request lines would double ours: warnings and errors only, unless debugging.
      logger: { level: ['debug', 'trace'].includes(config.logLevel) ? config.logLevel : 'warn' },
    });
    listingsApiUrl = embedded.url;
    logger.info({ url: listingsApiUrl }, 'listings API ready');
  }

  const appConfig: AppConfig = { ...config, listingsApiUrl };
  const app = await buildApp(appConfig, { logger, hmr: config.renderer === 'vite' });

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await embedded?.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
