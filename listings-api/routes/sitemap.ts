import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import * as v from 'valibot';
import {
  SitemapCountsSchema,
  SitemapListsSchema,
  SitemapOffersSchema,
  SitemapSlugsSchema,
  type NatureId,
} from '../../shared/contract';
import { isoDate } from '../lib/mappers';
import { flagParam, intParam, limitParam } from '../lib/params';
import type { ValibotTypeProvider } from '../lib/validation';

// Enumerations for the web app's sitemap: result lists that have offers (from the offer_counts
// view), active offers, active agencies and networks, each in stable order and by slices.

const SliceQuery = v.object({
  offset: v.optional(intParam(0, 10_000_000), '0'),
  limit: limitParam(10_000, 25_000),
});
const ListsQuery = v.object({ ...SliceQuery.entries, hubs: v.optional(flagParam) });

export async function sitemapRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const k = app.db.kysely;

  /** offer_counts rows of real lists: the generic place and rubrique are the 0 rows. */
  const listRows = async (hubs = false) => {
    const ref = await app.reference.get();
    return sql`
      FROM offer_counts c
      LEFT JOIN lieux l ON l.id = c.lieu_id
      WHERE c.n > 0
        AND c.lieu_id <> ${ref.genericLieu.id}
        AND c.rubrique_id <> ${ref.genericRubriqueId}
        AND (c.lieu_id = 0 OR l.id IS NOT NULL)
        ${hubs ? sql`AND c.rubrique_id = 0 AND c.lieu_id <> 0` : sql``}`;
  };

  app.get(
    '/sitemap',
    { config: { cache: true }, schema: { response: { 200: SitemapCountsSchema } } },
    async () => {
      const [from, hubsFrom] = await Promise.all([listRows(), listRows(true)]);
      const [lists, hubs, offres, agences, reseaux] = await Promise.all([
        sql<{ n: number }>`SELECT count(*)::integer AS n ${from}`.execute(k),
        sql<{ n: number }>`SELECT count(*)::integer AS n ${hubsFrom}`.execute(k),
        k
          .selectFrom('offers')
          .select(sql<number>`count(*)::integer`.as('n'))
          .where('status', '=', 'active')
          .executeTakeFirst(),
        k
          .selectFrom('agencies')
          .select(sql<number>`count(*)::integer`.as('n'))
          .where('active', '=', true)
          .executeTakeFirst(),
        k
          .selectFrom('networks')
          .select(sql<number>`count(*)::integer`.as('n'))
          .executeTakeFirst(),
      ]);
      return {
        lists: lists.rows[0]?.n ?? 0,
        hubs: hubs.rows[0]?.n ?? 0,
        offres: offres?.n ?? 0,
        agences: agences?.n ?? 0,
        reseaux: reseaux?.n ?? 0,
      };
    },
  );

  app.get(
    '/sitemap/lists',
    {
      config: { cache: true },
      schema: { querystring: ListsQuery, response: { 200: SitemapListsSchema } },
    },
    async (request) => {
      const { offset, limit, hubs } = request.query;
      const from = await listRows(hubs ?? false);
      const result = await sql<{
        nature: NatureId;
        rubrique_id: number;
        lieu_id: number;
        lieu_slug: string | null;
        n: number;
      }>`
        SELECT c.nature, c.rubrique_id, c.lieu_id, l.slug AS lieu_slug, c.n ${from}
        ORDER BY c.nature, c.lieu_id, c.rubrique_id
        OFFSET ${offset} LIMIT ${limit}`.execute(k);
      return {
        items: result.rows.map((row) => ({
          nature: row.nature,
          rubrique_id: row.rubrique_id === 0 ? null : row.rubrique_id,
          lieu_slug: row.lieu_id === 0 ? null : row.lieu_slug,
          count: row.n,
        })),
      };
    },
  );

  app.get(
    '/sitemap/offres',
    {
      config: { cache: true },
      schema: { querystring: SliceQuery, response: { 200: SitemapOffersSchema } },
    },
    async (request) => {
      const { offset, limit } = request.query;
      const rows = await k
        .selectFrom('offers as o')
        .innerJoin('lieux as l', 'l.id', 'o.lieu_id')
        .select([
          'o.id',
          'o.slug',
          'o.nature',
          'o.rubrique_id',
          'l.slug as lieu_slug',
          'o.updated_at',
        ])
        .where('o.status', '=', 'active')
        .orderBy('o.id')
        .offset(offset)
        .limit(limit)
        .execute();
      return { items: rows.map((row) => ({ ...row, updated_at: isoDate(row.updated_at) })) };
    },
  );

  app.get(
    '/sitemap/agences',
    {
      config: { cache: true },
      schema: { querystring: SliceQuery, response: { 200: SitemapSlugsSchema } },
    },
    async (request) => {
      const { offset, limit } = request.query;
      const items = await k
        .selectFrom('agencies')
        .select('slug')
        .where('active', '=', true)
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute();
      return { items };
    },
  );

  app.get(
    '/sitemap/reseaux',
    {
      config: { cache: true },
      schema: { querystring: SliceQuery, response: { 200: SitemapSlugsSchema } },
    },
    async (request) => {
      const { offset, limit } = request.query;
      const items = await k
        .selectFrom('networks')
        .select('slug')
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute();
      return { items };
    },
  );
}
