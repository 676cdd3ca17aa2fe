import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  SitemapCountsSchema,
  SitemapListsSchema,
  SitemapOffersSchema,
  SitemapSlugsSchema,
} from '../../shared/contract';
import { isoDate } from '../lib/mappers';
import { flagParam, intParam, limitParam } from '../lib/params';
import type { ValibotTypeProvider } from '../lib/validation';
import { countActiveAgencies, selectActiveAgencySlugs } from '../repositories/agencies';
import { countNetworks, selectNetworkSlugs } from '../repositories/networks';
import { countActiveOffers, selectSitemapOffers } from '../repositories/offers';
import { countSitemapLists, selectSitemapLists } from '../repositories/sitemap';

// Enumerations for the web app's sitemap: result lists that have offers (from the offer_counts
// view), active offers, active agencies and networks, each in stable order and by slices.

const SliceQuery = v.object({
  offset: v.optional(intParam(0, 10_000_000), '0'),
  limit: limitParam(10_000, 25_000),
});
const ListsQuery = v.object({ ...SliceQuery.entries, hubs: v.optional(flagParam) });

export async function sitemapRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  // Read-only routes: answered by the replicas in step (the primary when none is).
  const db = app.db.read;

  app.get(
    '/sitemap',
    { config: { cache: true }, schema: { response: { 200: SitemapCountsSchema } } },
    async () => {
      const ref = await app.reference.get();
      const [lists, hubs, offres, agences, reseaux] = await Promise.all([
        countSitemapLists(db, ref, false),
        countSitemapLists(db, ref, true),
        countActiveOffers(db),
        countActiveAgencies(db),
        countNetworks(db),
      ]);
      return { lists, hubs, offres, agences, reseaux };
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
      const ref = await app.reference.get();
      const rows = await selectSitemapLists(db, ref, { hubs: hubs ?? false, offset, limit });
      return {
        items: rows.map((row) => ({
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
      const rows = await selectSitemapOffers(db, offset, limit);
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
      const items = await selectActiveAgencySlugs(db, offset, limit);
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
      const items = await selectNetworkSlugs(db, offset, limit);
      return { items };
    },
  );
}
