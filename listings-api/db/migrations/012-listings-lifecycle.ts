import { sql, type Kysely } from 'kysely';

// The listings lifecycle: offers published by agencies through Poliris feeds, re-priced and
// withdrawn. Imported offers take their ids from a sequence (seeded ones keep theirs; the seed
// moves the sequence past them), are keyed by (agency, agency reference) and keep the hash of
// what their feed row said, so the same row tomorrow costs no write. Every price change is kept
// in offer_price_history; offers.price_reduced_at is set when the last change was a drop (cards
// read it without a join). Each run of an import writes its report in feed_runs and the cache tags
// its changes invalidate in cache_changes, which GET /changes serves by cursor.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE SEQUENCE offers_id_seq OWNED BY offers.id;
    SELECT setval('offers_id_seq', GREATEST(COALESCE((SELECT max(id) FROM offers), 0), 1));
    ALTER TABLE offers ALTER COLUMN id SET DEFAULT nextval('offers_id_seq');

    CREATE UNIQUE INDEX offers_agency_reference ON offers (agency_id, reference);
    -- sha256 of the mapped feed row and its photo list: unchanged rows are not written again.
    ALTER TABLE offers ADD COLUMN feed_hash text;
    ALTER TABLE offers ADD COLUMN price_reduced_at timestamptz;

    CREATE TABLE offer_price_history (
      id          bigserial PRIMARY KEY,
      offer_id    integer NOT NULL REFERENCES offers(id) ON DELETE CASCADE,
      -- the amount of the offer's nature: sale price (V), monthly rent (L), weekly rent (S)
      old_amount  integer NOT NULL,
      new_amount  integer NOT NULL,
      changed_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX offer_price_history_offer ON offer_price_history (offer_id, changed_at);
    CREATE INDEX offer_price_history_drops ON offer_price_history (changed_at)
      WHERE new_amount < old_amount;

    -- A price drop mailed to an alert: never twice for the same change.
    CREATE TABLE alert_sent_price_drops (
      alert_id          bigint NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
      price_history_id  bigint NOT NULL REFERENCES offer_price_history(id) ON DELETE CASCADE,
      offer_id          integer NOT NULL,
      sent_at           timestamptz NOT NULL DEFAULT now(),
      outbox_id         bigint REFERENCES mail_outbox(id) ON DELETE SET NULL,
      PRIMARY KEY (alert_id, price_history_id)
    );
    CREATE INDEX alert_sent_price_drops_offer ON alert_sent_price_drops (alert_id, offer_id);

    -- The feed key of an agency (POST /feeds/{agency}); only its sha256 is kept.
    CREATE TABLE feed_keys (
      agency_id   integer PRIMARY KEY REFERENCES agencies(id) ON DELETE CASCADE,
      key_hash    text NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE feed_runs (
      id           text PRIMARY KEY,
      agency_id    integer NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      source       text NOT NULL CHECK (source IN ('inbox', 'http', 'cli')),
      status       text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'rejected', 'failed')),
      created_at   timestamptz NOT NULL DEFAULT now(),
      finished_at  timestamptz,
      report       jsonb
    );
    CREATE INDEX feed_runs_agency ON feed_runs (agency_id, created_at DESC);

    -- A photo of a feed, stored once by the sha256 of its bytes; ids far above the seed's pool.
    CREATE SEQUENCE feed_photo_ids START 10000000;
    CREATE TABLE feed_photos (
      sha256      text PRIMARY KEY,
      photo_id    integer NOT NULL UNIQUE DEFAULT nextval('feed_photo_ids'),
      width       integer NOT NULL,
      height      integer NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    -- A photo URL already fetched: tomorrow's feed naming it again costs no download.
    CREATE TABLE feed_photo_urls (
      url         text PRIMARY KEY,
      sha256      text NOT NULL REFERENCES feed_photos(sha256) ON DELETE CASCADE,
      fetched_at  timestamptz NOT NULL DEFAULT now()
    );

    -- Cache tags invalidated by changes of offers (GET /changes?since=<id>).
    CREATE TABLE cache_changes (
      id          bigserial PRIMARY KEY,
      created_at  timestamptz NOT NULL DEFAULT now(),
      run_id      text,
      tags        text[] NOT NULL
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS cache_changes;
    DROP TABLE IF EXISTS feed_photo_urls;
    DROP TABLE IF EXISTS feed_photos;
    DROP SEQUENCE IF EXISTS feed_photo_ids;
    DROP TABLE IF EXISTS feed_runs;
    DROP TABLE IF EXISTS feed_keys;
    DROP TABLE IF EXISTS alert_sent_price_drops;
    DROP TABLE IF EXISTS offer_price_history;
    ALTER TABLE offers DROP COLUMN IF EXISTS price_reduced_at;
    ALTER TABLE offers DROP COLUMN IF EXISTS feed_hash;
    DROP INDEX IF EXISTS offers_agency_reference;
    ALTER TABLE offers ALTER COLUMN id DROP DEFAULT;
    DROP SEQUENCE IF EXISTS offers_id_seq;
  `.execute(db);
}
