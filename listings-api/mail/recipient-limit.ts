import { sql, type Transaction } from 'kysely';
import type { Database, MailOutboxTable } from '../db/types';

// Mails anyone can have sent to any address by filling a form with it (an alert's confirmation,
// later a professional's sign-in link) are limited per recipient, whatever the client's address:
// at most `max` of a kind to one address per `periodMs`. The count is in the database, so every
// process of the listings API shares it; a lock on the (kind, address) pair, held until the
// caller's transaction ends, keeps two processes from both taking the last place.

export interface RecipientLimit {
  /** The kind of mail counted. */
  kind: MailOutboxTable['kind'];
  max: number;
  periodMs: number;
}

/**
 * True when one more mail of this kind may be queued to `to` now; call it in the transaction that
 * queues the mail (the lock it takes lasts until that transaction ends). Cancelled mails, which
 * never went, do not count.
 */
export async function withinRecipientLimit(
  trx: Transaction<Database>,
  limit: RecipientLimit,
  to: string,
  now: Date,
): Promise<boolean> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${limit.kind}:${to.toLowerCase()}`}, 0))`.execute(
    trx,
  );
  const row = await trx
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<string>().as('queued'))
    .where(sql`lower(to_address)`, '=', to.toLowerCase())
    .where('kind', '=', limit.kind)
    .where('created_at', '>', new Date(now.getTime() - limit.periodMs))
    .where('cancelled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.queued) < limit.max;
}
