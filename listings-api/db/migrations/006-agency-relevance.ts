import { sql, type Kysely } from 'kysely';

// The relevance index of the agency directory's default sort, computed from the data instead of
// being stored with each agency. Out of 100 points, each part rounded down to a whole point:
//
// - listings, up to 40: 2 points per active listing, counted up to 20 listings;
// - listing quality, up to 30: 30 × the share of its active listings that are complete, a
//   complete listing having at least 8 photos, its price shown (not "price on request") and a
//   surface (living area, or land area for a plot);
// - client reviews, up to 30: from 0 points for an average of 1 star to 30 points for 5 stars,
//   in proportion to the number of reviews up to 10 (5 reviews count half).
//
// Equal indexes are ordered by name. The ranking page (client/content/legal/ranking.*.tsx)
// describes this formula; the directory test recomputes it from the tables. The view is rebuilt
// with the offer counts (listings-api/lib/offer-counts.ts) after offers, reviews or agencies
// change: the same statement triggers mark them stale.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE agencies DROP COLUMN relevance;

    CREATE MATERIALIZED VIEW agency_relevance AS
      SELECT a.id AS agency_id,
        coalesce(o.listings, 0) AS listings,
        coalesce(o.complete, 0) AS complete_listings,
        coalesce(r.reviews, 0) AS reviews,
        coalesce(r.rating_sum, 0) AS rating_sum,
        2 * least(coalesce(o.listings, 0), 20)
          + CASE WHEN o.listings > 0 THEN (30 * o.complete) / o.listings ELSE 0 END
          + CASE WHEN r.reviews > 0
              THEN (3 * (r.rating_sum - r.reviews) * least(r.reviews, 10)) / (4 * r.reviews)
              ELSE 0 END
          AS relevance
      FROM agencies a
      LEFT JOIN (
        SELECT agency_id, count(*)::integer AS listings,
          (count(*) FILTER (WHERE jsonb_array_length(photos) >= 8 AND NOT prix_cache
            AND coalesce(price, monthly_rent, weekly_rent) IS NOT NULL
            AND (surface IS NOT NULL OR field_surface IS NOT NULL)))::integer AS complete
        FROM offers WHERE status = 'active' GROUP BY agency_id
      ) o ON o.agency_id = a.id
      LEFT JOIN (
        SELECT agency_id, count(*)::integer AS reviews, sum(rating)::integer AS rating_sum
        FROM reviews GROUP BY agency_id
      ) r ON r.agency_id = a.id
      WITH NO DATA;
    CREATE UNIQUE INDEX agency_relevance_key ON agency_relevance (agency_id);

    -- A review's language orders the reviews answered (GET /client-survey?lang=).
    ALTER TABLE reviews ADD CONSTRAINT reviews_lang CHECK (lang IN ('fr', 'en'));

    CREATE TRIGGER reviews_mark_counts_stale
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
      FOR EACH STATEMENT EXECUTE FUNCTION offer_counts_mark_stale();
    CREATE TRIGGER agencies_mark_counts_stale
      AFTER INSERT OR DELETE OR TRUNCATE ON agencies
      FOR EACH STATEMENT EXECUTE FUNCTION offer_counts_mark_stale();
    UPDATE offer_counts_state SET stale = true WHERE id = 1;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER IF EXISTS agencies_mark_counts_stale ON agencies;
    DROP TRIGGER IF EXISTS reviews_mark_counts_stale ON reviews;
    DROP MATERIALIZED VIEW IF EXISTS agency_relevance;
    ALTER TABLE reviews DROP CONSTRAINT IF EXISTS reviews_lang;
    ALTER TABLE agencies ADD COLUMN relevance integer NOT NULL DEFAULT 0;
  `.execute(db);
}
