import { sql, type Selectable } from 'kysely';
import type { AlertCriteria, Lang } from '../../shared/contract';
import type { Db } from '../db/connection';
import type { AlertsTable } from '../db/types';

// Alerts (without accounts: the owner holds a token, the database its sha256) and what the links
// of their mails do: confirm the address, unsubscribe.

export type AlertRow = Selectable<AlertsTable>;

export interface NewAlert {
  tokenHash: string;
  email: string;
  lang: Lang;
  contactProximite: boolean;
  /** In canonical form. */
  criteria: AlertCriteria;
  /** sha256 of the canonical criteria: one live alert per address and criteria. */
  criteriaKey: string;
}

/** Stores a new alert; undefined when the address already has a live alert of these criteria. */
export async function insertAlert(db: Db, alert: NewAlert): Promise<AlertRow | undefined> {
  return db.kysely
    .insertInto('alerts')
    .values({
      token_hash: alert.tokenHash,
      email: alert.email,
      lang: alert.lang,
      contact_proximite: alert.contactProximite,
      criteria: JSON.stringify(alert.criteria),
      criteria_key: alert.criteriaKey,
    })
    .onConflict((oc) =>
      oc
        // The partial unique index alerts_email_criteria.
        .expression(sql`lower(email), criteria_key`)
        .where('unsubscribed_at', 'is', null)
        .doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

/** The live alerts of these token hashes, newest first. */
export async function selectAlertsByTokenHashes(db: Db, hashes: string[]): Promise<AlertRow[]> {
  return db.kysely
    .selectFrom('alerts')
    .selectAll()
    .where('token_hash', 'in', hashes)
    .where('unsubscribed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Deletes the alert of a token hash; false when there is none. */
export async function deleteAlertByTokenHash(db: Db, hash: string): Promise<boolean> {
  const deleted = await db.kysely
    .deleteFrom('alerts')
    .where('token_hash', '=', hash)
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}

/** What the links of an alert's mails need of it. */
export async function selectAlertOfMail(db: Db, id: number) {
  return db.kysely
    .selectFrom('alerts')
    .select(['id', 'email', 'lang', 'confirmed_at', 'unsubscribed_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Confirms the alert's address; false when it was already confirmed (or is unsubscribed). */
export async function confirmAlert(db: Db, id: number): Promise<boolean> {
  const updated = await db.kysely
    .updateTable('alerts')
    .set({ confirmed_at: new Date() })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .where('unsubscribed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/**
 * Unsubscribes the alert and cancels its mails waiting in the outbox; false when it was already
 * unsubscribed.
 */
export async function unsubscribeAlert(db: Db, id: number, now: Date): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('alerts')
      .set({ unsubscribed_at: now })
      .where('id', '=', id)
      .where('unsubscribed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    // Mails waiting in the outbox are dropped with the alert.
    await trx
      .updateTable('mail_outbox')
      .set({ cancelled_at: now, last_error: 'alert unsubscribed' })
      .where('alert_id', '=', id)
      .where('sent_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .execute();
    return updated !== undefined;
  });
}
