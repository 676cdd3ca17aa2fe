import { sql, type Insertable } from 'kysely';
import type { Db } from '../db/connection';
import type { FeedRunSource, FeedRunStatus, NatureId, OffersTable, PhotoRow } from '../db/types';

// The statements of an agency's feed import (feeds/import.ts): the agency's offers as the import
// compares them, new offer ids, the batch upsert with its price history, withdrawals, the run's
// record and the cache tags it invalidated.

/** An agency's offer as a feed import compares it with a row. */
export interface ExistingOffer {
  id: number;
  slug: string;
  reference: string;
  status: 'active' | 'obsolete';
  nature: NatureId;
  rubrique_id: number;
  rubrique_path: number[];
  lieu_id: number;
  lieu_path: number[];
  price: number | null;
  monthly_rent: number | null;
  weekly_rent: number | null;
  feed_hash: string | null;
  price_reduced_at: Date | null;
  published_at: Date;
  premium: boolean;
}

/** A row of offer_price_history. */
export interface PriceChange {
  offer_id: number;
  old_amount: number;
  new_amount: number;
  changed_at: Date;
}

/** Columns an import rewrites on an offer it already has (id, slug, publication date stay). */
const UPDATED_COLUMNS = [
  'nature',
  'price',
  'monthly_rent',
  'weekly_rent',
  'rubrique_id',
  'rubrique_path',
  'lieu_id',
  'lieu_path',
  'status',
  'exclusivity',
  'titre1_fr',
  'titre1_en',
  'titre2_fr',
  'titre2_en',
  'description_fr',
  'description_en',
  'prix_cache',
  'price_without_fees',
  'fees',
  'condo',
  'surface',
  'field_surface',
  'rooms',
  'bedrooms',
  'atouts',
  'dpe_class',
  'dpe_value',
  'dpe_date',
  'dpe_method',
  'dpe_cost_min',
  'dpe_cost_max',
  'dpe_cost_year',
  'dpe_absence',
  'ges_class',
  'ges_value',
  'photos',
  'video_url',
  'tour_url',
  'negotiator_name',
  'negotiator_phone',
  'negotiator_email',
  'lat',
  'lng',
  'updated_at',
  'obsolete_at',
  'feed_hash',
  'price_reduced_at',
] as const;

/** Every offer of the agency (active or withdrawn), by agency reference. */
export async function selectAgencyOffersByReference(
  db: Db,
  agencyId: number,
): Promise<Map<string, ExistingOffer>> {
  const rows = await db.kysely
    .selectFrom('offers')
    .select([
      'id',
      'slug',
      'reference',
      'status',
      'nature',
      'rubrique_id',
      'rubrique_path',
      'lieu_id',
      'lieu_path',
      'price',
      'monthly_rent',
      'weekly_rent',
      'feed_hash',
      'price_reduced_at',
      'published_at',
      'premium',
    ])
    .where('agency_id', '=', agencyId)
    .execute();
  return new Map(
    rows.map((r) => [
      r.reference,
      {
        ...r,
        published_at: new Date(r.published_at),
        price_reduced_at: r.price_reduced_at ? new Date(r.price_reduced_at) : null,
      } as ExistingOffer,
    ]),
  );
}

/** The current photos of these offers, by offer id. */
export async function selectOfferPhotos(db: Db, ids: number[]): Promise<Map<number, PhotoRow[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('offers')
    .select(['id', 'photos'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.photos]));
}

/** `count` fresh offer ids. */
export async function nextOfferIds(db: Db, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await sql<{ id: number }>`
    SELECT nextval('offers_id_seq')::int AS id FROM generate_series(1, ${count}::int)
  `.execute(db.kysely);
  return rows.map((r) => Number(r.id));
}

/**
 * Writes a batch of offers, upserted by (agency, agency reference), and their price changes, in
 * one transaction.
 */
export async function upsertFeedOffers(
  db: Db,
  rows: Insertable<OffersTable>[],
  history: PriceChange[],
): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('offers')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['agency_id', 'reference'])
          .doUpdateSet((eb) =>
            Object.fromEntries(UPDATED_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)])),
          ),
      )
      .execute();
    if (history.length > 0) await trx.insertInto('offer_price_history').values(history).execute();
  });
}

/** Withdraws the active offers among `ids` (their pages answer 410). */
export async function withdrawOffers(db: Db, ids: number[], now: Date): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) {
    await db.kysely
      .updateTable('offers')
      .set({ status: 'obsolete', obsolete_at: now, updated_at: now })
      .where('id', 'in', ids.slice(i, i + 1000))
      .where('status', '=', 'active')
      .execute();
  }
}

/** Records the cache tags a run invalidated (read by GET /changes). */
export async function insertCacheChange(db: Db, runId: string, tags: string[]): Promise<void> {
  await db.kysely.insertInto('cache_changes').values({ run_id: runId, tags }).execute();
}

/** Marks a run as running (creating its record when the runner has not). */
export async function startFeedRun(
  db: Db,
  run: { id: string; agencyId: number; source: FeedRunSource },
): Promise<void> {
  await db.kysely
    .insertInto('feed_runs')
    .values({ id: run.id, agency_id: run.agencyId, source: run.source, status: 'running' })
    .onConflict((oc) => oc.column('id').doUpdateSet({ status: 'running' }))
    .execute();
}

/** Stores a run's outcome and report. */
export async function finishFeedRun(
  db: Db,
  id: string,
  status: 'done' | 'rejected' | 'failed',
  report: string,
): Promise<void> {
  await db.kysely
    .updateTable('feed_runs')
    .set({ status, finished_at: new Date(), report })
    .where('id', '=', id)
    .execute();
}

/** Records a run as queued (nothing when it is already recorded). */
export async function insertQueuedFeedRun(
  db: Db,
  run: { id: string; agencyId: number; source: FeedRunSource },
): Promise<void> {
  await db.kysely
    .insertInto('feed_runs')
    .values({ id: run.id, agency_id: run.agencyId, source: run.source, status: 'queued' })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Records a run that stopped before or outside the import, with its report. */
export async function recordStoppedFeedRun(
  db: Db,
  run: { id: string; agencyId: number; source: FeedRunSource },
  status: FeedRunStatus,
  report: string,
): Promise<void> {
  await db.kysely
    .insertInto('feed_runs')
    .values({
      id: run.id,
      agency_id: run.agencyId,
      source: run.source,
      status,
      finished_at: new Date(),
      report,
    })
    .onConflict((oc) => oc.column('id').doUpdateSet({ status, finished_at: new Date(), report }))
    .execute();
}
