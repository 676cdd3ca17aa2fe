import pino from 'pino';
import * as v from 'valibot';
import { openDb } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { parseAlertMailEnv } from './config';
import { runAlertJob } from './job';
import { createMailTransport } from './mailer';

// `npm run alerts:send`: one run of the alert mails (confirmations, digests, retries), then a
// summary. Database: DATABASE_URL (PostgreSQL) or the PGlite directory PGLITE_DIR (default
// .data/pglite; PGlite allows one process at a time, so stop the embedded portal first).

const DbEnvSchema = v.object({
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => /^postgres(ql)?:\/\//.test(s), 'must be a postgres:// URL'),
    ),
  ),
  PGLITE_DIR: v.optional(v.pipe(v.string(), v.nonEmpty())),
});

function present(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''),
  );
}

async function main(): Promise<number> {
  // Log lines (one per mail) on stderr; the summary alone on stdout.
  const log = pino({ name: 'alerts' }, pino.destination(2));
  const parsedDb = v.safeParse(DbEnvSchema, present(process.env));
  if (!parsedDb.success) {
    const issue = parsedDb.issues[0];
    console.error(`alerts:send: ${v.getDotPath(issue) ?? 'environment'} ${issue.message}`);
    return 2;
  }
  let config;
  try {
    config = parseAlertMailEnv(process.env);
  } catch (err) {
    console.error(`alerts:send: ${(err as Error).message}`);
    return 2;
  }
  const dbEnv = parsedDb.output;
  const db = await openDb({
    databaseUrl: dbEnv.DATABASE_URL,
    dataDir: dbEnv.PGLITE_DIR,
    poolSize: 2,
  });
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
        `  digests queued        ${summary.digestsQueued} (${summary.offersReserved} offers)`,
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

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error('alerts:send failed:', err instanceof Error ? err.message : err);
    process.exitCode = 1;
  },
);
