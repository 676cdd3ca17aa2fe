import { sql, type RawBuilder } from 'kysely';
import {
  PRICE_REDUCED_DAYS,
  type Lang,
  type NatureId,
  type OfferSummary,
} from '../../../shared/contract';
import type { PhotoRow } from '../../db/types';
import { isoDate, toPhoto } from '../mappers';
import type { Reference } from '../reference';

// An offer card: its columns (the query joins agencies `a`) and the card of a row.

export interface SummaryRow {
  id: number;
  slug: string;
  nature: NatureId;
  rubrique_id: number;
  lieu_id: number;
  agency_id: number;
  agency_slug: string;
  agency_name: string;
  titre1: string;
  titre2: string;
  price: number | null;
  monthly_rent: number | null;
  weekly_rent: number | null;
  prix_cache: boolean;
  surface: number | null;
  field_surface: number | null;
  rooms: number | null;
  bedrooms: number | null;
  reference: string;
  published_at: Date | string;
  exclusivity: boolean;
  premium: boolean;
  status: 'active' | 'obsolete';
  photo: PhotoRow | null;
  /** All the offer's photos, for a page where its cover is already shown. */
  photos?: PhotoRow[] | null;
  price_reduced: boolean;
  dpe_class: string | null;
}

/**
 * The 'price reduced' flag of a card, from the offer's own row (no join, no change of plan): the
 * last change was a drop (the import sets price_reduced_at, a rise clears it), recent enough, and
 * the price is shown.
 */
const PRICE_REDUCED = sql`coalesce(NOT o.prix_cache
    AND o.price_reduced_at > now() - ${sql.lit(`${PRICE_REDUCED_DAYS} days`)}::interval, false)`;

/**
 * The columns of an offer card; the query must join agencies `a`. The place's slug and name come
 * from the reference data (toOfferSummary), not from a join per card.
 */
export function summaryColumns(lang: Lang): RawBuilder<unknown> {
  const t = (column: string) => sql.ref(`${column}_${lang}`);
  return sql`o.id, o.slug, o.nature, o.rubrique_id, o.lieu_id, a.id AS agency_id,
    a.slug AS agency_slug, a.name AS agency_name, ${t('o.titre1')} AS titre1,
    ${t('o.titre2')} AS titre2, o.price,
    o.monthly_rent, o.weekly_rent, o.prix_cache, o.surface, o.field_surface, o.rooms, o.bedrooms,
    o.reference, o.published_at, o.exclusivity, o.premium, o.status, o.cover_photo AS photo,
    o.photos,
    ${PRICE_REDUCED} AS price_reduced, o.dpe_class`;
}

/**
 * The cards of one page, each with a picture no earlier card of the page shows: a card whose
 * cover is already on the page shows its next photo (agencies and the demo pool reuse pictures).
 */
export function withDistinctPhotos<T extends SummaryRow>(rows: readonly T[]): T[] {
  const shown = new Set<number>();
  return rows.map((row) => {
    const photo = (row.photos ?? []).find((p) => !shown.has(p.id)) ?? row.photo;
    if (photo) shown.add(photo.id);
    return photo === row.photo ? row : { ...row, photo };
  });
}

export function toOfferSummary(row: SummaryRow, lang: Lang, ref: Reference): OfferSummary {
  const lieu = ref.lieux.get(row.lieu_id);
  if (!lieu) throw new Error(`offer ${row.id} points to a missing place ${row.lieu_id}`);
  return {
    id: row.id,
    slug: row.slug,
    nature: { id: row.nature },
    rubrique: { id: row.rubrique_id },
    lieu: {
      id: lieu.id,
      slug: lieu.slug,
      libelle: lang === 'en' ? lieu.libelle_en : lieu.libelle_fr,
    },
    agency: { id: row.agency_id, slug: row.agency_slug, name: row.agency_name },
    titre1: row.titre1,
    titre2: row.titre2,
    price: row.price,
    monthlyRent: row.monthly_rent,
    weeklyRent: row.weekly_rent,
    prixCache: row.prix_cache,
    surface: row.surface,
    fieldSurface: row.field_surface,
    rooms: row.rooms,
    bedrooms: row.bedrooms,
    reference: row.reference,
    date: isoDate(row.published_at),
    exclusivity: row.exclusivity,
    premium: row.premium,
    status: row.status,
    photo: row.photo ? toPhoto(row.photo, lang) : null,
    priceReduced: row.price_reduced,
    dpeClass: row.dpe_class,
  };
}
