import type { Lang, LieuWithAncestors } from '../../shared/contract';
import { toLieu } from './mappers';
import type { Reference } from './reference';

/**
 * Places with their ancestors in the stored order (root first: country, plaques, region,
 * department, city; the generic place left out), in the order asked; unknown ids are left out.
 */
export function lieuxWithAncestors(ref: Reference, ids: number[], lang: Lang): LieuWithAncestors[] {
  return ids.flatMap((id) => {
    const row = ref.lieux.get(id);
    if (!row) return [];
    const ancestors = row.ancestors
      .filter((a) => a !== row.id)
      .flatMap((a) => ref.lieux.get(a) ?? [])
      .filter((a) => a.type !== 'Generic')
      .map((a) => toLieu(a, lang));
    return [{ ...toLieu(row, lang), ancestors }];
  });
}

export function lieuWithAncestors(
  ref: Reference,
  id: number,
  lang: Lang,
): LieuWithAncestors | null {
  return lieuxWithAncestors(ref, [id], lang)[0] ?? null;
}
