import type { NatureId } from './types';

// Keys and value shapes of the `settings` and `omr_config` tables (one JSON value per key).
// The seed writes them; GET /config and GET /omr-data read them.

export interface TranslatedValue {
  fr: string;
  en: string;
}

export interface SettingsValues {
  siteName: string;
  enabledNaturesIds: NatureId[];
  formCriteriasAssets: Array<{ key: string }>;
  enableContactProximite: boolean;
  maxContact: number;
  minHubLinkCount: number;
  socialMedia: Record<string, string>;
  title: TranslatedValue;
  description: TranslatedValue;
}
export type SettingsKey = keyof SettingsValues;
export const SETTINGS_KEYS: readonly SettingsKey[] = [
  'siteName',
  'enabledNaturesIds',
  'formCriteriasAssets',
  'enableContactProximite',
  'maxContact',
  'minHubLinkCount',
  'socialMedia',
  'title',
  'description',
];

/** A footer group: its title and the ids of its lieux (the API expands them to LieuRefs). */
export interface PromoteLieuxGroupValue {
  title: TranslatedValue;
  lieux: number[];
}

export interface OmrConfigValues {
  'footer.promoteLieux': PromoteLieuxGroupValue[];
  /** Rubrique ids of the home mosaic; each has an image `mosaic/{id}.jpg`. */
  mosaicRubs: number[];
  /** Added to the cache tag header of every page (GET /omr-data). */
  cache_tags: string[];
}
export type OmrConfigKey = keyof OmrConfigValues;
export const OMR_CONFIG_KEYS: readonly OmrConfigKey[] = [
  'footer.promoteLieux',
  'mosaicRubs',
  'cache_tags',
];
