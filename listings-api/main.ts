import { startListingsApi } from './embedded';
import { cliConfig } from './lib/cli-env';

// `npm run start:listings`: the listings API alone. Environment, read once at boot (config.ts).
const config = cliConfig('listings API') ?? process.exit(1);

const api = await startListingsApi({
  port: config.port,
  host: config.host,
  databaseUrl: config.databaseUrl,
  poolSize: config.poolSize,
  dataDir: config.pgliteDir,
  photosDir: config.photosDir,
  seedOffers: config.seedOffers,
  jobs: config.jobs,
  logger: { level: config.logLevel },
  config,
});
console.log(`Listings API on ${api.url} (OpenAPI: ${api.url}/openapi.json)`);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    api.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
