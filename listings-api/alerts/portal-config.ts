import type { Config } from '../../shared/contract';
import type { Db } from '../db/connection';
import { toLieuRef } from '../lib/mappers';
import type { Reference } from '../lib/reference';
import { loadOmrConfig, loadSettings } from '../repositories/settings';

/**
 * The portal configuration as GET /config answers it: mails build their links with the web app's
 * route table (shared/routes `href`), which reads slugs from it.
 */
export async function loadPortalConfig(db: Db, reference: Reference): Promise<Config> {
  const [settings, omr] = await Promise.all([loadSettings(db), loadOmrConfig(db)]);
  return {
    natures: reference.natures,
    rubriquesTree: reference.rubriquesTree,
    genericLieu: toLieuRef(reference.genericLieu),
    omr: { footer: omr.footer, mosaicRubs: omr.mosaicRubs },
    settings,
  };
}
