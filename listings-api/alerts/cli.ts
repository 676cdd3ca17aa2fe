import pino from 'pino';
import { cliConfig, cliDbOptions, runCommand } from '../lib/cli-env';
import { openDb } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { runAlertJob } from './job';
import { createMailTransport } from '../mail/transport';

// `npm run alerts:send`: one run of the alert mails (confirmations, digests, retries), then a
// summary. Database: DATABASE_URL (PostgreSQL) or the PGlite directory PGLITE_DIR (default
// .data/pglite; PGlite allows one process at a time, so stop the embedded portal first).

async function main(): Promise<number> {
  // Log lines (one per mail) on stderr; the summary alone on stdout.
  const log = pino({ name: 'alerts' }, pino.destination(2));
  const env = cliConfig('alerts:send');
  if (!env) return 2;
  const config = env.alerts;
  const db = await openDb(cliDbOptions(env));
  const transport = createMailTransport(config);
  try {
    await migrateToLatest(db);
    const summary = await runAlertJob(db, {
      publicUrl: config.publicUrl,
      transport,
      log,
      secret: config.signingSecret,
      from: config.from,
      unsubscribeMailbox: config.unsubscribeMailbox,
      digestMinIntervalMs: config.digestMinIntervalMs,
    });
    const where = transport.kind === 'smtp' ? 'over SMTP' : `as .eml files in ${config.mailDir}`;
    console.log(
      [
        `alerts:send (${db.kind}, mails ${where}):`,
        `  confirmations queued  ${summary.confirmationsQueued}`,
        `  digests queued        ${summary.digestsQueued} (${summary.offersReserved} offers, ${summary.dropsReserved} price drops)`,
        `  mails sent            ${summary.sent}`,
        `  sends failed (retry)  ${summary.failed}`,
        `  mails cancelled       ${summary.cancelled}`,
        `  alerts skipped        ${summary.skippedAlerts}`,
      ].join('\n'),
    );
    return summary.skippedAlerts > 0 ? 1 : 0;
  } finally {
    transport.close();
    await db.close();
  }
}

runCommand('alerts:send', main);
