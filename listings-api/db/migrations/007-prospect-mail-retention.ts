import { sql, type Kysely } from 'kysely';

// The confirmation mail of a professional (prospect) request goes through the same outbox as
// alert mails: a row belongs to an alert (confirm, digest) or to a prospect (prospect), never
// both, and a prospect gets at most one such mail whatever happens to its request. Indexes for
// the retention purge (listings-api/privacy): rows are found by their age.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE mail_outbox ALTER COLUMN alert_id DROP NOT NULL;
    ALTER TABLE mail_outbox ADD COLUMN prospect_id bigint REFERENCES prospects(id) ON DELETE CASCADE;
    ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
    ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
      CHECK (kind IN ('confirm', 'digest', 'prospect'));
    ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_owner CHECK (
      CASE WHEN kind = 'prospect' THEN prospect_id IS NOT NULL AND alert_id IS NULL
           ELSE alert_id IS NOT NULL AND prospect_id IS NULL END
    );
    CREATE UNIQUE INDEX mail_outbox_one_prospect ON mail_outbox (prospect_id)
      WHERE prospect_id IS NOT NULL;

    CREATE INDEX contacts_created ON contacts (created_at);
    CREATE INDEX prospects_email_created ON prospects (lower(email), created_at);
    CREATE INDEX alerts_unconfirmed_created ON alerts (created_at) WHERE confirmed_at IS NULL;
    CREATE INDEX alerts_unsubscribed ON alerts (unsubscribed_at)
      WHERE unsubscribed_at IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX IF EXISTS alerts_unsubscribed, alerts_unconfirmed_created, prospects_email_created,
      contacts_created, mail_outbox_one_prospect;
    DELETE FROM mail_outbox WHERE kind = 'prospect';
    ALTER TABLE mail_outbox DROP CONSTRAINT IF EXISTS mail_outbox_owner;
    ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
    ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
      CHECK (kind IN ('confirm', 'digest'));
    ALTER TABLE mail_outbox DROP COLUMN IF EXISTS prospect_id;
    ALTER TABLE mail_outbox ALTER COLUMN alert_id SET NOT NULL;
  `.execute(db);
}
