import { sql, type Kysely, type Selectable } from 'kysely';
import * as v from 'valibot';
import { readBbox } from '../../shared/bbox';
import { AlertCriteriaSchema, type AlertCriteria, type NatureId } from '../../shared/contract';
import { OFFER_SIZE_KEYS } from '../../shared/endpoints';
import type { MailOffer } from '../../mails/index';
import type { Db } from '../db/connection';
import type { AlertsTable, Database, PhotoRow } from '../db/types';
import {
  NATURE_PRICE_RANGE,
  resolveSearch,
  searchConditions,
  type OfferFilters,
  type ResolvedSearch,
} from '../lib/offer-search';
import { createReferenceCache, type Reference } from '../lib/reference';

// Which offers an alert mails: exactly the /offre search (lib/offer-search) with the alert's
// criteria turned into search filters the way the web app turns them into /offre parameters
// (shared/criteria toApiParams):
// - nature; rubrique ids (a rubrique covers its children, the generic one means any);
// - lieu (its subtree; a zone stands for its members; the generic lieu means anywhere; an unknown
//   place matches nothing) or, when the payload names an omr list, that list's places instead;
// - prix_min/prix_max against price for V, monthly_rent for L, weekly_rent for S. An offer with a
//   hidden price (prix_cache) is matched on its stored price, as the search does: the filter
//   never shows the amount, and the mail prints 'Prix sur demande' / 'Price on request'. An offer
//   without an amount does not match a price bound;
// - nb_pieces, nb_chambres: at least that many; surface and land surface bounds; every atout;
// - dpe_max: offers of that DPE class or better (none without a class);
// - bbox: a map area, offers whose coordinates are inside it (as the search's bbox).
// On top of the search: only active offers published in (since, now] that this alert was never
// mailed (alert_sent_offers), newest first.
// Price drops (selectPriceDrops): active offers matching the same search at their price now,
// whose amount dropped in (since, now] (offer_price_history rows with new_amount < old_amount)
// by changes not yet mailed to this alert (alert_sent_price_drops), and still below the price
// before the first of those drops. Offers that are new for this digest are left out (they are
// listed as new), and so are drops older than the mail that listed the offer as new, and hidden
// prices (a drop would tell the amount). An offer the alert
// never got as new is included: its drop is news for the visitor.

export type AlertRow = Selectable<AlertsTable>;

export const DIGEST_LIMIT = 20;

const PRICE_COLUMN = { V: 'price', L: 'monthly_rent', S: 'weekly_rent' } as const satisfies Record<
  NatureId,
  string
>;

/** A matched offer: what its mails show of it, with its ids and its date of publication. */
export interface MatchedOffer extends MailOffer {
  id: number;
  lieuId: number;
  publishedAt: Date;
}

/** An offer whose price dropped: the offer now, and the drops (history rows) it stands for. */
export interface PriceDrop extends MatchedOffer {
  /** The offer_price_history rows of the drops listed (the digest reserves them all). */
  historyIds: number[];
  /** The amount before the first of these drops. */
  oldAmount: number;
  /** The amount after the last of them. */
  newAmount: number;
  changedAt: Date;
}

export interface PriceDrops {
  /** At most `limit` drops, latest first. */
  drops: PriceDrop[];
  total: number;
}

export interface NewOffers {
  /** At most `limit` offers, newest first. */
  offers: MatchedOffer[];
  /** How many offers matched in all (the digest says how many more there are). */
  total: number;
}

/** The stored criteria of an alert, checked against the contract's alert payload. */
export function parseAlertCriteria(raw: unknown): AlertCriteria {
  const parsed = v.safeParse(AlertCriteriaSchema, typeof raw === 'string' ? JSON.parse(raw) : raw);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    throw new Error(
      `stored alert criteria are invalid: ${v.getDotPath(issue) ?? ''} ${issue.message}`,
    );
  }
  return parsed.output;
}

/**
 * The /offre search filters of an alert payload: the place alone, or the omr list its criteria
 * name (the wider list of a place, stored explicitly since migration 025).
 */
export function alertSearchFilters(criteria: AlertCriteria): OfferFilters {
  const filters: OfferFilters = { nature: criteria.nature };
  if (criteria.rubrique && criteria.rubrique.length > 0) filters.rubrique = criteria.rubrique;
  if (criteria.omr_list_id != null) filters.omr_list_id = criteria.omr_list_id;
  else if (criteria.lieu != null) filters.lieu = [criteria.lieu];
  const [min, max] = NATURE_PRICE_RANGE[criteria.nature];
  if (criteria.prix_min != null) filters[min] = criteria.prix_min;
  if (criteria.prix_max != null) filters[max] = criteria.prix_max;
  for (const key of OFFER_SIZE_KEYS) {
    const value = criteria[key];
    if (value != null) filters[key] = value;
  }
  if (criteria.dpe_max != null) filters.dpe_max = criteria.dpe_max;
  if (criteria.atouts && criteria.atouts.length > 0) {
    filters.atouts = criteria.atouts as OfferFilters['atouts'];
  }
  if (criteria.bbox != null) {
    const box = readBbox(criteria.bbox);
    if (typeof box === 'string') throw new Error(`stored alert criteria are invalid: bbox ${box}`);
    filters.bbox = box;
  }
  return filters;
}

/** Resolves an alert's search (places, zones, omr list, rubriques) from the reference data. */
export function resolveAlertSearch(reference: Reference, criteria: AlertCriteria): ResolvedSearch {
  return resolveSearch(reference, alertSearchFilters(criteria));
}

interface MatchRow {
  id: number;
  slug: string;
  nature: NatureId;
  rubrique_id: number;
  lieu_id: number;
  lieu_slug: string;
  lieu_libelle_fr: string;
  lieu_libelle_en: string;
  titre1_fr: string;
  titre1_en: string;
  titre2_fr: string;
  titre2_en: string;
  amount: number | null;
  prix_cache: boolean;
  surface: number | null;
  field_surface: number | null;
  rooms: number | null;
  bedrooms: number | null;
  photo: PhotoRow | null;
  published_at: Date | string;
  total: number;
}

/** The offers of an alert's search published in (since, now], mailed to the alert or not. */
function publishedOfferConditions(search: ResolvedSearch, since: Date, now: Date) {
  return sql`${searchConditions(search)}
      AND o.status = 'active'
      AND o.published_at > ${since}
      AND o.published_at <= ${now}`;
}

/** The offers a digest lists as new: matching, active, published in (since, now], not mailed. */
function newOfferConditions(alertId: number, search: ResolvedSearch, since: Date, now: Date) {
  return sql`${publishedOfferConditions(search, since, now)}
      AND NOT EXISTS (
        SELECT 1 FROM alert_sent_offers s WHERE s.alert_id = ${alertId} AND s.offer_id = o.id
      )`;
}

function toMatchedOffer(row: MatchRow): MatchedOffer {
  return {
    id: row.id,
    slug: row.slug,
    nature: row.nature,
    rubriqueId: row.rubrique_id,
    lieuId: row.lieu_id,
    lieuSlug: row.lieu_slug,
    lieuLibelle: { fr: row.lieu_libelle_fr, en: row.lieu_libelle_en },
    titre1: { fr: row.titre1_fr, en: row.titre1_en },
    titre2: { fr: row.titre2_fr, en: row.titre2_en },
    amount: row.amount,
    prixCache: row.prix_cache,
    surface: row.surface,
    fieldSurface: row.field_surface,
    rooms: row.rooms,
    bedrooms: row.bedrooms,
    photoId: row.photo ? row.photo.id : null,
    photoAlt: row.photo ? { fr: row.photo.alt_fr, en: row.photo.alt_en } : null,
    publishedAt: new Date(row.published_at),
  };
}

/**
 * The new offers of a resolved alert search: matching, active, published in (since, now], never
 * mailed to this alert; newest first, at most `limit`, with the count of all matches (counted
 * apart, and only when the list is full: the list alone reads `limit` rows through the
 * publication index, however many offers match). Runs on a transaction as well as on the
 * database.
 */
export async function selectNewOffers(
  db: Kysely<Database>,
  alertId: number,
  search: ResolvedSearch,
  since: Date,
  options: { now: Date; limit: number },
): Promise<NewOffers> {
  const nature = search.filters.nature ?? 'V';
  const amount = sql.ref(`o.${PRICE_COLUMN[nature]}`);
  const conditions = newOfferConditions(alertId, search, since, options.now);
  const result = await sql<MatchRow>`
    SELECT o.id, o.slug, o.nature, o.rubrique_id, o.lieu_id, l.slug AS lieu_slug,
      l.libelle_fr AS lieu_libelle_fr, l.libelle_en AS lieu_libelle_en,
      o.titre1_fr, o.titre1_en, o.titre2_fr, o.titre2_en, ${amount} AS amount, o.prix_cache,
      o.surface, o.field_surface, o.rooms, o.bedrooms, o.cover_photo AS photo, o.published_at
    FROM offers o
    JOIN lieux l ON l.id = o.lieu_id
    WHERE ${conditions}
    ORDER BY o.published_at DESC, o.id DESC
    LIMIT ${options.limit}
  `.execute(db);

  const offers = result.rows.map(toMatchedOffer);
  if (offers.length < options.limit) return { offers, total: offers.length };
  const counted = await sql<{ total: string }>`
    SELECT count(*) AS total FROM offers o WHERE ${conditions}
  `.execute(db);
  return { offers, total: Number(counted.rows[0]?.total ?? offers.length) };
}

/**
 * Counts every new offer of a resolved alert search (as selectNewOffers finds them) as mailed to
 * the alert, in one statement: a digest lists the newest and says how many there are, and the
 * next digest must not list the others. Answers the number of offers reserved. Run in the
 * digest's transaction, after the lists of the mail are read.
 */
export async function reserveNewOffers(
  trx: Kysely<Database>,
  alertId: number,
  search: ResolvedSearch,
  since: Date,
  options: { now: Date; outboxId: number },
): Promise<number> {
  // Offers mailed before are skipped by the primary key, not by an anti-join: in an INSERT into
  // the table it reads, a join would scan the rows the statement writes, for every offer.
  const result = await sql`
    INSERT INTO alert_sent_offers (alert_id, offer_id, sent_at, outbox_id)
    SELECT ${alertId}, o.id, ${options.now}, ${options.outboxId}
    FROM offers o
    WHERE ${publishedOfferConditions(search, since, options.now)}
    ON CONFLICT (alert_id, offer_id) DO NOTHING
  `.execute(trx);
  return Number(result.numAffectedRows ?? 0n);
}

/**
 * The price drops of a resolved alert search in (since, now] not yet mailed to this alert, one
 * per offer (its drops in the window together), latest first, at most `limit`, with the count of
 * all. Runs on a transaction as well as on the database.
 */
export async function selectPriceDrops(
  db: Kysely<Database>,
  alertId: number,
  search: ResolvedSearch,
  since: Date,
  options: { now: Date; limit: number },
): Promise<PriceDrops> {
  const nature = search.filters.nature ?? 'V';
  const amount = sql.ref(`o.${PRICE_COLUMN[nature]}`);
  const result = await sql<
    MatchRow & {
      history_ids: string[];
      old_amount: number;
      new_amount: number;
      changed_at: Date | string;
    }
  >`
    WITH d AS (
      SELECT h.offer_id,
        array_agg(h.id::text ORDER BY h.changed_at, h.id) AS history_ids,
        (array_agg(h.old_amount ORDER BY h.changed_at, h.id))[1] AS old_amount,
        (array_agg(h.new_amount ORDER BY h.changed_at DESC, h.id DESC))[1] AS new_amount,
        max(h.changed_at) AS changed_at
      FROM offer_price_history h
      WHERE h.new_amount < h.old_amount
        AND h.changed_at > ${since}
        AND h.changed_at <= ${options.now}
        AND NOT EXISTS (
          SELECT 1 FROM alert_sent_price_drops s
          WHERE s.alert_id = ${alertId} AND s.price_history_id = h.id
        )
        -- A drop before the alert got the offer as new is no news: that mail gave the price.
        AND NOT EXISTS (
          SELECT 1 FROM alert_sent_offers s
          WHERE s.alert_id = ${alertId} AND s.offer_id = h.offer_id AND s.sent_at >= h.changed_at
        )
      GROUP BY h.offer_id
    )
    SELECT o.id, o.slug, o.nature, o.rubrique_id, o.lieu_id, l.slug AS lieu_slug,
      l.libelle_fr AS lieu_libelle_fr, l.libelle_en AS lieu_libelle_en,
      o.titre1_fr, o.titre1_en, o.titre2_fr, o.titre2_en, ${amount} AS amount, o.prix_cache,
      o.surface, o.field_surface, o.rooms, o.bedrooms, o.cover_photo AS photo, o.published_at,
      d.history_ids, d.old_amount, d.new_amount, d.changed_at,
      count(*) OVER () AS total
    FROM d
    JOIN offers o ON o.id = d.offer_id
    JOIN lieux l ON l.id = o.lieu_id
    WHERE ${searchConditions(search)}
      AND o.status = 'active'
      AND NOT o.prix_cache
      AND ${amount} < d.old_amount
      AND NOT (${newOfferConditions(alertId, search, since, options.now)})
    ORDER BY d.changed_at DESC, o.id DESC
    LIMIT ${options.limit}
  `.execute(db);
  const drops = result.rows.map((row): PriceDrop => ({
    ...toMatchedOffer(row),
    historyIds: row.history_ids.map(Number),
    oldAmount: row.old_amount,
    newAmount: row.new_amount,
    changedAt: new Date(row.changed_at),
  }));
  return { drops, total: result.rows[0] ? Number(result.rows[0].total) : 0 };
}

/**
 * The active offers matching an alert's criteria, published in (since, now], that the alert was
 * never mailed; newest first, at most `limit` (default 20), with the count of all matches.
 */
export async function findNewOffersForAlert(
  db: Db,
  alert: Pick<AlertRow, 'id' | 'criteria'>,
  since: Date,
  options: { now?: Date; limit?: number; reference?: Reference } = {},
): Promise<NewOffers> {
  const reference = options.reference ?? (await createReferenceCache(db).get());
  const search = resolveAlertSearch(reference, parseAlertCriteria(alert.criteria));
  return selectNewOffers(db.kysely, alert.id, search, since, {
    now: options.now ?? new Date(),
    limit: options.limit ?? DIGEST_LIMIT,
  });
}

export interface SearchLabels {
  nature: { fr: string; en: string };
  rubriques: { fr: string; en: string }[];
  lieu: { fr: string; en: string } | null;
  /** For a search on a map area: the town nearest its centre, with its preposition. */
  area: { fr: string; en: string } | null;
}

/** The names a mail uses to describe an alert's search (nature, rubriques, place). */
export async function loadSearchLabels(
  db: Kysely<Database>,
  reference: Reference,
  criteria: AlertCriteria,
): Promise<SearchLabels> {
  const nature = reference.natures.find((n) => n.id === criteria.nature);
  const rubriques = (criteria.rubrique ?? [])
    .filter((id) => id !== reference.genericRubriqueId)
    .map((id) => reference.rubriques.get(id))
    .filter((r) => r !== undefined)
    .map((r) => ({ fr: r.plural_fr, en: r.plural_en }));
  const lieu =
    criteria.lieu != null
      ? await db
          .selectFrom('lieux')
          .select(['type', 'libelle_prep_fr', 'libelle_prep_en'])
          .where('id', '=', criteria.lieu)
          .executeTakeFirst()
      : undefined;
  // A map area is named by the town nearest its centre.
  const box = criteria.bbox ? readBbox(criteria.bbox) : null;
  const area =
    box && typeof box !== 'string'
      ? await db
          .selectFrom('lieux')
          .select(['libelle_prep_fr', 'libelle_prep_en'])
          .where('type', '=', 'Villes')
          .where('lat', 'is not', null)
          .where('lng', 'is not', null)
          .orderBy(
            sql`power(lat - ${(box.south + box.north) / 2}, 2) + power(lng - ${(box.west + box.east) / 2}, 2)`,
          )
          .orderBy('id')
          .limit(1)
          .executeTakeFirst()
      : undefined;
  return {
    nature: nature ? nature.libelle : { fr: criteria.nature, en: criteria.nature },
    area: area ? { fr: area.libelle_prep_fr, en: area.libelle_prep_en } : null,
    rubriques,
    lieu:
      lieu && lieu.type !== 'Generic'
        ? { fr: lieu.libelle_prep_fr, en: lieu.libelle_prep_en }
        : null,
  };
}
