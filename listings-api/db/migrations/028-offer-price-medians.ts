import { sql, type Kysely } from 'kysely';

// The median price per m² of an offer's comparables (listings-api/lib/offer-comparables.ts),
// read in one indexed row instead of sorting every active offer of a large city at each offer
// page: per city and per département, nature and rubrique, the count of the active offers with a
// surface and a shown price, and the four prices per m² around the middle of their sorted list
// (from `first_index`). Those four give the exact median with or without any one offer of the
// group, so the offer itself is left out as before. Rebuilt with the offer counts (offer-counts.ts)
// whenever offers change.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE MATERIALIZED VIEW offer_price_medians AS
      WITH priced AS (
        SELECT p.lieu_id, o.nature, o.rubrique_id,
          (CASE o.nature WHEN 'V' THEN o.price ELSE o.monthly_rent END)::float8 / o.surface
            AS per_m2
        FROM offers o
        CROSS JOIN LATERAL unnest(o.lieu_path) AS p(lieu_id)
        JOIN lieux l ON l.id = p.lieu_id AND l.type IN ('Villes', 'Departements')
        WHERE o.status = 'active' AND o.surface > 0 AND NOT o.prix_cache
          AND o.nature IN ('V', 'L')
          AND (CASE o.nature WHEN 'V' THEN o.price ELSE o.monthly_rent END) IS NOT NULL
      ), ranked AS (
        SELECT lieu_id, nature, rubrique_id, per_m2,
          row_number() OVER (PARTITION BY lieu_id, nature, rubrique_id ORDER BY per_m2) - 1 AS i,
          count(*) OVER (PARTITION BY lieu_id, nature, rubrique_id) AS n
        FROM priced
      )
      SELECT lieu_id, nature, rubrique_id, n::integer AS n,
        greatest(n / 2 - 2, 0)::integer AS first_index,
        array_agg(per_m2 ORDER BY i) AS middle
      FROM ranked
      WHERE i BETWEEN n / 2 - 2 AND n / 2 + 1
      GROUP BY lieu_id, nature, rubrique_id, n
      WITH NO DATA
  `.execute(db);
  await sql`
    CREATE UNIQUE INDEX offer_price_medians_key
      ON offer_price_medians (nature, rubrique_id, lieu_id)
  `.execute(db);
  // The offer page reads the view now; the index of migration 021 served the former statement.
  await sql`DROP INDEX IF EXISTS offers_comparables`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP MATERIALIZED VIEW IF EXISTS offer_price_medians`.execute(db);
  await sql`
    CREATE INDEX offers_comparables ON offers (nature, rubrique_id, lieu_id)
    INCLUDE (id, price, monthly_rent, surface)
    WHERE status = 'active' AND surface > 0 AND NOT prix_cache
  `.execute(db);
}
