import type { Db } from '../db/connection';
import type { AlertMailConfig } from './config';
import { sendDueMails } from './job';
import { createMailTransport, type AlertLog, type MailTransport } from './mailer';
import type { ProspectMailSettings } from './prospect-mail';

// The listings API's mail sender: one transport (SMTP_URL, or .eml files under .data/mail), shared
// by the alert job's scheduler and by requests that queue a mail of their own (the confirmation
// of a professional request). `kick()` sends the due outbox rows in the background right away; a
// failed send stays in the outbox and is retried by the next kick or run of the alert job
// (ALERTS_INTERVAL_MS, `npm run alerts:send`) once its backoff is over.

export interface MailOutbox {
  readonly config: AlertMailConfig;
  readonly transport: MailTransport;
  /** What a queued prospect mail needs to be written, but the site's name (from the settings). */
  readonly prospectMail: Omit<ProspectMailSettings, 'siteName'>;
  /** Sends the due mails soon, in the background; runs never overlap (a kick during a run runs once more after it). */
  kick(): void;
  /** Resolves once no send is running or asked for. */
  idle(): Promise<void>;
  /** Waits for a send in progress, then closes the transport (once, whoever calls). */
  close(): Promise<void>;
}

export function createMailOutbox(
  db: Db,
  options: { config: AlertMailConfig; log: AlertLog; transport?: MailTransport },
): MailOutbox {
  const { config, log } = options;
  const transport = options.transport ?? createMailTransport(config);
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let closing: Promise<void> | null = null;

  const run = (): Promise<void> =>
    sendDueMails(db, { from: config.from, transport, log })
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
    prospectMail: {
      publicUrl: config.publicUrl,
      from: config.from,
    },
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
