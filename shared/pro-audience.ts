import * as v from 'valibot';
import { LangSchema, NatureIdSchema } from './contract';
import { getRow as get } from './endpoint-rows';
import { ID_TEXT } from './validation';

// The audience of an agency's offers in the professional space (GET /pro/audience, GET
// /pro/audience/offres/{id}): per day over 7, 30 or 90 days, list impressions, page views, phone
// reveals, contact requests, alert mails that listed the offer and its price changes; for one
// offer, also the median of each figure among its comparable active offers and its rank there.
// Rows of the endpoint table, read with the session of the signed-in user (shared/pro.ts).

export const AUDIENCE_PERIODS = [7, 30, 90] as const;
export type AudiencePeriod = (typeof AUDIENCE_PERIODS)[number];
export const DEFAULT_AUDIENCE_PERIOD: AudiencePeriod = 30;

/** The figures, in the order the screens show them. */
export const AUDIENCE_METRICS = [
  'impressions',
  'views',
  'phones',
  'contacts',
  'alerts',
  'priceChanges',
] as const;
export type AudienceMetric = (typeof AUDIENCE_METRICS)[number];
/** The figures an offer is ranked by among its comparables (more is better). */
export const RANKED_METRICS = ['impressions', 'views', 'phones', 'contacts', 'alerts'] as const;

export const PRO_AUDIENCE_PAGE_SIZE = 20;

const count = v.number();
export const AudienceFiguresSchema = v.object({
  impressions: count,
  views: count,
  phones: count,
  contacts: count,
  alerts: count,
  priceChanges: count,
});
export type AudienceFigures = v.InferOutput<typeof AudienceFiguresSchema>;

export const AudienceDaySchema = v.object({ day: v.string(), ...AudienceFiguresSchema.entries });
export type AudienceDay = v.InferOutput<typeof AudienceDaySchema>;

const period = {
  days: v.picklist(AUDIENCE_PERIODS),
  /** The first and last days (in France), YYYY-MM-DD. */
  from: v.string(),
  to: v.string(),
  totals: AudienceFiguresSchema,
  /** Every day of the period, oldest first. */
  series: v.array(AudienceDaySchema),
};

export const ProAudienceOfferRowSchema = v.object({
  id: v.number(),
  reference: v.string(),
  title: v.string(),
  status: v.picklist(['active', 'obsolete']),
  totals: AudienceFiguresSchema,
});

export const ProAudienceSchema = v.object({
  ...period,
  offers: v.object({
    items: v.array(ProAudienceOfferRowSchema),
    total: v.number(),
    page: v.number(),
    page_size: v.number(),
  }),
});
export type ProAudience = v.InferOutput<typeof ProAudienceSchema>;

export const AudienceComparablesSchema = v.object({
  /** The offers compared: the city's, else the département's (fewer than 5 in the city). */
  scope: v.picklist(['city', 'departement']),
  /** The place, and its name after a preposition ("à Nice", "in Nice"). */
  lieu: v.object({ id: v.number(), libelle: v.string(), prep: v.string() }),
  /** Comparable offers, the offer itself included. */
  count: v.number(),
  medians: AudienceFiguresSchema,
  /** 1 + the comparables with more (ties share a rank); price changes are not ranked. */
  ranks: v.object({
    impressions: count,
    views: count,
    phones: count,
    contacts: count,
    alerts: count,
  }),
});
export type AudienceComparables = v.InferOutput<typeof AudienceComparablesSchema>;

export const ProAudienceOfferSchema = v.object({
  ...period,
  offer: v.object({
    id: v.number(),
    reference: v.string(),
    title: v.string(),
    status: v.picklist(['active', 'obsolete']),
    nature: NatureIdSchema,
    rubrique: v.object({
      id: v.number(),
      /** Plural name in the language asked (lower case for a sentence). */
      plural: v.string(),
      /** Grammatical gender of the French name. */
      gender: v.picklist(['m', 'f']),
    }),
  }),
  comparables: v.nullable(AudienceComparablesSchema),
  price_changes: v.array(
    v.object({ at: v.string(), old_amount: v.number(), new_amount: v.number() }),
  ),
});
export type ProAudienceOffer = v.InferOutput<typeof ProAudienceOfferSchema>;

const periodParam = v.optional(
  v.pipe(
    v.union([v.number(), v.string()], 'must be 7, 30 or 90'),
    v.transform((d) => Number(d)),
    v.picklist(AUDIENCE_PERIODS, 'must be 7, 30 or 90'),
  ),
  DEFAULT_AUDIENCE_PERIOD,
);
const page = v.optional(
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,5}$/, 'must be a page number'))]),
    v.transform(Number),
    v.integer('must be between 1 and 10000'),
    v.minValue(1, 'must be between 1 and 10000'),
    v.maxValue(10_000, 'must be between 1 and 10000'),
  ),
  1,
);
const offerId = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(ID_TEXT, 'must be an id'))], 'must be an id'),
  v.transform(Number),
  v.integer('must be an id'),
  v.minValue(1, 'must be an id'),
  v.maxValue(2_147_483_647, 'must be an id'),
);

export const ProAudienceQuerySchema = v.object({
  days: periodParam,
  page,
  lang: v.optional(LangSchema, 'fr'),
});
export const ProAudienceOfferQuerySchema = v.object({
  id: offerId,
  days: periodParam,
  lang: v.optional(LangSchema, 'fr'),
});
/** The listings API's query of GET /pro/audience/offres/{id} (the id is in the path). */
export const ProAudienceOfferUpstreamQuerySchema = v.object({
  days: periodParam,
  lang: v.optional(LangSchema, 'fr'),
});

export const proAudienceGetEndpoints = {
  /** The agency's audience over a period, and its offers' figures (paged). */
  proAudience: get({
    path: '/pro/audience',
    query: ProAudienceQuerySchema,
    answer: ProAudienceSchema,
    browser: '/api/pro/audience',
    session: true,
  }),
  /** One offer's audience over a period, against its comparable offers. */
  proAudienceOffer: get({
    path: (q: { id: number }) => `/pro/audience/offres/${q.id}`,
    query: ProAudienceOfferQuerySchema,
    upstreamQuery: (q) => ({ days: q.days, lang: q.lang }),
    answer: ProAudienceOfferSchema,
    browser: '/api/pro/audience/offre',
    session: true,
  }),
};
