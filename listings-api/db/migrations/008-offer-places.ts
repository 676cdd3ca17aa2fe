import { sql, type Kysely } from 'kysely';

// One row per active offer and place of its lieu_path, holding the offer's sort keys: a result
// list of a place (its subtree) is then one short range of an index in the list's order, where
// the offers table's sort indexes walk every offer of the nature in France and drop those of
// other places. `amount` is the nature's own price (sale price, monthly rent, weekly rent);
// `price_last` marks offers whose price is hidden or missing (they sort after the others on a
// price sort) and `sort_amount` is the amount those sorts order by (0 when missing).
// Statement triggers keep the rows in step with offers, in the transaction that changes them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE offer_places (
      lieu_id       integer NOT NULL,
      nature        char(1) NOT NULL,
      rubrique_id   integer NOT NULL,
      premium       boolean NOT NULL,
      published_at  timestamptz NOT NULL,
      amount        integer,
      price_last    boolean NOT NULL,
      sort_amount   integer NOT NULL,
      offer_id      integer NOT NULL
    );

    CREATE FUNCTION offer_places_rows(o offers) RETURNS SETOF offer_places
    LANGUAGE sql IMMUTABLE AS $$
      SELECT p.lieu_id, o.nature, o.rubrique_id, o.premium, o.published_at, a.amount,
        o.prix_cache OR a.amount IS NULL, coalesce(a.amount, 0), o.id
      FROM (SELECT CASE o.nature WHEN 'V' THEN o.price WHEN 'L' THEN o.monthly_rent
          ELSE o.weekly_rent END AS amount) a
      CROSS JOIN unnest(o.lieu_path) AS p(lieu_id)
      WHERE o.status = 'active'
    $$;

    INSERT INTO offer_places SELECT r.* FROM offers o CROSS JOIN LATERAL offer_places_rows(o) r;

    CREATE INDEX offer_places_default ON offer_places
      (lieu_id, nature, premium, published_at, offer_id) INCLUDE (amount, rubrique_id);
    CREATE INDEX offer_places_new ON offer_places
      (lieu_id, nature, published_at, offer_id) INCLUDE (amount, rubrique_id);
    CREATE INDEX offer_places_price ON offer_places
      (lieu_id, nature, price_last, sort_amount, offer_id) INCLUDE (amount, rubrique_id);
    CREATE INDEX offer_places_offer ON offer_places (offer_id);

    -- From each statement's transition tables: the rows it removed (old_offers), those it wrote.
    CREATE FUNCTION offer_places_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        DELETE FROM offer_places WHERE offer_id IN (SELECT id FROM old_offers);
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO offer_places
          SELECT r.* FROM new_offers o CROSS JOIN LATERAL offer_places_rows(o) r;
      END IF;
      IF TG_OP = 'TRUNCATE' THEN
        TRUNCATE offer_places;
      END IF;
      RETURN NULL;
    END $$;

    CREATE TRIGGER offers_places_insert AFTER INSERT ON offers
      REFERENCING NEW TABLE AS new_offers
      FOR EACH STATEMENT EXECUTE FUNCTION offer_places_sync();
    CREATE TRIGGER offers_places_update AFTER UPDATE ON offers
      REFERENCING OLD TABLE AS old_offers NEW TABLE AS new_offers
      FOR EACH STATEMENT EXECUTE FUNCTION offer_places_sync();
    CREATE TRIGGER offers_places_delete AFTER DELETE ON offers
      REFERENCING OLD TABLE AS old_offers
      FOR EACH STATEMENT EXECUTE FUNCTION offer_places_sync();
    CREATE TRIGGER offers_places_truncate AFTER TRUNCATE ON offers
      FOR EACH STATEMENT EXECUTE FUNCTION offer_places_sync();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER IF EXISTS offers_places_insert ON offers;
    DROP TRIGGER IF EXISTS offers_places_update ON offers;
    DROP TRIGGER IF EXISTS offers_places_delete ON offers;
    DROP TRIGGER IF EXISTS offers_places_truncate ON offers;
    DROP FUNCTION IF EXISTS offer_places_sync();
    DROP TABLE IF EXISTS offer_places CASCADE;
    DROP FUNCTION IF EXISTS offer_places_rows(offers);
  `.execute(db);
}
