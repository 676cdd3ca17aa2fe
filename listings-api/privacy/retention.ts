import { sql } from 'kysely';
import type { Db } from '../db/connection';
import { startPeriodic, type Periodic } from '../lib/periodic';
import type { JobsLeader } from '../lib/jobs-leader';

// The retention periods of the personal-data page (client/content/legal/personal-data.*.tsx),
// enforced: each run deletes the rows past their period. The page and these rules say the same;
// change both together.
//
// - contact requests to agencies (and the recommendation consent they carry): 3 years from the
//   request; their mails (the lead and the visitor's copy) leave the outbox 3 years after they
//   were sent or given up, at the latest with the request;
// - professional (prospect) requests: 3 years from the last request made with the same e-mail
//   address (every request of that address goes then), with their confirmation mails;
// - alerts: until deleted (DELETE /alerte deletes at once) or unsubscribed (deleted at the next
//   run); an alert never confirmed is deleted 30 days after its creation. Its mails and the
//   offers it was sent go with it.
// Elsewhere: the visit statistics hold no personal data; IP addresses live only in the rate-limit
// store of the web app (1 hour at most, by its windows) and the contact counter in a cookie of
// 24 hours; technical logs carry no IP address and their retention is the log pipeline's.

export const RETENTION = {
  /** Contact requests, from the request. */
  contactYears: 3,
  /** Professional requests, from the address's last request. */
  prospectYears: 3,
  /** Alerts never confirmed, from their creation. */
  unconfirmedAlertDays: 30,
} as const;

export interface PurgeSummary {
  contacts: number;
  /** Mails of contact requests (lead, copy) sent or given up before the contacts' cutoff. */
  contactMails: number;
  prospects: number;
  unconfirmedAlerts: number;
  unsubscribedAlerts: number;
}

function yearsBefore(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

/** The limits of a run at `now`: rows created before them are past their period. */
export function retentionCutoffs(now: Date) {
  return {
    contacts: yearsBefore(now, RETENTION.contactYears),
    prospects: yearsBefore(now, RETENTION.prospectYears),
    unconfirmedAlerts: new Date(now.getTime() - RETENTION.unconfirmedAlertDays * 86_400_000),
  };
}

/** One run of the purge: deletes every row past its retention period; answers the counts. */
export async function purgeExpiredData(
  db: Db,
  options: { now?: Date } = {},
): Promise<PurgeSummary> {
  const now = options.now ?? new Date();
  const cutoff = retentionCutoffs(now);
  const k = db.kysely;
  // created_at is typed Generated<Timestamp> in the row types: compared through sql.

  const contacts = await k
    .deleteFrom('contacts')
    .where(sql<boolean>`created_at < ${cutoff.contacts}`)
    .executeTakeFirst();

  const contactMails = await k
    .deleteFrom('mail_outbox')
    .where('contact_id', 'is not', null)
    .where(sql<boolean>`coalesce(sent_at, cancelled_at) < ${cutoff.contacts}`)
    .executeTakeFirst();

  // An address's requests go together, 3 years after its last one.
  const prospects = await k
    .deleteFrom('prospects as p')
    .where(sql<boolean>`p.created_at < ${cutoff.prospects}`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('prospects as q')
            .select(sql`1`.as('one'))
            .where(sql<boolean>`lower(q.email) = lower(p.email)`)
            .where(sql<boolean>`q.created_at >= ${cutoff.prospects}`),
        ),
      ),
    )
    .executeTakeFirst();

  const unconfirmedAlerts = await k
    .deleteFrom('alerts')
    .where('confirmed_at', 'is', null)
    .where('unsubscribed_at', 'is', null)
    .where(sql<boolean>`created_at < ${cutoff.unconfirmedAlerts}`)
    .executeTakeFirst();

  const unsubscribedAlerts = await k
    .deleteFrom('alerts')
    .where('unsubscribed_at', 'is not', null)
    .where('unsubscribed_at', '<=', now)
    .executeTakeFirst();

  return {
    contacts: Number(contacts.numDeletedRows),
    contactMails: Number(contactMails.numDeletedRows),
    prospects: Number(prospects.numDeletedRows),
    unconfirmedAlerts: Number(unconfirmedAlerts.numDeletedRows),
    unsubscribedAlerts: Number(unsubscribedAlerts.numDeletedRows),
  };
}

/** The log the purge writes to: pino and Fastify's logger fit. */
export interface PurgeLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export type PurgeScheduler = Periodic;

/**
 * Runs the purge now and then every `intervalMs` (a run never overlaps the previous one).
 * Errors are logged and the next run goes ahead.
 */
export function startPurgeScheduler(
  db: Db,
  options: { intervalMs: number; log: PurgeLog; leader?: JobsLeader },
): PurgeScheduler {
  return startPeriodic(
    async () => {
      const summary = await purgeExpiredData(db);
      const total = Object.values(summary).reduce((a, b) => a + b, 0);
      if (total > 0) options.log.info({ ...summary }, 'personal data past retention deleted');
    },
    options.intervalMs,
    (err) => options.log.error({ err }, 'personal data purge failed'),
    options.leader,
  );
}
