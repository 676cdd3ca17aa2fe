import { sql, type Kysely } from 'kysely';

// Result lists at a million offers. A page is cut by walking an index in the sort's order and
// checking place, rubrique and price on the index entries themselves (covering INCLUDE columns,
// index-only scans): 24 results cost a few hundred entries, not a sort of every match. Totals
// with a price range come from counts per place, nature and price band (offer_price_counts),
// with only the ends of the range that fall inside a band counted live, on the same indexes.

/**
 * Price band thresholds (euros): 1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5 per power of ten, from 100
 * to 750 million. Band b holds prices in [T[b], T[b+1]) (width_bucket numbering; band 0 is below
 * 100). Round amounts a visitor types (1 000 000, 2 500 000, 3 000 €/month) fall on thresholds.
 */
export const PRICE_BAND_THRESHOLDS: readonly number[] = [2, 3, 4, 5, 6, 7, 8].flatMap((power) =>
  [1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5].map((m) => Math.round(m * 10 ** power)),
);

export async function up(db: Kysely<unknown>): Promise<void> {
  const thresholds = sql.raw(`'{${PRICE_BAND_THRESHOLDS.join(',')}}'::integer[]`);
  await sql`
    CREATE INDEX offers_sort_default ON offers (nature, premium, published_at, id)
      INCLUDE (lieu_path, rubrique_path, price, monthly_rent, weekly_rent) WHERE status = 'active';
    CREATE INDEX offers_sort_new ON offers (nature, published_at, id)
      INCLUDE (lieu_path, rubrique_path, price, monthly_rent, weekly_rent) WHERE status = 'active';
    CREATE INDEX offers_sort_price ON offers (nature, price, id)
      INCLUDE (lieu_path, rubrique_path, prix_cache) WHERE status = 'active' AND price IS NOT NULL;
    CREATE INDEX offers_sort_monthly ON offers (nature, monthly_rent, id)
      INCLUDE (lieu_path, rubrique_path, prix_cache)
      WHERE status = 'active' AND monthly_rent IS NOT NULL;
    CREATE INDEX offers_sort_weekly ON offers (nature, weekly_rent, id)
      INCLUDE (lieu_path, rubrique_path, prix_cache)
      WHERE status = 'active' AND weekly_rent IS NOT NULL;
  `.execute(db);
  // The price of each nature: sale price (V), monthly rent (L), weekly rent (S).
  await sql`
    CREATE MATERIALIZED VIEW offer_price_counts AS
      SELECT l.lieu_id, o.nature, width_bucket(p.amount, ${thresholds}) AS band,
        count(*)::integer AS n
      FROM offers o
      CROSS JOIN LATERAL (SELECT CASE o.nature WHEN 'V' THEN o.price WHEN 'L' THEN o.monthly_rent
        ELSE o.weekly_rent END AS amount) p
      CROSS JOIN LATERAL unnest(array_append(o.lieu_path, 0)) AS l(lieu_id)
      WHERE o.status = 'active' AND p.amount IS NOT NULL
      GROUP BY 1, 2, 3
      WITH NO DATA;
    CREATE UNIQUE INDEX offer_price_counts_key ON offer_price_counts (lieu_id, nature, band);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP MATERIALIZED VIEW IF EXISTS offer_price_counts;
    DROP INDEX IF EXISTS offers_sort_default, offers_sort_new, offers_sort_price,
      offers_sort_monthly, offers_sort_weekly;
  `.execute(db);
}
