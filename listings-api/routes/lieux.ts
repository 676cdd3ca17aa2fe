import type { FastifyInstance } from 'fastify';
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
import { toLieu } from '../lib/mappers';
import { topmostRubriques } from '../lib/reference';
import {
  idListParam,
  idParam,
  intParam,
  keywordListParam,
  langParam,
  limitParam,
  slugParam,
} from '../lib/params';
import { searchLieux } from '../lib/lieu-search';
import { searchText, searchTextParam } from '../lib/text';
import type { ValibotTypeProvider } from '../lib/validation';
import { selectExternalLinks } from '../repositories/lieux';

const SEARCHABLE_TYPES = LIEU_TYPES.filter((type) => type !== 'Generic') as [
  LieuType,
  ...LieuType[],
];

const SearchLieuQuery = v.object({
  q: searchTextParam,
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

/** GET /search-lieu, /lieu, /lieu/{id}/children, /url, /liens-externes. */
export async function lieuRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  // Read-only routes: answered by the replicas in step (the primary when none is).
  const db = app.db.read;

  app.get(
    '/search-lieu',
    {
      config: { cache: true },
      schema: { querystring: SearchLieuQuery, response: { 200: LieuSuggestionListSchema } },
    },
    async (request) => {
      const { lang, limit, types } = request.query;
      const q = searchText(request.query.q);
      const [ids, ref] = await Promise.all([
        searchLieux(db, { text: q, limit, types }),
        app.reference.get(),
      ]);
      const label = (row: { libelle_fr: string; libelle_en: string }) =>
        lang === 'en' ? row.libelle_en : row.libelle_fr;
      return {
        items: ids.flatMap((id) => {
          const row = ref.lieux.get(id);
          if (!row) return [];
          const parent = row.parent_id !== null ? ref.lieux.get(row.parent_id) : undefined;
          return {
            id: row.id,
            slug: row.slug,
            libelle: label(row),
            libelle_prep: lang === 'en' ? row.libelle_prep_en : row.libelle_prep_fr,
            type: row.type as LieuType,
            parent_label: parent && parent.type !== 'Generic' ? label(parent) : null,
          };
        }),
      };
    },
  );

  app.get(
    '/lieu',
    {
      config: { cache: true },
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
      const ref = await app.reference.get();
      if (ids) return lieuxWithAncestors(ref, ids, lang);
      const placeId = slug !== undefined ? ref.lieuxBySlug.get(slug)?.id : id;
      const found = placeId !== undefined ? lieuWithAncestors(ref, placeId, lang) : null;
      if (!found) throw notFound('lieu');
      return found;
    },
  );

  app.get(
    '/lieu/:id/children',
    {
      config: { cache: true },
      schema: {
        params: v.object({ id: idParam }),
        querystring: ChildrenQuery,
        response: { 200: LieuChildrenSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const { nature, rubrique, min_count: minCount, lang } = request.query;
      const ref = await app.reference.get();
      const place = ref.lieux.get(request.params.id);
      if (!place) throw notFound('lieu');
      const childIds =
        place.type === 'Zones' ? place.lieux : (ref.lieuChildren.get(place.id) ?? []);
      const children = childIds.flatMap((id) => ref.lieux.get(id) ?? []);
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
    {
      config: { cache: true },
      schema: { querystring: UrlQuery, response: { 200: LieuUrlSchema, 404: ApiErrorSchema } },
    },
    async (request) => {
      const row = (await app.reference.get()).lieux.get(request.query.lieu);
      if (!row) throw notFound('lieu');
      return { id: row.id, slug: row.slug, path: row.slug };
    },
  );

  app.get(
    '/liens-externes',
    {
      config: { cache: true },
      schema: {
        querystring: LinksQuery,
        response: { 200: ExternalLinksSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const { lieu, lang } = request.query;
      // The place itself, then its ancestors nearest first (the generic place last), then links
      // attached to no place.
      const ref = await app.reference.get();
      let chain: number[] = [ref.genericLieu.id];
      if (lieu !== undefined) {
        const row = ref.lieux.get(lieu);
        if (!row) throw notFound('lieu');
        // ancestors are stored root first.
        chain = [row.id, ...[...row.ancestors].reverse().filter((a) => a !== row.id)];
      }
      const links = await selectExternalLinks(db, chain);
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
