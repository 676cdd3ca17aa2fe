import type { Db } from '../db/connection';
import type { Database } from '../db/types';
import type { Kysely } from 'kysely';
import type { ListingsConfig } from '../config';
import { mailSendFailures, mailsSent } from '../metrics';
import {
  cancelMail,
  claimDueMail,
  markMailRetry,
  markMailSent,
  type OutboxRow,
} from '../repositories/mail-outbox';
import { createMailTransport, type MailLog, type MailTransport } from './transport';

// The portal's mail outbox, the one place that sends mail. Whatever a mail is about is stored in
// the same transaction as its outbox row (repositories/mail-outbox `insertMail`), so the mail
// exists exactly when the thing does. Sending: a due row is claimed with a lease (attempts + 1,
// next_attempt_at moved past the run), so concurrent runs, in one process or several, never send
// it twice; a failure records the error and a later next_attempt_at (exponential backoff); a row
// is given up after its last attempt and kept with its error. The kinds that depend on a state of
// their own (an alert unsubscribed meanwhile…) give a `MailKindHooks` to check it before sending
// and to record the sending.
//
// `createMailOutbox` is the listings API's sender: one transport (SMTP_URL, or .eml files under
// .data/mail), shared by the periodic jobs and by requests that queue a mail of their own;
// `kick()` sends the due rows in the background right away, and a failed send is retried by the
// next kick or job run once its backoff is over.

export type MailConfig = ListingsConfig['alerts'];

const LEASE_MS = 10 * 60_000;
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;
export const DEFAULT_MAX_ATTEMPTS = 16;

/** Delay before retrying after the n-th failed attempt: 1 min, 2, 4, ... capped at 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface MailKindHooks {
  /** Before sending: a reason to cancel the mail instead, or null to send it. */
  check?(db: Kysely<Database>, row: OutboxRow): Promise<string | null>;
  /** After the send: what the owner of the mail records of it. */
  sent?(db: Kysely<Database>, row: OutboxRow, now: Date): Promise<void>;
}

export type MailHooks = Partial<Record<OutboxRow['kind'], MailKindHooks>>;

export interface DeliveryOptions {
  now?: Date;
  from: string;
  transport: MailTransport;
  log: MailLog;
  /** Per kind of mail; a kind without hooks is sent as it is. */
  hooks: MailHooks;
  maxAttempts?: number;
}

export interface DeliverySummary {
  sent: number;
  /** Sends that failed and will be retried. */
  failed: number;
  /** Mails dropped: their owner's state forbade them, or attempts exhausted. */
  cancelled: number;
}

/** What the log lines of a mail name: what it is about and its owner's id. */
function ownerOf(row: OutboxRow): { about: string; owner: Record<string, unknown> } {
  if (row.alert_id != null) return { about: 'alert', owner: { alertId: row.alert_id } };
  return { about: row.kind, owner: { prospectId: row.prospect_id } };
}

/** Sends every due outbox row (new ones and retries). */
export async function sendDueMails(db: Db, options: DeliveryOptions): Promise<DeliverySummary> {
  const summary: DeliverySummary = { sent: 0, failed: 0, cancelled: 0 };
  const now = options.now ?? new Date();
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const { transport, log } = options;
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  for (;;) {
    const row = await claimDueMail(db.kysely, now, leaseUntil);
    if (!row) return summary;
    const hooks = options.hooks[row.kind];
    const { about, owner } = ownerOf(row);

    const reason = (await hooks?.check?.(db.kysely, row)) ?? null;
    if (reason !== null) {
      await cancelMail(db.kysely, row.id, now, reason);
      summary.cancelled += 1;
      continue;
    }
    const headers =
      typeof row.headers === 'string'
        ? (JSON.parse(row.headers) as Record<string, string>)
        : row.headers;
    try {
      const receipt = await transport.send({
        from: options.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text,
        html: row.html,
        messageId: row.message_id,
        headers,
      });
      await markMailSent(db.kysely, row.id, now);
      await hooks?.sent?.(db.kysely, row, now);
      summary.sent += 1;
      mailsSent.inc();
      log.info(
        {
          outboxId: row.id,
          ...owner,
          kind: row.kind,
          offers: row.offer_ids.length,
          attempt: row.attempts,
          via: transport.kind,
          detail: receipt.detail,
        },
        transport.kind === 'eml' ? `${about} mail written` : `${about} mail sent`,
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (row.attempts >= maxAttempts) {
        mailSendFailures.inc({ outcome: 'given-up' });
        await cancelMail(
          db.kysely,
          row.id,
          now,
          `gave up after ${row.attempts} attempts: ${message}`,
        );
        summary.cancelled += 1;
        log.error(
          { outboxId: row.id, ...owner, kind: row.kind, attempts: row.attempts, err },
          `${about} mail given up`,
        );
        continue;
      }
      const retryAt = new Date(now.getTime() + retryDelayMs(row.attempts));
      await markMailRetry(db.kysely, row.id, message, retryAt);
      summary.failed += 1;
      mailSendFailures.inc({ outcome: 'retry' });
      log.warn(
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

export interface MailOutbox {
  readonly config: MailConfig;
  readonly transport: MailTransport;
  readonly hooks: MailHooks;
  /** Sends the due mails soon, in the background; runs never overlap (a kick during a run runs once more after it). */
  kick(): void;
  /** Resolves once no send is running or asked for. */
  idle(): Promise<void>;
  /** Waits for a send in progress, then closes the transport (once, whoever calls). */
  close(): Promise<void>;
}

export function createMailOutbox(
  db: Db,
  options: { config: MailConfig; log: MailLog; hooks: MailHooks; transport?: MailTransport },
): MailOutbox {
  const { config, log, hooks } = options;
  const transport = options.transport ?? createMailTransport(config);
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let closing: Promise<void> | null = null;

  const run = (): Promise<void> =>
    sendDueMails(db, { from: config.from, transport, log, hooks })
      .then((summary) => {
        if (summary.failed + summary.cancelled > 0) log.info({ ...summary }, 'mail outbox run');
      })
      .catch((err: unknown) => log.error({ err }, 'mail outbox run failed'))
      .then(() => {
        if (again && !closed) {
          again = false;
          return run();
        }
        running = null;
      });

  return {
    config,
    transport,
    hooks,
    kick() {
      if (closed) return;
      if (running) {
        again = true;
        return;
      }
      running = run();
    },
    async idle() {
      while (running) await running;
    },
    close() {
      closed = true;
      closing ??= (async () => {
        while (running) await running;
        transport.close();
      })();
      return closing;
    },
  };
}
