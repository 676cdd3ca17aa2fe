import { sql } from 'kysely';
import type { Lang, OfferSummary } from '../../shared/contract';
import type { Db } from '../db/connection';
import type { CondoRow, FeesRow, PhotoRow } from '../db/types';
import {
  countOffers,
  searchConditions,
  selectOfferSummaries,
  summaryColumns,
  type ResolvedSearch,
  type SummaryRow,
} from '../lib/offer-search';
import type { Reference } from '../lib/reference';

// Offers: one offer's page, the premium offers of a search, a form's offer, the sitemap's
// offers. Result lists, counts and the navigation are the offer search's (lib/offer-search).

export interface OfferDetailRow extends SummaryRow {
  description: string;
  /** Its price per m² as its comparables count it (offer_price_medians); null: not one of them. */
  comparable_per_m2: number | null;
  atouts: string[];
  price_without_fees: number | null;
  fees: FeesRow | null;
  condo: CondoRow | null;
  dpe_value: number | null;
  /** ISO date. */
  dpe_date: string | null;
  dpe_method: string | null;
  dpe_cost_min: number | null;
  dpe_cost_max: number | null;
  dpe_cost_year: number | null;
  dpe_absence: 'VI' | 'NS' | null;
  ges_class: string | null;
  ges_value: number | null;
  photos: PhotoRow[];
  video_url: string | null;
  tour_url: string | null;
  lat: number | null;
  lng: number | null;
  updated_at: Date | string;
  agency_phone: string;
  agency_email: string;
  agency_address: string;
  agency_cp: string;
  agency_ville: string;
  agency_website: string | null;
  network_id: number | null;
  network_slug: string | null;
  network_name: string | null;
  /** The offer's price changes, oldest first (null when none or when the price is hidden). */
  price_changes: PriceChangeRow[] | null;
}

export interface PriceChangeRow {
  /** Milliseconds since the epoch. */
  at: number;
  old: number;
  new: number;
}

/** An offer's page by id or slug (active or obsolete), with its agency and network. */
export async function selectOfferDetailRow(
  db: Db,
  key: { id: number } | { slug: string },
  lang: Lang,
): Promise<OfferDetailRow | undefined> {
  const t = (column: string) => sql.ref(`${column}_${lang}`);
  // By id or slug, through a unique index whatever the value: prepared.
  const rows = await db.prepared(sql<OfferDetailRow>`
    SELECT ${summaryColumns(lang)}, ${t('o.description')} AS description, o.atouts,
      o.price_without_fees, o.fees, o.condo, o.dpe_value, o.ges_class, o.ges_value,
      to_char(o.dpe_date, 'YYYY-MM-DD') AS dpe_date, o.dpe_method, o.dpe_cost_min,
      o.dpe_cost_max, o.dpe_cost_year, o.dpe_absence, o.photos, o.video_url, o.tour_url, o.lat, o.lng, o.updated_at,
      a.phone AS agency_phone, a.email AS agency_email, a.address AS agency_address,
      a.cp AS agency_cp, a.ville AS agency_ville, a.website AS agency_website,
      n.id AS network_id, n.slug AS network_slug, n.name AS network_name,
      -- The same expression as offer_price_medians (migration 028), so the value is the same.
      CASE WHEN o.status = 'active' AND o.surface > 0 AND NOT o.prix_cache
        AND o.nature IN ('V', 'L')
        THEN (CASE o.nature WHEN 'V' THEN o.price ELSE o.monthly_rent END)::float8 / o.surface
      END AS comparable_per_m2,
      -- A hidden price keeps its history secret. Read through offer_price_history_offer.
      CASE WHEN NOT o.prix_cache THEN (
        SELECT json_agg(json_build_object('at', extract(epoch FROM h.changed_at) * 1000,
            'old', h.old_amount, 'new', h.new_amount) ORDER BY h.changed_at, h.id)
        FROM offer_price_history h WHERE h.offer_id = o.id
      ) END AS price_changes
    FROM offers o
    JOIN agencies a ON a.id = o.agency_id
    LEFT JOIN networks n ON n.id = a.network_id
    WHERE ${'id' in key ? sql`o.id = ${key.id}` : sql`o.slug = ${key.slug}`}
  `);
  return rows[0];
}

/** The premium offers of a search, newest first, and how many there are. */
export async function selectPremiumOffers(
  db: Db,
  ref: Reference,
  search: ResolvedSearch,
  options: { lang: Lang; limit: number },
): Promise<{ total: number; items: OfferSummary[] }> {
  const where = sql<boolean>`(${searchConditions(search)} AND o.premium)`;
  const [total, items] = await Promise.all([
    countOffers(db, where),
    selectOfferSummaries(db, ref, where, { ...options, sort: 'new', offset: 0 }),
  ]);
  return { total, items };
}

/** The agency of an offer (active or not); undefined for an unknown offer. */
export async function selectOfferAgency(
  db: Db,
  id: number,
): Promise<{ id: number; agency_id: number } | undefined> {
  return db.kysely
    .selectFrom('offers')
    .select(['id', 'agency_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Active offers. */
export async function countActiveOffers(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('offers')
    .select(sql<number>`count(*)::integer`.as('n'))
    .where('status', '=', 'active')
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** Active offers with their place's slug, by id, a slice at a time. */
export async function selectSitemapOffers(db: Db, offset: number, limit: number) {
  return db.kysely
    .selectFrom('offers as o')
    .innerJoin('lieux as l', 'l.id', 'o.lieu_id')
    .select(['o.id', 'o.slug', 'o.nature', 'o.rubrique_id', 'l.slug as lieu_slug', 'o.updated_at'])
    .where('o.status', '=', 'active')
    .orderBy('o.id')
    .offset(offset)
    .limit(limit)
    .execute();
}
