import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AlertCriteria, Lang } from '../../shared/contract';
import type { Db } from '../db/connection';
import type { AlertsTable, Database } from '../db/types';

// Alerts (without accounts: the owner holds a token, the database its sha256), what the links
// of their mails do (confirm the address, unsubscribe) and what the alert mail job reads and
// reserves (alerts/confirmations.ts, alerts/digests.ts).

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
export async function insertAlert(
  db: Kysely<Database>,
  alert: NewAlert,
): Promise<AlertRow | undefined> {
  return db
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
    .select(['id', 'email', 'lang', 'criteria', 'confirmed_at', 'unsubscribed_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Alerts of the address of alert `id` (that one aside) that its confirmation covers: live,
 * unconfirmed, created before it and without a confirmation mail of their own (not cancelled),
 * as when the address had had its share of confirmation mails that day. Its mail lists them and
 * its link confirms them with it.
 */
function foldedInto(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('alerts as f')
    .innerJoin('alerts as x', (join) =>
      join.on('x.id', '=', id).on(sql`lower(f.email)`, '=', sql`lower(x.email)`),
    )
    .where('f.id', '<', id)
    .where('f.confirmed_at', 'is', null)
    .where('f.unsubscribed_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('mail_outbox as m')
            .select(sql`1`.as('one'))
            .whereRef('m.alert_id', '=', 'f.id')
            .where('m.kind', '=', 'confirm')
            .where('m.cancelled_at', 'is', null),
        ),
      ),
    );
}

/** The alerts the confirmation of alert `id` covers besides it (foldedInto), oldest first. */
export function selectFoldedAlerts(db: Kysely<Database>, id: number): Promise<AlertRow[]> {
  return foldedInto(db, id).selectAll('f').orderBy('f.id').execute();
}

/**
 * Confirms the alert's address, with the alerts its confirmation covers (foldedInto); false when
 * the alert was already confirmed (or is unsubscribed).
 */
export async function confirmAlert(db: Db, id: number): Promise<boolean> {
  const updated = await db.kysely
    .updateTable('alerts')
    .set({ confirmed_at: new Date() })
    .where((eb) =>
      eb.or([eb('id', '=', id), eb('id', 'in', foldedInto(db.kysely, id).select('f.id'))]),
    )
    .where('confirmed_at', 'is', null)
    .where('unsubscribed_at', 'is', null)
    .returning('id')
    .execute();
  return updated.some((row) => row.id === id);
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

// The alert mail job.

/**
 * Alerts after `afterId` waiting for their confirmation mail, by id: none queued for them, none
 * queued for a later alert of the address (whose mail covers them: foldedInto) and no later alert
 * of the address waiting too (its mail will).
 */
export function selectAlertsAwaitingConfirmation(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
): Promise<AlertRow[]> {
  return db
    .selectFrom('alerts as a')
    .selectAll('a')
    .where('a.confirmed_at', 'is', null)
    .where('a.unsubscribed_at', 'is', null)
    .where('a.id', '>', afterId)
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
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('alerts as b')
            .select(sql`1`.as('one'))
            .where(sql<boolean>`lower(b.email) = lower(a.email)`)
            .whereRef('b.id', '>', 'a.id')
            .where((eb) =>
              eb.or([
                eb.exists(
                  eb
                    .selectFrom('mail_outbox as m')
                    .select(sql`1`.as('one'))
                    .whereRef('m.alert_id', '=', 'b.id')
                    .where('m.kind', '=', 'confirm')
                    .where('m.cancelled_at', 'is', null),
                ),
                eb.and([eb('b.confirmed_at', 'is', null), eb('b.unsubscribed_at', 'is', null)]),
              ]),
            ),
        ),
      ),
    )
    .orderBy('a.id')
    .limit(limit)
    .execute();
}

/** The stored criteria and language of an alert. */
export function selectAlertSearch(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('alerts')
    .select(['criteria', 'lang'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Ids after `afterId` of the confirmed, subscribed alerts whose last digest is older than
 * `dueBefore` (any, without it), by id.
 */
export async function selectAlertsDueForDigest(
  db: Kysely<Database>,
  afterId: number,
  dueBefore: Date | null,
  limit: number,
): Promise<number[]> {
  let query = db
    .selectFrom('alerts')
    .select('id')
    .where('confirmed_at', 'is not', null)
    .where('unsubscribed_at', 'is', null)
    .where('id', '>', afterId);
  if (dueBefore) {
    query = query.where((eb) =>
      eb.or([eb('last_sent_at', 'is', null), eb('last_sent_at', '<=', dueBefore)]),
    );
  }
  const rows = await query.orderBy('id').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** Locks the alert for its digest; undefined when another run holds it (or it is gone). */
export function lockAlertForDigest(
  trx: Transaction<Database>,
  id: number,
): Promise<AlertRow | undefined> {
  return trx
    .selectFrom('alerts')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export interface DigestReservation {
  alertId: number;
  outboxId: number;
  now: Date;
  drops: { offerId: number; historyIds: number[] }[];
}

/**
 * Reserves the price changes a digest lists for its outbox row and stamps the alert's
 * last_sent_at (its new offers are reserved by alerts/match reserveNewOffers); answers the number
 * of price changes reserved. The primary key (alert_id, price_history_id) makes a second
 * reservation fail, which rolls the whole digest back: an alert never gets a price change twice.
 */
export async function reserveDigest(
  trx: Transaction<Database>,
  reservation: DigestReservation,
): Promise<number> {
  const { alertId, outboxId, now } = reservation;
  const dropRows = reservation.drops.flatMap((d) =>
    d.historyIds.map((historyId) => ({
      alert_id: alertId,
      price_history_id: historyId,
      offer_id: d.offerId,
      sent_at: now,
      outbox_id: outboxId,
    })),
  );
  if (dropRows.length > 0) {
    await trx.insertInto('alert_sent_price_drops').values(dropRows).execute();
  }
  await trx.updateTable('alerts').set({ last_sent_at: now }).where('id', '=', alertId).execute();
  return dropRows.length;
}

/** The state an alert's queued mail waits on. */
export function selectAlertMailState(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('alerts')
    .select(['confirmed_at', 'unsubscribed_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function markConfirmationSent(
  db: Kysely<Database>,
  id: number,
  now: Date,
): Promise<void> {
  await db.updateTable('alerts').set({ confirm_sent_at: now }).where('id', '=', id).execute();
}
