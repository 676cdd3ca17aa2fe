import { sql, type Kysely } from 'kysely';

// The place autocomplete as a function, so that its settings come with it and a search costs
// one statement (it took four: begin, settings, query, commit); PL/pgSQL keeps the query's plan
// from one call to the next on a connection. Arguments: the visitor's text,
// the same text with LIKE wildcards escaped, the number of places, the place types (null: all).
// Returns place ids, best first. Quality: 0 same name, 1 the name starts with the text, 2 a
// word of it does, 3 close spelling (trigram word similarity: one typo); among equals the more
// populous place, then a city before the area that carries its name.
//
// Settings: pg_trgm's default word similarity (0.6) misses one wrong letter in a short name
// ('cannas' for 'cannes' scores 0.57). The planner prices the similarity operators like a plain
// comparison and would read every place computing trigrams for each (7 to 10 ms against 0.5 ms
// through the trigram index, always the better plan here): bitmap scans only. `<%` rather than
// `%`: PGlite 0.5 hangs when `%` is false.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION search_lieux(text, text, integer, text[]) RETURNS TABLE (id integer)
    LANGUAGE plpgsql STABLE
    SET pg_trgm.word_similarity_threshold = 0.5
    SET enable_seqscan = off
    SET enable_indexscan = off
    AS $$
    #variable_conflict use_column
    BEGIN
      RETURN QUERY
      WITH q AS (SELECT lower(unaccent($1)) AS text, lower(unaccent($2)) AS pattern)
      SELECT l.id
      FROM lieux l CROSS JOIN q
      WHERE l.type <> 'Generic'
        AND ($4 IS NULL OR l.type = ANY($4))
        AND (
          l.search_name LIKE q.pattern || '%'
          OR l.search_name LIKE '% ' || q.pattern || '%'
          OR q.text <% l.search_name
        )
      ORDER BY
        CASE
          WHEN l.search_name = q.text THEN 0
          WHEN starts_with(l.search_name, q.text) THEN 1
          WHEN position(' ' || q.text IN l.search_name) > 0 THEN 2
          ELSE 3
        END,
        round(similarity(l.search_name, q.text)::numeric, 1) DESC,
        l.population DESC,
        CASE l.type WHEN 'Pays' THEN 1 WHEN 'Villes' THEN 2 WHEN 'Regions' THEN 3
          WHEN 'Plaques' THEN 4 WHEN 'Departements' THEN 5 WHEN 'Zones' THEN 6
          WHEN 'Arrondissements' THEN 7 WHEN 'Quartiers' THEN 8 WHEN 'Lieudits' THEN 9 ELSE 10 END,
        l.id
      LIMIT $3;
    END
    $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS search_lieux(text, text, integer, text[])`.execute(db);
}
