import { execFileSync } from 'node:child_process';
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { loadPortalConfig } from '../../listings-api/alerts/portal-config';
import { openDb } from '../../listings-api/db/connection';
import { migrateToLatest } from '../../listings-api/db/migrate';
import { offerToPolirisRow, writePolirisFeed } from '../../listings-api/feeds/generate';
import { importFeed, type FeedImportContext } from '../../listings-api/feeds/import';
import { loadMappingReference } from '../../listings-api/feeds/mapping';
import { createPhotoStore } from '../../listings-api/feeds/photos';
import type { FeedReport } from '../../listings-api/feeds/report';
import { createReferenceCache } from '../../listings-api/lib/reference';
import { generateUnseededOffers, seedDatabase } from '../../tools/seed/index';

// `npm run bench -- --only import`: the import of a generated Poliris feed of 10,000 rows with 5
// photos each, on a throw-away database (PostgreSQL when DATABASE_URL is set, PGlite otherwise).
// Prints rows/s without photo work (a feed without photos), photos/s (distinct photos drawn in
// the three widths), the first import with photos, the unchanged re-import, and the peak RSS.
// The photos of the feed are drawn from 250 distinct images: each is stored once and named by 200
// rows, as agencies' feeds repeat the same photos day after day. The database is seeded and the
// feeds written first; the imports then run in a process of their own, whose peak RSS is the
// import's (with PGlite in it, as in embedded mode).
//
//   npx tsx tests/bench/import.ts [--rows 10000] [--photos-per-row 5] [--distinct-photos 250]

const SEED_OFFERS = 2000;

export interface BenchImportOptions {
  rows?: number;
  photosPerRow?: number;
  distinctPhotos?: number;
  databaseUrl?: string;
}

export async function throwawayDb(databaseUrl: string | undefined, tmp: string) {
  if (!databaseUrl) {
    const db = await openDb({ dataDir: path.join(tmp, 'pglite') });
    return { db, url: null, drop: async () => undefined };
  }
  const name = `portal_bench_import_${process.pid}`;
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString() });
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

async function drawPhotos(dir: string, count: number): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `photo-${i}.jpg`;
    const hue = (i * 47) % 360;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 90) % 360},50%,30%)"/></linearGradient></defs><rect width="1600" height="1200" fill="url(#g)"/><circle cx="${200 + ((i * 97) % 1200)}" cy="${300 + ((i * 53) % 600)}" r="${80 + (i % 120)}" fill="hsl(${(hue + 180) % 360},70%,70%)"/></svg>`;
    await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(path.join(dir, name));
    names.push(name);
  }
  return names;
}

function rss(): number {
  return process.resourceUsage().maxRSS / 1024;
}

function line(label: string, value: string, target = ''): string {
  return `  ${label.padEnd(44)} ${value.padStart(14)}${target ? `   ${target}` : ''}`;
}

interface Prepared {
  tmp: string;
  databaseUrl: string | null;
  dataDir: string | null;
  rows: number;
  distinct: number;
  plain: { id: number; slug: string };
  withPhotos: { id: number; slug: string };
}

export async function benchImport(options: BenchImportOptions = {}): Promise<void> {
  const rows = options.rows ?? 10_000;
  const perRow = options.photosPerRow ?? 5;
  const distinct = options.distinctPhotos ?? 250;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  const { db, drop, url } = await throwawayDb(options.databaseUrl, tmp);
  try {
    process.stdout.write(
      `\nFeed import (${db.kind}): ${rows} rows, ${perRow} photos per row from ${distinct} distinct images\n`,
    );
    await migrateToLatest(db);
    await seedDatabase(db, { offers: SEED_OFFERS, writePhotos: false });
    const agencies = await db.kysely
      .selectFrom('agencies')
      .select(['id', 'slug'])
      .orderBy('id')
      .limit(2)
      .execute();
    const [plain, withPhotos] = agencies;
    if (!plain || !withPhotos) throw new Error('the seed has fewer than two agencies');
    const mapping = await loadMappingReference(db);
    const offers = generateUnseededOffers({ offers: SEED_OFFERS }, rows);
    const photoNames = await drawPhotos(path.join(tmp, 'with-photos'), distinct);

    async function writeFeed(dir: string, agencyCode: string, photos: boolean): Promise<void> {
      mkdirSync(dir, { recursive: true });
      const file = createWriteStream(path.join(dir, 'annonces.csv'));
      await writePolirisFeed(
        (function* () {
          for (const [i, offer] of offers.entries()) {
            yield offerToPolirisRow(
              { ...offer, reference: `${agencyCode}-${i + 1}` },
              {
                reference: mapping,
                agencyCode,
                photos: photos
                  ? Array.from(
                      { length: perRow },
                      (_, k) => photoNames[(i * perRow + k) % distinct] ?? '',
                    )
                  : [],
              },
            );
          }
        })(),
        file,
      );
      file.end();
      await finished(file);
    }
    await writeFeed(path.join(tmp, 'plain'), 'PLAIN', false);
    await writeFeed(path.join(tmp, 'with-photos'), 'PHOTO', true);
    await db.close();

    const prepared: Prepared = {
      tmp,
      databaseUrl: url,
      dataDir: url ? null : path.join(tmp, 'pglite'),
      rows,
      distinct,
      plain,
      withPhotos,
    };
    writeFileSync(path.join(tmp, 'prepared.json'), JSON.stringify(prepared));
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        '--measure',
        path.join(tmp, 'prepared.json'),
      ],
      { stdio: 'inherit' },
    );
  } finally {
    await db.close().catch(() => undefined);
    await drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The imports, in a process of their own. */
async function measureImports(preparedFile: string): Promise<void> {
  const prepared = JSON.parse(readFileSync(preparedFile, 'utf8')) as Prepared;
  const { tmp, rows, distinct } = prepared;
  const db = await openDb(
    prepared.databaseUrl
      ? { databaseUrl: prepared.databaseUrl }
      : { dataDir: prepared.dataDir ?? '' },
  );
  try {
    const baseline = rss();
    const reference = await createReferenceCache(db).get();
    const ctx: FeedImportContext = {
      db,
      reference,
      mapping: await loadMappingReference(db),
      config: await loadPortalConfig(db, reference),
      photos: createPhotoStore(db, {
        photosDir: path.join(tmp, 'photos'),
        allowedHosts: [],
        concurrency: os.availableParallelism(),
      }),
    };

    async function timed(
      label: string,
      agency: { id: number; slug: string },
      dir: string,
    ): Promise<{ report: FeedReport; ms: number }> {
      const started = performance.now();
      // Forced: the feed replaces the agency's seeded stock.
      const report = await importFeed(ctx, {
        runId: `bench-${label}-${Date.now()}`,
        agency,
        dir,
        source: 'cli',
        force: true,
      });
      const ms = performance.now() - started;
      if (report.status !== 'done') throw new Error(`${label}: ${report.status} ${report.reason}`);
      return { report, ms };
    }

    const first = await timed('rows', prepared.plain, path.join(tmp, 'plain'));

    // Photos alone: the distinct images drawn in the three widths.
    const photoDir = path.join(tmp, 'with-photos');
    const names = Array.from({ length: distinct }, (_, i) => `photo-${i}.jpg`);
    const photoStarted = performance.now();
    const stored = await Promise.all(
      names.map((name) => ctx.photos.fromFile(path.join(photoDir, name))),
    );
    const photoMs = performance.now() - photoStarted;
    if (stored.some((r) => !r.ok)) throw new Error('a bench photo was refused');

    const withPhotosRun = await timed('photos', prepared.withPhotos, photoDir);
    const again = await timed('unchanged', prepared.withPhotos, photoDir);

    const c = withPhotosRun.report.counts;
    const lines = [
      line(
        'first import, no photos',
        `${Math.round(rows / (first.ms / 1000))} rows/s`,
        `(${(first.ms / 1000).toFixed(1)} s; target ≥ 500 rows/s)`,
      ),
      line(
        'photos (decode, check, 3 widths)',
        `${(distinct / (photoMs / 1000)).toFixed(1)} photos/s`,
        `(${distinct} in ${(photoMs / 1000).toFixed(1)} s)`,
      ),
      line(
        'first import, photos already stored',
        `${Math.round(rows / (withPhotosRun.ms / 1000))} rows/s`,
        `(${(withPhotosRun.ms / 1000).toFixed(1)} s; ${c.photosReused + c.photosProcessed} photo references)`,
      ),
      line(
        'unchanged re-import',
        `${(again.ms / 1000).toFixed(2)} s`,
        `(${again.report.counts.unchanged} unchanged; target ≤ 10 s)`,
      ),
      line(
        'peak RSS of the importing process',
        `${Math.round(rss())} MB`,
        `(${Math.round(baseline)} MB with the database open; target ≤ 400 MB)`,
      ),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      measure: { type: 'string' },
      rows: { type: 'string', default: '10000' },
      'photos-per-row': { type: 'string', default: '5' },
      'distinct-photos': { type: 'string', default: '250' },
    },
  });
  if (values.measure) await measureImports(values.measure);
  else
    await benchImport({
      rows: Number(values.rows),
      photosPerRow: Number(values['photos-per-row']),
      distinctPhotos: Number(values['distinct-photos']),
      databaseUrl: process.env.DATABASE_URL || undefined,
    });
}
