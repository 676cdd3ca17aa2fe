import type { Transaction } from 'kysely';
import { renderConfirmMail } from '../../mails/index';
import type { Database } from '../db/types';
import { selectAlertsAwaitingConfirmation, selectFoldedAlerts } from '../repositories/alerts';
import { insertMail } from '../repositories/mail-outbox';
import { withinRecipientLimit, type RecipientLimit } from '../mail/recipient-limit';
import type { MailLog } from '../mail/transport';
import { alertMailLinks } from './links';
import { alertMessageId, langOf, searchText, type MailContext } from './mail-context';
import type { AlertRow } from './match';

// The confirmation mail of a new alert (double opt-in: nothing else is sent before it is
// confirmed): queued by POST /alerte in the transaction that stores the alert, and by the job's
// run for any alert still without one (one the address's limit held back). One per alert (unique index mail_outbox_one_confirm).
// Anyone can create alerts for any address: an address gets at most
// CONFIRMATIONS_PER_ADDRESS_PER_DAY confirmation mails a day, whoever asks. Alerts created past
// that are stored and answered as usual, and wait: the next confirmation mail the address may get
// (the job's, once the day has passed, or POST /alerte's) is written for the latest of them, lists
// every search of the address still waiting, and its one link confirms them all
// (repositories/alerts foldedInto). A visitor who creates a few searches gets each confirmation at
// once; a stranger's address gets no more than three mails a day however many posts name it.

/** Confirmation mails one address may be sent in a day. */
export const CONFIRMATIONS_PER_ADDRESS_PER_DAY = 3;
const CONFIRM_LIMIT: RecipientLimit = {
  kind: 'confirm',
  max: CONFIRMATIONS_PER_ADDRESS_PER_DAY,
  periodMs: 24 * 60 * 60_000,
};

const BATCH = 200;

/**
 * Writes the confirmation mail of one alert (and of the alerts it covers) to the outbox, in the
 * transaction `trx`, which also holds the address's place in the limit; true when a row was
 * added, false when there was one already or the address had its share today.
 */
export async function writeConfirmation(
  trx: Transaction<Database>,
  context: MailContext,
  alert: AlertRow,
): Promise<boolean> {
  const ctx = { ...context, db: trx };
  if (!(await withinRecipientLimit(trx, CONFIRM_LIMIT, alert.email, ctx.now))) return false;
  const lang = langOf(alert);
  const links = alertMailLinks(ctx.publicUrl, ctx.secret, alert.id, ctx.unsubscribeMailbox, lang);
  const folded = await selectFoldedAlerts(trx, alert.id);
  const others: string[] = [];
  for (const other of folded) others.push(await searchText(ctx, other, lang));
  const content = renderConfirmMail({
    lang,
    siteName: ctx.siteName,
    search: await searchText(ctx, alert, lang),
    others,
    confirmUrl: links.confirmUrl,
    unsubscribeUrl: links.unsubscribeUrl,
  });
  const id = await insertMail(trx, {
    alert_id: alert.id,
    kind: 'confirm',
    to_address: alert.email,
    subject: content.subject,
    message_id: alertMessageId(ctx, alert.id, 'confirm'),
    headers: JSON.stringify(links.headers),
    html: content.html,
    text: content.text,
    next_attempt_at: ctx.now,
  });
  return id !== undefined;
}

/** Queues the confirmations of every alert still without one; the number queued. */
export async function queueConfirmations(
  ctx: MailContext,
  log: MailLog,
): Promise<{ queued: number; skipped: number }> {
  const result = { queued: 0, skipped: 0 };
  let lastId = 0;
  for (;;) {
    const alerts = await selectAlertsAwaitingConfirmation(ctx.db, lastId, BATCH);
    for (const alert of alerts) {
      lastId = alert.id;
      try {
        const queued = await ctx.db
          .transaction()
          .execute((trx) => writeConfirmation(trx, ctx, alert));
        if (queued) result.queued += 1;
      } catch (err) {
        result.skipped += 1;
        log.error({ err, alertId: alert.id }, 'alert confirmation not written');
      }
    }
    if (alerts.length < BATCH) return result;
  }
}
