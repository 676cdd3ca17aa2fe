import * as v from 'valibot';
import { openDb } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { RETENTION, purgeExpiredData } from './retention';

// `npm run privacy:purge`: one run of the retention purge (what the listings API runs every
// PRIVACY_PURGE_INTERVAL_MS), then the counts of deleted rows. Database: DATABASE_URL
// (PostgreSQL) or the PGlite directory PGLITE_DIR (default .data/pglite; PGlite allows one
// process at a time, so stop the embedded portal first).

const DbEnvSchema = v.object({
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => /^postgres(ql)?:\/\//.test(s), 'must be a postgres:// URL'),
    ),
  ),
  PGLITE_DIR: v.optional(v.pipe(v.string(), v.nonEmpty())),
});

async function main(): Promise<number> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter((e): e is [string, string] => Boolean(e[1])),
  );
  const parsed = v.safeParse(DbEnvSchema, env);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    console.error(`privacy:purge: ${v.getDotPath(issue) ?? 'environment'} ${issue.message}`);
    return 2;
  }
  const db = await openDb({
    databaseUrl: parsed.output.DATABASE_URL,
    dataDir: parsed.output.PGLITE_DIR,
    poolSize: 2,
  });
  try {
    await migrateToLatest(db);
    const summary = await purgeExpiredData(db);
    console.log(
      [
        `privacy:purge (${db.kind}): rows past their retention period deleted`,
        `  contact requests (${RETENTION.contactYears} years)          ${summary.contacts}`,
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

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error('privacy:purge failed:', err instanceof Error ? err.message : err);
    process.exitCode = 1;
  },
);
