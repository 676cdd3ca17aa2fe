import type { Db } from '../db/connection';
import { startPeriodic, type Periodic } from '../lib/periodic';
import type { JobsLeader } from '../lib/jobs-leader';
import { sendDueMails, type MailHooks } from '../mail/outbox';
import type { MailLog, MailTransport } from '../mail/transport';
import { queueConfirmations } from './confirmations';
import { queueDigests } from './digests';
import { mailContext, type AlertMailOptions } from './mail-context';
import { portalMailHooks } from '../mail/hooks';
import { DIGEST_LIMIT } from './match';
import { loadPortalConfig } from './portal-config';

// The alert mail job. One run:
// 1. queues one confirmation mail for each new alert (confirmations.ts);
// 2. queues one digest per confirmed, subscribed alert with new matching offers or price drops
//    of matching offers (digests.ts);
// 3. sends every due outbox row, new ones and retries (mail/outbox.ts).
// Several instances may run the job at once (see those files).

export interface AlertJobOptions extends AlertMailOptions {
  transport: MailTransport;
  log: MailLog;
  /** Offers listed in one digest (newest first). */
  digestLimit?: number;
  /** Minimum time between two digests of one alert. */
  digestMinIntervalMs?: number;
  /** Sending attempts before a mail is given up (kept in the outbox with its last error). */
  maxAttempts?: number;
  /** What the outbox checks and records per kind of mail; default: the portal's. */
  hooks?: MailHooks;
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

/** One run of the alert mails: confirmations, digests, then every due send and retry. */
export async function runAlertJob(db: Db, options: AlertJobOptions): Promise<AlertJobSummary> {
  const ctx = await mailContext(db, options);
  const confirmations = await queueConfirmations(ctx, options.log);
  const digests = await queueDigests(
    {
      ...ctx,
      config: await loadPortalConfig(db, ctx.reference),
      digestLimit: options.digestLimit ?? DIGEST_LIMIT,
      digestMinIntervalMs: options.digestMinIntervalMs ?? 0,
    },
    options.log,
  );
  const delivery = await sendDueMails(db, {
    now: ctx.now,
    from: ctx.from,
    transport: options.transport,
    log: options.log,
    hooks: options.hooks ?? portalMailHooks,
    maxAttempts: options.maxAttempts,
  });
  return {
    confirmationsQueued: confirmations.queued,
    digestsQueued: digests.queued,
    offersReserved: digests.offersReserved,
    dropsReserved: digests.dropsReserved,
    ...delivery,
    skippedAlerts: confirmations.skipped + digests.skipped,
  };
}

export type AlertScheduler = Periodic;

/**
 * Runs the alert job now and then every `intervalMs` (a run never overlaps the previous one).
 * Errors are logged and the next run goes ahead.
 */
export function startAlertScheduler(
  db: Db,
  options: { intervalMs: number; leader?: JobsLeader } & Omit<AlertJobOptions, 'now'>,
): AlertScheduler {
  const { intervalMs, leader, ...jobOptions } = options;
  return startPeriodic(
    async () => {
      const summary = await runAlertJob(db, jobOptions);
      if (summary.sent + summary.failed + summary.cancelled + summary.skippedAlerts > 0) {
        options.log.info({ ...summary }, 'alert mail run');
      }
    },
    intervalMs,
    (err) => options.log.error({ err }, 'alert mail run failed'),
    leader,
  );
}
