import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  AGENCY_SORTS,
  AgencyDetailSchema,
  AgencyListSchema,
  ApiErrorSchema,
  NetworkSchema,
  ReviewListSchema,
  type AgencyDetail,
  type Lang,
} from '../../shared/contract';
import type { Db } from '../db/connection';
import type { FeeScaleRow } from '../db/types';
import { HttpError, notFound } from '../lib/errors';
import { isoDate } from '../lib/mappers';
import { resolveLieux } from '../lib/offer-search';
import {
  flagParam,
  idListParam,
  idParam,
  langParam,
  limitParam,
  pageParam,
  slugParam,
} from '../lib/params';
import { searchText, searchTextParam } from '../lib/text';
import type { ValibotTypeProvider } from '../lib/validation';
import {
  agencyExists,
  agencySummariesByIds,
  countAgencyOffers,
  selectAgencyDirectory,
  selectAgencyRow,
} from '../repositories/agencies';
import { selectNetworkBySlug } from '../repositories/networks';
import { selectReviews, selectReviewSummary } from '../repositories/reviews';

const AgencyQuery = v.object({
  /** One agency by id or slug (the answer is then AgencyDetail). */
  id: v.optional(idParam),
  slug: v.optional(slugParam),
  /** Include inactive agencies (fetching one adds it, spec section 7). */
  with_inactives: v.optional(flagParam, '0'),
  /** Agency name, typo tolerant. */
  search: v.optional(searchTextParam),
  /** Agencies in the subtree of the place(s). */
  lieu: v.optional(idListParam(50)),
  network: v.optional(idParam),
  /**
   * relevance: how well the name matches when one is searched, then the relevance index out of
   * 100 (listings, their completeness, client reviews: migration 006), then the name; az, za:
   * the name, accents and case ignored.
   */
  sort: v.optional(v.picklist(AGENCY_SORTS), 'relevance'),
  page: pageParam,
  limit: limitParam(24),
  lang: langParam,
});

const NetworkParams = v.object({ slug: slugParam });
const NetworkQuery = v.object({ lang: langParam });

const SurveyQuery = v.object({
  agency: idParam,
  /** The page's language (reviews are not translated; each says its own language). */
  lang: langParam,
  limit: limitParam(4, 50),
  page: pageParam,
});

async function agencyDetail(
  db: Db,
  key: { id: number } | { slug: string },
  withInactives: boolean,
  lang: Lang,
): Promise<AgencyDetail | null> {
  const row = await selectAgencyRow(db, key, withInactives);
  if (!row) return null;
  const [[summary], offerCounts] = await Promise.all([
    agencySummariesByIds(db, [row.id]),
    countAgencyOffers(db, row.id),
  ]);
  const feeScale = (
    typeof row.fee_scale === 'string' ? JSON.parse(row.fee_scale) : row.fee_scale
  ) as FeeScaleRow[];
  return {
    ...summary!,
    phone: row.phone,
    email: row.email,
    website: row.website,
    description: lang === 'en' ? row.description_en : row.description_fr,
    lat: row.lat,
    lng: row.lng,
    feeScale: feeScale.map((entry) => ({
      nature: entry.nature,
      from: entry.from,
      to: entry.to ?? null,
      percent: entry.percent ?? null,
      amount: entry.amount ?? null,
    })),
    offerCounts,
  };
}

/** GET /agence (directory and one agency), /reseau/{slug}, /network/{slug}, /client-survey. */
export async function agencyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  // Read-only routes: answered by the replicas in step (the primary when none is).
  const db = app.db.read;

  app.get(
    '/agence',
    {
      config: { cache: true },
      schema: {
        querystring: AgencyQuery,
        response: {
          200: v.union([AgencyDetailSchema, AgencyListSchema]),
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.id !== undefined && q.slug !== undefined) {
        throw new HttpError(400, 'id: give id or slug, not both', 'id');
      }
      if (q.id !== undefined || q.slug !== undefined) {
        const key = q.id !== undefined ? { id: q.id } : { slug: q.slug! };
        const found = await agencyDetail(db, key, q.with_inactives, q.lang);
        if (!found) throw notFound('agency');
        return found;
      }
      let places: number[] | null = null;
      if (q.lieu) places = resolveLieux(await app.reference.get(), q.lieu);
      const { total, items } = await selectAgencyDirectory(db, {
        withInactives: q.with_inactives,
        network: q.network,
        places,
        search: q.search !== undefined ? searchText(q.search) : undefined,
        sort: q.sort,
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
      return { total, page: q.page, limit: q.limit, items };
    },
  );

  const networkRoute = async (request: { params: { slug: string }; query: { lang: Lang } }) => {
    const row = await selectNetworkBySlug(db, request.params.slug);
    if (!row) throw notFound('network');
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: request.query.lang === 'en' ? row.description_en : row.description_fr,
      website: row.website,
      agencies_count: Number(row.agencies_count ?? 0),
    };
  };
  const networkSchema = {
    params: NetworkParams,
    querystring: NetworkQuery,
    response: { 200: NetworkSchema, 404: ApiErrorSchema },
  };
  app.get('/reseau/:slug', { config: { cache: true }, schema: networkSchema }, networkRoute);
  app.get('/network/:slug', { config: { cache: true }, schema: networkSchema }, networkRoute);

  app.get(
    '/client-survey',
    {
      config: { cache: true },
      schema: {
        querystring: SurveyQuery,
        response: { 200: ReviewListSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const { agency, limit, page } = request.query;
      if (!(await agencyExists(db, agency))) throw notFound('agency');
      const [summary, rows] = await Promise.all([
        selectReviewSummary(db, agency),
        selectReviews(db, agency, limit, (page - 1) * limit),
      ]);
      return {
        total: summary.total,
        average: summary.average,
        page,
        limit,
        items: rows.map((row) => ({
          lang: row.lang,
          rating: row.rating,
          author: row.author,
          title: row.title,
          body: row.body,
          response: row.response,
          source: row.source,
          date: isoDate(row.created_at),
        })),
      };
    },
  );
}
