import { describeSearch, renderDigestMail, toDigestDrop, toDigestOffer } from '../../mails/index';
import type { Config } from '../../shared/contract';
import { href } from '../../shared/routes';
import {
  lockAlertForDigest,
  reserveDigest,
  selectAlertSearch,
  selectAlertsDueForDigest,
} from '../repositories/alerts';
import { insertMail } from '../repositories/mail-outbox';
import { countNow } from '../stats/counter';
import type { MailLog } from '../mail/transport';
import { alertMailLinks } from './links';
import { alertMessageId, langOf, type MailContext } from './mail-context';
import {
  loadSearchLabels,
  parseAlertCriteria,
  reserveNewOffers,
  resolveAlertSearch,
  selectNewOffers,
  selectPriceDrops,
  type AlertRow,
} from './match';

// The digests of confirmed alerts: one per alert with new matching offers or price drops of
// matching offers. However many offers are new (a large import brings thousands), a digest says
// how many, lists the newest `digestLimit` with a link to the rest, and counts every one of them as
// mailed: the next digest lists only what is new after it. The outbox row and the
// alert_sent_offers and alert_sent_price_drops rows that reserve what it covers are written in one
// transaction; the offers stay reserved for that row, so a retry sends the same mail (same
// Message-ID) and no other digest can list them. Several runs may go at once: an alert is locked
// with SKIP LOCKED while its digest is written.

export interface DigestContext extends MailContext {
  /** The portal configuration (as GET /config answers it), for links through the route table. */
  config: Config;
  /** Offers listed in one digest (newest first). */
  digestLimit: number;
  /** Minimum time between two digests of one alert. */
  digestMinIntervalMs: number;
}

export interface DigestsSummary {
  queued: number;
  offersReserved: number;
  dropsReserved: number;
  skipped: number;
}

const BATCH = 200;
// Offers committed a little after a run may carry a published_at just before it: the next digest
// looks back this far (alert_sent_offers keeps any offer from being mailed twice).
const SINCE_OVERLAP_MS = 10 * 60_000;

// created_at is typed Generated<Timestamp> in the row types, which reads back as the column
// type itself; the driver gives a Date.
function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

function digestSince(alert: AlertRow, now: Date): Date {
  const created = toDate(alert.created_at);
  if (!alert.last_sent_at) return created;
  const back = new Date(new Date(alert.last_sent_at).getTime() - SINCE_OVERLAP_MS);
  const since = back > created ? back : created;
  return since > now ? now : since;
}

/** Queues the digest of one alert, if it has new offers or drops; true when one was queued. */
async function queueDigest(
  ctx: DigestContext,
  alertId: number,
  summary: DigestsSummary,
): Promise<boolean> {
  // Everything that reads other tables is done before the transaction: on PGlite the pool has a
  // single connection, which the transaction holds.
  const current = await selectAlertSearch(ctx.db, alertId);
  if (!current) return false;
  const criteria = parseAlertCriteria(current.criteria);
  const lang = langOf(current);
  const search = resolveAlertSearch(ctx.reference, criteria);
  const searchLabel = describeSearch(
    await loadSearchLabels(ctx.db, ctx.reference, criteria),
    criteria,
    lang,
  );

  return ctx.db.transaction().execute(async (trx) => {
    const alert = await lockAlertForDigest(trx, alertId);
    // Locked by another run, deleted, unsubscribed or unconfirmed meanwhile: nothing to do here.
    if (!alert || alert.confirmed_at == null || alert.unsubscribed_at != null) return false;
    const lastSent = alert.last_sent_at ? new Date(alert.last_sent_at).getTime() : null;
    if (lastSent != null && ctx.now.getTime() - lastSent < ctx.digestMinIntervalMs) return false;

    const since = digestSince(alert, ctx.now);
    const found = await selectNewOffers(trx, alert.id, search, since, {
      now: ctx.now,
      limit: ctx.digestLimit,
    });
    // The limit is for both lists together: drops fill what the new offers leave (one row is
    // still read when none is left, for the count the mail gives).
    const room = ctx.digestLimit - found.offers.length;
    const dropped = await selectPriceDrops(trx, alert.id, search, since, {
      now: ctx.now,
      limit: Math.max(room, 1),
    });
    const drops = dropped.drops.slice(0, Math.max(room, 0));
    if (found.offers.length === 0 && drops.length === 0) return false;

    const links = alertMailLinks(ctx.publicUrl, ctx.secret, alert.id, ctx.unsubscribeMailbox, lang);
    const content = renderDigestMail({
      lang,
      siteName: ctx.siteName,
      search: searchLabel,
      offers: found.offers.map((o) => toDigestOffer(o, lang, ctx.publicUrl, ctx.config)),
      total: found.total,
      drops: drops.map((d) => toDigestDrop(d, lang, ctx.publicUrl, ctx.config)),
      dropTotal: dropped.total,
      alertsUrl: `${ctx.publicUrl}${href('alerts', {}, lang, ctx.config)}`,
      unsubscribeUrl: links.unsubscribeUrl,
    });
    const listed = [...new Set([...found.offers.map((o) => o.id), ...drops.map((d) => d.id)])];
    const outboxId = await insertMail(trx, {
      alert_id: alert.id,
      kind: 'digest',
      to_address: alert.email,
      subject: content.subject,
      message_id: alertMessageId(ctx, alert.id, 'digest'),
      headers: JSON.stringify(links.headers),
      html: content.html,
      text: content.text,
      offer_ids: listed,
      next_attempt_at: ctx.now,
    });
    if (outboxId === undefined) throw new Error('digest not queued');
    // The audience of the offers it lists (their agencies see how often they went out).
    await countNow(trx, 'alerte', listed, ctx.now);
    // Every new offer, listed or only counted (after the drops were read: they leave new ones out).
    const offersReserved =
      found.total > 0
        ? await reserveNewOffers(trx, alert.id, search, since, { now: ctx.now, outboxId })
        : 0;
    const dropsReserved = await reserveDigest(trx, {
      alertId: alert.id,
      outboxId,
      now: ctx.now,
      drops: drops.map((d) => ({ offerId: d.id, historyIds: d.historyIds })),
    });
    summary.offersReserved += offersReserved;
    summary.dropsReserved += dropsReserved;
    return true;
  });
}

/** Queues the digest of every confirmed alert that has something new and is due. */
export async function queueDigests(ctx: DigestContext, log: MailLog): Promise<DigestsSummary> {
  const summary: DigestsSummary = { queued: 0, offersReserved: 0, dropsReserved: 0, skipped: 0 };
  let lastId = 0;
  const dueBefore =
    ctx.digestMinIntervalMs > 0 ? new Date(ctx.now.getTime() - ctx.digestMinIntervalMs) : null;
  for (;;) {
    const ids = await selectAlertsDueForDigest(ctx.db, lastId, dueBefore, BATCH);
    for (const id of ids) {
      lastId = id;
      try {
        if (await queueDigest(ctx, id, summary)) summary.queued += 1;
      } catch (err) {
        summary.skipped += 1;
        log.error({ err, alertId: id }, 'alert digest not written');
      }
    }
    if (ids.length < BATCH) return summary;
  }
}
