import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../listings-api/db/connection';
import { migrateToLatest } from '../../listings-api/db/migrate';
import type { Database } from '../../listings-api/db/types';
import { buildAgencies } from './agencies';
import { NATURES, RUBRIQUES } from './catalog';
import { buildExternalLinks, buildOmrConfig, buildSettings } from './content';
import { buildGeography } from './geography';
import { createOfferContext, generateOffer, type OfferRow } from './offers';
import { DEFAULT_PHOTO_COUNT, generatePhotos, type PhotoSummary } from './photos';

// The deterministic seed of the listings database: the same options give the same rows.

export const DEFAULT_SEED = 20_031_107;
export const DEFAULT_OFFERS = 20_000;
/** Fixed reference date, so publication dates do not depend on the day the seed runs. */
export const DEFAULT_NOW = new Date('2026-11-01T00:00:00Z');
export const DEFAULT_PHOTOS_DIR = '.data/photos';

export interface SeedOptions {
  offers?: number;
  seed?: number;
  /** Where the photo pool and mosaic images are written (existing files are kept). */
  photosDir?: string;
  /** Size of the photo pool that offers draw from. */
  photoCount?: number;
  now?: Date;
  /** false: reference the pool without writing image files (they exist elsewhere). */
  writePhotos?: boolean;
  /** Called after each batch of offers. */
  onProgress?: (offersInserted: number, offersTotal: number) => void;
}

export interface SeedSummary {
  seed: number;
  now: string;
  counts: Record<SeedTable, number>;
  photos: (PhotoSummary & { dir: string; poolSize: number }) | null;
  timings: {
    referenceMs: number;
    offersMs: number;
    analyzeMs: number;
    photosMs: number;
    totalMs: number;
  };
}

/** Tables the seed fills, in insertion order. */
export const SEED_TABLES = [
  'natures',
  'rubriques',
  'omr_lists',
  'lieux',
  'networks',
  'agencies',
  'omr_agency_lists',
  'reviews',
  'offers',
  'external_links',
  'settings',
  'omr_config',
] as const;
export type SeedTable = (typeof SEED_TABLES)[number];

// Every transaction that seeds takes this lock, so two processes never seed at once.
const SEED_LOCK = 7_310_431;
const OFFER_BATCH = 2_000;
const ROW_BATCH = 2_000;

/**
 * Inserts rows in batches, each batch one statement with a single JSON parameter expanded by
 * jsonb_populate_recordset: no bind-parameter limit, and markedly faster than a multi-row VALUES
 * list on PGlite. Columns are named from the rows, so defaults of other columns still apply.
 */
async function insertRows<T extends SeedTable>(
  trx: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = sql.join(Object.keys(rows[0] as object).map((c) => sql.ref(c)));
  for (let i = 0; i < rows.length; i += ROW_BATCH) {
    const json = JSON.stringify(rows.slice(i, i + ROW_BATCH));
    await sql`
      INSERT INTO ${sql.table(table)} (${columns})
      SELECT ${columns} FROM jsonb_populate_recordset(NULL::${sql.table(table)}, ${json}::jsonb)
    `.execute(trx);
  }
}

async function hasSeedData(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`
    SELECT to_regclass('public.natures') IS NOT NULL AS present`.execute(db);
  if (!rows[0]?.present) return false;
  const row = await db.selectFrom('natures').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** True when the seed tables hold data (false too when the schema does not exist yet). */
export async function isSeeded(db: Db): Promise<boolean> {
  return hasSeedData(db.kysely);
}

async function fill(
  trx: Transaction<Database>,
  options: SeedOptions,
  timings: SeedSummary['timings'],
): Promise<Record<SeedTable, number>> {
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? DEFAULT_NOW;
  const offerCount = options.offers ?? DEFAULT_OFFERS;
  const photoCount = options.photoCount ?? DEFAULT_PHOTO_COUNT;
  const started = performance.now();

  const geo = buildGeography();
  const agencyData = buildAgencies(seed, geo, now);
  const settings = buildSettings();
  const omr = buildOmrConfig(geo);
  const externalLinks = buildExternalLinks(geo);

  await insertRows(trx, 'natures', NATURES);
  await insertRows(
    trx,
    'rubriques',
    RUBRIQUES.map((r) => ({
      id: r.id,
      parent_id: r.parent_id,
      is_generic: r.is_generic,
      position: r.position,
      slug_fr: r.slug_fr,
      slug_en: r.slug_en,
      libelle_fr: r.libelle_fr,
      libelle_en: r.libelle_en,
      plural_fr: r.plural_fr,
      plural_en: r.plural_en,
      natures: r.natures,
      gender_fr: r.gender_fr,
    })),
  );
  await insertRows(trx, 'omr_lists', geo.omrLists);
  await insertRows(trx, 'lieux', geo.lieux);
  await insertRows(trx, 'networks', agencyData.networks);
  await insertRows(trx, 'agencies', agencyData.agencies);
  // Each agency's owner in the professional space: its public address (README, "Professional space").
  await sql`
    INSERT INTO pro_users (agency_id, email, role)
    SELECT id, lower(email), 'owner' FROM agencies
    ON CONFLICT DO NOTHING`.execute(trx);
  await insertRows(trx, 'omr_agency_lists', agencyData.omrAgencyLists);
  await insertRows(trx, 'reviews', agencyData.reviews);
  timings.referenceMs = Math.round(performance.now() - started);

  // Offers: generated batch by batch; the next batch is built while the previous one is written.
  const offersStarted = performance.now();
  const ctx = createOfferContext(seed, now, photoCount, geo, agencyData.refs);
  const makeBatch = (from: number) => {
    const rows: OfferRow[] = [];
    for (let id = from; id < Math.min(from + OFFER_BATCH, offerCount + 1); id++)
      rows.push(generateOffer(id, ctx));
    return rows;
  };
  let pending: Promise<void> | null = null;
  for (let from = 1; from <= offerCount; from += OFFER_BATCH) {
    const rows = makeBatch(from);
    if (pending) await pending;
    options.onProgress?.(from - 1, offerCount);
    pending = insertRows(trx, 'offers', rows);
  }
  if (pending) await pending;
  // Offers imported from feeds take the ids after the seeded ones.
  await sql`SELECT setval('offers_id_seq', GREATEST(${offerCount}::int, 1))`.execute(trx);
  options.onProgress?.(offerCount, offerCount);
  timings.offersMs = Math.round(performance.now() - offersStarted);

  await insertRows(trx, 'external_links', externalLinks);
  await insertRows(
    trx,
    'settings',
    Object.entries(settings).map(([key, value]) => ({ key, value })),
  );
  await insertRows(
    trx,
    'omr_config',
    Object.entries(omr).map(([key, value]) => ({ key, value })),
  );

  return {
    natures: NATURES.length,
    rubriques: RUBRIQUES.length,
    omr_lists: geo.omrLists.length,
    lieux: geo.lieux.length,
    networks: agencyData.networks.length,
    agencies: agencyData.agencies.length,
    omr_agency_lists: agencyData.omrAgencyLists.length,
    reviews: agencyData.reviews.length,
    offers: offerCount,
    external_links: externalLinks.length,
    settings: Object.keys(settings).length,
    omr_config: Object.keys(omr).length,
  };
}

async function run(
  db: Db,
  options: SeedOptions,
  onlyIfEmpty: boolean,
): Promise<SeedSummary | null> {
  const started = performance.now();
  const timings = { referenceMs: 0, offersMs: 0, analyzeMs: 0, photosMs: 0, totalMs: 0 };
  const offers = options.offers ?? DEFAULT_OFFERS;
  if (!Number.isInteger(offers) || offers < 0)
    throw new RangeError(`offers must be a whole number ≥ 0, got ${offers}`);

  const photoCount = options.photoCount ?? DEFAULT_PHOTO_COUNT;
  const photosDir = options.photosDir ?? DEFAULT_PHOTOS_DIR;
  // Images are drawn while the data is written; the outcome is settled here so a failure of
  // one side never leaves the other unobserved.
  const photosJob: Promise<{ ok: PhotoSummary | null } | { error: unknown }> =
    options.writePhotos === false
      ? Promise.resolve({ ok: null })
      : generatePhotos({ dir: photosDir, count: photoCount, rubriques: RUBRIQUES }).then(
          (ok) => ({ ok }),
          (error: unknown) => ({ error }),
        );

  let counts: Record<SeedTable, number> | null = null;
  let failure: unknown = null;
  try {
    counts = await db.kysely.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
      if (await hasSeedData(trx)) {
        if (onlyIfEmpty) return null;
        throw new Error(
          'the database already holds seed data: clear it first (npm run seed truncates)',
        );
      }
      return fill(trx, options, timings);
    });
  } catch (error) {
    failure = error;
  }
  const photos = await photosJob;
  if (failure) throw failure;
  if ('error' in photos) throw photos.error;
  timings.photosMs = photos.ok?.ms ?? 0;
  if (!counts) return null;

  const analyzeStarted = performance.now();
  // Fresh statistics, so the planner uses the GIN/GiST indexes from the first query.
  await sql`ANALYZE`.execute(db.kysely);
  timings.analyzeMs = Math.round(performance.now() - analyzeStarted);
  timings.totalMs = Math.round(performance.now() - started);
  return {
    seed: options.seed ?? DEFAULT_SEED,
    now: (options.now ?? DEFAULT_NOW).toISOString(),
    counts,
    photos: photos.ok ? { ...photos.ok, dir: photosDir, poolSize: photoCount } : null,
    timings,
  };
}

/**
 * Offers the seed did not write, drawn by its generator with ids past the seeded ones: the new
 * listings of the feeds written for seeded agencies (feeds.ts). Active ones only.
 */
export function generateUnseededOffers(options: SeedOptions, count: number): OfferRow[] {
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? DEFAULT_NOW;
  const geo = buildGeography();
  const agencyData = buildAgencies(seed, geo, now);
  const ctx = createOfferContext(
    seed,
    now,
    options.photoCount ?? DEFAULT_PHOTO_COUNT,
    geo,
    agencyData.refs,
  );
  const out: OfferRow[] = [];
  for (let id = (options.offers ?? DEFAULT_OFFERS) + 1; out.length < count; id++) {
    const offer = generateOffer(id, ctx);
    if (offer.status === 'active') out.push(offer);
  }
  return out;
}

/** Fills every seed table in one transaction; fails if they already hold data. */
export async function seedDatabase(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const summary = await run(db, options, false);
  if (!summary) throw new Error('seed did not run');
  return summary;
}

/**
 * Migrates, then seeds unless the database already holds seed data; returns null when it did not
 * seed. A seeded database still gets any missing photo files back (existing ones are kept).
 */
export async function seedIfEmpty(db: Db, options: SeedOptions = {}): Promise<SeedSummary | null> {
  await migrateToLatest(db);
  if (await isSeeded(db)) {
    if (options.writePhotos !== false) {
      await generatePhotos({
        dir: options.photosDir ?? DEFAULT_PHOTOS_DIR,
        count: options.photoCount ?? DEFAULT_PHOTO_COUNT,
        rubriques: RUBRIQUES,
      });
    }
    return null;
  }
  return run(db, options, true);
}

/**
 * Empties the seed tables and the rows that refer to them (contacts, prospects). Alerts and
 * stats are kept: they hold no foreign key to offers and outlive a re-seed.
 */
export async function clearSeedData(db: Db): Promise<void> {
  await sql`
    TRUNCATE natures, rubriques, omr_lists, lieux, networks, agencies, omr_agency_lists, reviews,
      offers, external_links, settings, omr_config, contacts, prospects
      RESTART IDENTITY CASCADE`.execute(db.kysely);
}
