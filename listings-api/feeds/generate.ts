import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { Selectable } from 'kysely';
import type { CondoRow, FeesRow, OffersTable, PhotoRow } from '../db/types';
import {
  CAPTION_POSITIONS,
  COL,
  PHOTO_POSITIONS,
  POLIRIS_COLUMNS,
  type ColumnName,
} from './columns';
import type { MappingReference, ReferenceLieu } from './mapping';

// Writing Poliris feeds from the portal's offers, as an agency's software would: one 333-column
// line per offer, every field in '"' and joined by '!#', LF after each line, OUI/NON booleans,
// dd/mm/yyyy dates, '"' replaced by "'" and line breaks flattened. Used to produce feeds for
// seeded agencies and benchmarks, and to test the reader against the writer.

export type PolirisValue = string | number | boolean | Date | null | undefined;

/** A row from named columns (any other column empty); photos and captions by slot (1–30). */
export function polirisRowFrom(
  values: Partial<Record<ColumnName, PolirisValue>>,
  extra: { photos?: readonly string[]; captions?: readonly string[] } = {},
): string[] {
  const cells = new Array<string>(POLIRIS_COLUMNS).fill('');
  for (const [name, value] of Object.entries(values) as Array<[ColumnName, PolirisValue]>)
    cells[COL[name] - 1] = formatValue(value);
  extra.photos?.slice(0, PHOTO_POSITIONS.length).forEach((p, i) => {
    cells[(PHOTO_POSITIONS[i] as number) - 1] = formatValue(p);
  });
  extra.captions?.slice(0, CAPTION_POSITIONS.length).forEach((c, i) => {
    cells[(CAPTION_POSITIONS[i] as number) - 1] = formatValue(c);
  });
  return cells;
}

/** A value as the format writes it. */
export function formatValue(value: PolirisValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'OUI' : 'NON';
  if (value instanceof Date) return formatDate(value);
  return String(value).replace(/"/g, "'").replace(/!#/g, '!').replace(/\s+/g, ' ').trim();
}

/** dd/mm/yyyy (UTC). */
export function formatDate(date: Date): string {
  const dd = String(date.getUTCDate()).padStart(2, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${date.getUTCFullYear()}`;
}

/** One line of the file, LF included. */
export function formatPolirisLine(cells: readonly string[]): string {
  return `${cells.map((c) => `"${formatValue(c)}"`).join('!#')}\n`;
}

/** Writes the rows as a feed, waiting when the stream asks to (10,000 rows stay out of memory). */
export async function writePolirisFeed(
  rows: Iterable<readonly string[]> | AsyncIterable<readonly string[]>,
  stream: Writable,
): Promise<void> {
  for await (const row of rows) {
    if (!stream.write(formatPolirisLine(row))) await once(stream, 'drain');
  }
}

export type PolirisOffer = Pick<
  Selectable<OffersTable>,
  | 'nature'
  | 'rubrique_id'
  | 'lieu_id'
  | 'lieu_path'
  | 'reference'
  | 'exclusivity'
  | 'titre1_fr'
  | 'titre1_en'
  | 'description_fr'
  | 'description_en'
  | 'price'
  | 'monthly_rent'
  | 'weekly_rent'
  | 'prix_cache'
  | 'price_without_fees'
  | 'surface'
  | 'field_surface'
  | 'rooms'
  | 'bedrooms'
  | 'atouts'
  | 'dpe_class'
  | 'dpe_value'
  | 'ges_class'
  | 'ges_value'
  | 'tour_url'
  | 'lat'
  | 'lng'
  | 'published_at'
> &
  Partial<
    Pick<
      Selectable<OffersTable>,
      'dpe_date' | 'dpe_method' | 'dpe_cost_min' | 'dpe_cost_max' | 'dpe_cost_year' | 'dpe_absence'
    >
  > & {
    fees: FeesRow | null;
    condo: CondoRow | null;
    photos?: readonly PhotoRow[];
  };

export interface PolirisWriteContext {
  /** Places and rubriques to name the offer's city, postcode, country and property type. */
  reference: MappingReference;
  /** Column 1: the agency's code at its software vendor (any text). */
  agencyCode?: string;
  /** The offer's photos as file names beside the feed ('photo1.jpg') or http(s) URLs. */
  photos?: readonly string[];
}

const ANNONCE_TYPE = { V: 'vente', L: 'location', S: 'location vacances' } as const;

/** The Poliris row of a portal offer. */
export function offerToPolirisRow(offer: PolirisOffer, context: PolirisWriteContext): string[] {
  const ref = context.reference;
  const values: Partial<Record<ColumnName, PolirisValue>> = {
    agenceId: context.agencyCode ?? '',
    agencePropertyRef: offer.reference,
    annonceType: ANNONCE_TYPE[offer.nature],
    ...propertyType(offer.rubrique_id, context),
    ...placeColumns(offer, ref),
    label: offer.titre1_fr,
    description: offer.description_fr,
    code1: 'EN',
    label1: offer.titre1_en,
    descriptif1: offer.description_en,
    surface: offer.surface,
    surfaceTerrain: offer.field_surface,
    nbPieces: offer.rooms,
    nbChambres: offer.bedrooms,
    exclusif: offer.exclusivity,
    prixMasque: offer.prix_cache,
    consoEnergie: offer.dpe_value,
    bilanConsoEnergie: offer.dpe_class ?? offer.dpe_absence ?? 'VI',
    dpeAt: offer.dpe_date ? new Date(offer.dpe_date) : null,
    dpeVersion: offer.dpe_method,
    dpeMin: offer.dpe_cost_min,
    dpeMax: offer.dpe_cost_max,
    dpeAnneeRef: offer.dpe_cost_year,
    ges: offer.ges_value,
    bilanGes: offer.ges_class ?? 'VI',
    urlVisiteVirtuelle: offer.tour_url,
    latitude: offer.lat,
    longitude: offer.lng,
    dateMandat: new Date(offer.published_at),
    versionFormat: '4.1.17',
  };
  const atouts = new Set(offer.atouts);
  for (const [atout, column] of [
    ['ascenseur', 'ascenseur'],
    ['cave', 'cave'],
    ['piscine', 'piscine'],
    ['cheminee', 'cheminee'],
    ['climatisation', 'clim'],
    ['terrasse', 'terrasse'],
    ['alarme', 'alarme'],
    ['interphone', 'interphone'],
    ['garage', 'garage'],
  ] as const)
    values[column] = atouts.has(atout);
  if (atouts.has('balcon')) values.nbBalcons = 1;
  if (atouts.has('parking')) values.nbParkings = 1;
  if (atouts.has('box')) values.nbBoxes = 1;
  if (atouts.has('rdc')) values.etage = 0;

  const fees = offer.fees;
  if (offer.nature === 'V') {
    values.prix = offer.price;
    values.prixHorsHonorairesAcquereur = offer.price_without_fees;
    if (fees) {
      values.honoraires = fees.amount;
      values.pourcentageHonorairesTTC = fees.percent;
      values.honorairesCharge = fees.payer === 'buyer' ? 1 : 2;
      values.honorairesChargeAcquereur = fees.payer === 'buyer';
    }
    if (offer.condo) {
      values.copropriete = true;
      values.nbLots = offer.condo.lots;
      values.chargesAnnuelles = offer.condo.yearly_charges;
      values.syndicatCopro = offer.condo.procedure;
    }
  } else {
    if (offer.nature === 'L') {
      values.prix = offer.monthly_rent;
      values.charges = fees?.charges;
    } else {
      values.prix = offer.weekly_rent;
      values.prixSemaineHauteSaison = offer.weekly_rent;
    }
    values.honoraires = fees?.amount;
    values.depotGarantie = fees?.deposit;
  }
  return polirisRowFrom(values, {
    photos: context.photos,
    captions: offer.photos?.map((p) => p.alt_fr),
  });
}

/** Col 4 names the family (Maison, Appartement, Propriété...), col 181 the rubrique within it. */
function propertyType(
  rubriqueId: number,
  context: PolirisWriteContext,
): Partial<Record<ColumnName, string>> {
  const rubriques = context.reference.rubriques;
  const rubrique = rubriques.get(rubriqueId);
  if (!rubrique) return { type: '' };
  let family = rubrique;
  for (;;) {
    const parent = family.parent_id === null ? undefined : rubriques.get(family.parent_id);
    if (!parent || parent.parent_id === null) break;
    family = parent;
  }
  return family.id === rubrique.id
    ? { type: rubrique.libelle_fr }
    : { type: family.libelle_fr, sousType: rubrique.libelle_fr };
}

/** Postcode, city and country of the offer's commune (or arrondissement, or foreign place). */
function placeColumns(
  offer: PolirisOffer,
  ref: MappingReference,
): Partial<Record<ColumnName, string>> {
  // The offer may sit on a quartier or lieu-dit: its commune is the nearest listed ancestor.
  let lieu: ReferenceLieu | undefined;
  for (const id of [offer.lieu_id, ...[...offer.lieu_path].reverse()]) {
    lieu = ref.lieux.get(id);
    if (lieu) break;
  }
  if (!lieu) return {};
  if (lieu.is_foreign_country) return { pays: lieu.libelle_fr };
  const parent = lieu.parent_id === null ? undefined : ref.lieux.get(lieu.parent_id);
  if (parent?.is_foreign_country) return { pays: parent.libelle_fr, ville: lieu.libelle_fr };
  if (lieu.type === 'Arrondissements' && parent)
    return { cp: lieu.postcodes[0] ?? '', ville: parent.libelle_fr, pays: 'France' };
  return { cp: lieu.postcodes[0] ?? '', ville: lieu.libelle_fr, pays: 'France' };
}
