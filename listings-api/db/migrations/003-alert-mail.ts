import { sql, type Kysely } from 'kysely';

// Alert e-mails. Every mail is first written to mail_outbox (rendered, with its Message-ID), then
// sent by the alert job; a failed send stays in the outbox with its error and a later
// next_attempt_at. alert_sent_offers reserves each offer for the digest that lists it, in the same
// transaction as that digest's outbox row, so an alert never gets the same offer twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mail_outbox (
      id               bigserial PRIMARY KEY,
      created_at       timestamptz NOT NULL DEFAULT now(),
      alert_id         bigint NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
      kind             text NOT NULL CHECK (kind IN ('confirm', 'digest')),
      to_address       text NOT NULL,
      subject          text NOT NULL,
      message_id       text NOT NULL UNIQUE,
      -- extra headers (List-Unsubscribe, List-Unsubscribe-Post), name -> value
      headers          jsonb NOT NULL DEFAULT '{}',
      html             text NOT NULL,
      text             text NOT NULL,
      offer_ids        integer[] NOT NULL DEFAULT '{}',
      attempts         integer NOT NULL DEFAULT 0,
      next_attempt_at  timestamptz NOT NULL DEFAULT now(),
      sent_at          timestamptz,
      -- set when the mail will not be sent (alert unsubscribed meanwhile, or retries exhausted)
      cancelled_at     timestamptz,
      last_error       text
    );
    CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at)
      WHERE sent_at IS NULL AND cancelled_at IS NULL;
    CREATE INDEX mail_outbox_alert ON mail_outbox (alert_id, kind);
    -- one confirmation mail per alert, whatever the number of job instances
    CREATE UNIQUE INDEX mail_outbox_one_confirm ON mail_outbox (alert_id) WHERE kind = 'confirm';

    -- No foreign key to offers: offers are obsoleted, never deleted, and a re-seed may rebuild
    -- the offers table without having to touch alert history.
    CREATE TABLE alert_sent_offers (
      alert_id  bigint NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
      offer_id  integer NOT NULL,
      sent_at   timestamptz NOT NULL DEFAULT now(),
      outbox_id bigint REFERENCES mail_outbox(id) ON DELETE SET NULL,
      PRIMARY KEY (alert_id, offer_id)
    );

    -- The signing key of the links in alert mails when ALERT_SIGNING_SECRET is not set: generated
    -- once, shared by every instance through the database.
    CREATE TABLE alert_mail_keys (
      id          smallint PRIMARY KEY CHECK (id = 1),
      secret      text NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now()
    );

    ALTER TABLE alerts ADD COLUMN confirm_sent_at timestamptz;
    CREATE INDEX alerts_mail_due ON alerts (id) WHERE unsubscribed_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX IF EXISTS alerts_mail_due;
    ALTER TABLE alerts DROP COLUMN IF EXISTS confirm_sent_at;
    DROP TABLE IF EXISTS alert_mail_keys, alert_sent_offers, mail_outbox CASCADE;
  `.execute(db);
}
