import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
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
  type NatureId,
} from '../../shared/contract';
import type { Db } from '../db/connection';
import type { FeeScaleRow } from '../db/types';
import { agencyRelevance, agencySummariesByIds, selectAgencySummaries } from '../lib/agencies';
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
import { likeEscape, searchText, searchTextParam } from '../lib/text';
import type { ValibotTypeProvider } from '../lib/validation';

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
  const row = await db.kysely
    .selectFrom('agencies')
    .selectAll()
    .$if('id' in key, (qb) => qb.where('id', '=', (key as { id: number }).id))
    .$if('slug' in key, (qb) => qb.where('slug', '=', (key as { slug: string }).slug))
    .$if(!withInactives, (qb) => qb.where('active', '=', true))
    .executeTakeFirst();
  if (!row) return null;
  const [[summary], counts] = await Promise.all([
    agencySummariesByIds(db, [row.id]),
    db.kysely
      .selectFrom('offers')
      .select(['nature', (eb) => eb.fn.countAll<number>().as('n')])
      .where('agency_id', '=', row.id)
      .where('status', '=', 'active')
      .groupBy('nature')
      .execute(),
  ]);
  const offerCounts: Record<NatureId, number> = { V: 0, L: 0, S: 0 };
  for (const count of counts) offerCounts[count.nature] = Number(count.n);
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
  const db = app.db;

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
      const conds: RawBuilder<unknown>[] = [];
      if (!q.with_inactives) conds.push(sql`a.active`);
      if (q.network !== undefined) conds.push(sql`a.network_id = ${q.network}`);
      if (q.lieu) {
        const places = resolveLieux(await app.reference.get(), q.lieu);
        if (places !== null) {
          conds.push(places.length > 0 ? sql`a.lieu_path && ${places}::int[]` : sql`false`);
        }
      }
      let searchRank: RawBuilder<unknown> | null = null;
      if (q.search !== undefined) {
        // Name starts with the text, a word of it does, it contains it, or it is close (typo).
        const words = searchText(q.search);
        const text = sql`lower(unaccent(${words}))`;
        const pattern = sql`lower(unaccent(${likeEscape(words)}))`;
        conds.push(sql`(a.search_name LIKE ${pattern} || '%' OR a.search_name LIKE '%' || ${pattern} || '%'
          OR ${text} <% a.search_name)`);
        searchRank = sql`CASE WHEN a.search_name LIKE ${pattern} || '%' THEN 0
          WHEN a.search_name LIKE '%' || ${pattern} || '%' THEN 1 ELSE 2 END,
          word_similarity(${text}, a.search_name) DESC, similarity(${text}, a.search_name) DESC`;
      }
      const where = sql<boolean>`(${conds.length > 0 ? sql.join(conds, sql` AND `) : sql`true`})`;
      // Names are sorted as a reader expects (ICU's root collation, on PostgreSQL and PGlite
      // alike): accents and case second to the letters, a space before any letter, so "Cap
      // Saphir Nice" comes before "Cap Saphir Nice Centre" and "Èze" among the E. The id breaks
      // ties: pages never overlap. Relevance: how well the name matches when one is searched,
      // then the agency's relevance index (migration 006), then the name (the ranking page says
      // so).
      const byName = sql`a.name COLLATE "und-x-icu" ASC, a.id ASC`;
      const order =
        q.sort === 'az'
          ? byName
          : q.sort === 'za'
            ? sql`a.name COLLATE "und-x-icu" DESC, a.id DESC`
            : searchRank
              ? sql`${searchRank}, ${agencyRelevance} DESC, ${byName}`
              : sql`${agencyRelevance} DESC, ${byName}`;
      const [total, items] = await Promise.all([
        sql<{ n: number }>`SELECT count(*)::integer AS n FROM agencies a WHERE ${where}`
          .execute(db.kysely)
          .then((result) => result.rows[0]?.n ?? 0),
        selectAgencySummaries(db, where, order, q.limit, (q.page - 1) * q.limit),
      ]);
      return { total, page: q.page, limit: q.limit, items };
    },
  );

  const networkRoute = async (request: { params: { slug: string }; query: { lang: Lang } }) => {
    const row = await db.kysely
      .selectFrom('networks as n')
      .selectAll('n')
      .select((eb) =>
        eb
          .selectFrom('agencies as a')
          .select(eb.fn.countAll<number>().as('c'))
          .whereRef('a.network_id', '=', 'n.id')
          .where('a.active', '=', true)
          .as('agencies_count'),
      )
      .where('n.slug', '=', request.params.slug)
      .executeTakeFirst();
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
      const exists = await db.kysely
        .selectFrom('agencies')
        .select('id')
        .where('id', '=', agency)
        .executeTakeFirst();
      if (!exists) throw notFound('agency');
      const [summary, rows] = await Promise.all([
        db.kysely
          .selectFrom('reviews')
          .select([
            (eb) => eb.fn.countAll<number>().as('total'),
            sql<number | null>`round(avg(rating)::numeric, 2)::float8`.as('average'),
          ])
          .where('agency_id', '=', agency)
          .executeTakeFirstOrThrow(),
        db.kysely
          .selectFrom('reviews')
          .selectAll()
          .where('agency_id', '=', agency)
          // Newest first, whatever their language (the page marks a review in another language).
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
      ]);
      return {
        total: Number(summary.total),
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
