import type { Lang, LieuWithAncestors } from '../../shared/contract';
import type { Db } from '../db/connection';
import { toLieu, type LieuRow } from './mappers';

/**
 * Places with their ancestors in the stored order (root first: country, plaques, region,
 * department, city; the generic place left out), in the order asked.
 */
export async function lieuxWithAncestors(
  db: Db,
  ids: number[],
  lang: Lang,
): Promise<LieuWithAncestors[]> {
  if (ids.length === 0) return [];
  const rows = await db.kysely.selectFrom('lieux').selectAll().where('id', 'in', ids).execute();
  const ancestorIds = [...new Set(rows.flatMap((row) => row.ancestors))].filter(
    (id) => !ids.includes(id),
  );
  const ancestorRows =
    ancestorIds.length > 0
      ? await db.kysely.selectFrom('lieux').selectAll().where('id', 'in', ancestorIds).execute()
      : [];
  const byId = new Map<number, LieuRow>([...rows, ...ancestorRows].map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const ancestors = row.ancestors
      .filter((a) => a !== row.id)
      .flatMap((a) => byId.get(a) ?? [])
      .filter((a) => a.type !== 'Generic')
      .map((a) => toLieu(a, lang));
    return [{ ...toLieu(row, lang), ancestors }];
  });
}

export async function lieuWithAncestors(
  db: Db,
  id: number,
  lang: Lang,
): Promise<LieuWithAncestors | null> {
  const [found] = await lieuxWithAncestors(db, [id], lang);
  return found ?? null;
}
