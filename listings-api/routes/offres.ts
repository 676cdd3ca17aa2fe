import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  ApiErrorSchema,
  NatureIdSchema,
  OfferClustersSchema,
  OfferDetailSchema,
  OfferListSchema,
  OfferNavigationSchema,
  OfferObsoleteSchema,
  type Lang,
  type OfferDetail,
  type OfferObsolete,
  type PriceStep,
} from '../../shared/contract';
import { HttpError, notFound } from '../lib/errors';
import { comparableScope, selectComparables } from '../lib/offer-comparables';
import { lieuWithAncestors } from '../lib/lieux';
import { MAX_ZOOM, MIN_ZOOM, selectClusters } from '../lib/offer-clusters';
import { isoDate, toPhoto } from '../lib/mappers';
import {
  boundsSortedPrice,
  countSearch,
  offerFilterEntries,
  placeScope,
  resolveSearch,
  searchKey,
  searchKeyParam,
  selectOfferPage,
  selectNeighbours,
  sortEntry,
  toOfferSummary,
  withRangeChecks,
  type OfferFilters,
} from '../lib/offer-search';
import { BboxParam } from '../../shared/bbox';
import {
  idListParam,
  idParam,
  intParam,
  langParam,
  limitParam,
  pageParam,
  slugParam,
} from '../lib/params';
import type { ValibotTypeProvider } from '../lib/validation';
import { isHostAllowed } from '../../shared/host-list';
import {
  selectOfferDetailRow,
  selectPremiumOffers,
  type PriceChangeRow,
} from '../repositories/offers';

/** Results are served up to this rank: deeper pages cost a scan and serve no visitor. */
export const MAX_RESULT_RANK = 10_000;

const OfferListQuery = v.pipe(
  withRangeChecks({
    ...offerFilterEntries,
    ...sortEntry,
    /** Only these offers (the favourites), obsolete ones included and flagged by status. */
    id: v.optional(idListParam(100)),
    page: pageParam,
    limit: limitParam(24),
    lang: langParam,
  }),
  v.forward(
    v.check(
      (input) => (input.page - 1) * input.limit < MAX_RESULT_RANK,
      `must not start beyond the ${MAX_RESULT_RANK}th result`,
    ),
    ['page'],
  ),
);

const ClustersQuery = withRangeChecks({
  ...offerFilterEntries,
  /** The map area: required here. */
  bbox: BboxParam,
  /** The map's zoom level: the clusters' grid cells are 360° / 2^zoom / 4 wide. */
  zoom: intParam(MIN_ZOOM, MAX_ZOOM),
  lang: langParam,
});

const NavigationQuery = withRangeChecks({
  ...offerFilterEntries,
  ...sortEntry,
  current_id: idParam,
  search_key: v.optional(searchKeyParam),
  lang: langParam,
});

const PremiumQuery = v.object({
  nature: v.optional(NatureIdSchema),
  lieu: v.optional(idListParam(50)),
  limit: limitParam(6, 24),
  lang: langParam,
});

const IdParams = v.object({ id: idParam });
const SlugParams = v.object({ slug: slugParam });
const DetailQuery = v.object({ lang: langParam });

function pickFilters(query: OfferFilters): OfferFilters {
  const filters: Record<string, unknown> = {};
  for (const key of Object.keys(offerFilterEntries)) {
    const value = (query as Record<string, unknown>)[key];
    if (value !== undefined) filters[key] = value;
  }
  return filters as OfferFilters;
}

/**
 * The price history of an offer page: the first known price (what the first change replaced,
 * from the offer's publication), then each change with its percentage from the amount it
 * replaced, rounded to one decimal.
 */
export function priceHistory(
  publishedAt: Date | string,
  changes: readonly PriceChangeRow[] | null,
): PriceStep[] {
  const first = changes?.[0];
  if (!changes || !first) return [];
  const published = new Date(isoDate(publishedAt)).getTime();
  return [
    {
      date: new Date(Math.min(published, first.at)).toISOString(),
      amount: first.old,
      changePct: null,
    },
    ...changes.map((change) => ({
      date: new Date(change.at).toISOString(),
      amount: change.new,
      changePct:
        change.old > 0 ? Math.round(((change.new - change.old) / change.old) * 1000) / 10 : null,
    })),
  ];
}

type DetailAnswer =
  { status: 200; body: OfferDetail } | { status: 410; body: OfferObsolete } | null;

/**
 * GET /offre, /offre/clusters, /offre/premium, /offre/navigation, /offre/{id},
 * /offre/by-slug/{slug}.
 */
/** Whether an offer's video or tour address may be embedded: https on one of the hosts. */
export function isEmbeddable(url: string | null, hosts: readonly string[]): boolean {
  if (!url || !URL.canParse(url)) return false;
  const parsed = new URL(url);
  return parsed.protocol === 'https:' && isHostAllowed(parsed.hostname, hosts);
}

export async function offerRoutes(
  fastify: FastifyInstance,
  options: { embedHosts: readonly string[] },
): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  // Read-only routes: answered by the replicas in step (the primary when none is).
  const db = app.db.read;

  app.get(
    '/offre',
    {
      config: { cache: true },
      schema: { querystring: OfferListQuery, response: { 200: OfferListSchema } },
    },
    async (request) => {
      const { sort, page, limit, lang, id } = request.query;
      const filters = pickFilters(request.query);
      const ref = await app.reference.get();
      const search = resolveSearch(ref, filters, id ?? null);
      const { total, items } = await selectOfferPage(
        db,
        ref,
        search,
        {
          lang,
          sort,
          limit,
          offset: (page - 1) * limit,
          priceFiltered: boundsSortedPrice(filters, sort),
        },
        placeScope(ref, search, sort),
      );
      if (!id) return { total, page, limit, search_key: searchKey(filters), items };
      const withdrawn = items.flatMap((item) => {
        if (item.status !== 'obsolete') return [];
        const lieu = lieuWithAncestors(ref, item.lieu.id, lang);
        if (!lieu) return [];
        return [
          { id: item.id, related: { nature: item.nature.id, rubrique: item.rubrique.id, lieu } },
        ];
      });
      return { total, page, limit, search_key: searchKey(filters), items, withdrawn };
    },
  );

  app.get(
    '/offre/clusters',
    {
      config: { cache: true },
      schema: {
        querystring: ClustersQuery,
        response: { 200: OfferClustersSchema, 400: ApiErrorSchema },
      },
    },
    async (request) => {
      const { zoom, lang, bbox } = request.query;
      const filters = pickFilters(request.query);
      const ref = await app.reference.get();
      const search = resolveSearch(ref, filters);
      const answer = await selectClusters(
        db,
        ref,
        { ...search, filters: { ...search.filters, bbox } },
        zoom,
        lang,
      );
      return { ...answer, zoom, search_key: searchKey(filters) };
    },
  );

  app.get(
    '/offre/premium',
    {
      config: { cache: true },
      schema: { querystring: PremiumQuery, response: { 200: OfferListSchema } },
    },
    async (request) => {
      const { nature, lieu, limit, lang } = request.query;
      const filters: OfferFilters = { nature, lieu };
      const ref = await app.reference.get();
      const search = resolveSearch(ref, filters);
      const { total, items } = await selectPremiumOffers(db, ref, search, { lang, limit });
      return { total, page: 1, limit, search_key: searchKey(filters), items };
    },
  );

  app.get(
    '/offre/navigation',
    {
      config: { cache: true },
      schema: {
        querystring: NavigationQuery,
        response: { 200: OfferNavigationSchema, 400: ApiErrorSchema },
      },
    },
    async (request) => {
      const { sort, current_id: currentId, search_key: givenKey, lang } = request.query;
      const filters = pickFilters(request.query);
      if (givenKey !== undefined && givenKey !== searchKey(filters)) {
        throw new HttpError(400, 'search_key: does not match the search parameters', 'search_key');
      }
      const ref = await app.reference.get();
      const search = resolveSearch(ref, filters);
      const [row, total] = await Promise.all([
        selectNeighbours(db, search, sort, currentId, lang),
        countSearch(db, search, placeScope(ref, search, sort)),
      ]);
      if (!row.found) return { previous: null, next: null, position: null, total };
      return { previous: row.previous, next: row.next, position: row.before + 1, total };
    },
  );

  async function offerDetail(
    key: { id: number } | { slug: string },
    lang: Lang,
  ): Promise<DetailAnswer> {
    const row = await selectOfferDetailRow(db, key, lang);
    if (!row) return null;
    const ref = await app.reference.get();
    const summary = toOfferSummary(row, lang, ref);
    const lieu = lieuWithAncestors(ref, row.lieu_id, lang);
    if (!lieu) throw new Error(`offer ${row.id} points to a missing place ${row.lieu_id}`);
    if (row.status === 'obsolete') {
      return {
        status: 410,
        body: {
          status: 'obsolete',
          offer: summary,
          related: { nature: row.nature, rubrique: row.rubrique_id, lieu },
        },
      };
    }
    const comparables = await selectComparables(
      db,
      ref,
      {
        nature: row.nature,
        rubriqueId: row.rubrique_id,
        lieuId: row.lieu_id,
        perM2: row.comparable_per_m2,
      },
      lang,
    );
    const body: OfferDetail = {
      ...summary,
      agency: {
        id: row.agency_id,
        slug: row.agency_slug,
        name: row.agency_name,
        phone: row.agency_phone,
        email: row.agency_email,
        address: row.agency_address,
        cp: row.agency_cp,
        ville: row.agency_ville,
        website: row.agency_website,
        network:
          row.network_id !== null
            ? { id: row.network_id, slug: row.network_slug ?? '', name: row.network_name ?? '' }
            : null,
      },
      lieu,
      description: row.description,
      atouts: row.atouts,
      priceWithoutFees: row.price_without_fees,
      fees: row.fees
        ? {
            payer: row.fees.payer,
            percent: row.fees.percent ?? null,
            amount: row.fees.amount ?? null,
            deposit: row.fees.deposit ?? null,
            charges: row.fees.charges ?? null,
          }
        : null,
      condo: row.condo,
      dpe: { class: row.dpe_class, value: row.dpe_value },
      ges: { class: row.ges_class, value: row.ges_value },
      dpeReport: {
        date: row.dpe_date,
        method: row.dpe_method,
        cost:
          row.dpe_cost_min !== null && row.dpe_cost_max !== null
            ? { min: row.dpe_cost_min, max: row.dpe_cost_max, year: row.dpe_cost_year }
            : null,
        absence: row.dpe_class === null ? row.dpe_absence : null,
      },
      photos: row.photos.map((photo) => toPhoto(photo, lang)),
      videoUrl: row.video_url,
      tourUrl: row.tour_url,
      mediaEmbed: {
        video: isEmbeddable(row.video_url, options.embedHosts),
        tour: isEmbeddable(row.tour_url, options.embedHosts),
      },
      lat: row.lat,
      lng: row.lng,
      updatedAt: isoDate(row.updated_at),
      priceHistory: priceHistory(row.published_at, row.price_changes),
      departementCode: comparableScope(ref, row.lieu_id).departement?.code ?? null,
      comparables,
    };
    return { status: 200, body };
  }

  const detailResponses = {
    200: OfferDetailSchema,
    404: ApiErrorSchema,
    410: OfferObsoleteSchema,
  };

  app.get(
    '/offre/:id',
    {
      config: { cache: true },
      schema: { params: IdParams, querystring: DetailQuery, response: detailResponses },
    },
    async (request, reply) => {
      const answer = await offerDetail({ id: request.params.id }, request.query.lang);
      if (!answer) throw notFound('offer');
      return answer.status === 410
        ? reply.code(410).send(answer.body)
        : reply.code(200).send(answer.body);
    },
  );

  app.get(
    '/offre/by-slug/:slug',
    {
      config: { cache: true },
      schema: { params: SlugParams, querystring: DetailQuery, response: detailResponses },
    },
    async (request, reply) => {
      const answer = await offerDetail({ slug: request.params.slug }, request.query.lang);
      if (!answer) throw notFound('offer');
      return answer.status === 410
        ? reply.code(410).send(answer.body)
        : reply.code(200).send(answer.body);
    },
  );
}
