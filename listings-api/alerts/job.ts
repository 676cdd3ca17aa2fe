import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  describeSearch,
  renderConfirmMail,
  renderDigestMail,
  toDigestDrop,
  toDigestOffer,
} from '../../mails/index';
import { alertLinkPath } from '../../shared/bff-paths';
import type { Config, Lang } from '../../shared/contract';
import { href } from '../../shared/routes';
import type { Db } from '../db/connection';
import type { Database } from '../db/types';
import { addressOf, defaultFrom } from './config';
import type { AlertLog, MailTransport } from './mailer';
import { createReferenceCache, type Reference } from '../lib/reference';
import { startPeriodic, type Periodic } from '../lib/periodic';
import { loadSettings } from '../repositories/settings';
import { loadPortalConfig } from './portal-config';
import {
  DIGEST_LIMIT,
  loadSearchLabels,
  parseAlertCriteria,
  resolveAlertSearch,
  selectNewOffers,
  selectPriceDrops,
  type AlertRow,
} from './match';
import { resolveSigningSecret, signMailToken } from './tokens';
import { mailSendFailures, mailsSent } from '../metrics';

// The alert mail job. One run:
// 1. queues one confirmation mail for each new alert (double opt-in: nothing else before it);
// 2. queues one digest per confirmed, subscribed alert with new matching offers or price drops
//    of matching offers; the outbox row and the alert_sent_offers and alert_sent_price_drops
//    rows that reserve what it lists are written in one transaction;
// 3. sends every due outbox row (new ones and retries). A row is claimed with a lease before
//    sending, so concurrent runs never send it twice; a failure records the error and a later
//    next_attempt_at (exponential backoff); the offers stay reserved for that row, so a retry
//    sends the same mail (same Message-ID) and no other digest can list them.
// Several instances may run the job at once: rows are locked with SKIP LOCKED, and one
// confirmation per alert is enforced by a unique index.

export interface AlertJobOptions {
  /** The run's clock (tests pass their own); default: the current time. */
  now?: Date;
  /** Base of every link in the mails: the public web app. */
  publicUrl: string;
  transport: MailTransport;
  log: AlertLog;
  /** HMAC key of the links; default: the key kept in the database. */
  secret?: string;
  /** From header; default defaultFrom(publicUrl). */
  from?: string;
  /** Address of the mailto: form of List-Unsubscribe; default: the From address. */
  unsubscribeMailbox?: string;
  /** Offers listed in one digest (newest first). */
  digestLimit?: number;
  /** Minimum time between two digests of one alert. */
  digestMinIntervalMs?: number;
  /** Sending attempts before a mail is given up (kept in the outbox with its last error). */
  maxAttempts?: number;
  /** The listings API's reference cache, when the job runs inside it. */
  reference?: { get(): Promise<Reference> };
}

export interface AlertJobSummary {
  confirmationsQueued: number;
  digestsQueued: number;
  offersReserved: number;
  /** Price changes reserved for digests (alert_sent_price_drops rows). */
  dropsReserved: number;
  sent: number;
  /** Sends that failed and will be retried. */
  failed: number;
  /** Mails dropped: alert unsubscribed meanwhile, or attempts exhausted. */
  cancelled: number;
  /** Alerts skipped because their stored criteria could not be read (logged). */
  skippedAlerts: number;
}

const BATCH = 200;
const LEASE_MS = 10 * 60_000;
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;
export const DEFAULT_MAX_ATTEMPTS = 16;
// Offers committed a little after a run may carry a published_at just before it: the next digest
// looks back this far (alert_sent_offers keeps any offer from being mailed twice).
const SINCE_OVERLAP_MS = 10 * 60_000;

/** Delay before retrying after the n-th failed attempt: 1 min, 2, 4, ... capped at 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/** What sending the outbox needs: the alert job's run and the outbox sender share it. */
interface DeliveryContext {
  db: Kysely<Database>;
  now: Date;
  from: string;
  transport: MailTransport;
  log: AlertLog;
  maxAttempts: number;
  summary: Pick<AlertJobSummary, 'sent' | 'failed' | 'cancelled'>;
}

/** What writing an alert's mails needs. */
interface MailContext {
  db: Kysely<Database>;
  now: Date;
  reference: Reference;
  publicUrl: string;
  secret: string;
  siteName: string;
  mailHost: string;
  unsubscribeMailbox: string;
}

interface JobContext extends DeliveryContext, MailContext {
  handle: Db;
  /** The portal configuration (as GET /config answers it), for links through the route table. */
  config: Config;
  digestLimit: number;
  digestMinIntervalMs: number;
  summary: AlertJobSummary;
}

function langOf(alert: AlertRow): Lang {
  return alert.lang === 'en' ? 'en' : 'fr';
}

/**
 * The confirm and unsubscribe links of an alert, and the unsubscribe headers (RFC 2369, 8058).
 * The links open pages of the web app (in the alert's language) that act only on the click of
 * their button, a POST: mail scanners and link previews fetch links on their own. The one-click
 * unsubscribe of RFC 8058 is a POST by the mail client to the same URL.
 */
export function alertMailLinks(
  publicUrl: string,
  secret: string,
  alertId: number,
  unsubscribeMailbox: string,
  lang: Lang = 'fr',
) {
  const confirmToken = signMailToken(secret, 'confirm', alertId);
  const unsubscribeToken = signMailToken(secret, 'unsubscribe', alertId);
  const confirmUrl = `${publicUrl}${alertLinkPath('confirm', confirmToken, lang)}`;
  const unsubscribeUrl = `${publicUrl}${alertLinkPath('unsubscribe', unsubscribeToken, lang)}`;
  const mailto = `mailto:${unsubscribeMailbox}?subject=${encodeURIComponent(`unsubscribe ${unsubscribeToken}`)}`;
  return {
    confirmUrl,
    unsubscribeUrl,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>, <${mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

function messageId(ctx: MailContext, alertId: number, kind: string): string {
  return `<alert-${alertId}.${kind}.${randomUUID()}@${ctx.mailHost}>`;
}

async function searchText(ctx: MailContext, alert: AlertRow, lang: Lang): Promise<string> {
  const criteria = parseAlertCriteria(alert.criteria);
  const labels = await loadSearchLabels(ctx.db, ctx.reference, criteria);
  return describeSearch(labels, criteria, lang);
}

/** Writes the confirmation mail of one alert to the outbox; true when a row was added. */
async function writeConfirmation(ctx: MailContext, alert: AlertRow): Promise<boolean> {
  const lang = langOf(alert);
  const links = alertMailLinks(ctx.publicUrl, ctx.secret, alert.id, ctx.unsubscribeMailbox, lang);
  const content = renderConfirmMail({
    lang,
    siteName: ctx.siteName,
    search: await searchText(ctx, alert, lang),
    confirmUrl: links.confirmUrl,
    unsubscribeUrl: links.unsubscribeUrl,
  });
  // One confirmation per alert (unique index mail_outbox_one_confirm): a second writer adds none.
  const inserted = await ctx.db
    .insertInto('mail_outbox')
    .values({
      alert_id: alert.id,
      kind: 'confirm',
      to_address: alert.email,
      subject: content.subject,
      message_id: messageId(ctx, alert.id, 'confirm'),
      headers: JSON.stringify(links.headers),
      html: content.html,
      text: content.text,
      next_attempt_at: ctx.now,
    })
    .onConflict((oc) => oc.column('alert_id').where('kind', '=', 'confirm').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

async function queueConfirmations(ctx: JobContext): Promise<void> {
  let lastId = 0;
  for (;;) {
    const alerts = await ctx.db
      .selectFrom('alerts as a')
      .selectAll('a')
      .where('a.confirmed_at', 'is', null)
      .where('a.unsubscribed_at', 'is', null)
      .where('a.id', '>', lastId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('mail_outbox as m')
              .select(sql`1`.as('one'))
              .whereRef('m.alert_id', '=', 'a.id')
              .where('m.kind', '=', 'confirm'),
          ),
        ),
      )
      .orderBy('a.id')
      .limit(BATCH)
      .execute();
    for (const alert of alerts) {
      lastId = alert.id;
      try {
        if (await writeConfirmation(ctx, alert)) ctx.summary.confirmationsQueued += 1;
      } catch (err) {
        ctx.summary.skippedAlerts += 1;
        ctx.log.error({ err, alertId: alert.id }, 'alert confirmation not written');
      }
    }
    if (alerts.length < BATCH) return;
  }
}

export interface ConfirmationOptions {
  now?: Date;
  /** Base of every link in the mails: the public web app. */
  publicUrl: string;
  /** HMAC key of the links; default: the key kept in the database. */
  secret?: string;
  /** From header; default defaultFrom(publicUrl). */
  from?: string;
  /** Address of the mailto: form of List-Unsubscribe; default: the From address. */
  unsubscribeMailbox?: string;
  /** The listings API's reference cache, when called inside it. */
  reference?: { get(): Promise<Reference> };
}

/**
 * Queues the confirmation mail of one new alert, as the job's run would: what POST /alerte does
 * right after storing the alert, so the mail goes at once. Idempotent (one confirmation per
 * alert); nothing for an alert confirmed, unsubscribed or gone. True when a mail was queued.
 */
export async function queueConfirmation(
  db: Db,
  alertId: number,
  options: ConfirmationOptions,
): Promise<boolean> {
  const alert = await db.kysely
    .selectFrom('alerts')
    .selectAll()
    .where('id', '=', alertId)
    .where('confirmed_at', 'is', null)
    .where('unsubscribed_at', 'is', null)
    .executeTakeFirst();
  if (!alert) return false;
  const ctx = await mailContext(db, options);
  return writeConfirmation(ctx, alert);
}

/** What writing an alert's mails needs, from the job's or the caller's options. */
async function mailContext(db: Db, options: ConfirmationOptions): Promise<MailContext> {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const from = options.from ?? defaultFrom(publicUrl);
  const fromAddress = addressOf(from);
  const reference = await (options.reference ?? createReferenceCache(db)).get();
  return {
    db: db.kysely,
    reference,
    now: options.now ?? new Date(),
    publicUrl,
    secret: await resolveSigningSecret(db.kysely, options.secret),
    // The name the mails speak of: the site's name from the settings, as the pages show it.
    siteName: (await loadSettings(db)).siteName,
    mailHost: fromAddress.split('@')[1] ?? 'localhost',
    unsubscribeMailbox: options.unsubscribeMailbox ?? fromAddress,
  };
}

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
async function queueDigest(ctx: JobContext, alertId: number): Promise<boolean> {
  // Everything that reads other tables is done before the transaction: on PGlite the pool has a
  // single connection, which the transaction holds.
  const current = await ctx.db
    .selectFrom('alerts')
    .select(['criteria', 'lang'])
    .where('id', '=', alertId)
    .executeTakeFirst();
  if (!current) return false;
  const criteria = parseAlertCriteria(current.criteria);
  const lang: Lang = current.lang === 'en' ? 'en' : 'fr';
  const search = resolveAlertSearch(ctx.reference, criteria);
  const searchLabel = describeSearch(
    await loadSearchLabels(ctx.db, ctx.reference, criteria),
    criteria,
    lang,
  );

  return ctx.db.transaction().execute(async (trx) => {
    const alert = await trx
      .selectFrom('alerts')
      .selectAll()
      .where('id', '=', alertId)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
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
    const offerIds = found.offers.map((o) => o.id);
    const listed = [...offerIds, ...drops.map((d) => d.id)];
    const outbox = await trx
      .insertInto('mail_outbox')
      .values({
        alert_id: alert.id,
        kind: 'digest',
        to_address: alert.email,
        subject: content.subject,
        message_id: messageId(ctx, alert.id, 'digest'),
        headers: JSON.stringify(links.headers),
        html: content.html,
        text: content.text,
        offer_ids: listed,
        next_attempt_at: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The primary key (alert_id, offer_id) makes a second reservation of an offer fail, which
    // rolls the whole digest back: an alert never gets an offer twice.
    if (offerIds.length > 0) {
      await trx
        .insertInto('alert_sent_offers')
        .values(
          offerIds.map((offerId) => ({
            alert_id: alert.id,
            offer_id: offerId,
            sent_at: ctx.now,
            outbox_id: outbox.id,
          })),
        )
        .execute();
    }
    // Likewise (alert_id, price_history_id): a price change is never mailed twice to an alert.
    const dropRows = drops.flatMap((d) =>
      d.historyIds.map((historyId) => ({
        alert_id: alert.id,
        price_history_id: historyId,
        offer_id: d.id,
        sent_at: ctx.now,
        outbox_id: outbox.id,
      })),
    );
    if (dropRows.length > 0) {
      await trx.insertInto('alert_sent_price_drops').values(dropRows).execute();
    }
    await trx
      .updateTable('alerts')
      .set({ last_sent_at: ctx.now })
      .where('id', '=', alert.id)
      .execute();
    ctx.summary.offersReserved += offerIds.length;
    ctx.summary.dropsReserved += dropRows.length;
    return true;
  });
}

async function queueDigests(ctx: JobContext): Promise<void> {
  let lastId = 0;
  const dueBefore = new Date(ctx.now.getTime() - ctx.digestMinIntervalMs);
  for (;;) {
    let query = ctx.db
      .selectFrom('alerts')
      .select('id')
      .where('confirmed_at', 'is not', null)
      .where('unsubscribed_at', 'is', null)
      .where('id', '>', lastId);
    if (ctx.digestMinIntervalMs > 0) {
      query = query.where((eb) =>
        eb.or([eb('last_sent_at', 'is', null), eb('last_sent_at', '<=', dueBefore)]),
      );
    }
    const alerts = await query.orderBy('id').limit(BATCH).execute();
    for (const { id } of alerts) {
      lastId = id;
      try {
        if (await queueDigest(ctx, id)) ctx.summary.digestsQueued += 1;
      } catch (err) {
        ctx.summary.skippedAlerts += 1;
        ctx.log.error({ err, alertId: id }, 'alert digest not written');
      }
    }
    if (alerts.length < BATCH) return;
  }
}

async function cancelMail(ctx: DeliveryContext, id: number, reason: string): Promise<void> {
  await ctx.db
    .updateTable('mail_outbox')
    .set({ cancelled_at: ctx.now, last_error: reason })
    .where('id', '=', id)
    .execute();
  ctx.summary.cancelled += 1;
}

async function deliverDue(ctx: DeliveryContext): Promise<void> {
  const leaseUntil = new Date(ctx.now.getTime() + LEASE_MS);
  for (;;) {
    // Claim one due row: its next_attempt_at moves past this run, so nobody else (and not this
    // loop) takes it while it is being sent.
    const row = await ctx.db
      .updateTable('mail_outbox')
      .set({ attempts: sql`attempts + 1`, next_attempt_at: leaseUntil })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('mail_outbox')
          .select('id')
          .where('sent_at', 'is', null)
          .where('cancelled_at', 'is', null)
          .where('next_attempt_at', '<=', ctx.now)
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .executeTakeFirst();
    if (!row) return;

    // An alert's mails wait for its state; a prospect's confirmation goes as it is (deleted with
    // its request).
    if (row.alert_id != null) {
      const alert = await ctx.db
        .selectFrom('alerts')
        .select(['confirmed_at', 'unsubscribed_at'])
        .where('id', '=', row.alert_id)
        .executeTakeFirst();
      if (!alert || alert.unsubscribed_at != null) {
        await cancelMail(ctx, row.id, 'alert unsubscribed');
        continue;
      }
      if (row.kind === 'digest' && alert.confirmed_at == null) {
        await cancelMail(ctx, row.id, 'alert not confirmed');
        continue;
      }
    }
    const about = row.kind === 'prospect' ? 'prospect' : 'alert';
    const owner =
      row.kind === 'prospect' ? { prospectId: row.prospect_id } : { alertId: row.alert_id };

    const headers =
      typeof row.headers === 'string'
        ? (JSON.parse(row.headers) as Record<string, string>)
        : row.headers;
    try {
      const receipt = await ctx.transport.send({
        from: ctx.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text,
        html: row.html,
        messageId: row.message_id,
        headers,
      });
      await ctx.db
        .updateTable('mail_outbox')
        .set({ sent_at: ctx.now, last_error: null })
        .where('id', '=', row.id)
        .execute();
      if (row.kind === 'confirm' && row.alert_id != null) {
        await ctx.db
          .updateTable('alerts')
          .set({ confirm_sent_at: ctx.now })
          .where('id', '=', row.alert_id)
          .execute();
      }
      ctx.summary.sent += 1;
      mailsSent.inc();
      ctx.log.info(
        {
          outboxId: row.id,
          ...owner,
          kind: row.kind,
          offers: row.offer_ids.length,
          attempt: row.attempts,
          via: ctx.transport.kind,
          detail: receipt.detail,
        },
        ctx.transport.kind === 'eml' ? `${about} mail written` : `${about} mail sent`,
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (row.attempts >= ctx.maxAttempts) {
        mailSendFailures.inc({ outcome: 'given-up' });
        await cancelMail(ctx, row.id, `gave up after ${row.attempts} attempts: ${message}`);
        ctx.log.error(
          { outboxId: row.id, ...owner, kind: row.kind, attempts: row.attempts, err },
          `${about} mail given up`,
        );
        continue;
      }
      const retryAt = new Date(ctx.now.getTime() + retryDelayMs(row.attempts));
      await ctx.db
        .updateTable('mail_outbox')
        .set({ last_error: message.slice(0, 2000), next_attempt_at: retryAt })
        .where('id', '=', row.id)
        .execute();
      ctx.summary.failed += 1;
      mailSendFailures.inc({ outcome: 'retry' });
      ctx.log.warn(
        {
          outboxId: row.id,
          ...owner,
          kind: row.kind,
          attempt: row.attempts,
          retryAt: retryAt.toISOString(),
          error: message,
        },
        `${about} mail failed, will retry`,
      );
    }
  }
}

export interface SendDueOptions {
  now?: Date;
  from: string;
  transport: MailTransport;
  log: AlertLog;
  maxAttempts?: number;
}

/**
 * Sends every due outbox row (alert mails and prospect confirmations, new ones and retries) and
 * nothing else: what runs right after a prospect request is stored.
 */
export async function sendDueMails(
  db: Db,
  options: SendDueOptions,
): Promise<Pick<AlertJobSummary, 'sent' | 'failed' | 'cancelled'>> {
  const ctx: DeliveryContext = {
    db: db.kysely,
    now: options.now ?? new Date(),
    from: options.from,
    transport: options.transport,
    log: options.log,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    summary: { sent: 0, failed: 0, cancelled: 0 },
  };
  await deliverDue(ctx);
  return ctx.summary;
}

/** One run of the alert mails: confirmations, digests, then every due send and retry. */
export async function runAlertJob(db: Db, options: AlertJobOptions): Promise<AlertJobSummary> {
  const mail = await mailContext(db, options);
  const ctx: JobContext = {
    ...mail,
    handle: db,
    config: await loadPortalConfig(db, mail.reference),
    from: options.from ?? defaultFrom(mail.publicUrl),
    transport: options.transport,
    log: options.log,
    digestLimit: options.digestLimit ?? DIGEST_LIMIT,
    digestMinIntervalMs: options.digestMinIntervalMs ?? 0,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    summary: {
      confirmationsQueued: 0,
      digestsQueued: 0,
      offersReserved: 0,
      dropsReserved: 0,
      sent: 0,
      failed: 0,
      cancelled: 0,
      skippedAlerts: 0,
    },
  };
  await queueConfirmations(ctx);
  await queueDigests(ctx);
  await deliverDue(ctx);
  return ctx.summary;
}

export type AlertScheduler = Periodic;

/**
 * Runs the alert job now and then every `intervalMs` (a run never overlaps the previous one).
 * Errors are logged and the next run goes ahead.
 */
export function startAlertScheduler(
  db: Db,
  options: { intervalMs: number } & Omit<AlertJobOptions, 'now'>,
): AlertScheduler {
  const { intervalMs, ...jobOptions } = options;
  return startPeriodic(
    async () => {
      const summary = await runAlertJob(db, jobOptions);
      if (summary.sent + summary.failed + summary.cancelled + summary.skippedAlerts > 0) {
        options.log.info({ ...summary }, 'alert mail run');
      }
    },
    intervalMs,
    (err) => options.log.error({ err }, 'alert mail run failed'),
  );
}
