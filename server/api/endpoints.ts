import * as v from 'valibot';
import {
  AgencySortSchema,
  LIEU_TYPES,
  LangSchema,
  NatureIdSchema,
  OfferSortSchema,
  StatTypeSchema,
} from '../../shared/contract';
import { BboxParam, formatBbox } from '../../shared/bbox';
import { ENERGY_CLASSES } from '../../shared/energy-rules';
import { ID_TEXT, SLUG } from '../../shared/validation';
import {
  OFFER_SEARCH_KEYS,
  type GetName,
  type OwnGetName,
  type PageWriteName,
  type OfferSearchKey,
  type PortalGetEndpoints,
  type PortalSendEndpoints,
  type SendName,
} from '../../shared/portal-api';

// What the browser may ask of each PortalApi endpoint through its /api/* route (server/api/
// routes.ts): the schema its query string or body is parsed with (bad input → a 400 naming the
// field), and how long the browser may keep the answer. Where each goes upstream is in
// server/upstream/endpoints.ts.

type Schema<T> = v.GenericSchema<unknown, T>;

export interface BrowserGet<N extends GetName> {
  /** Parses the browser's query string (strings) into the typed query. */
  query: Schema<PortalGetEndpoints[N]['query']>;
  /** Browser cache lifetime of the /api answer (s); 0 → no-store. */
  maxAge?: number;
}

export interface BrowserSend<N extends SendName> {
  body: Schema<PortalSendEndpoints[N]['body']>;
}

/**
 * Endpoints served by routes of their own (server/api/{name}.ts), with their own checks and
 * messages, not by the generic pass-through.
 */
export type OwnRouteGet = 'alerts';
export type OwnRouteSend = 'contact' | 'prospect' | PageWriteName;

const id = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(ID_TEXT, 'must be an id'), v.transform(Number))]),
  v.integer('must be an id'),
  v.minValue(1, 'must be an id'),
);
const slug = v.pipe(v.string(), v.regex(SLUG, 'must be a slug'));
const intBetween = (min: number, max: number) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number))]),
    v.integer(`must be between ${min} and ${max}`),
    v.minValue(min, `must be between ${min} and ${max}`),
    v.maxValue(max, `must be between ${min} and ${max}`),
  );
/** A comma-separated list of ids (or an array of them), at most 50. */
const idList = v.pipe(
  v.union([
    v.array(v.unknown()),
    v.pipe(
      v.string(),
      v.transform((s): unknown[] => s.split(',')),
    ),
  ]),
  // Each item checked as an id: a bad one is an issue of this schema (a 400), never a throw.
  v.array(id),
  v.minLength(1, 'must list ids'),
  v.maxLength(50, 'must list at most 50 ids'),
);
// The offer search filters arrive as the criteria pipeline wrote them; each is checked for
// shape here and fully by the listings API (a 400 from it names the field).
const digits = v.pipe(v.string(), v.regex(/^\d{1,10}$/, 'must be a whole number'));
const idCsv = v.pipe(v.string(), v.regex(/^\d{1,10}(,\d{1,10}){0,49}$/, 'must list ids'));
const offerSearchEntries = Object.fromEntries(
  OFFER_SEARCH_KEYS.map((key) => {
    const schema =
      key === 'nature'
        ? NatureIdSchema
        : key === 'sort'
          ? OfferSortSchema
          : key === 'rubrique' || key === 'lieu'
            ? idCsv
            : key === 'atouts'
              ? v.pipe(
                  v.string(),
                  v.regex(/^[a-z_]{1,30}(,[a-z_]{1,30}){0,29}$/, 'must list assets'),
                )
              : key === 'bbox'
                ? v.pipe(BboxParam, v.transform(formatBbox))
                : key === 'dpe_max'
                  ? v.picklist(ENERGY_CLASSES, 'must be a DPE class')
                  : digits;
    return [key, v.optional(schema)];
  }),
) as unknown as Record<OfferSearchKey, v.OptionalSchema<v.GenericSchema<string>, undefined>>;
const empty = v.pipe(
  v.object({}),
  v.transform(() => ({}) as Record<string, never>),
);

/** The endpoints the generic /api route serves. */
export type BrowserGetName = Exclude<GetName, OwnRouteGet | OwnGetName>;

export const browserGets: { [N in BrowserGetName]: BrowserGet<N> } = {
  config: {
    query: empty,
    maxAge: 60,
  },
  omrData: {
    query: empty,
    maxAge: 60,
  },
  externalLinks: {
    query: v.object({ lieu: v.optional(id), lang: LangSchema }),
    maxAge: 300,
  },
  searchLieu: {
    query: v.object({
      q: v.pipe(
        v.string(),
        v.trim(),
        v.minLength(1, 'is required'),
        v.maxLength(100, 'is too long'),
      ),
      lang: LangSchema,
      limit: v.optional(
        v.pipe(
          v.union([v.number(), v.pipe(v.string(), v.transform(Number))]),
          v.integer('must be an integer'),
          v.minValue(1, 'must be between 1 and 20'),
          v.maxValue(20, 'must be between 1 and 20'),
        ),
      ),
    }),
    maxAge: 300,
  },
  lieu: {
    query: v.pipe(
      v.object({ slug: v.optional(slug), id: v.optional(id), lang: LangSchema }),
      v.check((q) => (q.slug === undefined) !== (q.id === undefined), 'give slug or id'),
    ),
    maxAge: 300,
  },
  agencies: {
    query: v.object({
      search: v.optional(
        v.pipe(
          v.string(),
          v.trim(),
          v.minLength(1, 'is required'),
          v.maxLength(100, 'is too long'),
        ),
      ),
      lieu: v.optional(id),
      network: v.optional(id),
      sort: v.optional(AgencySortSchema),
      page: v.optional(intBetween(1, 10_000)),
      limit: v.optional(intBetween(1, 48)),
      lang: LangSchema,
    }),
    maxAge: 60,
  },
  agency: {
    query: v.object({ slug, lang: LangSchema }),
    maxAge: 60,
  },
  network: {
    query: v.object({ slug, lang: LangSchema }),
    maxAge: 60,
  },
  agencyOffers: {
    query: v.pipe(
      v.object({
        agency: v.optional(id),
        network: v.optional(id),
        nature: NatureIdSchema,
        page: v.optional(intBetween(1, 10_000)),
        limit: v.optional(intBetween(1, 48)),
        lang: LangSchema,
      }),
      v.check((q) => q.agency !== undefined || q.network !== undefined, 'give agency or network'),
    ),
    maxAge: 60,
  },
  reviews: {
    query: v.object({
      agency: id,
      lang: LangSchema,
      limit: v.optional(intBetween(1, 48)),
    }),
    maxAge: 300,
  },
  offers: {
    query: v.object({
      ...offerSearchEntries,
      lang: LangSchema,
      limit: v.optional(intBetween(1, 48)),
    }),
    maxAge: 60,
  },
  offerClusters: {
    query: v.object({
      ...Object.fromEntries(
        Object.entries(offerSearchEntries).filter(([key]) => key !== 'page' && key !== 'sort'),
      ),
      bbox: v.pipe(BboxParam, v.transform(formatBbox)),
      zoom: intBetween(0, 20),
      lang: LangSchema,
    }) as unknown as Schema<PortalGetEndpoints['offerClusters']['query']>,
    maxAge: 60,
  },
  lieuChildren: {
    query: v.object({
      id,
      nature: v.optional(NatureIdSchema),
      rubrique: v.optional(idList),
      min_count: v.optional(intBetween(0, 1_000_000)),
      lang: LangSchema,
    }),
    maxAge: 300,
  },
  rubriqueCounts: {
    query: v.object({
      nature: v.optional(NatureIdSchema),
      lieu: v.optional(idList),
      min_nb: v.optional(intBetween(0, 1_000_000)),
    }),
    maxAge: 300,
  },
  compteur: {
    query: v.object({
      min_nb: v.optional(intBetween(0, 1_000_000)),
      nature: v.optional(NatureIdSchema),
      rubrique: v.optional(idList),
      lieu: v.optional(idList),
      lieu_type: v.optional(
        v.picklist(
          LIEU_TYPES.filter((t) => t !== 'Generic') as Exclude<
            (typeof LIEU_TYPES)[number],
            'Generic'
          >[],
        ),
      ),
      rayon: v.optional(intBetween(1, 500)),
      exclude_rubrique: v.optional(idList),
      exclude_lieu: v.optional(idList),
      limit: v.optional(intBetween(1, 50)),
      search_key: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22}$/, 'is invalid'))),
      bbox: v.optional(v.pipe(BboxParam, v.transform(formatBbox))),
      lang: LangSchema,
    }),
    maxAge: 300,
  },
  offersByIds: {
    query: v.object({
      ids: v.pipe(
        v.union(
          [
            v.array(v.unknown()),
            v.pipe(
              v.string(),
              v.transform((s) => s.split(',')),
            ),
          ],
          'must list ids',
        ),
        v.array(id),
        v.transform((items) => [...new Set(items)]),
        v.minLength(1, 'must list ids'),
        v.maxLength(100, 'must list at most 100 ids'),
      ),
      lang: LangSchema,
    }),
    maxAge: 60,
  },
  offer: {
    query: v.object({ slug, lang: LangSchema }),
    maxAge: 60,
  },
  offerNavigation: {
    query: v.object({
      ...Object.fromEntries(Object.entries(offerSearchEntries).filter(([key]) => key !== 'page')),
      current_id: id,
      search_key: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22}$/, 'is invalid'))),
      lang: LangSchema,
    }) as unknown as Schema<PortalGetEndpoints['offerNavigation']['query']>,
    maxAge: 60,
  },
};

export const browserSends: { [N in Exclude<SendName, OwnRouteSend>]: BrowserSend<N> } = {
  stat: {
    body: v.object({
      type: StatTypeSchema,
      id: v.union(
        [id, v.pipe(v.array(id), v.minLength(1, 'is required'), v.maxLength(200))],
        'is required',
      ),
    }),
  },
};
