import * as v from 'valibot';

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

export const SettingsSchema = v.object({
  enabledNaturesIds: v.array(NatureIdSchema),
  formCriteriasAssets: v.array(v.object({ key: v.string() })),
  enableContactProximite: v.boolean(),
  maxContact: v.number(),
  minHubLinkCount: v.number(),
  socialMedia: v.record(v.string(), v.string()),
  title: Translated,
  description: Translated,
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
  status: v.picklist(['active', 'obsolete']),
  photo: v.nullable(PhotoSchema),
});
export type OfferSummary = v.InferOutput<typeof OfferSummarySchema>;

/** GET /offre */
export const OfferListSchema = v.object({
  total: v.number(),
  page: v.number(),
  limit: v.number(),
  search_key: v.string(),
  items: v.array(OfferSummarySchema),
});
export type OfferList = v.InferOutput<typeof OfferListSchema>;

/** The error body every 4xx/5xx of the listings API answers. */
export const ApiErrorSchema = v.object({
  statusCode: v.number(),
  error: v.string(),
  message: v.string(),
  /** The offending field, for 400s. */
  field: v.optional(v.string()),
});
export type ApiError = v.InferOutput<typeof ApiErrorSchema>;
