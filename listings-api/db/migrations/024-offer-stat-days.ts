import { sql, type Kysely } from 'kysely';

// The audience of offers as daily counters: one row per offer, day (Europe/Paris) and kind of
// event, its count raised by an upsert, instead of one row per event. The raw events are folded
// into counters here and their table dropped. `alerte` counts the digests that listed the offer
// (read back from the digests still in the outbox). Contact requests are counted from contacts
// and price changes from the price history, each read by offer and time through an index. A
// rubrique gets the gender of its French name, for the offer's rank among its comparables.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE offer_stat_days (
      offer_id  integer NOT NULL,
      day       date NOT NULL,
      type      text NOT NULL CHECK (type IN ('liste', 'detail', 'email', 'telephone', 'alerte')),
      n         integer NOT NULL CHECK (n > 0),
      PRIMARY KEY (offer_id, day, type)
    );

    INSERT INTO offer_stat_days (offer_id, day, type, n)
    SELECT u.offer_id, (s.created_at AT TIME ZONE 'Europe/Paris')::date, s.type, count(*)::integer
    FROM stats s CROSS JOIN LATERAL unnest(s.offer_ids) AS u(offer_id)
    GROUP BY 1, 2, 3;

    INSERT INTO offer_stat_days (offer_id, day, type, n)
    SELECT u.offer_id, (m.created_at AT TIME ZONE 'Europe/Paris')::date, 'alerte', count(*)::integer
    FROM mail_outbox m CROSS JOIN LATERAL unnest(m.offer_ids) AS u(offer_id)
    WHERE m.kind = 'digest' AND m.cancelled_at IS NULL
    GROUP BY 1, 2, 3;

    DROP TABLE stats;

    -- The contact requests of an offer over a period.
    CREATE INDEX contacts_offer_created ON contacts (offer_id, created_at)
      WHERE offer_id IS NOT NULL AND NOT spam;
    -- The active offers comparable with one (nature, rubrique, places of a city or département),
    -- read from the index alone.
    CREATE INDEX offers_audience_peers ON offers (nature, rubrique_id, lieu_id, id)
      WHERE status = 'active';

    -- The grammatical gender of a rubrique's French name: "1re sur 12 villas", "1er sur 12 mas".
    ALTER TABLE rubriques ADD COLUMN gender_fr text NOT NULL DEFAULT 'm'
      CHECK (gender_fr IN ('m', 'f'));
    UPDATE rubriques SET gender_fr = 'f' WHERE id IN (10, 11, 16, 18, 30, 33);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE rubriques DROP COLUMN IF EXISTS gender_fr;
    DROP INDEX IF EXISTS offers_audience_peers;
    DROP INDEX IF EXISTS contacts_offer_created;
    CREATE TABLE IF NOT EXISTS stats (
      id          bigserial PRIMARY KEY,
      created_at  timestamptz NOT NULL DEFAULT now(),
      type        text NOT NULL CHECK (type IN ('liste', 'detail', 'email', 'telephone')),
      offer_ids   integer[] NOT NULL
    );
    CREATE INDEX IF NOT EXISTS stats_created ON stats (created_at);
    DROP TABLE IF EXISTS offer_stat_days;
  `.execute(db);
}
