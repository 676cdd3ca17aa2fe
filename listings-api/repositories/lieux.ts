import type { LieuRef } from '../../shared/contract';
import type { Db } from '../db/connection';
import { toLieuRef } from '../lib/mappers';

// Places read from the database where the reference data in memory (lib/reference) is not the
// source: references of editorial lists, a place's chain of ancestors, a form's place, and the
// external links attached to places.

/** Place references by id (unknown ids left out), keyed by id. */
export async function selectLieuRefs(db: Db, ids: number[]): Promise<Map<number, LieuRef>> {
  const places =
    ids.length > 0
      ? await db.kysely
          .selectFrom('lieux')
          .select(['id', 'slug', 'type', 'libelle_fr', 'libelle_en'])
          .where('id', 'in', ids)
          .execute()
      : [];
  return new Map<number, LieuRef>(places.map((row) => [row.id, toLieuRef(row)]));
}

/** The place and its ancestors, nearest first; null for an unknown place. */
export async function selectLieuChain(db: Db, id: number): Promise<number[] | null> {
  const row = await db.kysely
    .selectFrom('lieux')
    .select(['id', 'ancestors'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return [row.id, ...row.ancestors.filter((a) => a !== row.id)];
}

export async function lieuExists(db: Db, id: number): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('lieux')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** The external links of these places and those attached to no place, in their order. */
export async function selectExternalLinks(db: Db, places: number[]) {
  return db.kysely
    .selectFrom('external_links')
    .select(['lieu_id', 'label_fr', 'label_en', 'url', 'position'])
    .where((eb) => eb.or([eb('lieu_id', 'is', null), eb('lieu_id', 'in', places)]))
    .orderBy('position')
    .orderBy('id')
    .execute();
}
