import * as v from 'valibot';
import { ENERGY_CLASSES } from './energy-rules';

// The listings-API contract (spec section 7). The API builds its answers to these shapes and
// publishes them in its OpenAPI document; the BFF parses every upstream answer with them.
// Text fields come in the language asked with `lang`, except in /config, which carries both
// languages because the route table translates slugs between them.

export const LANGS = ['fr', 'en'] as const;
export const LangSchema = v.picklist(LANGS);
export type Lang = v.InferOutput<typeof LangSchema>;

export const NATURE_IDS = ['V', 'L', 'S'] as const;
export const NatureIdSchema = v.picklist(NATURE_IDS);
export type NatureId = v.InferOutput<typeof NatureIdSchema>;

export const LIEU_TYPES = [
  'Generic',
  'Pays',
  'Plaques',
  'Regions',
  'Departements',
  'Villes',
  'Lieudits',
  'Arrondissements',
  'Quartiers',
  'Zones',
] as const;
export const LieuTypeSchema = v.picklist(LIEU_TYPES);
export type LieuType = v.InferOutput<typeof LieuTypeSchema>;

const Translated = v.object({ fr: v.string(), en: v.string() });
export type Translated = v.InferOutput<typeof Translated>;
export const TranslatedSchema = Translated;

export const NatureSchema = v.object({
  id: NatureIdSchema,
  slug: Translated,
  libelle: Translated,
});
export type Nature = v.InferOutput<typeof NatureSchema>;

export interface Rubrique {
  id: number;
  slug: Translated;
  libelle: Translated;
  plural: Translated;
  /** The nature ids this rubrique applies to. */
  nature: NatureId[];
  parent: number | null;
  isGeneric: boolean;
  children: Rubrique[];
}
export const RubriqueSchema: v.GenericSchema<Rubrique> = v.object({
  id: v.number(),
  slug: Translated,
  libelle: Translated,
  plural: Translated,
  nature: v.array(NatureIdSchema),
  parent: v.nullable(v.number()),
  isGeneric: v.boolean(),
  children: v.array(v.lazy(() => RubriqueSchema)),
});

/** A place, with its texts in the language asked. */
export const LieuSchema = v.object({
  id: v.number(),
  slug: v.string(),
  libelle: v.string(),
  /** 'à Paris', 'en Provence' / 'in Paris' */
  libelle_prep: v.string(),
  type: LieuTypeSchema,
  parent: v.nullable(v.number()),
  /** Zone members. */
  lieux: v.array(v.number()),
  omr_list_id: v.nullable(v.number()),
  is_foreign_country: v.boolean(),
  lat: v.nullable(v.number()),
  lng: v.nullable(v.number()),
  postcodes: v.array(v.string()),
});
export type Lieu = v.InferOutput<typeof LieuSchema>;

/** A place with its ancestors, nearest last (country first), for breadcrumbs. */
export const LieuWithAncestorsSchema = v.object({
  ...LieuSchema.entries,
  ancestors: v.array(LieuSchema),
});
export type LieuWithAncestors = v.InferOutput<typeof LieuWithAncestorsSchema>;

/** A place as the footer and menus need it, both languages. */
export const LieuRefSchema = v.object({
  id: v.number(),
  slug: v.string(),
  libelle: Translated,
  type: LieuTypeSchema,
});
export type LieuRef = v.InferOutput<typeof LieuRefSchema>;

/** The portal's name when its settings name none. */
export const DEFAULT_SITE_NAME = 'Prestige Portal';

/** Who publishes the portal, as the legal notice names them (LCEN article 6), and its host. */
export const PublisherSchema = v.object({
  name: v.string(),
  address: v.string(),
  /** The trade register's entry, e.g. 'RCS Paris 912 345 675'. */
  rcs: v.string(),
  siret: v.string(),
  vat: v.string(),
  phone: v.string(),
  /** The contact address of the legal pages. */
  email: v.string(),
  /** The director of publication. */
  director: v.string(),
  host: v.object({ name: v.string(), address: v.string(), rcs: v.string(), phone: v.string() }),
});
export type Publisher = v.InferOutput<typeof PublisherSchema>;

/**
 * The publisher when the settings name none: a fictitious but consistent company (its SIREN
 * passes the Luhn check, phone numbers in the ranges kept for fiction, the reserved .example
 * domain).
 */
export const DEFAULT_PUBLISHER: Publisher = {
  name: 'Prestige Portal SAS',
  address: '24 rue de la Chaussée-d’Antin, 75009 Paris, France',
  rcs: 'RCS Paris 912 345 675',
  siret: '912 345 675 00017',
  vat: 'FR65 912345675',
  phone: '+33 1 99 00 12 34',
  email: 'contact@prestige-portal.example',
  director: 'Claire Morand',
  host: {
    name: 'Hexacloud Hébergement SAS',
    address: '12 rue de l’Innovation, 59000 Lille, France',
    rcs: 'RCS Lille Métropole 923 456 784',
    phone: '+33 3 53 01 56 78',
  },
};

export const SettingsSchema = v.object({
  /**
   * The portal's one name, the same in both languages: header, footer, page titles, legal pages
   * and mails.
   */
  siteName: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)), DEFAULT_SITE_NAME),
  enabledNaturesIds: v.array(NatureIdSchema),
  formCriteriasAssets: v.array(v.object({ key: v.string() })),
  enableContactProximite: v.boolean(),
  maxContact: v.number(),
  minHubLinkCount: v.number(),
  socialMedia: v.record(v.string(), v.string()),
  title: Translated,
  description: Translated,
  /**
   * The monthly payment's defaults on sale offers: the down payment in percent of the price
   * plus the notary's fees, the duration in years and the yearly rate in percent.
   */
  loanDefaults: v.optional(
    v.object({ downPaymentPct: v.number(), years: v.number(), ratePct: v.number() }),
    { downPaymentPct: 20, years: 20, ratePct: 3.2 },
  ),
  /** The publisher of the legal pages: the listings API's PUBLISHER_* and HOST_* variables. */
  publisher: v.optional(PublisherSchema, DEFAULT_PUBLISHER),
});
export type Settings = v.InferOutput<typeof SettingsSchema>;

export const OmrSchema = v.object({
  footer: v.object({
    promoteLieux: v.array(v.object({ title: Translated, lieux: v.array(LieuRefSchema) })),
  }),
  mosaicRubs: v.array(v.number()),
});
export type Omr = v.InferOutput<typeof OmrSchema>;

/** GET /config */
export const ConfigSchema = v.object({
  natures: v.array(NatureSchema),
  /** The generic root rubrique, with every other rubrique below it. */
  rubriquesTree: RubriqueSchema,
  genericLieu: LieuRefSchema,
  omr: OmrSchema,
  settings: SettingsSchema,
});
export type Config = v.InferOutput<typeof ConfigSchema>;

export const PhotoSchema = v.object({
  id: v.number(),
  width: v.number(),
  height: v.number(),
  alt: v.string(),
  /** Path of the file on the listings API, e.g. /photos/123-{w}.jpg with {w} one of widths. */
  src: v.string(),
  widths: v.array(v.number()),
});
export type Photo = v.InferOutput<typeof PhotoSchema>;

/** An offer whose last price change was a drop is labelled 'price reduced' this many days. */
export const PRICE_REDUCED_DAYS = 30;

/** An offer as a result card shows it. */
export const OfferSummarySchema = v.object({
  id: v.number(),
  slug: v.string(),
  nature: v.object({ id: NatureIdSchema }),
  rubrique: v.object({ id: v.number() }),
  lieu: v.object({ id: v.number(), slug: v.string(), libelle: v.string() }),
  agency: v.object({ id: v.number(), slug: v.string(), name: v.string() }),
  titre1: v.string(),
  titre2: v.string(),
  price: v.nullable(v.number()),
  monthlyRent: v.nullable(v.number()),
  weeklyRent: v.nullable(v.number()),
  prixCache: v.boolean(),
  surface: v.nullable(v.number()),
  fieldSurface: v.nullable(v.number()),
  rooms: v.nullable(v.number()),
  bedrooms: v.nullable(v.number()),
  reference: v.string(),
  date: v.string(),
  exclusivity: v.boolean(),
  /** A paid featured option: ranks first in the default sort, and is labelled where shown. */
  premium: v.boolean(),
  status: v.picklist(['active', 'obsolete']),
  photo: v.nullable(PhotoSchema),
  /**
   * The last change of the offer's price was a drop, less than PRICE_REDUCED_DAYS ago. Always
   * false when the price is hidden.
   */
  priceReduced: v.boolean(),
  /**
   * The DPE class A..G, null without one: cards of class F and G say 'Logement à consommation
   * énergétique excessive' (shared/energy-rules.ts).
   */
  dpeClass: v.nullable(v.string()),
});
export type OfferSummary = v.InferOutput<typeof OfferSummarySchema>;

/** Where to look for offers like a withdrawn one: its nature and rubrique in its place. */
export const RelatedSearchSchema = v.object({
  nature: NatureIdSchema,
  rubrique: v.number(),
  lieu: LieuWithAncestorsSchema,
});
export type RelatedSearch = v.InferOutput<typeof RelatedSearchSchema>;

/** GET /offre */
export const OfferListSchema = v.object({
  total: v.number(),
  page: v.number(),
  limit: v.number(),
  search_key: v.string(),
  items: v.array(OfferSummarySchema),
  /**
   * With `id` (the favourites): the asked offers that were withdrawn (status obsolete), each with
   * its related search, for the wishlist's 'no longer available' entry. Unknown ids are absent.
   */
  withdrawn: v.optional(v.array(v.object({ id: v.number(), related: RelatedSearchSchema }))),
});
export type OfferList = v.InferOutput<typeof OfferListSchema>;

/** A map area's bounds in degrees (shared/bbox.ts). */
export const BboxSchema = v.object({
  west: v.number(),
  south: v.number(),
  east: v.number(),
  north: v.number(),
});

/**
 * One cluster of GET /offre/clusters: the offers of a grid cell of the zoom, their mean position,
 * the bounds of their positions and, for a cluster of one, that offer's card.
 */
export const OfferClusterSchema = v.object({
  lat: v.number(),
  lng: v.number(),
  count: v.number(),
  bounds: BboxSchema,
  offer: v.nullable(OfferSummarySchema),
});
export type OfferCluster = v.InferOutput<typeof OfferClusterSchema>;

/** GET /offre/clusters: the clusters of a search's offers in a map area at a zoom. */
export const OfferClustersSchema = v.object({
  /** Offers in the area (the sum of the clusters' counts). */
  total: v.number(),
  zoom: v.number(),
  /** The side of a grid cell, in degrees. */
  cell: v.number(),
  search_key: v.string(),
  clusters: v.array(OfferClusterSchema),
});
export type OfferClusters = v.InferOutput<typeof OfferClustersSchema>;

/** The error body every 4xx/5xx of the listings API answers. */
export const ApiErrorSchema = v.object({
  statusCode: v.number(),
  error: v.string(),
  message: v.string(),
  /** The offending field, for 400s. */
  field: v.optional(v.string()),
});
export type ApiError = v.InferOutput<typeof ApiErrorSchema>;

// ---------------------------------------------------------------------------------------------
// Vocabularies shared by the API's parameters and the web app's forms.

/**
 * Offer sorts (spec section 9). default: premium offers first, then newest; new: newest first;
 * price_*: sale price; rent_*: monthly rent; weekly_rent_*: weekly rent. On every price or rent
 * sort, offers whose price is hidden (prixCache) or missing come last.
 */
export const OFFER_SORTS = [
  'default',
  'new',
  'price_asc',
  'price_desc',
  'rent_asc',
  'rent_desc',
  'weekly_rent_asc',
  'weekly_rent_desc',
] as const;
export const OfferSortSchema = v.picklist(OFFER_SORTS);
export type OfferSort = v.InferOutput<typeof OfferSortSchema>;

/** Assets (atouts) of spec section 3; the settings' formCriteriasAssets choose among them. */
export const ATOUTS = [
  'alarme',
  'ascenseur',
  'balcon',
  'box',
  'car',
  'cave',
  'cave_a_vin',
  'cheminee',
  'climatisation',
  'garage',
  'grenier',
  'hammam',
  'interphone',
  'jacuzzi',
  'jardin',
  'parking',
  'piscine',
  'rdc',
  'sauna',
  'sous_sol',
  'tennis',
  'terrasse',
  'veranda',
  'vigne',
  'vue_mer',
] as const;
export const AtoutSchema = v.picklist(ATOUTS);
export type Atout = v.InferOutput<typeof AtoutSchema>;

/** Agency directory sorts (spec section 9): relevance, A-Z, Z-A. */
export const AGENCY_SORTS = ['relevance', 'az', 'za'] as const;
export const AgencySortSchema = v.picklist(AGENCY_SORTS);
export type AgencySort = v.InferOutput<typeof AgencySortSchema>;

/** POST /stat types (spec section 7). */
export const STAT_TYPES = ['liste', 'detail', 'email', 'telephone'] as const;
export const StatTypeSchema = v.picklist(STAT_TYPES);
export type StatType = v.InferOutput<typeof StatTypeSchema>;

export const OFFER_STATUSES = ['active', 'obsolete'] as const;
export const OfferStatusSchema = v.picklist(OFFER_STATUSES);

/** Photo widths served under /photos/{id}-{w}.jpg. */
export const PHOTO_WIDTHS = [400, 800, 1200] as const;

// ---------------------------------------------------------------------------------------------
// Offers

export const FeesSchema = v.object({
  /** Who pays the agency fees. */
  payer: v.picklist(['buyer', 'seller', 'tenant', 'owner']),
  percent: v.nullable(v.number()),
  amount: v.nullable(v.number()),
  /** Security deposit (rentals). */
  deposit: v.nullable(v.number()),
  /** Monthly charges (rentals). */
  charges: v.nullable(v.number()),
});
export type Fees = v.InferOutput<typeof FeesSchema>;

export const CondoSchema = v.object({
  lots: v.number(),
  yearly_charges: v.number(),
  /** A procedure is under way against the condominium. */
  procedure: v.boolean(),
});
export type Condo = v.InferOutput<typeof CondoSchema>;

/** One energy diagnosis (DPE or GES): class A..G and value, both null when not given. */
export const EnergySchema = v.object({
  class: v.nullable(v.string()),
  value: v.nullable(v.number()),
});
export type Energy = v.InferOutput<typeof EnergySchema>;

/**
 * What else an advertisement says of its DPE (Poliris columns 324–328, shared/energy-rules.ts):
 * its date (ISO) and method, the estimated yearly energy cost for standard use in whole euros
 * with the year of the energy prices, and, without a class, why: 'VI' a blank DPE, 'NS' not
 * subject to it.
 */
export const DpeReportSchema = v.object({
  date: v.nullable(v.string()),
  method: v.nullable(v.string()),
  cost: v.nullable(v.object({ min: v.number(), max: v.number(), year: v.nullable(v.number()) })),
  absence: v.nullable(v.picklist(['VI', 'NS'])),
});
export type DpeReport = v.InferOutput<typeof DpeReportSchema>;

export const NetworkRefSchema = v.object({ id: v.number(), slug: v.string(), name: v.string() });
export type NetworkRef = v.InferOutput<typeof NetworkRefSchema>;

/** The agency block of an offer page: enough to call, write, or link to the agency. */
export const AgencyContactSchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  phone: v.string(),
  email: v.string(),
  address: v.string(),
  cp: v.string(),
  ville: v.string(),
  website: v.nullable(v.string()),
  network: v.nullable(NetworkRefSchema),
});
export type AgencyContact = v.InferOutput<typeof AgencyContactSchema>;

/**
 * One step of an offer's price history: the amount of its nature (sale price, monthly rent or
 * weekly rent) from that date, and its change in percent from the amount before (one decimal;
 * null for the first known price).
 */
export const PriceStepSchema = v.object({
  /** ISO 8601 date-time: the offer's publication for the first step, else the change. */
  date: v.string(),
  amount: v.number(),
  changePct: v.nullable(v.number()),
});
export type PriceStep = v.InferOutput<typeof PriceStepSchema>;

/**
 * The median price per m² (sale price, or monthly rent) of an offer's comparables: the active
 * offers of its nature and rubrique in its city, else its département, at least
 * MIN_COMPARABLES of them (shared/purchase-costs.ts).
 */
export const ComparablesSchema = v.object({
  scope: v.picklist(['city', 'departement']),
  lieu: v.object({ id: v.number(), libelle: v.string() }),
  count: v.number(),
  medianPerM2: v.number(),
});
export type Comparables = v.InferOutput<typeof ComparablesSchema>;

/** GET /offre/{id} and /offre/by-slug/{slug} (200): everything the offer page shows. */
export const OfferDetailSchema = v.object({
  ...OfferSummarySchema.entries,
  agency: AgencyContactSchema,
  /** The offer's place with its ancestors, for breadcrumbs. */
  lieu: LieuWithAncestorsSchema,
  description: v.string(),
  atouts: v.array(v.string()),
  priceWithoutFees: v.nullable(v.number()),
  fees: v.nullable(FeesSchema),
  condo: v.nullable(CondoSchema),
  dpe: EnergySchema,
  ges: EnergySchema,
  dpeReport: DpeReportSchema,
  photos: v.array(PhotoSchema),
  videoUrl: v.nullable(v.string()),
  tourUrl: v.nullable(v.string()),
  /**
   * Whether the video and the 3D tour may be embedded as a player: https on a host of the listings
   * API's MEDIA_EMBED_HOSTS. Otherwise the page shows a link.
   */
  mediaEmbed: v.object({ video: v.boolean(), tour: v.boolean() }),
  lat: v.nullable(v.number()),
  lng: v.nullable(v.number()),
  updatedAt: v.string(),
  /**
   * The offer's prices, oldest first: the first known price, then each change. Empty when the
   * price never changed or is hidden.
   */
  priceHistory: v.array(PriceStepSchema),
  /** INSEE code of the offer's département ('83', '2A'), for its transfer duties; null abroad. */
  departementCode: v.nullable(v.string()),
  /** Null below MIN_COMPARABLES comparables, and for seasonal rents. */
  comparables: v.nullable(ComparablesSchema),
});
export type OfferDetail = v.InferOutput<typeof OfferDetailSchema>;

/**
 * GET /offre/{id} for an offer that is no longer on sale: status 410 with this body, so the page
 * can say 'This exceptional property is no longer available' and link to similar searches.
 */
export const OfferObsoleteSchema = v.object({
  status: v.literal('obsolete'),
  offer: OfferSummarySchema,
  related: RelatedSearchSchema,
});
export type OfferObsolete = v.InferOutput<typeof OfferObsoleteSchema>;

/** A neighbour offer: enough to build its link (path segments) and name it. */
export const OfferRefSchema = v.object({
  id: v.number(),
  slug: v.string(),
  nature: v.object({ id: NatureIdSchema }),
  rubrique: v.object({ id: v.number() }),
  lieu: v.object({ id: v.number(), slug: v.string() }),
  titre1: v.string(),
});
export type OfferRef = v.InferOutput<typeof OfferRefSchema>;

/**
 * GET /offre/navigation: the neighbours of an offer in a search, in the search's sort order.
 * position is 1-based; null (and no neighbours) when the offer is not part of the search.
 */
export const OfferNavigationSchema = v.object({
  previous: v.nullable(OfferRefSchema),
  next: v.nullable(OfferRefSchema),
  position: v.nullable(v.number()),
  total: v.number(),
});
export type OfferNavigation = v.InferOutput<typeof OfferNavigationSchema>;

// ---------------------------------------------------------------------------------------------
// Places

/** One answer of GET /search-lieu (place autocomplete). */
export const LieuSuggestionSchema = v.object({
  id: v.number(),
  slug: v.string(),
  libelle: v.string(),
  libelle_prep: v.string(),
  type: LieuTypeSchema,
  /** Short label of the parent chain to tell places apart, e.g. 'Alpes-Maritimes'. */
  parent_label: v.nullable(v.string()),
});
export type LieuSuggestion = v.InferOutput<typeof LieuSuggestionSchema>;

/** GET /search-lieu */
export const LieuSuggestionListSchema = v.object({ items: v.array(LieuSuggestionSchema) });
export type LieuSuggestionList = v.InferOutput<typeof LieuSuggestionListSchema>;

/** GET /lieu?ids=1,2: the places found, in the order asked (unknown ids are left out). */
export const LieuWithAncestorsListSchema = v.array(LieuWithAncestorsSchema);

/** GET /lieu/{id}/children: each child place with its count of active offers (hub pages). */
export const LieuCountSchema = v.object({ lieu: LieuSchema, count: v.number() });
export type LieuCount = v.InferOutput<typeof LieuCountSchema>;
export const LieuChildrenSchema = v.array(LieuCountSchema);

/** GET /url?lieu=ID: the canonical path segment of a place in result-list URLs. */
export const LieuUrlSchema = v.object({ id: v.number(), slug: v.string(), path: v.string() });
export type LieuUrl = v.InferOutput<typeof LieuUrlSchema>;

/** GET /liens-externes?lieu=ID: footer links of the nearest place having some (or generic ones). */
export const ExternalLinksSchema = v.object({
  /** The place the links belong to; null for the generic links. */
  lieu_id: v.nullable(v.number()),
  items: v.array(v.object({ label: v.string(), url: v.string() })),
});
export type ExternalLinks = v.InferOutput<typeof ExternalLinksSchema>;

// ---------------------------------------------------------------------------------------------
// Counts for hubs and substitute searches

export const RubriqueCountSchema = v.object({ rubrique_id: v.number(), count: v.number() });
export type RubriqueCount = v.InferOutput<typeof RubriqueCountSchema>;
/** GET /compteur/rubriques */
export const RubriqueCountsSchema = v.array(RubriqueCountSchema);

/**
 * GET /compteur: counts of active offers for substitute searches, one list per kind: places
 * nearby (within rayon km, nearest first), the searched place's ancestors (nearest first), and
 * other rubriques of the nature in the same place (largest first).
 */
export const CompteurSchema = v.object({
  nearby: v.array(v.object({ lieu: LieuSchema, count: v.number(), distance_km: v.number() })),
  parents: v.array(LieuCountSchema),
  rubriques: v.array(RubriqueCountSchema),
});
export type Compteur = v.InferOutput<typeof CompteurSchema>;

// ---------------------------------------------------------------------------------------------
// Forms and alerts

/** POST /contact, /contact-prospect (201): the stored request. */
export const ContactCreatedSchema = v.object({ id: v.number(), created_at: v.string() });
export type ContactCreated = v.InferOutput<typeof ContactCreatedSchema>;

/** POST /stat (201) */
/** POST /stat's answer: how many offers the event counted (0 for a crawler or a repeated view). */
export const StatCreatedSchema = v.object({ counted: v.number() });

/**
 * Headers by which the web app relays the visitor behind a statistic (its address and user agent)
 * to the listings API, which hashes them with the day's salt to count a page view once and
 * keeps neither.
 */
export const STAT_VISITOR_HEADERS = { ip: 'x-visitor-ip', userAgent: 'x-visitor-agent' } as const;

/** The relayed visitor headers, checked (an address and a user agent of bounded length). */
export const StatVisitorHeadersSchema = v.looseObject({
  [STAT_VISITOR_HEADERS.ip]: v.optional(
    v.pipe(v.string(), v.maxLength(64, 'must be an IP address')),
  ),
  [STAT_VISITOR_HEADERS.userAgent]: v.optional(
    v.pipe(v.string(), v.maxLength(1024, 'must be at most 1024 characters')),
  ),
});

/**
 * The alert payload of spec section 7. Price bounds are the sale price for V, the monthly rent
 * for L, the weekly rent for S.
 */
export const AlertCriteriaSchema = v.object({
  nature: NatureIdSchema,
  rubrique: v.optional(v.array(v.number())),
  lieu: v.optional(v.nullable(v.number())),
  omr_list_id: v.optional(v.nullable(v.number())),
  prix_max: v.optional(v.nullable(v.number())),
  prix_min: v.optional(v.nullable(v.number())),
  nb_pieces: v.optional(v.nullable(v.number())),
  nb_chambres: v.optional(v.nullable(v.number())),
  surface_max: v.optional(v.nullable(v.number())),
  surface_min: v.optional(v.nullable(v.number())),
  surface_terrain_max: v.optional(v.nullable(v.number())),
  surface_terrain_min: v.optional(v.nullable(v.number())),
  /** The worst DPE class accepted ('C': A to C). */
  dpe_max: v.optional(v.nullable(v.picklist(ENERGY_CLASSES))),
  atouts: v.optional(v.array(v.string())),
  /** A map area, `west,south,east,north` (shared/bbox.ts). */
  bbox: v.optional(v.nullable(v.string())),
});
export type AlertCriteria = v.InferOutput<typeof AlertCriteriaSchema>;

export const AlertSchema = v.object({
  id: v.number(),
  email: v.string(),
  lang: LangSchema,
  contactProximite: v.boolean(),
  criteria: AlertCriteriaSchema,
  created_at: v.string(),
  /** Set once the address is confirmed by the first mail's link. */
  confirmed_at: v.nullable(v.string()),
});
export type Alert = v.InferOutput<typeof AlertSchema>;

/**
 * POST /alerte (201). The token is the only key to the alert (32 random bytes, base64url); the
 * API keeps only its SHA-256. Keep it: GET and DELETE /alerte need it.
 */
export const AlertCreatedSchema = v.object({ token: v.string(), alert: AlertSchema });
export type AlertCreated = v.InferOutput<typeof AlertCreatedSchema>;

/** GET /alerte: the alerts of the tokens given, each with its token. */
export const AlertListSchema = v.object({
  items: v.array(v.object({ token: v.string(), alert: AlertSchema })),
});
export type AlertList = v.InferOutput<typeof AlertListSchema>;

/**
 * POST /alerte/confirm and POST /alerte/unsubscribe: the token of a link in an alert mail (a
 * signed alert id, not the owner's token), as the web pages /alerts/confirm and
 * /alerts/unsubscribe receive it in their query string.
 */
export const AlertMailTokenBodySchema = v.object({
  token: v.pipe(v.string(), v.trim(), v.nonEmpty('is required'), v.maxLength(100, 'is too long')),
});
export type AlertMailTokenBody = v.InferOutput<typeof AlertMailTokenBodySchema>;

/** 200 of POST /alerte/confirm and /alerte/unsubscribe (unsubscribe is idempotent). */
export const AlertMailActionSchema = v.object({
  status: v.picklist(['confirmed', 'already-confirmed', 'unsubscribed', 'already-unsubscribed']),
  /**
   * The alert concerned, so the page can speak its language, name the address and show the
   * search (also to a visitor confirming from another device, whose browser lists no alert).
   */
  alert: v.object({
    id: v.number(),
    email: v.string(),
    lang: LangSchema,
    criteria: AlertCriteriaSchema,
  }),
});
export type AlertMailAction = v.InferOutput<typeof AlertMailActionSchema>;

// ---------------------------------------------------------------------------------------------
// Agencies, networks, reviews

export const AgencySummarySchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  address: v.string(),
  cp: v.string(),
  ville: v.string(),
  lieu_id: v.number(),
  network: v.nullable(NetworkRefSchema),
  active: v.boolean(),
  /** Review summary: count and average rating (null without reviews). */
  reviews: v.object({ total: v.number(), average: v.nullable(v.number()) }),
});
export type AgencySummary = v.InferOutput<typeof AgencySummarySchema>;

/** GET /agence (list) */
export const AgencyListSchema = v.object({
  total: v.number(),
  page: v.number(),
  limit: v.number(),
  items: v.array(AgencySummarySchema),
});
export type AgencyList = v.InferOutput<typeof AgencyListSchema>;

export const FeeScaleEntrySchema = v.object({
  nature: NatureIdSchema,
  from: v.number(),
  to: v.nullable(v.number()),
  percent: v.nullable(v.number()),
  amount: v.nullable(v.number()),
});
export type FeeScaleEntry = v.InferOutput<typeof FeeScaleEntrySchema>;

/** GET /agence?slug= or ?id= (one agency) */
export const AgencyDetailSchema = v.object({
  ...AgencySummarySchema.entries,
  phone: v.string(),
  email: v.string(),
  website: v.nullable(v.string()),
  description: v.string(),
  lat: v.nullable(v.number()),
  lng: v.nullable(v.number()),
  feeScale: v.array(FeeScaleEntrySchema),
  /** Active offers per nature. */
  offerCounts: v.object({ V: v.number(), L: v.number(), S: v.number() }),
});
export type AgencyDetail = v.InferOutput<typeof AgencyDetailSchema>;

/** GET /reseau/{slug} (also /network/{slug}) */
export const NetworkSchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  description: v.string(),
  website: v.nullable(v.string()),
  /** Active agencies of the network. */
  agencies_count: v.number(),
});
export type Network = v.InferOutput<typeof NetworkSchema>;

export const ReviewSchema = v.object({
  /** The language the review (and the agency's response) was written in. */
  lang: LangSchema,
  rating: v.number(),
  author: v.string(),
  title: v.string(),
  body: v.string(),
  response: v.nullable(v.string()),
  source: v.string(),
  date: v.string(),
});
export type Review = v.InferOutput<typeof ReviewSchema>;

/**
 * GET /client-survey?agency=ID&lang=&page=: total and average over all the agency's reviews; the
 * items are a page of them, newest first whatever their language (each says its language).
 */
export const ReviewListSchema = v.object({
  total: v.number(),
  average: v.nullable(v.number()),
  page: v.number(),
  limit: v.number(),
  items: v.array(ReviewSchema),
});
export type ReviewList = v.InferOutput<typeof ReviewListSchema>;

// ---------------------------------------------------------------------------------------------
// Editorial configuration (omr)

/** GET /omr-data; cache_tags go into the edge cache tag header. */
export const OmrDataSchema = v.object({
  ...OmrSchema.entries,
  cache_tags: v.array(v.string()),
});
export type OmrData = v.InferOutput<typeof OmrDataSchema>;

/** A curated list of places (GET /omr-list). */
export const OmrListSchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  lieux: v.array(LieuRefSchema),
});
export type OmrList = v.InferOutput<typeof OmrListSchema>;
export const OmrListsSchema = v.object({ items: v.array(OmrListSchema) });

/** A curated list of agencies for a region (GET /omr-agences-list). */
export const OmrAgencyListSchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  lieu_id: v.nullable(v.number()),
  agencies: v.array(AgencySummarySchema),
});
export type OmrAgencyList = v.InferOutput<typeof OmrAgencyListSchema>;
export const OmrAgencyListsSchema = v.object({ items: v.array(OmrAgencyListSchema) });

/** GET /healthz */
/** A PostgreSQL replica of the listings API's reads (DATABASE_READ_URL), as last checked. */
export const ReplicaHealthSchema = v.object({
  /** replica-1, replica-2… in the order of DATABASE_READ_URL. */
  pool: v.string(),
  /** Reads go to it (it answers and lags no more than DATABASE_READ_MAX_LAG_MS). */
  inUse: v.boolean(),
  /** Its replay delay at the last check (ms); null when it did not answer. */
  lagMs: v.nullable(v.number()),
});

export const HealthSchema = v.object({
  status: v.literal('ok'),
  db: v.picklist(['postgres', 'pglite']),
  /** The read replicas (absent without DATABASE_READ_URL); reads go to the primary when none is in use. */
  replicas: v.optional(v.array(ReplicaHealthSchema)),
});

// ---------------------------------------------------------------------------------------------
// Sitemap (the web app's /sitemap.xml)

/** GET /sitemap: how many entries each enumeration has. */
export const SitemapCountsSchema = v.object({
  lists: v.number(),
  /** Lists of a nature at a place over every rubrique (the nature hubs). */
  hubs: v.number(),
  offres: v.number(),
  agences: v.number(),
  reseaux: v.number(),
});
export type SitemapCounts = v.InferOutput<typeof SitemapCountsSchema>;

/**
 * GET /sitemap/lists: nature × rubrique × place combinations that have active offers; a null
 * rubrique is every rubrique, a null place every place (the nature page). With hubs=1: only the
 * combinations of a place over every rubrique.
 */
export const SitemapListsSchema = v.object({
  items: v.array(
    v.object({
      nature: NatureIdSchema,
      rubrique_id: v.nullable(v.number()),
      lieu_slug: v.nullable(v.string()),
      count: v.number(),
    }),
  ),
});
export type SitemapLists = v.InferOutput<typeof SitemapListsSchema>;

/** GET /sitemap/offres: active offers with what their page's path needs. */
export const SitemapOffersSchema = v.object({
  items: v.array(
    v.object({
      id: v.number(),
      slug: v.string(),
      nature: NatureIdSchema,
      rubrique_id: v.number(),
      lieu_slug: v.string(),
      updated_at: v.string(),
    }),
  ),
});
export type SitemapOffers = v.InferOutput<typeof SitemapOffersSchema>;

/** GET /sitemap/agences and /sitemap/reseaux: slugs of active agencies, of networks. */
export const SitemapSlugsSchema = v.object({ items: v.array(v.object({ slug: v.string() })) });
export type SitemapSlugs = v.InferOutput<typeof SitemapSlugsSchema>;
