import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { ApiErrorSchema } from '../../shared/contract';
import {
  ProAudienceOfferSchema,
  ProAudienceOfferUpstreamQuerySchema,
  ProAudienceQuerySchema,
  ProAudienceSchema,
  type AudiencePeriod,
} from '../../shared/pro-audience';
import { notFound } from '../lib/errors';
import { isoDate } from '../lib/mappers';
import { idParam } from '../lib/params';
import type { ValibotTypeProvider } from '../lib/validation';
import { proUser } from '../pro/session';
import {
  audienceWindow,
  selectAgencyAudience,
  selectAgencyOffer,
  selectAudienceComparables,
  selectOfferSeries,
  selectPriceChanges,
} from '../repositories/audience';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

/** GET /pro/audience, GET /pro/audience/offres/{id}: behind requireProSession (pro/routes.ts). */
export async function proAudienceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const db = app.db;

  app.get(
    '/pro/audience',
    {
      schema: {
        description:
          'The signed-in agency’s audience over the last 7, 30 or 90 days (in France, today included): daily list impressions, page views, phone reveals, contact requests, alert mails and price changes of its offers, and each offer’s totals (active offers and those withdrawn meanwhile, most viewed first, 20 a page).',
        querystring: ProAudienceQuerySchema,
        response: { 200: ProAudienceSchema, ...errors },
      },
    },
    async (request) => {
      const user = proUser(request);
      const { days, page, lang } = request.query;
      const window = audienceWindow(days as AudiencePeriod, new Date());
      const audience = await selectAgencyAudience(db.kysely, user.agencyId, window, { lang, page });
      return { days: window.days, from: window.from, to: window.to, ...audience };
    },
  );

  app.get(
    '/pro/audience/offres/:id',
    {
      schema: {
        description:
          'One offer of the signed-in agency (404 for another agency’s): its daily figures over the period, its price changes, and against its comparable active offers (same nature and rubrique, in its city, else its département) the median of each figure and its rank.',
        params: v.object({ id: idParam }),
        querystring: ProAudienceOfferUpstreamQuerySchema,
        response: { 200: ProAudienceOfferSchema, ...errors },
      },
    },
    async (request) => {
      const user = proUser(request);
      const { days, lang } = request.query;
      const offer = await selectAgencyOffer(db.kysely, user.agencyId, request.params.id);
      if (!offer) throw notFound('offer');
      const window = audienceWindow(days as AudiencePeriod, new Date());
      const ref = await app.reference.get();
      const rubrique = ref.rubriques.get(offer.rubrique_id);
      const [figures, changes, comparables] = await Promise.all([
        selectOfferSeries(db.kysely, offer.id, window),
        selectPriceChanges(db.kysely, offer.id, window),
        selectAudienceComparables(db.kysely, ref, offer, window, lang),
      ]);
      return {
        days: window.days,
        from: window.from,
        to: window.to,
        ...figures,
        offer: {
          id: offer.id,
          reference: offer.reference,
          title: lang === 'en' ? offer.titre1_en : offer.titre1_fr,
          status: offer.status,
          nature: offer.nature,
          rubrique: {
            id: offer.rubrique_id,
            plural:
              (lang === 'en' ? rubrique?.plural_en : rubrique?.plural_fr)?.toLowerCase() ?? '',
            gender: rubrique?.gender_fr ?? 'm',
          },
        },
        comparables,
        price_changes: changes.map((c) => ({
          at: isoDate(c.changed_at),
          old_amount: c.old_amount,
          new_amount: c.new_amount,
        })),
      };
    },
  );
}
