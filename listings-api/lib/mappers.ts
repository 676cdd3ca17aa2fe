import type { Selectable } from 'kysely';
import {
  PHOTO_WIDTHS,
  type Lang,
  type Lieu,
  type LieuRef,
  type LieuType,
  type Photo,
} from '../../shared/contract';
import type { LieuxTable, PhotoRow } from '../db/types';

// Database rows → contract shapes. Texts are picked in the language asked.

export type LieuRow = Selectable<LieuxTable>;

export function toLieu(row: LieuRow, lang: Lang): Lieu {
  return {
    id: row.id,
    slug: row.slug,
    libelle: lang === 'en' ? row.libelle_en : row.libelle_fr,
    libelle_prep: lang === 'en' ? row.libelle_prep_en : row.libelle_prep_fr,
    type: row.type as LieuType,
    parent: row.parent_id,
    lieux: row.lieux,
    omr_list_id: row.omr_list_id,
    is_foreign_country: row.is_foreign_country,
    lat: row.lat,
    lng: row.lng,
    postcodes: row.postcodes,
  };
}

export function toLieuRef(
  row: Pick<LieuRow, 'id' | 'slug' | 'type' | 'libelle_fr' | 'libelle_en'>,
): LieuRef {
  return {
    id: row.id,
    slug: row.slug,
    libelle: { fr: row.libelle_fr, en: row.libelle_en },
    type: row.type as LieuType,
  };
}

/** A stored photo as the API serves it: /photos/{id}-{w}.jpg for each width. */
export function toPhoto(row: PhotoRow, lang: Lang): Photo {
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    alt: (lang === 'en' ? row.alt_en : row.alt_fr) ?? '',
    src: `/photos/${row.id}-{w}.jpg`,
    widths: [...PHOTO_WIDTHS],
  };
}

/** A timestamp column as ISO 8601 (pg gives Date objects; typed loosely for Generated<> columns). */
export function isoDate(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}
