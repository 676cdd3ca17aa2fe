import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Insertable, Selectable } from 'kysely';
import { offerChangeTags } from '../../shared/cache-tags';
import type { Config, Lang } from '../../shared/contract';
import { formatNumber } from '../../shared/format';
import { href } from '../../shared/routes';
import type { Db } from '../db/connection';
import type { FeedRunSource, LieuxTable, NatureId, OffersTable, PhotoRow } from '../db/types';
import type { Reference } from '../lib/reference';
import {
  finishFeedRun,
  insertCacheChange,
  nextOfferIds,
  selectAgencyOffersByReference,
  selectOfferPhotos,
  startFeedRun,
  upsertFeedOffers,
  withdrawOffers,
  type ExistingOffer,
} from '../repositories/feed-import';
import { RUB } from '../lib/rubriques';
import { kebab } from '../lib/text';
import type { MappingReference } from './mapping';
import { findFeedFile, readPolirisFeed, readPolirisReferences } from './poliris';
import type { PhotoResult, PhotoStore } from './photos';
import { emptyCounts, summarize, type FeedReport, type FeedRowReport } from './report';
import { NotPolirisError, type FeedOffer, type RowWarning } from './types';
import { FEED_ROW_OUTCOMES, feedImportRows, feedImportRuns } from '../metrics';

// One import of an agency's Poliris feed. A feed is the agency's full stock:
// 1. a first pass reads every row (streamed) and keeps only the references, so the run knows what
//    it would withdraw before writing anything; a feed that would withdraw more than half of the
//    agency's active offers, or holds none, is not applied (unless forced);
// 2. a second pass maps the rows again and writes them in batches, each batch one transaction:
//    a row whose hash (mapped fields and photo list) is the one stored is unchanged and costs no
//    write; the others get their photos (stored once by content) and are upserted by (agency,
//    agency reference). A price change is recorded in offer_price_history;
// 3. active offers missing from the feed are withdrawn (status obsolete: their page answers 410);
// 4. the cache tags of every change go to cache_changes (GET /changes), and the report to
//    feed_runs.
// Bad rows never sink the feed: each is reported with its line and reason, the rest is imported.

export interface FeedImportContext {
  db: Db;
  /** The reference data (places and rubriques), for place and rubrique paths. */
  reference: Reference;
  mapping: MappingReference;
  /** The portal configuration, for the offers' page paths (shared/routes). */
  config: Config;
  photos: PhotoStore;
}

export interface FeedImportInput {
  runId: string;
  agency: { id: number; slug: string };
  /** The folder holding annonces.csv and the photos named in it. */
  dir: string;
  source: FeedRunSource;
  /** Apply a feed the mass-withdrawal guard stops. */
  force?: boolean;
  now?: Date;
}

/** Rows written per transaction. */
const BATCH = 200;
/** Share of an agency's active offers a feed may withdraw without --force. */
export const MAX_WITHDRAWN_SHARE = 0.5;

/** The amount a nature is priced in: sale price, monthly rent or weekly rent. */
function amountOf(row: {
  nature: NatureId;
  price: number | null;
  monthly_rent: number | null;
  weekly_rent: number | null;
}): number | null {
  return row.nature === 'V' ? row.price : row.nature === 'L' ? row.monthly_rent : row.weekly_rent;
}

function rubriquePath(reference: Reference, id: number): number[] {
  const out: number[] = [];
  for (let r = reference.rubriques.get(id); r;) {
    out.unshift(r.id);
    r = r.parent_id === null ? undefined : reference.rubriques.get(r.parent_id);
  }
  return out;
}

function placeName(lieu: Selectable<LieuxTable>, lang: Lang): string {
  return lang === 'fr' ? lieu.libelle_fr : lieu.libelle_en || lieu.libelle_fr;
}

function offerPaths(
  ctx: FeedImportContext,
  offer: { nature: NatureId; rubrique_id: number; lieu_id: number; slug: string },
): { fr: string; en: string } | null {
  const lieu = ctx.reference.lieux.get(offer.lieu_id);
  if (!lieu) return null;
  const params = {
    nature: offer.nature,
    rubrique: offer.rubrique_id,
    lieu: lieu.slug,
    offre: offer.slug,
  };
  return {
    fr: href('offer', params, 'fr', ctx.config),
    en: href('offer', params, 'en', ctx.config),
  };
}

/**
 * What decides whether a row changed: its mapped fields and its photos (file sizes included;
 * `sizes` keeps each file's size for the run, as rows share photos).
 */
async function rowHash(
  dir: string,
  offer: FeedOffer,
  sizes: Map<string, Promise<number>>,
): Promise<string> {
  const photos = await Promise.all(
    offer.photos.map(async (p) => {
      if (p.source.kind === 'url') return `${p.source.url}|${p.caption}`;
      const name = path.basename(p.source.name);
      let size = sizes.get(name);
      if (!size) {
        size = stat(path.join(dir, name)).then(
          (s) => s.size,
          () => -1,
        );
        sizes.set(name, size);
      }
      return `${p.source.name}:${await size}|${p.caption}`;
    }),
  );
  return createHash('sha256')
    .update(JSON.stringify({ ...offer, photos }))
    .digest('hex');
}

interface PhotoOutcome {
  photos: PhotoRow[];
  problems: string[];
  processed: number;
  reused: number;
}

/**
 * The row's photos, stored. A photo that cannot be used (a missing file, not an image, a URL that
 * fails) is reported; the offer keeps its current photo at that place, if it has one (`current`).
 */
async function storePhotos(
  ctx: FeedImportContext,
  dir: string,
  offer: FeedOffer,
  current: readonly PhotoRow[],
): Promise<PhotoOutcome> {
  const outcome: PhotoOutcome = { photos: [], problems: [], processed: 0, reused: 0 };
  const results = await Promise.all(
    offer.photos.map(async (ref) => ({
      ref,
      result:
        ref.source.kind === 'url'
          ? await ctx.photos.fromUrl(ref.source.url)
          : await ctx.photos.fromFile(path.join(dir, path.basename(ref.source.name))),
    })),
  );
  results.forEach(({ ref, result }, index) => {
    if (!result.ok) {
      const kept = current[index];
      outcome.problems.push(kept ? `${result.reason} (the current photo is kept)` : result.reason);
      if (kept) outcome.photos.push(kept);
      return;
    }
    if (result.reused) outcome.reused += 1;
    else outcome.processed += 1;
    const n = outcome.photos.length + 1;
    const caption = ref.caption.trim();
    outcome.photos.push({
      id: result.photoId,
      width: result.width,
      height: result.height,
      // Feed captions are written in the agency's language, French; English pages name the
      // offer instead.
      alt_fr: caption || `${offer.titleFr} – photo ${n}`,
      alt_en: `${offer.titleEn || offer.titleFr} – photo ${n}`,
    });
  });
  return outcome;
}

function offerRow(
  ctx: FeedImportContext,
  agencyId: number,
  offer: FeedOffer,
  hash: string,
  photos: PhotoRow[],
  now: Date,
  id: number,
  existing: ExistingOffer | undefined,
): Insertable<OffersTable> & { id: number; slug: string } {
  const lieu = ctx.reference.lieux.get(offer.lieuId);
  if (!lieu) throw new Error(`lieu ${offer.lieuId} is not in the reference data`);
  const land = offer.rubriqueId === RUB.terrains;
  const where = (lang: Lang) => {
    const name = placeName(lieu, lang);
    const area = land ? offer.fieldSurface : offer.surface;
    if (area == null) return name;
    const n = formatNumber(area, lang);
    if (land) return lang === 'fr' ? `${name} – terrain de ${n} m²` : `${name} – ${n} m² plot`;
    return `${name} – ${n} m²`;
  };
  const next = {
    nature: offer.nature,
    price: offer.nature === 'V' ? offer.price : null,
    monthly_rent: offer.nature === 'L' ? offer.monthlyRent : null,
    weekly_rent: offer.nature === 'S' ? offer.weeklyRent : null,
  };
  let priceReducedAt: Date | null = null;
  if (existing && existing.nature === offer.nature) {
    const before = amountOf(existing);
    const after = amountOf(next);
    if (before != null && after != null && after !== before)
      priceReducedAt = after < before ? now : null;
    else priceReducedAt = existing.price_reduced_at;
  }
  const slug = existing?.slug ?? `${kebab(offer.titleFr).slice(0, 80).replace(/-+$/, '')}-${id}`;
  return {
    id,
    slug,
    ...next,
    rubrique_id: offer.rubriqueId,
    rubrique_path: rubriquePath(ctx.reference, offer.rubriqueId),
    lieu_id: lieu.id,
    lieu_path: [...lieu.ancestors, lieu.id],
    agency_id: agencyId,
    status: 'active',
    premium: existing?.premium ?? false,
    exclusivity: offer.exclusivity,
    reference: offer.reference,
    titre1_fr: offer.titleFr,
    titre1_en: offer.titleEn || offer.titleFr,
    titre2_fr: where('fr'),
    titre2_en: where('en'),
    description_fr: offer.descriptionFr,
    description_en: offer.descriptionEn || offer.descriptionFr,
    prix_cache: offer.priceHidden,
    price_without_fees: offer.priceWithoutFees,
    fees: offer.fees ? JSON.stringify(offer.fees) : null,
    condo: offer.condo ? JSON.stringify(offer.condo) : null,
    surface: offer.surface,
    field_surface: offer.fieldSurface,
    rooms: offer.rooms,
    bedrooms: offer.bedrooms,
    atouts: offer.atouts,
    dpe_class: offer.dpeClass,
    dpe_value: offer.dpeValue,
    dpe_date: offer.dpeDate,
    dpe_method: offer.dpeMethod,
    dpe_cost_min: offer.dpeCostMin,
    dpe_cost_max: offer.dpeCostMax,
    dpe_cost_year: offer.dpeCostYear,
    dpe_absence: offer.dpeAbsence,
    ges_class: offer.gesClass,
    ges_value: offer.gesValue,
    photos: JSON.stringify(photos),
    video_url: offer.videoUrl,
    tour_url: offer.tourUrl,
    negotiator_name: offer.negotiatorName,
    negotiator_phone: offer.negotiatorPhone,
    negotiator_email: offer.negotiatorEmail,
    lat: offer.lat ?? lieu.lat,
    lng: offer.lng ?? lieu.lng,
    published_at: existing?.published_at ?? now,
    updated_at: now,
    obsolete_at: null,
    feed_hash: hash,
    price_reduced_at: priceReducedAt,
  };
}

interface PendingRow {
  line: number;
  offer: FeedOffer;
  warnings: RowWarning[];
  hash: string;
  existing: ExistingOffer | undefined;
}

function rowReport(line: number, reference: string | null): FeedRowReport {
  return {
    line,
    reference,
    outcome: 'rejected',
    offerId: null,
    paths: null,
    reason: null,
    position: null,
    column: null,
    photoProblems: [],
    warnings: [],
  };
}

function tagsOf(
  row: {
    id: number;
    nature: NatureId;
    lieu_path: number[];
    rubrique_path: number[];
  },
  agencyId: number,
): string[] {
  return offerChangeTags({
    id: row.id,
    agencyId,
    nature: row.nature,
    lieuPath: row.lieu_path,
    rubriquePath: row.rubrique_path,
  });
}

/**
 * The photo store as one run sees it: a file or URL named by several rows of the feed is read
 * once (the first answer is reused; counted as reused for the other rows).
 */
function memoized(store: PhotoStore): PhotoStore {
  const seen = new Map<string, Promise<PhotoResult>>();
  const once = (key: string, load: () => Promise<PhotoResult>) => {
    const known = seen.get(key);
    if (known) return known.then((r) => (r.ok ? { ...r, reused: true } : r));
    const result = load();
    seen.set(key, result);
    return result;
  };
  return {
    fromFile: (file) => once(`file:${file}`, () => store.fromFile(file)),
    fromUrl: (url) => once(`url:${url}`, () => store.fromUrl(url)),
  };
}

/** Imports one feed folder for an agency; never throws for a bad feed (the report says why). */
export async function importFeed(
  context: FeedImportContext,
  input: FeedImportInput,
): Promise<FeedReport> {
  const ctx = { ...context, photos: memoized(context.photos) };
  const now = input.now ?? new Date();
  const report: FeedReport = {
    runId: input.runId,
    agency: input.agency.slug,
    source: input.source,
    status: 'running',
    reason: null,
    forced: input.force ?? false,
    startedAt: now.toISOString(),
    finishedAt: null,
    counts: emptyCounts(),
    rows: [],
    withdrawn: [],
    tags: 0,
  };
  await startFeedRun(ctx.db, { id: input.runId, agencyId: input.agency.id, source: input.source });

  const finish = async (status: 'done' | 'rejected' | 'failed', reason: string | null) => {
    report.status = status;
    report.reason = reason;
    report.finishedAt = new Date().toISOString();
    await finishFeedRun(ctx.db, input.runId, status, JSON.stringify(summarize(report)));
    feedImportRuns.inc({ outcome: status });
    for (const outcome of FEED_ROW_OUTCOMES) {
      if (report.counts[outcome] > 0) feedImportRows.inc({ outcome }, report.counts[outcome]);
    }
    return report;
  };

  try {
    const csv = await findFeedFile(input.dir);
    if (!csv) return await finish('rejected', 'the feed holds no annonces.csv');

    // Pass 1: the references of the feed, and where each first appears. A row the second pass
    // will skip (an unknown city, say) still names an offer the agency keeps: it is not withdrawn.
    const firstLine = new Map<string, number>();
    try {
      for await (const item of readPolirisReferences(createReadStream(csv))) {
        if (!firstLine.has(item.reference)) firstLine.set(item.reference, item.line);
      }
    } catch (err) {
      if (err instanceof NotPolirisError)
        return await finish('rejected', `not a Poliris feed: ${err.message}`);
      throw err;
    }

    const existing = await selectAgencyOffersByReference(ctx.db, input.agency.id);
    const active = [...existing.values()].filter((o) => o.status === 'active');
    const leaving = active.filter((o) => !firstLine.has(o.reference));
    if (!input.force && active.length > 0) {
      if (firstLine.size === 0) {
        return await finish(
          'rejected',
          `the feed holds no offer: it would withdraw all ${active.length} active offers of the agency; not applied (force it to apply)`,
        );
      }
      if (leaving.length > active.length * MAX_WITHDRAWN_SHARE) {
        return await finish(
          'rejected',
          `the feed would withdraw ${leaving.length} of the agency's ${active.length} active offers (more than half); not applied (force it to apply)`,
        );
      }
    }

    // Pass 2: map, compare, store photos and write, batch by batch.
    const tags = new Set<string>();
    const sizes = new Map<string, Promise<number>>();
    let pending: PendingRow[] = [];
    const flush = async () => {
      if (pending.length === 0) return;
      await writeBatch(ctx, input, pending, now, report, tags);
      pending = [];
    };
    for await (const item of readPolirisFeed(createReadStream(csv), ctx.mapping)) {
      report.counts.rows += 1;
      if ('problem' in item) {
        const row = rowReport(item.line, item.problem.reference);
        row.reason = item.problem.reason;
        row.position = item.problem.position;
        row.column = item.problem.column;
        report.rows.push(row);
        report.counts.rejected += 1;
        continue;
      }
      const { offer, warnings } = item;
      const first = firstLine.get(offer.reference);
      if (first !== item.line) {
        const row = rowReport(item.line, offer.reference);
        row.reason = `duplicate reference ${offer.reference} (first on line ${first})`;
        row.position = 2;
        row.column = 'agencePropertyRef';
        report.rows.push(row);
        report.counts.rejected += 1;
        continue;
      }
      const hash = await rowHash(input.dir, offer, sizes);
      const known = existing.get(offer.reference);
      if (known && known.status === 'active' && known.feed_hash === hash) {
        report.rows.push({
          ...rowReport(item.line, offer.reference),
          outcome: 'unchanged',
          offerId: known.id,
          paths: offerPaths(ctx, known),
          warnings,
        });
        report.counts.unchanged += 1;
        continue;
      }
      pending.push({ line: item.line, offer, warnings, hash, existing: known });
      if (pending.length >= BATCH) await flush();
    }
    await flush();

    // Withdrawals: offers of the agency the feed no longer lists.
    await withdrawOffers(
      ctx.db,
      leaving.map((o) => o.id),
      now,
    );
    for (const gone of leaving) {
      report.withdrawn.push({
        reference: gone.reference,
        offerId: gone.id,
        paths: offerPaths(ctx, gone),
      });
      for (const tag of tagsOf(gone, input.agency.id)) tags.add(tag);
    }
    report.counts.withdrawn = leaving.length;

    if (tags.size > 0) {
      await insertCacheChange(ctx.db, input.runId, [...tags].sort());
    }
    report.tags = tags.size;
    report.rows.sort((a, b) => a.line - b.line);
    return await finish('done', null);
  } catch (err) {
    return await finish('failed', err instanceof Error ? err.message : String(err));
  }
}

async function writeBatch(
  ctx: FeedImportContext,
  input: FeedImportInput,
  pending: PendingRow[],
  now: Date,
  report: FeedReport,
  tags: Set<string>,
): Promise<void> {
  const ids = await nextOfferIds(ctx.db, pending.filter((p) => !p.existing).length);
  const currentPhotos = await selectOfferPhotos(
    ctx.db,
    pending.flatMap((p) => (p.existing ? [p.existing.id] : [])),
  );
  const written = await Promise.all(
    pending.map(async (p) => {
      const current = (p.existing && currentPhotos.get(p.existing.id)) || [];
      const photos = await storePhotos(ctx, input.dir, p.offer, current);
      const id = p.existing?.id ?? ids.pop();
      if (id === undefined) throw new Error('no offer id left for a new offer');
      const row = offerRow(
        ctx,
        input.agency.id,
        p.offer,
        p.hash,
        photos.photos,
        now,
        id,
        p.existing,
      );
      const before = p.existing && p.existing.nature === row.nature ? amountOf(p.existing) : null;
      const after = amountOf({
        nature: row.nature,
        price: row.price ?? null,
        monthly_rent: row.monthly_rent ?? null,
        weekly_rent: row.weekly_rent ?? null,
      });
      const change =
        before != null && after != null && before !== after
          ? { offer_id: id, old_amount: before, new_amount: after, changed_at: now }
          : null;
      return { pending: p, photos, row, change };
    }),
  );

  await upsertFeedOffers(
    ctx.db,
    written.map((w) => w.row),
    written.flatMap((w) => (w.change ? [w.change] : [])),
  );

  for (const { pending: p, photos, row } of written) {
    const outcome = p.existing ? 'updated' : 'created';
    report.counts[outcome] += 1;
    report.counts.photosProcessed += photos.processed;
    report.counts.photosReused += photos.reused;
    report.counts.photosFailed += photos.problems.length;
    report.rows.push({
      ...rowReport(p.line, p.offer.reference),
      outcome,
      offerId: row.id,
      paths: offerPaths(ctx, row),
      photoProblems: photos.problems,
      warnings: p.warnings,
    });
    for (const tag of tagsOf(row, input.agency.id)) tags.add(tag);
    // An offer that moved (place, rubrique, nature) leaves the lists it was in.
    if (p.existing) for (const tag of tagsOf(p.existing, input.agency.id)) tags.add(tag);
  }
}
