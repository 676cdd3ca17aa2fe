import { sql, type Kysely } from 'kysely';

// Counts of active offers per (place, nature, rubrique) for hub links and substitute searches
// (/compteur, /lieu/{id}/children, /compteur/rubriques): counting a country's subtree live would
// read hundreds of thousands of rows per request. An offer counts for every place of its
// lieu_path and every rubrique of its rubrique_path; place 0 and rubrique 0 stand for "any".
// A statement trigger marks the counts stale when offers change; the API refreshes them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE MATERIALIZED VIEW offer_counts AS
      SELECT l.lieu_id, o.nature, r.rubrique_id, count(*)::integer AS n
      FROM offers o
      CROSS JOIN LATERAL unnest(array_append(o.lieu_path, 0)) AS l(lieu_id)
      CROSS JOIN LATERAL unnest(array_append(o.rubrique_path, 0)) AS r(rubrique_id)
      WHERE o.status = 'active'
      GROUP BY 1, 2, 3
      WITH NO DATA;
    CREATE UNIQUE INDEX offer_counts_key ON offer_counts (lieu_id, nature, rubrique_id);
    CREATE INDEX offer_counts_rubrique ON offer_counts (rubrique_id, nature, lieu_id);

    CREATE TABLE offer_counts_state (
      id            smallint PRIMARY KEY CHECK (id = 1),
      stale         boolean NOT NULL,
      refreshed_at  timestamptz
    );
    INSERT INTO offer_counts_state (id, stale) VALUES (1, true);

    CREATE FUNCTION offer_counts_mark_stale() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE offer_counts_state SET stale = true WHERE id = 1 AND NOT stale;
      RETURN NULL;
    END $$;
    CREATE TRIGGER offers_mark_counts_stale
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON offers
      FOR EACH STATEMENT EXECUTE FUNCTION offer_counts_mark_stale();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER IF EXISTS offers_mark_counts_stale ON offers;
    DROP FUNCTION IF EXISTS offer_counts_mark_stale();
    DROP TABLE IF EXISTS offer_counts_state;
    DROP MATERIALIZED VIEW IF EXISTS offer_counts;
  `.execute(db);
}
