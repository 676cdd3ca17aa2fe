import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import * as v from 'valibot';
import {
  ApiErrorSchema,
  ExternalLinksSchema,
  LIEU_TYPES,
  LieuChildrenSchema,
  LieuSuggestionListSchema,
  LieuUrlSchema,
  LieuWithAncestorsListSchema,
  LieuWithAncestorsSchema,
  NatureIdSchema,
  type LieuType,
} from '../../shared/contract';
import { HttpError, notFound } from '../lib/errors';
import { lieuWithAncestors, lieuxWithAncestors } from '../lib/lieux';
import { toLieu, type LieuRow } from '../lib/mappers';
import { topmostRubriques } from '../lib/reference';
import {
  idListParam,
  idParam,
  intParam,
  keywordListParam,
  langParam,
  limitParam,
  slugParam,
  textParam,
} from '../lib/params';
import type { ValibotTypeProvider } from '../lib/validation';

const SEARCHABLE_TYPES = LIEU_TYPES.filter((type) => type !== 'Generic') as [
  LieuType,
  ...LieuType[],
];

/** Escapes LIKE wildcards in user text (the accents and case are folded in SQL). */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const SearchLieuQuery = v.object({
  q: textParam(2, 100),
  lang: langParam,
  limit: limitParam(10, 50),
  /** Only places of these types: `types=Villes,Departements`. */
  types: v.optional(keywordListParam(SEARCHABLE_TYPES)),
});

const LieuQuery = v.object({
  id: v.optional(idParam),
  slug: v.optional(slugParam),
  ids: v.optional(idListParam(100)),
  lang: langParam,
});

const ChildrenQuery = v.object({
  nature: v.optional(NatureIdSchema),
  rubrique: v.optional(idListParam(50)),
  /** Leave out children with fewer active offers (default 1). */
  min_count: v.optional(intParam(0, 1_000_000), '1'),
  lang: langParam,
});

const UrlQuery = v.object({ lieu: idParam });
const LinksQuery = v.object({ lieu: v.optional(idParam), lang: langParam });

// Among matches of equal quality, bigger kinds of place come first, then bigger populations.
const TYPE_WEIGHT = sql`CASE l.type WHEN 'Pays' THEN 1 WHEN 'Regions' THEN 2 WHEN 'Plaques' THEN 3
  WHEN 'Departements' THEN 4 WHEN 'Villes' THEN 5 WHEN 'Zones' THEN 6 WHEN 'Arrondissements' THEN 7
  WHEN 'Quartiers' THEN 8 WHEN 'Lieudits' THEN 9 ELSE 10 END`;

/** GET /search-lieu, /lieu, /lieu/{id}/children, /url, /liens-externes. */
export async function lieuRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const db = app.db;

  app.get(
    '/search-lieu',
    { schema: { querystring: SearchLieuQuery, response: { 200: LieuSuggestionListSchema } } },
    async (request) => {
      const { q, lang, limit, types } = request.query;
      const label = sql.ref(`p.libelle_${lang}`);
      // Quality: 0 same name, 1 name starts with the text, 2 a word starts with it, 3 close
      // spelling (trigram word similarity, one typo). Every branch is served by the trigram
      // index. `<%` rather than `%`: PGlite 0.5 hangs when `%` evaluates to false.
      const result = await sql<LieuRow & { parent_label: string | null }>`
        WITH q AS (
          SELECT lower(unaccent(${q})) AS text, lower(unaccent(${likeEscape(q)})) AS pattern
        )
        SELECT l.*, ${label} AS parent_label
        FROM lieux l
        CROSS JOIN q
        LEFT JOIN lieux p ON p.id = l.parent_id AND p.type <> 'Generic'
        WHERE l.type <> 'Generic'
          ${types ? sql`AND l.type = ANY(${types}::text[])` : sql``}
          AND (
            l.search_name LIKE q.pattern || '%'
            OR l.search_name LIKE '% ' || q.pattern || '%'
            OR l.search_name LIKE '%-' || q.pattern || '%'
            OR q.text <% l.search_name
          )
        ORDER BY
          CASE
            WHEN l.search_name = q.text THEN 0
            WHEN starts_with(l.search_name, q.text) THEN 1
            WHEN position(' ' || q.text IN l.search_name) > 0 OR position('-' || q.text IN l.search_name) > 0 THEN 2
            ELSE 3
          END,
          round(similarity(l.search_name, q.text)::numeric, 1) DESC,
          ${TYPE_WEIGHT},
          l.population DESC,
          l.id
        LIMIT ${limit}
      `.execute(db.kysely);
      return {
        items: result.rows.map((row) => ({
          id: row.id,
          slug: row.slug,
          libelle: lang === 'en' ? row.libelle_en : row.libelle_fr,
          libelle_prep: lang === 'en' ? row.libelle_prep_en : row.libelle_prep_fr,
          type: row.type as LieuType,
          parent_label: row.parent_label,
        })),
      };
    },
  );

  app.get(
    '/lieu',
    {
      schema: {
        querystring: LieuQuery,
        response: {
          200: v.union([LieuWithAncestorsSchema, LieuWithAncestorsListSchema]),
          400: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const { id, slug, ids, lang } = request.query;
      const given = [id, slug, ids].filter((value) => value !== undefined).length;
      if (given !== 1) {
        throw new HttpError(400, 'id: give exactly one of id, slug or ids', 'id');
      }
      if (ids) return lieuxWithAncestors(db, ids, lang);
      let placeId = id;
      if (slug !== undefined) {
        const row = await db.kysely
          .selectFrom('lieux')
          .select('id')
          .where('slug', '=', slug)
          .executeTakeFirst();
        placeId = row?.id;
      }
      const found = placeId !== undefined ? await lieuWithAncestors(db, placeId, lang) : null;
      if (!found) throw notFound('lieu');
      return found;
    },
  );

  app.get(
    '/lieu/:id/children',
    {
      schema: {
        params: v.object({ id: idParam }),
        querystring: ChildrenQuery,
        response: { 200: LieuChildrenSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const { nature, rubrique, min_count: minCount, lang } = request.query;
      const place = await db.kysely
        .selectFrom('lieux')
        .select(['id', 'type', 'lieux'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!place) throw notFound('lieu');
      const ref = await app.reference.get();
      const children = await db.kysely
        .selectFrom('lieux')
        .selectAll()
        .$if(place.type === 'Zones', (qb) => qb.where('id', 'in', [...place.lieux, -1]))
        .$if(place.type !== 'Zones', (qb) => qb.where('parent_id', '=', place.id))
        .execute();
      const rubriques = rubrique
        ? topmostRubriques(
            ref,
            rubrique.filter((r) => r !== ref.genericRubriqueId),
          )
        : [];
      const counts = await app.offerCounts.perLieu({
        lieux: children.map((child) => child.id),
        nature,
        rubriques: rubriques.length > 0 ? rubriques : [0],
      });
      return children
        .map((child) => ({ lieu: toLieu(child, lang), count: counts.get(child.id) ?? 0 }))
        .filter((entry) => entry.count >= minCount)
        .sort((a, b) => b.count - a.count || a.lieu.libelle.localeCompare(b.lieu.libelle, lang));
    },
  );

  app.get(
    '/url',
    { schema: { querystring: UrlQuery, response: { 200: LieuUrlSchema, 404: ApiErrorSchema } } },
    async (request) => {
      const row = await db.kysely
        .selectFrom('lieux')
        .select(['id', 'slug'])
        .where('id', '=', request.query.lieu)
        .executeTakeFirst();
      if (!row) throw notFound('lieu');
      return { id: row.id, slug: row.slug, path: row.slug };
    },
  );

  app.get(
    '/liens-externes',
    {
      schema: {
        querystring: LinksQuery,
        response: { 200: ExternalLinksSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const { lieu, lang } = request.query;
      // The place itself, then its ancestors nearest first, then the generic links.
      let chain: number[] = [];
      if (lieu !== undefined) {
        const row = await db.kysely
          .selectFrom('lieux')
          .select(['id', 'ancestors'])
          .where('id', '=', lieu)
          .executeTakeFirst();
        if (!row) throw notFound('lieu');
        const ancestors = await db.kysely
          .selectFrom('lieux')
          .select(['id', 'ancestors'])
          .where('id', 'in', [...row.ancestors, -1])
          .execute();
        chain = [
          row.id,
          ...ancestors
            .filter((a) => a.id !== row.id)
            .sort((x, y) => y.ancestors.length - x.ancestors.length)
            .map((a) => a.id),
        ];
      }
      const links = await db.kysely
        .selectFrom('external_links')
        .select(['lieu_id', 'label_fr', 'label_en', 'url', 'position'])
        .where((eb) =>
          eb.or([
            eb('lieu_id', 'is', null),
            ...(chain.length > 0 ? [eb('lieu_id', 'in', chain)] : []),
          ]),
        )
        .orderBy('position')
        .orderBy('id')
        .execute();
      const owner = chain.find((placeId) => links.some((link) => link.lieu_id === placeId)) ?? null;
      return {
        lieu_id: owner,
        items: links
          .filter((link) => link.lieu_id === owner)
          .map((link) => ({ label: lang === 'en' ? link.label_en : link.label_fr, url: link.url })),
      };
    },
  );
}
