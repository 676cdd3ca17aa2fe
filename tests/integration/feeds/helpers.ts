import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import sharp from 'sharp';
import yazl from 'yazl';
import { buildListingsApp, type ListingsAppOptions } from '../../../listings-api/app';
import type { Db } from '../../../listings-api/db/connection';
import { readListingsConfig } from '../../../listings-api/config';
import type { FeedConfig } from '../../../listings-api/feeds/config';
import { formatPolirisLine, polirisRowFrom } from '../../../listings-api/feeds/generate';
import { type FeedRunSummary } from '../../../listings-api/feeds/report';
import { LYON_ROW } from '../../fixtures/feeds/rows';

// What the feed tests share: throw-away folders and feed settings, sample feeds with photos drawn
// by sharp, zips built with yazl, agencies of the test seed, and a snapshot of what an agency has.

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const FEED_FIXTURES = path.join(ROOT, 'tests/fixtures/feeds');

/** The sample feed of four offers (column 1 names an agency code; the agency is the caller's). */
export const VALID_CSV = readFileSync(path.join(FEED_FIXTURES, 'valid/annonces.csv'));
/** References of the sample feed. */
export const VALID_REFERENCES = [
  'VILLA-CANNES-01',
  'APPT-PARIS16-01',
  'CHALET-MEGEVE-01',
  'VILLA-GENEVE-01',
];
export const NOT_POLIRIS_CSV = readFileSync(path.join(FEED_FIXTURES, 'not-poliris/annonces.csv'));

/** The headers of a call with an agency's feed key. */
export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `${prefix}-`));
}

/** The feed settings of a test: every folder under `dir`, the inbox looked at only on demand. */
export function feedConfig(dir: string, env: Record<string, string> = {}): FeedConfig {
  return readListingsConfig({ FEEDS_DIR: dir, FEEDS_INTERVAL_MS: '0', ...env }).feeds;
}

/**
 * The listings API of a feed test on `db`: its photos and feed folders under `dir` (the feed
 * settings with `feedEnv`), counts and periodic jobs off.
 */
export function buildFeedsApi(
  db: Db,
  dir: string,
  { feedEnv, ...options }: Partial<ListingsAppOptions> & { feedEnv?: Record<string, string> } = {},
) {
  return buildListingsApp({
    db,
    photosDir: path.join(dir, 'photos'),
    feeds: feedConfig(path.join(dir, 'feeds'), feedEnv),
    countsRefreshMs: 0,
    jobs: false,
    ...options,
  });
}

/** A JPEG of one colour with a bar across it (each colour gives other bytes). */
export async function jpeg(colour: string, width = 800, height = 600): Promise<Buffer> {
  const bar = await sharp({
    create: { width, height: Math.ceil(height / 10), channels: 3, background: '#202020' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: bar, top: Math.floor(height / 2), left: 0 }])
    .jpeg()
    .toBuffer();
}

/** The files of the sample feed: annonces.csv and the two photos its first row names. */
export async function validFeedFiles(): Promise<
  Record<'annonces.csv' | 'villa-1.jpg' | 'villa-2.jpg', Buffer>
> {
  return {
    'annonces.csv': VALID_CSV,
    'villa-1.jpg': await jpeg('#b04030'),
    'villa-2.jpg': await jpeg('#3060a0'),
  };
}

export function buildZip(files: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) zip.addBuffer(data, name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** Replaces every occurrence of a name's bytes (local header and central directory alike). */
export function patchName(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('names of different lengths');
  const out = Buffer.from(zip);
  const needle = Buffer.from(from, 'latin1');
  let at = out.indexOf(needle);
  if (at === -1) throw new Error(`${from} is not in the archive`);
  while (at !== -1) {
    out.write(to, at, 'latin1');
    at = out.indexOf(needle, at + needle.length);
  }
  return out;
}

/** Every file under `dir`, relative to it, sorted ([] when it does not exist). */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full).map((f) => path.join(name, f)));
    else out.push(name);
  }
  return out.sort();
}

/** The run folders of an agency under done/ or failed/. */
export function runFolders(base: string, slug: string): string[] {
  const dir = path.join(base, slug);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

export function readReport(folder: string): FeedRunSummary {
  return JSON.parse(readFileSync(path.join(folder, 'report.json'), 'utf8')) as FeedRunSummary;
}

export interface SeedAgency {
  id: number;
  slug: string;
}

/** An active agency of the seed without any offer: a feed of the sample's four rows suits it. */
export async function agencyWithoutOffers(db: Db, skip: number = 0): Promise<SeedAgency> {
  const rows = await db.kysely
    .selectFrom('agencies as a')
    .select(['a.id', 'a.slug'])
    .where('a.active', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('offers as o').select('o.id').whereRef('o.agency_id', '=', 'a.id'))),
    )
    .orderBy('a.id')
    .offset(skip)
    .limit(1)
    .execute();
  if (!rows[0]) throw new Error('the test seed has no agency without offers');
  return rows[0];
}

/** The active agency of the seed with the most active offers, and how many. */
export async function agencyWithStock(db: Db): Promise<SeedAgency & { active: number }> {
  const row = await db.kysely
    .selectFrom('agencies as a')
    .innerJoin('offers as o', 'o.agency_id', 'a.id')
    .select(['a.id', 'a.slug', sql<number>`count(*)::int`.as('active')])
    .where('a.active', '=', true)
    .where('o.status', '=', 'active')
    .groupBy(['a.id', 'a.slug'])
    .orderBy('active', 'desc')
    .orderBy('a.id')
    .executeTakeFirstOrThrow();
  return { ...row, active: Number(row.active) };
}

/** What an import could change: the agency's offers by status, and the feed runs recorded. */
export async function agencySnapshot(db: Db, agencyId: number) {
  const offers = await db.kysely
    .selectFrom('offers')
    .select(['id', 'reference', 'status', 'feed_hash'])
    .where('agency_id', '=', agencyId)
    .orderBy('id')
    .execute();
  const runs = await db.kysely
    .selectFrom('feed_runs')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const changes = await db.kysely
    .selectFrom('cache_changes')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { offers, runs: Number(runs.n), changes: Number(changes.n) };
}

export { LYON_ROW };

/** The sample feed (its photos too) and one more row, BAD-PRICE-1, whose price is not a number. */
export async function feedWithBadPriceRow(): Promise<Buffer> {
  const bad = formatPolirisLine(
    polirisRowFrom({ ...LYON_ROW, agencePropertyRef: 'BAD-PRICE-1', prix: '12 5OO' }),
  );
  return buildZip({
    ...(await validFeedFiles()),
    'annonces.csv': Buffer.concat([VALID_CSV, Buffer.from(bad, 'latin1')]),
  });
}
