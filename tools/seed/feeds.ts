import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { sql } from 'kysely';
import type { Db } from '../../listings-api/db/connection';
import type { CondoRow, FeesRow, PhotoRow } from '../../listings-api/db/types';
import { generateUnseededOffers, type SeedOptions } from './index';
import { photoFileName, PHOTO_MAX } from '../../listings-api/lib/photo-files';
import {
  offerToPolirisRow,
  writePolirisFeed,
  type PolirisOffer,
} from '../../listings-api/feeds/generate';
import { COL } from '../../listings-api/feeds/columns';
import { loadMappingReference } from '../../listings-api/feeds/mapping';
import { DONE_MARKER } from '../../listings-api/feeds/runner';

// At first start, the embedded portal shows its listings lifecycle at work: the seed writes a
// Poliris feed for a few seeded agencies into the inbox, as their software would, which the
// listings API imports within a minute. Each feed is the agency's stock as the seed wrote it,
// with what a day brings: some prices lowered, a few offers sold (left out of the feed, so
// withdrawn) and new listings, with their photos beside annonces.csv. One offer in three names
// its negotiator (columns 105–107, e-mail under example.com), whose leads go to them rather than
// to the agency.

export interface SeedFeedOptions {
  inboxDir: string;
  /** The seed's photo pool, where the feeds' photos are copied from. */
  photosDir: string;
  /** The options the database was seeded with (new listings come from the same generator). */
  seed?: SeedOptions;
  /** Agencies given a feed: those with the most active offers (default 3). */
  agencies?: number;
  /** New listings per feed (default 2). */
  newOffers?: number;
}

export interface SeedFeedSummary {
  agency: string;
  rows: number;
  lowered: number;
  left: number;
  added: number;
}

/** Every 5th offer of a feed is a little cheaper than the seed said: a price drop. */
const LOWERED_EVERY = 5;
/** Every 7th offer is missing from the feed: sold, withdrawn. */
const LEFT_EVERY = 7;

/** Every 3rd offer of a feed names a negotiator. */
const NEGOTIATOR_EVERY = 3;
/** Fictitious negotiators: phone numbers of the range ARCEP keeps for fiction, reserved domain. */
const NEGOTIATORS = [
  { name: 'Claire Dumas', tel: '06 39 98 10 21' },
  { name: 'Hugo Lefort', tel: '06 39 98 10 22' },
  { name: 'Emma Whitfield', tel: '06 39 98 10 23' },
];

/** Columns 105–107 of the i-th row of an agency's feed: a negotiator for one row in three. */
function withNegotiator(row: string[], i: number, agencySlug: string): string[] {
  if (i % NEGOTIATOR_EVERY !== 0) return row;
  const who = NEGOTIATORS[(i / NEGOTIATOR_EVERY) % NEGOTIATORS.length]!;
  const local = who.name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z ]/g, '')
    .replace(' ', '.');
  const out = [...row];
  out[COL.tel - 1] = who.tel;
  out[COL.fullName - 1] = who.name;
  out[COL.email - 1] = `${local}@${agencySlug}.example.com`;
  return out;
}

function lowered(amount: number | null): number | null {
  if (amount == null) return null;
  const step = amount >= 100_000 ? 1000 : 10;
  return Math.round((amount * 0.94) / step) * step;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export async function writeSeedFeeds(db: Db, options: SeedFeedOptions): Promise<SeedFeedSummary[]> {
  const agencies = await db.kysely
    .selectFrom('agencies as a')
    .innerJoin('offers as o', 'o.agency_id', 'a.id')
    .select(['a.id', 'a.slug', sql<number>`count(*)::int`.as('n')])
    .where('o.status', '=', 'active')
    .where('a.active', '=', true)
    .groupBy(['a.id', 'a.slug'])
    .orderBy('n', 'desc')
    .orderBy('a.id')
    .limit(options.agencies ?? 3)
    .execute();
  if (agencies.length === 0) return [];
  const reference = await loadMappingReference(db);
  const fresh = generateUnseededOffers(
    options.seed ?? {},
    agencies.length * (options.newOffers ?? 2),
  );

  const summaries: SeedFeedSummary[] = [];
  for (const [index, agency] of agencies.entries()) {
    const stock = await db.kysely
      .selectFrom('offers')
      .selectAll()
      .where('agency_id', '=', agency.id)
      .where('status', '=', 'active')
      .orderBy('id')
      .execute();
    const dir = path.join(options.inboxDir, agency.slug);
    await mkdir(dir, { recursive: true });
    const copied = new Set<number>();
    const summary: SeedFeedSummary = {
      agency: agency.slug,
      rows: 0,
      lowered: 0,
      left: 0,
      added: 0,
    };

    const offers: PolirisOffer[] = [];
    stock.forEach((row, i) => {
      if (i % LEFT_EVERY === LEFT_EVERY - 1) {
        summary.left += 1;
        return;
      }
      const offer: PolirisOffer = {
        ...row,
        fees: json<FeesRow | null>(row.fees),
        condo: json<CondoRow | null>(row.condo),
        photos: json<PhotoRow[]>(row.photos),
      };
      if (i % LOWERED_EVERY === 1 && !row.prix_cache) {
        offer.price = lowered(row.price);
        offer.monthly_rent = lowered(row.monthly_rent);
        offer.weekly_rent = lowered(row.weekly_rent);
        if (offer.fees?.amount != null && row.price != null && offer.price != null)
          offer.fees = {
            ...offer.fees,
            amount: Math.round((offer.fees.amount * offer.price) / row.price),
          };
        offer.price_without_fees = null;
        summary.lowered += 1;
      }
      offers.push(offer);
    });
    const perAgency = options.newOffers ?? 2;
    for (const row of fresh.slice(index * perAgency, (index + 1) * perAgency)) {
      offers.push({ ...row, published_at: new Date() });
      summary.added += 1;
    }

    const file = createWriteStream(path.join(dir, 'annonces.csv'));
    const rows = async function* () {
      for (const [i, offer] of offers.entries()) {
        const photos = offer.photos ?? [];
        for (const photo of photos) {
          if (copied.has(photo.id)) continue;
          copied.add(photo.id);
          await copyFile(
            path.join(options.photosDir, photoFileName(photo.id, PHOTO_MAX.width)),
            path.join(dir, `${photo.id}.jpg`),
          );
        }
        yield withNegotiator(
          offerToPolirisRow(offer, {
            reference,
            agencyCode: `AG${agency.id}`,
            photos: photos.map((p) => `${p.id}.jpg`),
          }),
          i,
          agency.slug,
        );
      }
    };
    await writePolirisFeed(rows(), file);
    file.end();
    await finished(file);
    summary.rows = offers.length;
    // The marker last: the feed is complete.
    await writeFile(path.join(dir, DONE_MARKER), '');
    summaries.push(summary);
  }
  return summaries;
}
