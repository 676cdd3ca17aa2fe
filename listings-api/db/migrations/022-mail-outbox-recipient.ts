import { sql, type Kysely } from 'kysely';

// The mails queued to one address lately, by kind: what mail/recipient-limit.ts counts before
// queueing a mail a stranger can ask for (an alert's confirmation), whatever the process.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX mail_outbox_recipient ON mail_outbox (lower(to_address), kind, created_at)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS mail_outbox_recipient`.execute(db);
}
