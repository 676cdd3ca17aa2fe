import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, MailOutboxTable } from '../db/types';

// The outbox of the portal's mails (mail/outbox.ts sends them): one row per mail, written in the
// transaction that stores what it is about, claimed with a lease, retried with backoff.

export type OutboxRow = Selectable<MailOutboxTable>;
export type NewOutboxRow = Insertable<MailOutboxTable>;
type Handle = Kysely<Database> | Transaction<Database>;

/**
 * Claims the next due row: attempts + 1 and next_attempt_at moved to `leaseUntil`, so that no
 * other run (and not this one) takes it while it is being sent. Undefined when none is due.
 */
export function claimDueMail(
  db: Handle,
  now: Date,
  leaseUntil: Date,
): Promise<OutboxRow | undefined> {
  return db
    .updateTable('mail_outbox')
    .set({ attempts: sql`attempts + 1`, next_attempt_at: leaseUntil })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('mail_outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .executeTakeFirst();
}

export async function markMailSent(db: Handle, id: number, now: Date): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ sent_at: now, last_error: null })
    .where('id', '=', id)
    .execute();
}

export async function markMailRetry(
  db: Handle,
  id: number,
  error: string,
  retryAt: Date,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ last_error: error.slice(0, 2000), next_attempt_at: retryAt })
    .where('id', '=', id)
    .execute();
}

export async function cancelMail(db: Handle, id: number, now: Date, reason: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ cancelled_at: now, last_error: reason })
    .where('id', '=', id)
    .execute();
}

/**
 * Queues a mail, inside the caller's transaction when it passes one. A mail its unique indexes
 * allow once (an alert's confirmation, a request's mail) is not queued twice: undefined then.
 */
export async function insertMail(db: Handle, values: NewOutboxRow): Promise<number | undefined> {
  const row = await db
    .insertInto('mail_outbox')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
