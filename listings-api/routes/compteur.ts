import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  ApiErrorSchema,
  CompteurSchema,
  LIEU_TYPES,
  NatureIdSchema,
  RubriqueCountsSchema,
  type LieuType,
} from '../../shared/contract';
import { notFound } from '../lib/errors';
import { toLieu } from '../lib/mappers';
import { BboxParam } from '../../shared/bbox';
import { resolveLieux, searchKeyParam } from '../lib/offer-search';
import { idListParam, intParam, langParam, limitParam } from '../lib/params';
import { topmostRubriques, type Reference } from '../lib/reference';
import type { ValibotTypeProvider } from '../lib/validation';
import { selectSubstituteCounts } from '../repositories/substitutes';

const CompteurQuery = v.object({
  /** Leave out substitutes with fewer active offers (default 1). */
  min_nb: v.optional(intParam(0, 1_000_000), '1'),
  nature: v.optional(NatureIdSchema),
  rubrique: v.optional(idListParam(50)),
  /** The searched place(s); the first one is the centre of the nearby search. */
  lieu: v.optional(idListParam(50)),
  /** Kind of nearby places (default: the searched place's kind). */
  lieu_type: v.optional(
    v.picklist(LIEU_TYPES.filter((t) => t !== 'Generic') as [LieuType, ...LieuType[]]),
  ),
  /** Radius of the nearby search in km (default 30, spec section 9). */
  rayon: v.optional(intParam(1, 500), '30'),
  exclude_rubrique: v.optional(idListParam(100)),
  exclude_lieu: v.optional(idListParam(100)),
  /** At most this many entries per kind of substitute (default 10). */
  limit: limitParam(10, 50),
  /** The search this substitute is for (from GET /offre), kept for the request log. */
  search_key: v.optional(searchKeyParam),
  /**
   * A map area (`west,south,east,north`): the other rubriques are counted inside it, in the
   * searched places; nearby places and parents are not substitutes of an area.
   */
  bbox: v.optional(BboxParam),
  lang: langParam,
});

const RubriqueCountQuery = v.object({
  nature: v.optional(NatureIdSchema),
  lieu: v.optional(idListParam(50)),
  /** Leave out rubriques with fewer active offers (default 1). */
  min_nb: v.optional(intParam(0, 1_000_000), '1'),
});

/** Non-generic rubriques of a nature, except those listed and everything below them. */
function otherRubriques(ref: Reference, nature: string | undefined, excluded: number[]): number[] {
  const out: number[] = [];
  for (const row of ref.rubriques.values()) {
    if (row.id === ref.genericRubriqueId) continue;
    if (nature && !row.natures.includes(nature as never)) continue;
    let cursor: number | null = row.id;
    let below = false;
    const seen = new Set<number>();
    while (cursor !== null && !seen.has(cursor)) {
      if (excluded.includes(cursor)) below = true;
      seen.add(cursor);
      cursor = ref.rubriques.get(cursor)?.parent_id ?? null;
    }
    if (!below) out.push(row.id);
  }
  return out;
}

/** GET /compteur (substitute searches) and /compteur/rubriques (hub counts). */
export async function compteurRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  // Read-only routes: answered by the replicas in step (the primary when none is).
  const db = app.db.read;

  app.get(
    '/compteur',
    {
      config: { cache: true },
      schema: {
        querystring: CompteurQuery,
        response: { 200: CompteurSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const ref = await app.reference.get();
      const rubriques = q.rubrique
        ? topmostRubriques(
            ref,
            q.rubrique.filter((id) => id !== ref.genericRubriqueId),
          )
        : [];
      const rubriqueScope = rubriques.length > 0 ? rubriques : [0];
      const excludedLieux = new Set(q.exclude_lieu ?? []);
      const minNb = q.min_nb;

      const centreId = q.lieu?.[0];
      const centre = centreId !== undefined ? ref.lieux.get(centreId) : undefined;
      if (centreId !== undefined && !centre) throw notFound('lieu');
      const places = q.lieu ? resolveLieux(ref, q.lieu) : null;

      // Nearby: places of the same kind within rayon km of the centre, with their counts.
      const nearby =
        !q.bbox && centre && centre.lat !== null && centre.lng !== null
          ? {
              lat: centre.lat,
              lng: centre.lng,
              radiusKm: q.rayon,
              type: q.lieu_type ?? centre.type,
              excluded: [...(q.lieu ?? []), ...excludedLieux],
              nature: q.nature,
              rubriques: rubriqueScope,
              minCount: minNb,
              limit: q.limit,
            }
          : null;
      // Parents: each ancestor of the centre, nearest first (ancestors are stored root first).
      const parentRows =
        centre && !q.bbox
          ? [...centre.ancestors]
              .reverse()
              .flatMap((id) => ref.lieux.get(id) ?? [])
              .filter(
                (row) =>
                  row.id !== centre.id && row.type !== 'Generic' && !excludedLieux.has(row.id),
              )
          : [];
      // Rubriques: the nature's other rubriques in the searched place(s), largest first.
      const candidates = otherRubriques(ref, q.nature, [
        ...rubriques,
        ...(q.exclude_rubrique ?? []),
      ]);

      // The three kinds of substitutes in one statement.
      const found = await selectSubstituteCounts(db, {
        nearby,
        parents: parentRows.map((row) => row.id),
        nature: q.nature,
        rubriques: rubriqueScope,
        candidates,
        places,
        bbox: q.bbox,
      });

      const nearbyEntries = found.nearby.map((row) => ({
        lieu: toLieu(ref.lieux.get(row.id)!, q.lang),
        count: row.n,
        distance_km: Math.round(row.distance / 100) / 10,
      }));
      const parentCounts = new Map(found.parents.map((row) => [row.lieu_id, row.n]));
      const parents = parentRows
        .map((row) => ({ lieu: toLieu(row, q.lang), count: parentCounts.get(row.id) ?? 0 }))
        .filter((entry) => entry.count >= minNb && entry.count > 0)
        .slice(0, q.limit);
      const rubriqueCounts = new Map(found.rubriques.map((row) => [row.rubrique_id, row.n]));
      const rubriqueEntries = candidates
        .map((id) => ({ rubrique_id: id, count: rubriqueCounts.get(id) ?? 0 }))
        .filter((entry) => entry.count >= minNb && entry.count > 0)
        .sort((a, b) => b.count - a.count || a.rubrique_id - b.rubrique_id)
        .slice(0, q.limit);
      return { nearby: nearbyEntries, parents, rubriques: rubriqueEntries };
    },
  );

  app.get(
    '/compteur/rubriques',
    {
      config: { cache: true },
      schema: { querystring: RubriqueCountQuery, response: { 200: RubriqueCountsSchema } },
    },
    async (request) => {
      const { nature, lieu, min_nb: minNb } = request.query;
      const ref = await app.reference.get();
      const places = lieu ? resolveLieux(ref, lieu) : null;
      const candidates = otherRubriques(ref, nature, []);
      const counts = await app.offerCounts.perRubrique(
        { lieux: places ?? [0], nature },
        candidates,
      );
      return candidates
        .map((id) => ({ rubrique_id: id, count: counts.get(id) ?? 0 }))
        .filter((entry) => entry.count >= minNb && entry.count > 0);
    },
  );
}
