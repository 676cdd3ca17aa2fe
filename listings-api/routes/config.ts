import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  ApiErrorSchema,
  ConfigSchema,
  OmrAgencyListsSchema,
  OmrDataSchema,
  OmrListsSchema,
  type Publisher,
} from '../../shared/contract';
import { notFound } from '../lib/errors';
import { toLieuRef } from '../lib/mappers';
import { idParam, langParam, limitParam, slugParam } from '../lib/params';
import type { ValibotTypeProvider } from '../lib/validation';
import { agencySummariesByIds } from '../repositories/agencies';
import { selectLieuChain, selectLieuRefs } from '../repositories/lieux';
import { selectOmrAgencyLists, selectOmrLists } from '../repositories/omr-lists';
import { loadOmrConfig, loadSettings } from '../repositories/settings';

const ConfigQuery = v.object({ lang: langParam });

const OmrListQuery = v.object({
  id: v.optional(idParam),
  slug: v.optional(slugParam),
  lang: langParam,
  limit: limitParam(20),
});

const OmrAgencyListQuery = v.object({
  id: v.optional(idParam),
  slug: v.optional(slugParam),
  /** Lists of this place or of its nearest ancestors, nearest first. */
  lieu: v.optional(idParam),
  lang: langParam,
  limit: limitParam(20),
});

/** GET /config (startup configuration), GET /omr-data and the curated lists. */
export async function configRoutes(
  fastify: FastifyInstance,
  options: { publisher: Publisher },
): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get(
    '/config',
    {
      config: { cache: true },
      schema: { querystring: ConfigQuery, response: { 200: ConfigSchema } },
    },
    async () => {
      const [ref, settings, omr] = await Promise.all([
        app.reference.get(),
        loadSettings(app.db.read),
        loadOmrConfig(app.db.read),
      ]);
      return {
        natures: ref.natures,
        rubriquesTree: ref.rubriquesTree,
        genericLieu: toLieuRef(ref.genericLieu),
        omr: { footer: omr.footer, mosaicRubs: omr.mosaicRubs },
        // The publisher comes from the service's environment (PUBLISHER_*, HOST_*).
        settings: { ...settings, publisher: options.publisher },
      };
    },
  );

  app.get(
    '/omr-data',
    { config: { cache: true }, schema: { response: { 200: OmrDataSchema } } },
    async () => loadOmrConfig(app.db.read),
  );

  app.get(
    '/omr-list',
    {
      config: { cache: true },
      schema: {
        querystring: OmrListQuery,
        response: { 200: OmrListsSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const { id, slug, lang, limit } = request.query;
      const lists = await selectOmrLists(app.db.read, { id, slug, limit });
      if (lists.length === 0 && (id !== undefined || slug !== undefined))
        throw notFound('omr list');
      const byId = await selectLieuRefs(app.db.read, [
        ...new Set(lists.flatMap((list) => list.lieux)),
      ]);
      return {
        items: lists.map((list) => ({
          id: list.id,
          slug: list.slug,
          name: lang === 'en' ? list.name_en : list.name_fr,
          lieux: list.lieux.flatMap((placeId) => byId.get(placeId) ?? []),
        })),
      };
    },
  );

  app.get(
    '/omr-agences-list',
    {
      config: { cache: true },
      schema: {
        querystring: OmrAgencyListQuery,
        response: { 200: OmrAgencyListsSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const { id, slug, lieu, lang, limit } = request.query;
      let places: number[] | null = null;
      if (lieu !== undefined) {
        places = await selectLieuChain(app.db.read, lieu);
        if (!places) throw notFound('lieu');
      }
      const lists = await selectOmrAgencyLists(app.db.read, { id, slug, places, limit });
      if (lists.length === 0 && (id !== undefined || slug !== undefined)) {
        throw notFound('omr agency list');
      }
      const agencies = await agencySummariesByIds(app.db.read, [
        ...new Set(lists.flatMap((list) => list.agencies)),
      ]);
      const byId = new Map(agencies.map((agency) => [agency.id, agency]));
      return {
        items: lists.map((list) => ({
          id: list.id,
          slug: list.slug,
          name: lang === 'en' ? list.name_en : list.name_fr,
          lieu_id: list.lieu_id,
          agencies: list.agencies.flatMap((agencyId) => byId.get(agencyId) ?? []),
        })),
      };
    },
  );
}
