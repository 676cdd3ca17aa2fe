import { sql, type Kysely } from 'kysely';

// Leads reach the agency. A contact request queues, in the transaction that stores it, a lead
// mail to the agency (or to the offer's negotiator, Poliris columns 105–107, kept by the feed
// import) and a copy to the visitor, in the outbox beside the other mails; a request the spam
// guard marked is stored with its mark and mails nobody. The request keeps the delivery state of
// its lead mail (queued, sent with the server's answer, failed), which the professional space
// reads. A professional request also mails the portal's sales address. Agencies get the address
// their leads go to (default: their public e-mail) and the language they read.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE agencies ADD COLUMN leads_email text;
    ALTER TABLE agencies ADD COLUMN lang text NOT NULL DEFAULT 'fr' CHECK (lang IN ('fr', 'en'));

    ALTER TABLE offers ADD COLUMN negotiator_name text;
    ALTER TABLE offers ADD COLUMN negotiator_phone text;
    ALTER TABLE offers ADD COLUMN negotiator_email text;

    ALTER TABLE contacts ADD COLUMN spam boolean NOT NULL DEFAULT false;
    ALTER TABLE contacts ADD COLUMN lead_status text
      CHECK (lead_status IN ('queued', 'sent', 'failed'));
    -- The request as its lead.json attachment says it (shared/lead.ts).
    ALTER TABLE contacts ADD COLUMN lead jsonb;
    ALTER TABLE contacts ADD COLUMN lead_to text;
    ALTER TABLE contacts ADD COLUMN lead_message_id text;
    ALTER TABLE contacts ADD COLUMN lead_detail text;
    ALTER TABLE contacts ADD COLUMN lead_updated_at timestamptz;
    CREATE INDEX contacts_lead_queued ON contacts (created_at) WHERE lead_status = 'queued';

    ALTER TABLE mail_outbox ADD COLUMN contact_id bigint REFERENCES contacts(id) ON DELETE CASCADE;
    -- The display name of the From header (the portal's address): the visitor's, for a lead.
    ALTER TABLE mail_outbox ADD COLUMN from_name text;
    ALTER TABLE mail_outbox ADD COLUMN reply_to text;
    -- [{ filename, contentType, content }]
    ALTER TABLE mail_outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]';
    ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
    ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
      CHECK (kind IN ('confirm', 'digest', 'prospect', 'prospect-sales', 'lead', 'lead-copy'));
    ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_owner;
    ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_owner CHECK (
      CASE WHEN kind IN ('prospect', 'prospect-sales')
             THEN prospect_id IS NOT NULL AND alert_id IS NULL AND contact_id IS NULL
           WHEN kind IN ('lead', 'lead-copy')
             THEN contact_id IS NOT NULL AND alert_id IS NULL AND prospect_id IS NULL
           ELSE alert_id IS NOT NULL AND prospect_id IS NULL AND contact_id IS NULL END
    );
    DROP INDEX mail_outbox_one_prospect;
    CREATE UNIQUE INDEX mail_outbox_one_prospect ON mail_outbox (prospect_id, kind)
      WHERE prospect_id IS NOT NULL;
    CREATE UNIQUE INDEX mail_outbox_one_contact ON mail_outbox (contact_id, kind)
      WHERE contact_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM mail_outbox WHERE kind IN ('lead', 'lead-copy', 'prospect-sales');
    DROP INDEX IF EXISTS mail_outbox_one_contact;
    DROP INDEX mail_outbox_one_prospect;
    CREATE UNIQUE INDEX mail_outbox_one_prospect ON mail_outbox (prospect_id)
      WHERE prospect_id IS NOT NULL;
    ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_owner;
    ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_owner CHECK (
      CASE WHEN kind = 'prospect' THEN prospect_id IS NOT NULL AND alert_id IS NULL
           ELSE alert_id IS NOT NULL AND prospect_id IS NULL END
    );
    ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
    ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
      CHECK (kind IN ('confirm', 'digest', 'prospect'));
    ALTER TABLE mail_outbox DROP COLUMN attachments, DROP COLUMN reply_to, DROP COLUMN from_name,
      DROP COLUMN contact_id;
    DROP INDEX contacts_lead_queued;
    ALTER TABLE contacts DROP COLUMN lead_updated_at, DROP COLUMN lead_detail,
      DROP COLUMN lead_message_id, DROP COLUMN lead_to, DROP COLUMN lead, DROP COLUMN lead_status, DROP COLUMN spam;
    ALTER TABLE offers DROP COLUMN negotiator_email, DROP COLUMN negotiator_phone,
      DROP COLUMN negotiator_name;
    ALTER TABLE agencies DROP COLUMN lang, DROP COLUMN leads_email;
  `.execute(db);
}
