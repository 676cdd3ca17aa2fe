import { sql, type Kysely } from 'kysely';

// The professional space: agencies' users sign in by a one-time link mailed to them and hold a
// session kept on the server. Users are an e-mail address (lower-cased) tied to one agency, with a
// role; a removed user keeps its row (the audit names it) but no longer signs in. Sign-in tokens
// and session ids are random; only their SHA-256 is stored. Every write of the space is logged in
// pro_audit (who, which agency, what, on which row, when; no personal data). A contact request
// gets its handled state, set by a user of its agency. The sign-in link is a mail of the outbox
// like the others, owned by the user it signs in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE pro_users (
      id          bigserial PRIMARY KEY,
      agency_id   integer NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      email       text NOT NULL CHECK (email = lower(email)),
      role        text NOT NULL CHECK (role IN ('owner', 'member')),
      created_at  timestamptz NOT NULL DEFAULT now(),
      removed_at  timestamptz
    );
    -- An address belongs to one agency at a time.
    CREATE UNIQUE INDEX pro_users_email ON pro_users (email) WHERE removed_at IS NULL;
    CREATE INDEX pro_users_agency ON pro_users (agency_id);

    CREATE TABLE pro_sign_in_tokens (
      token_hash  text PRIMARY KEY,
      user_id     bigint NOT NULL REFERENCES pro_users(id) ON DELETE CASCADE,
      created_at  timestamptz NOT NULL DEFAULT now(),
      expires_at  timestamptz NOT NULL,
      used_at     timestamptz
    );
    CREATE INDEX pro_sign_in_tokens_user ON pro_sign_in_tokens (user_id);

    CREATE TABLE pro_sessions (
      id_hash       text PRIMARY KEY,
      user_id       bigint NOT NULL REFERENCES pro_users(id) ON DELETE CASCADE,
      created_at    timestamptz NOT NULL DEFAULT now(),
      last_seen_at  timestamptz NOT NULL DEFAULT now(),
      -- The absolute end; the idle end is last_seen_at plus the idle lifetime.
      expires_at    timestamptz NOT NULL,
      revoked_at    timestamptz
    );
    CREATE INDEX pro_sessions_user ON pro_sessions (user_id) WHERE revoked_at IS NULL;

    CREATE TABLE pro_audit (
      id          bigserial PRIMARY KEY,
      at          timestamptz NOT NULL DEFAULT now(),
      user_id     bigint REFERENCES pro_users(id) ON DELETE SET NULL,
      agency_id   integer NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      action      text NOT NULL,
      target_id   bigint
    );
    CREATE INDEX pro_audit_agency ON pro_audit (agency_id, at);

    ALTER TABLE contacts ADD COLUMN handled_at timestamptz;
    ALTER TABLE contacts ADD COLUMN handled_by bigint REFERENCES pro_users(id) ON DELETE SET NULL;
    CREATE INDEX contacts_agency_created ON contacts (agency_id, created_at DESC, id DESC);

    ALTER TABLE mail_outbox ADD COLUMN pro_user_id bigint REFERENCES pro_users(id) ON DELETE CASCADE;
    ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
    ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (
      kind IN ('confirm', 'digest', 'prospect', 'prospect-sales', 'lead', 'lead-copy', 'pro-sign-in')
    );
    ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_owner;
    ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_owner CHECK (
      CASE WHEN kind IN ('prospect', 'prospect-sales')
             THEN prospect_id IS NOT NULL AND alert_id IS NULL AND contact_id IS NULL
                  AND pro_user_id IS NULL
           WHEN kind IN ('lead', 'lead-copy')
             THEN contact_id IS NOT NULL AND alert_id IS NULL AND prospect_id IS NULL
                  AND pro_user_id IS NULL
           WHEN kind = 'pro-sign-in'
             THEN pro_user_id IS NOT NULL AND alert_id IS NULL AND prospect_id IS NULL
                  AND contact_id IS NULL
           ELSE alert_id IS NOT NULL AND prospect_id IS NULL AND contact_id IS NULL
                AND pro_user_id IS NULL END
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM mail_outbox WHERE kind = 'pro-sign-in';
    ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_owner;
    ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_owner CHECK (
      CASE WHEN kind IN ('prospect', 'prospect-sales')
             THEN prospect_id IS NOT NULL AND alert_id IS NULL AND contact_id IS NULL
           WHEN kind IN ('lead', 'lead-copy')
             THEN contact_id IS NOT NULL AND alert_id IS NULL AND prospect_id IS NULL
           ELSE alert_id IS NOT NULL AND prospect_id IS NULL AND contact_id IS NULL END
    );
    ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
    ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
      CHECK (kind IN ('confirm', 'digest', 'prospect', 'prospect-sales', 'lead', 'lead-copy'));
    ALTER TABLE mail_outbox DROP COLUMN pro_user_id;
    DROP INDEX IF EXISTS contacts_agency_created;
    ALTER TABLE contacts DROP COLUMN handled_by;
    ALTER TABLE contacts DROP COLUMN handled_at;
    DROP TABLE pro_audit;
    DROP TABLE pro_sessions;
    DROP TABLE pro_sign_in_tokens;
    DROP TABLE pro_users;
  `.execute(db);
}
