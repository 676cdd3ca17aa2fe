import { cliConfig, cliDbOptions, runCommand } from '../lib/cli-env';
import { openDb } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { RETENTION, purgeExpiredData } from './retention';

// `npm run privacy:purge`: one run of the retention purge (what the listings API runs every
// PRIVACY_PURGE_INTERVAL_MS), then the counts of deleted rows. Database: DATABASE_URL
// (PostgreSQL) or the PGlite directory PGLITE_DIR (default .data/pglite; PGlite allows one
// process at a time, so stop the embedded portal first).

async function main(): Promise<number> {
  const config = cliConfig('privacy:purge');
  if (!config) return 2;
  const db = await openDb(cliDbOptions(config));
  try {
    await migrateToLatest(db);
    const summary = await purgeExpiredData(db);
    console.log(
      [
        `privacy:purge (${db.kind}): rows past their retention period deleted`,
        `  contact requests (${RETENTION.contactYears} years)          ${summary.contacts}`,
        `  mails of contact requests             ${summary.contactMails}`,
        `  professional requests (${RETENTION.prospectYears} years)     ${summary.prospects}`,
        `  unconfirmed alerts (${RETENTION.unconfirmedAlertDays} days)          ${summary.unconfirmedAlerts}`,
        `  unsubscribed alerts                   ${summary.unsubscribedAlerts}`,
      ].join('\n'),
    );
    return 0;
  } finally {
    await db.close();
  }
}

runCommand('privacy:purge', main);
