import * as v from 'valibot';
import {
  ATOUTS,
  DEFAULT_PUBLISHER,
  DEFAULT_SITE_NAME,
  NATURE_IDS,
  SettingsSchema,
  TranslatedSchema,
  type Omr,
  type Settings,
} from '../../shared/contract';
import type { Db } from '../db/connection';
import { selectLieuRefs } from './lieux';

// Settings and the editorial (omr) configuration: one JSON value per key in `settings` and
// `omr_config`. A missing key takes its default; a malformed stored value is a server fault.

const SETTING_DEFAULTS: Settings = {
  siteName: DEFAULT_SITE_NAME,
  enabledNaturesIds: [...NATURE_IDS],
  formCriteriasAssets: ATOUTS.map((key) => ({ key })),
  enableContactProximite: false,
  maxContact: 10,
  minHubLinkCount: 3,
  socialMedia: {},
  title: { fr: '', en: '' },
  description: { fr: '', en: '' },
  // Mortgage terms of late 2026 in France: 20 years at about 3.2 %, a fifth paid down.
  loanDefaults: { downPaymentPct: 20, years: 20, ratePct: 3.2 },
  // The environment's (GET /config sets it from PUBLISHER_* and HOST_*).
  publisher: DEFAULT_PUBLISHER,
};

export async function loadSettings(db: Db): Promise<Settings> {
  const rows = await db.kysely.selectFrom('settings').select(['key', 'value']).execute();
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  const merged: Record<string, unknown> = { ...SETTING_DEFAULTS };
  for (const key of Object.keys(SETTING_DEFAULTS)) {
    if (stored[key] !== undefined && stored[key] !== null) merged[key] = stored[key];
  }
  return v.parse(SettingsSchema, merged);
}

const StoredOmrSchema = v.object({
  'footer.promoteLieux': v.optional(
    v.array(v.object({ title: TranslatedSchema, lieux: v.array(v.number()) })),
    [],
  ),
  mosaicRubs: v.optional(v.array(v.number()), []),
  cache_tags: v.optional(v.array(v.string()), []),
});

export interface OmrConfig extends Omr {
  cache_tags: string[];
}

/** The omr configuration with the footer's promoted places resolved (unknown ids left out). */
export async function loadOmrConfig(db: Db): Promise<OmrConfig> {
  const rows = await db.kysely.selectFrom('omr_config').select(['key', 'value']).execute();
  const stored = v.parse(
    StoredOmrSchema,
    Object.fromEntries(rows.map((row) => [row.key, row.value])),
  );
  const groups = stored['footer.promoteLieux'];
  const ids = [...new Set(groups.flatMap((group) => group.lieux))];
  const byId = await selectLieuRefs(db, ids);
  return {
    footer: {
      promoteLieux: groups.map((group) => ({
        title: group.title,
        lieux: group.lieux.flatMap((id) => byId.get(id) ?? []),
      })),
    },
    mosaicRubs: stored.mosaicRubs,
    cache_tags: stored.cache_tags,
  };
}
