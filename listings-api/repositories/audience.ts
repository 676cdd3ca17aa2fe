import { sql, type Kysely } from 'kysely';
import type { Lang } from '../../shared/contract';
import {
  PRO_AUDIENCE_PAGE_SIZE,
  type AudienceComparables,
  type AudienceDay,
  type AudienceFigures,
  type AudiencePeriod,
} from '../../shared/pro-audience';
import { MIN_COMPARABLES } from '../../shared/purchase-costs';
import type { Database } from '../db/types';
import { comparableScope } from '../lib/offer-comparables';
import type { Reference } from '../lib/reference';
import { dayStartsAt, daysBefore, nextDay, statDay } from '../stats/day';

// The audience an agency sees of its offers, over the last 7, 30 or 90 days (in France, today
// included): the daily counters (offer_stat_days: impressions, views, phone reveals, alert
// mails), contact requests (contacts, spam left out) and price changes (offer_price_history).
// Every statement is scoped by the agency and reads by offer and day through an index; a page
// costs a fixed number of them, whatever the agency's size.

export interface AudienceWindow {
  days: AudiencePeriod;
  from: string;
  to: string;
  /** The instant `from` begins in France. */
  since: Date;
}

export function audienceWindow(days: AudiencePeriod, now: Date): AudienceWindow {
  const to = statDay(now);
  const from = daysBefore(to, days - 1);
  return { days, from, to, since: new Date(dayStartsAt(from)) };
}

const zero = (): AudienceFigures => ({
  impressions: 0,
  views: 0,
  phones: 0,
  contacts: 0,
  alerts: 0,
  priceChanges: 0,
});

interface DayRow {
  day: string;
  metric: keyof AudienceFigures;
  n: number;
}

/** Every day of the window with its figures (zeros where nothing happened). */
function toSeries(
  window: AudienceWindow,
  rows: DayRow[],
): { series: AudienceDay[]; totals: AudienceFigures } {
  const byDay = new Map<string, AudienceDay>();
  for (let d = window.from; d <= window.to; d = nextDay(d)) byDay.set(d, { day: d, ...zero() });
  const totals = zero();
  for (const row of rows) {
    const day = byDay.get(row.day);
    if (!day) continue;
    day[row.metric] += row.n;
    totals[row.metric] += row.n;
  }
  return { series: [...byDay.values()], totals };
}

/**
 * The daily figures of a set of offers (`offers`: a subquery of ids) and of its contact requests
 * (`contacts`: a condition on the contacts table), in one statement.
 */
async function dailyFigures(
  db: Kysely<Database>,
  window: AudienceWindow,
  offers: ReturnType<typeof sql>,
  contacts: ReturnType<typeof sql>,
): Promise<DayRow[]> {
  const result = await sql<DayRow>`
    SELECT s.day::text AS day,
      CASE s.type WHEN 'liste' THEN 'impressions' WHEN 'detail' THEN 'views'
        WHEN 'telephone' THEN 'phones' ELSE 'alerts' END AS metric,
      sum(s.n)::integer AS n
    FROM offer_stat_days s
    WHERE s.offer_id IN (${offers}) AND s.type IN ('liste', 'detail', 'telephone', 'alerte')
      AND s.day BETWEEN ${window.from}::date AND ${window.to}::date
    GROUP BY 1, 2
    UNION ALL
    SELECT (c.created_at AT TIME ZONE 'Europe/Paris')::date::text, 'contacts', count(*)::integer
    FROM contacts c
    WHERE ${contacts} AND NOT c.spam AND c.created_at >= ${window.since}
    GROUP BY 1
    UNION ALL
    SELECT (h.changed_at AT TIME ZONE 'Europe/Paris')::date::text, 'priceChanges', count(*)::integer
    FROM offer_price_history h
    WHERE h.offer_id IN (${offers}) AND h.changed_at >= ${window.since}
    GROUP BY 1`.execute(db);
  return result.rows;
}

/** Per-offer totals of the window for a set of offers (`offers`: a subquery of ids). */
function totalsByOffer(window: AudienceWindow, offers: ReturnType<typeof sql>) {
  return sql`
    SELECT o.id,
      coalesce(s.impressions, 0) AS impressions, coalesce(s.views, 0) AS views,
      coalesce(s.phones, 0) AS phones, coalesce(k.n, 0) AS contacts,
      coalesce(s.alerts, 0) AS alerts, coalesce(h.n, 0) AS price_changes
    FROM (${offers}) o
    LEFT JOIN LATERAL (
      SELECT sum(n) FILTER (WHERE type = 'liste')::integer AS impressions,
        sum(n) FILTER (WHERE type = 'detail')::integer AS views,
        sum(n) FILTER (WHERE type = 'telephone')::integer AS phones,
        sum(n) FILTER (WHERE type = 'alerte')::integer AS alerts
      FROM offer_stat_days
      WHERE offer_id = o.id AND day BETWEEN ${window.from}::date AND ${window.to}::date
    ) s ON true
    LEFT JOIN LATERAL (
      SELECT count(*)::integer AS n FROM contacts
      WHERE offer_id = o.id AND NOT spam AND created_at >= ${window.since}
    ) k ON true
    LEFT JOIN LATERAL (
      SELECT count(*)::integer AS n FROM offer_price_history
      WHERE offer_id = o.id AND changed_at >= ${window.since}
    ) h ON true`;
}

interface OfferTotalsRow {
  id: number;
  reference: string;
  title: string;
  status: 'active' | 'obsolete';
  impressions: number;
  views: number;
  phones: number;
  contacts: number;
  alerts: number;
  price_changes: number;
  total: number;
}

const figuresOf = (
  row: Omit<OfferTotalsRow, 'id' | 'reference' | 'title' | 'status' | 'total'>,
) => ({
  impressions: row.impressions,
  views: row.views,
  phones: row.phones,
  contacts: row.contacts,
  alerts: row.alerts,
  priceChanges: row.price_changes,
});

/** The agency's audience: its daily figures and its offers' totals, most viewed first. */
export async function selectAgencyAudience(
  db: Kysely<Database>,
  agencyId: number,
  window: AudienceWindow,
  options: { lang: Lang; page: number },
) {
  const offers = sql`SELECT id FROM offers WHERE agency_id = ${agencyId}::integer`;
  const rows = await dailyFigures(db, window, offers, sql`c.agency_id = ${agencyId}::integer`);
  const { series, totals } = toSeries(window, rows);
  // Its active offers, and those withdrawn during the window.
  const listed = sql`
    SELECT id FROM offers WHERE agency_id = ${agencyId}::integer
      AND (status = 'active' OR obsolete_at >= ${window.since})`;
  const title = options.lang === 'en' ? sql.ref('o.titre1_en') : sql.ref('o.titre1_fr');
  const page = await sql<OfferTotalsRow>`
    SELECT t.*, o.reference, ${title} AS title, o.status, count(*) OVER ()::integer AS total
    FROM (${totalsByOffer(window, listed)}) t JOIN offers o ON o.id = t.id
    ORDER BY t.views DESC, t.impressions DESC, o.id
    LIMIT ${PRO_AUDIENCE_PAGE_SIZE}::integer
    OFFSET ${(options.page - 1) * PRO_AUDIENCE_PAGE_SIZE}::integer`.execute(db);
  return {
    series,
    totals,
    offers: {
      items: page.rows.map((row) => ({
        id: row.id,
        reference: row.reference,
        title: row.title,
        status: row.status,
        totals: figuresOf(row),
      })),
      total: page.rows[0]?.total ?? 0,
      page: options.page,
      page_size: PRO_AUDIENCE_PAGE_SIZE,
    },
  };
}

/** One offer of the agency, or undefined (another agency's offer is not found). */
export function selectAgencyOffer(db: Kysely<Database>, agencyId: number, offerId: number) {
  return db
    .selectFrom('offers')
    .select([
      'id',
      'reference',
      'titre1_fr',
      'titre1_en',
      'status',
      'nature',
      'rubrique_id',
      'lieu_id',
    ])
    .where('id', '=', offerId)
    .where('agency_id', '=', agencyId)
    .executeTakeFirst();
}

/** An offer's daily figures. */
export async function selectOfferSeries(
  db: Kysely<Database>,
  offerId: number,
  window: AudienceWindow,
) {
  const rows = await dailyFigures(
    db,
    window,
    sql`SELECT ${offerId}::integer`,
    sql`c.offer_id = ${offerId}::integer`,
  );
  return toSeries(window, rows);
}

/** An offer's price changes in the window, latest first. */
export async function selectPriceChanges(
  db: Kysely<Database>,
  offerId: number,
  window: AudienceWindow,
) {
  return db
    .selectFrom('offer_price_history')
    .select(['changed_at', 'old_amount', 'new_amount'])
    .where('offer_id', '=', offerId)
    .where(sql<boolean>`changed_at >= ${window.since}`)
    .orderBy('changed_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

interface ComparablesRow {
  n: number;
  m_impressions: number;
  m_views: number;
  m_phones: number;
  m_contacts: number;
  m_alerts: number;
  m_price_changes: number;
  r_impressions: number;
  r_views: number;
  r_phones: number;
  r_contacts: number;
  r_alerts: number;
}

/**
 * An offer against its comparables: the active offers of its nature and rubrique in its city,
 * else in its département when the city has fewer than MIN_COMPARABLES others, the offer itself
 * among them. The median of each figure, and the offer's rank by each (1 + the comparables with
 * more). Null without a city or département, or with too few comparables in both.
 */
export async function selectAudienceComparables(
  db: Kysely<Database>,
  ref: Reference,
  offer: { id: number; nature: string; rubrique_id: number; lieu_id: number },
  window: AudienceWindow,
  lang: Lang,
): Promise<AudienceComparables | null> {
  const scope = comparableScope(ref, offer.lieu_id);
  const peersIn = (ids: number[]) => sql`
    SELECT id FROM offers
    WHERE status = 'active' AND nature = ${offer.nature} AND rubrique_id = ${offer.rubrique_id}::integer
      AND lieu_id = ANY(${ids}::int[]) AND id <> ${offer.id}::integer`;
  const counted = await sql<{ city: number; dep: number }>`
    SELECT (SELECT count(*) FROM (${peersIn(scope.city?.ids ?? [])}) c)::integer AS city,
      (SELECT count(*) FROM (${peersIn(scope.departement?.ids ?? [])}) d)::integer AS dep`.execute(
    db,
  );
  const { city = 0, dep = 0 } = counted.rows[0] ?? {};
  const place =
    scope.city && city >= MIN_COMPARABLES
      ? { kind: 'city' as const, ...scope.city }
      : scope.departement && dep >= MIN_COMPARABLES
        ? { kind: 'departement' as const, ...scope.departement }
        : null;
  if (!place) return null;
  const group = sql`${peersIn(place.ids)} UNION ALL SELECT ${offer.id}::integer`;
  const median = (column: string) =>
    sql`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${sql.ref(`t.${column}`)})::float8`;
  const rank = (column: string) =>
    sql`(1 + count(*) FILTER (WHERE ${sql.ref(`t.${column}`)} > ${sql.ref(`me.${column}`)}))::integer`;
  const result = await sql<ComparablesRow>`
    WITH t AS (${totalsByOffer(window, group)})
    SELECT count(*)::integer AS n,
      ${median('impressions')} AS m_impressions, ${median('views')} AS m_views,
      ${median('phones')} AS m_phones, ${median('contacts')} AS m_contacts,
      ${median('alerts')} AS m_alerts, ${median('price_changes')} AS m_price_changes,
      ${rank('impressions')} AS r_impressions, ${rank('views')} AS r_views,
      ${rank('phones')} AS r_phones, ${rank('contacts')} AS r_contacts, ${rank('alerts')} AS r_alerts
    FROM t CROSS JOIN (SELECT * FROM t WHERE id = ${offer.id}::integer) me`.execute(db);
  const row = result.rows[0];
  if (!row) return null;
  const lieu = ref.lieux.get(place.id)!;
  return {
    scope: place.kind,
    lieu: {
      id: place.id,
      libelle: lang === 'en' ? lieu.libelle_en : lieu.libelle_fr,
      prep: lang === 'en' ? lieu.libelle_prep_en : lieu.libelle_prep_fr,
    },
    count: row.n,
    medians: {
      impressions: row.m_impressions,
      views: row.m_views,
      phones: row.m_phones,
      contacts: row.m_contacts,
      alerts: row.m_alerts,
      priceChanges: row.m_price_changes,
    },
    ranks: {
      impressions: row.r_impressions,
      views: row.r_views,
      phones: row.r_phones,
      contacts: row.r_contacts,
      alerts: row.r_alerts,
    },
  };
}
