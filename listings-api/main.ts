import * as v from 'valibot';
import { startListingsApi } from './embedded';

// `npm run start:listings`: the listings API alone. Environment, parsed once at boot:
const EnvSchema = v.object({
  LISTINGS_API_PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, 'must be a port number'),
      v.transform(Number),
      v.maxValue(65535),
    ),
    '4050',
  ),
  LISTINGS_API_HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '127.0.0.1'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.url('must be a postgres:// URL'))),
  DATABASE_POOL_SIZE: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, 'must be a whole number'),
      v.transform(Number),
      v.minValue(1, 'must be at least 1'),
    ),
  ),
  PGLITE_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), '.data/pglite'),
  PHOTOS_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), '.data/photos'),
  SEED_OFFERS: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number)),
  ),
  // 0 on every instance but one: that one runs the periodic jobs (alert mails, feed inbox, purge).
  LISTINGS_JOBS: v.optional(
    v.pipe(
      v.picklist(['0', '1', 'false', 'true'], 'must be 1 (run the periodic jobs) or 0'),
      v.transform((s) => s === '1' || s === 'true'),
    ),
    '1',
  ),
  LOG_LEVEL: v.optional(
    v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    'info',
  ),
});

function parseEnv(env: NodeJS.ProcessEnv) {
  const result = v.safeParse(EnvSchema, env);
  if (!result.success) {
    const issue = result.issues[0];
    console.error(`Invalid environment: ${v.getDotPath(issue) ?? ''} ${issue.message}`);
    process.exit(1);
  }
  return result.output;
}

const env = parseEnv(process.env);
const logger = { level: env.LOG_LEVEL };

const api = await startListingsApi({
  port: env.LISTINGS_API_PORT,
  host: env.LISTINGS_API_HOST,
  databaseUrl: env.DATABASE_URL,
  poolSize: env.DATABASE_POOL_SIZE,
  dataDir: env.PGLITE_DIR,
  photosDir: env.PHOTOS_DIR,
  seedOffers: env.SEED_OFFERS,
  jobs: env.LISTINGS_JOBS,
  logger,
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
