import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { cliConfig } from '../../listings-api/lib/cli-env';
import { openDb } from '../../listings-api/db/connection';
import { migrateToLatest } from '../../listings-api/db/migrate';
import {
  clearSeedData,
  DEFAULT_OFFERS,
  DEFAULT_PHOTOS_DIR,
  DEFAULT_SEED,
  seedDatabase,
} from './index';
import { DEFAULT_PHOTO_COUNT } from './photos';

// npm run seed -- --offers N [--seed S] [--photos-dir DIR] [--photo-count N] [--no-photos]
// Uses PostgreSQL when DATABASE_URL is set, PGlite in PGLITE_DIR (default .data/pglite) otherwise.
// Migrates, empties the listings tables, seeds, and prints a summary with timings.

const USAGE =
  'usage: npm run seed -- [--offers N] [--seed S] [--photos-dir DIR] [--photo-count N] [--no-photos]';

const WholeNumber = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(`${name} must be a number`),
    v.regex(/^\d+$/, `${name} must be a whole number`),
    v.transform(Number),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max}`),
  );

const ArgsSchema = v.object({
  offers: v.optional(WholeNumber('--offers', 0, 5_000_000), String(DEFAULT_OFFERS)),
  seed: v.optional(WholeNumber('--seed', 0, 4_294_967_295), String(DEFAULT_SEED)),
  'photos-dir': v.optional(
    v.pipe(v.string(), v.minLength(1, '--photos-dir must not be empty')),
    DEFAULT_PHOTOS_DIR,
  ),
  'photo-count': v.optional(WholeNumber('--photo-count', 1, 10_000), String(DEFAULT_PHOTO_COUNT)),
  'no-photos': v.optional(v.boolean(), false),
});

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function ms(n: number): string {
  return n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${n} ms`;
}

async function main(): Promise<void> {
  let raw: ReturnType<typeof parseArgs>['values'];
  try {
    raw = parseArgs({
      options: {
        offers: { type: 'string' },
        seed: { type: 'string' },
        'photos-dir': { type: 'string' },
        'photo-count': { type: 'string' },
        'no-photos': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (raw.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const { help: _help, ...rest } = raw;
  const args = v.safeParse(ArgsSchema, rest);
  if (!args.success) fail(args.issues[0]?.message ?? 'invalid arguments');
  const config = cliConfig('seed') ?? process.exit(2);

  const { offers, seed } = args.output;
  const target = config.databaseUrl
    ? `PostgreSQL ${new URL(config.databaseUrl).pathname.slice(1)}`
    : `PGlite ${config.pgliteDir}`;
  process.stdout.write(`Seeding ${offers} offers (seed ${seed}) into ${target}\n`);

  const started = performance.now();
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDir });
  try {
    const t0 = performance.now();
    await migrateToLatest(db);
    const t1 = performance.now();
    await clearSeedData(db);
    const t2 = performance.now();
    let lastShown = 0;
    const summary = await seedDatabase(db, {
      offers,
      seed,
      photosDir: args.output['photos-dir'],
      photoCount: args.output['photo-count'],
      writePhotos: !args.output['no-photos'],
      onProgress: (done, total) => {
        if (process.stdout.isTTY && (done - lastShown >= 50_000 || done === total)) {
          lastShown = done;
          process.stdout.write(`  offers ${done}/${total}\r`);
        }
      },
    });
    const lines = [
      '',
      'Rows:',
      ...Object.entries(summary.counts).map(([table, n]) => `  ${table.padEnd(17)} ${n}`),
      'Timings:',
      `  open database     ${ms(Math.round(t0 - started))}`,
      `  migrate           ${ms(Math.round(t1 - t0))}`,
      `  truncate          ${ms(Math.round(t2 - t1))}`,
      `  reference data    ${ms(summary.timings.referenceMs)}`,
      `  offers            ${ms(summary.timings.offersMs)}`,
      `  analyze           ${ms(summary.timings.analyzeMs)}`,
      `  photos            ${ms(summary.timings.photosMs)} (in parallel)`,
      `  seed total        ${ms(summary.timings.totalMs)}`,
      summary.photos
        ? `Photos: ${summary.photos.written} written, ${summary.photos.skipped} kept, in ${summary.photos.dir}`
        : 'Photos: not written (--no-photos)',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`seed failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
