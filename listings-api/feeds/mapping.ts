import * as v from 'valibot';
import { ATOUTS, type Atout } from '../../shared/contract';
import type { Db } from '../db/connection';
import type { CondoRow, FeesRow, LieuType, NatureId } from '../db/types';
import { RUB } from '../lib/rubriques';
import { normalizeForSearch } from '../lib/text';
import {
  CAPTION_POSITIONS,
  COL,
  LANGUAGE_SLOTS,
  PHOTO_POSITIONS,
  POLIRIS_COLUMNS,
  columnName,
  type ColumnName,
} from './columns';
import { feePercentDisagrees, feePercentOf } from '../../shared/fees';
import type { FeedLine, FeedOffer, FeedPhotoRef, RowProblem, RowWarning } from './types';

// From a Poliris row (its 333 cells as text) to the portal's offer. Every row goes through one
// valibot schema (text → typed raw row: lenient booleans and numbers, postcodes kept as text),
// then through the portal's rules: transaction and property type → nature and rubrique, postcode
// and city → the reference lieu, prices by nature, fees, condominium, atouts, texts, photos.
// A rule that cannot map a row says why, in plain words, with the column at fault.

// --- reference data ------------------------------------------------------------------------------

export interface ReferenceLieu {
  id: number;
  type: LieuType;
  parent_id: number | null;
  code: string | null;
  postcodes: string[];
  libelle_fr: string;
  libelle_en: string;
  libelle_prep_fr: string;
  libelle_prep_en: string;
  is_foreign_country: boolean;
  lat: number | null;
  lng: number | null;
  ancestors: number[];
}

export interface ReferenceRubrique {
  id: number;
  parent_id: number | null;
  natures: NatureId[];
  libelle_fr: string;
  libelle_en: string;
}

/** The reference data the mapping needs, indexed for one lookup per row. */
export interface MappingReference {
  lieux: ReadonlyMap<number, ReferenceLieu>;
  rubriques: ReadonlyMap<number, ReferenceRubrique>;
  /** postcode → French communes and arrondissements carrying it. */
  byPostcode: ReadonlyMap<string, ReferenceLieu[]>;
  /** 'department:name key' → French communes of that name in the department. */
  byDepartementName: ReadonlyMap<string, ReferenceLieu[]>;
  /** commune id → its municipal arrondissements (Paris, Lyon, Marseille). */
  arrondissements: ReadonlyMap<number, ReferenceLieu[]>;
  /** name key (French, English or ISO code) → foreign country. */
  countries: ReadonlyMap<string, ReferenceLieu>;
  /** foreign country id → its cities. */
  foreignCities: ReadonlyMap<number, ReferenceLieu[]>;
}

/** Indexes reference rows (from the database, or a small list in tests). */
export function mappingReferenceFrom(rows: {
  lieux: readonly ReferenceLieu[];
  rubriques: readonly ReferenceRubrique[];
}): MappingReference {
  const lieux = new Map(rows.lieux.map((l) => [l.id, l]));
  const byPostcode = new Map<string, ReferenceLieu[]>();
  const byDepartementName = new Map<string, ReferenceLieu[]>();
  const arrondissements = new Map<number, ReferenceLieu[]>();
  const countries = new Map<string, ReferenceLieu>();
  const foreignCities = new Map<number, ReferenceLieu[]>();
  const push = <K>(map: Map<K, ReferenceLieu[]>, key: K, lieu: ReferenceLieu) => {
    const list = map.get(key);
    if (list) list.push(lieu);
    else map.set(key, [lieu]);
  };
  for (const lieu of rows.lieux) {
    if (lieu.type === 'Pays' && lieu.is_foreign_country) {
      for (const name of [lieu.libelle_fr, lieu.libelle_en, lieu.code ?? ''])
        if (name) countries.set(placeKey(name), lieu);
      continue;
    }
    const parent = lieu.parent_id === null ? undefined : lieux.get(lieu.parent_id);
    if (lieu.type === 'Villes' && parent?.is_foreign_country) {
      push(foreignCities, parent.id, lieu);
      continue;
    }
    if (lieu.type !== 'Villes' && lieu.type !== 'Arrondissements') continue;
    for (const postcode of lieu.postcodes) push(byPostcode, postcode, lieu);
    if (lieu.type === 'Villes' && lieu.code)
      push(
        byDepartementName,
        `${departementOfInsee(lieu.code)}:${placeKey(lieu.libelle_fr)}`,
        lieu,
      );
    if (lieu.type === 'Arrondissements' && lieu.parent_id !== null)
      push(arrondissements, lieu.parent_id, lieu);
  }
  return {
    lieux,
    rubriques: new Map(rows.rubriques.map((r) => [r.id, r])),
    byPostcode,
    byDepartementName,
    arrondissements,
    countries,
    foreignCities,
  };
}

/** Reads the places and rubriques the mapping needs from the listings database. */
export async function loadMappingReference(db: Db): Promise<MappingReference> {
  const [lieux, rubriques] = await Promise.all([
    db.kysely
      .selectFrom('lieux')
      .select([
        'id',
        'type',
        'parent_id',
        'code',
        'postcodes',
        'libelle_fr',
        'libelle_en',
        'libelle_prep_fr',
        'libelle_prep_en',
        'is_foreign_country',
        'lat',
        'lng',
        'ancestors',
      ])
      .where('type', 'in', ['Pays', 'Villes', 'Arrondissements'])
      .orderBy('id')
      .execute(),
    db.kysely
      .selectFrom('rubriques')
      .select(['id', 'parent_id', 'natures', 'libelle_fr', 'libelle_en'])
      .execute(),
  ]);
  return mappingReferenceFrom({ lieux, rubriques });
}

// --- text helpers ----------------------------------------------------------------------------------

const SAINT_WORDS: Readonly<Record<string, string>> = { st: 'saint', ste: 'sainte', sts: 'saints' };

/**
 * A place name as compared: accents, case, hyphens, apostrophes and 'St'/'Ste' aside, and an
 * article in brackets put first ('Cannet (Le)' → 'le cannet').
 */
export function placeKey(name: string): string {
  const moved = name.trim().replace(/^(.*?)\s*\((les?|la|l['’])\)$/i, '$2 $1');
  return normalizeForSearch(moved)
    .split(' ')
    .map((w) => SAINT_WORDS[w] ?? w)
    .join(' ');
}

/** Text as the format writes it: trimmed, whitespace runs as one space. */
function cleanText(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * A number as agencies type it: spaces, no-break spaces, '€' and 'm²' aside, ',' or '.' as the
 * decimal separator ('1 250 000 €' → 1250000, '12,5' → 12.5). '' → null; anything else → NaN.
 */
export function parseNumber(raw: string): number | null {
  let s = raw.replace(/[\s\u00a0\u202f€]/g, '').replace(/(m²|m2|eur|euros?)$/i, '');
  if (s === '') return null;
  const comma = s.lastIndexOf(',');
  const dot = s.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) {
    // The last separator is the decimal one; the other groups thousands.
    s = comma > dot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (comma >= 0) {
    s = /^-?\d{1,3}(,\d{3}){2,}$/.test(s) ? s.replace(/,/g, '') : s.replace(',', '.');
  } else if (/^-?\d{1,3}(\.\d{3}){2,}$/.test(s)) {
    s = s.replace(/\./g, '');
  }
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : NaN;
}

const TRUE_WORDS = new Set(['oui', 'o', '1', 'true', 'yes', 'y', 'vrai']);
const FALSE_WORDS = new Set(['non', 'n', '0', 'false', 'no', 'faux']);

/** OUI/NON, O/N, 1/0, true/false in any case; '' or anything else → null. */
export function parseBoolean(raw: string): boolean | null {
  const s = raw.trim().toLowerCase();
  if (TRUE_WORDS.has(s)) return true;
  if (FALSE_WORDS.has(s)) return false;
  return null;
}

// --- the row schema ---------------------------------------------------------------------------------

const text = v.pipe(v.string(), v.transform(cleanText));
/** A number where a wrong value is dropped: the offer is still worth listing without it. */
const lenientNumber = v.pipe(
  v.string(),
  v.transform((s) => {
    const n = parseNumber(s);
    return n === null || Number.isNaN(n) ? null : n;
  }),
);
/** A number the offer cannot do without when given (its price): a wrong value rejects the row. */
function strictNumber(label: string) {
  return v.pipe(
    v.string(),
    v.check(
      (s) => !Number.isNaN(parseNumber(s)),
      (issue) => `${label} is not a number: '${cleanText(String(issue.input))}'`,
    ),
    v.transform((s) => parseNumber(s)),
  );
}
const bool = v.pipe(v.string(), v.transform(parseBoolean));

const ROW_FIELDS = {
  agenceId: text,
  agencePropertyRef: v.pipe(text, v.nonEmpty('the reference is missing')),
  annonceType: text,
  type: text,
  cp: text,
  ville: text,
  pays: text,
  prix: strictNumber('price'),
  honoraires: lenientNumber,
  surface: lenientNumber,
  surfaceTerrain: lenientNumber,
  nbPieces: lenientNumber,
  nbChambres: lenientNumber,
  label: text,
  description: text,
  charges: lenientNumber,
  etage: lenientNumber,
  nbBalcons: lenientNumber,
  ascenseur: bool,
  cave: bool,
  nbParkings: lenientNumber,
  nbBoxes: lenientNumber,
  interphone: bool,
  terrasse: bool,
  prixSemaineBasseSaison: lenientNumber,
  prixMoisBasseSaison: lenientNumber,
  prixSemaineHauteSaison: lenientNumber,
  prixMoisHauteSaison: lenientNumber,
  alarme: bool,
  clim: bool,
  piscine: bool,
  cheminee: bool,
  exclusif: bool,
  urlVisiteVirtuelle: text,
  tel: text,
  fullName: text,
  email: text,
  cpReel: text,
  villeReelle: text,
  code1: text,
  label1: text,
  descriptif1: text,
  code2: text,
  label2: text,
  descriptif2: text,
  code3: text,
  label3: text,
  descriptif3: text,
  depotGarantie: lenientNumber,
  consoEnergie: text,
  bilanConsoEnergie: text,
  ges: text,
  bilanGes: text,
  sousType: text,
  prixMasque: bool,
  honorairesChargeAcquereur: text,
  pourcentageHonorairesTTC: lenientNumber,
  copropriete: bool,
  nbLots: lenientNumber,
  chargesAnnuelles: lenientNumber,
  syndicatCopro: text,
  latitude: lenientNumber,
  longitude: lenientNumber,
  honorairesCharge: text,
  prixHorsHonorairesAcquereur: lenientNumber,
  garage: bool,
  dpeAt: text,
  dpeVersion: text,
  dpeMin: lenientNumber,
  dpeMax: lenientNumber,
  dpeAnneeRef: lenientNumber,
} satisfies Partial<Record<ColumnName, v.GenericSchema<string, unknown>>>;

type FieldName = keyof typeof ROW_FIELDS;

/** One Poliris row, typed: the schema every row of a feed goes through. */
export const PolirisRowSchema = v.pipe(
  v.array(v.string()),
  v.check(
    (cells) => cells.length >= POLIRIS_COLUMNS,
    (issue) =>
      `the row has ${(issue.input as string[]).length} columns, the format has ${POLIRIS_COLUMNS}`,
  ),
  v.transform((cells) => {
    const named: Record<string, unknown> = {
      photos: PHOTO_POSITIONS.map((p) => cleanText(cells[p - 1] ?? '')),
      captions: CAPTION_POSITIONS.map((p) => cleanText(cells[p - 1] ?? '')),
    };
    for (const name of Object.keys(ROW_FIELDS) as FieldName[])
      named[name] = cells[COL[name] - 1] ?? '';
    return named;
  }),
  v.object({
    ...ROW_FIELDS,
    photos: v.array(v.string()),
    captions: v.array(v.string()),
  }),
);
export type PolirisRow = v.InferOutput<typeof PolirisRowSchema>;

// --- transaction and property types ----------------------------------------------------------------

type Rule<T> = { ok: T } | { reject: string };

/** Transaction types (col 3), by placeKey. */
const ANNONCE_TYPES: Readonly<Record<string, Rule<NatureId>>> = {
  vente: { ok: 'V' },
  'vente de prestige': { ok: 'V' },
  'produit d investissement': { ok: 'V' },
  location: { ok: 'L' },
  'location vacances': { ok: 'S' },
  'location saisonniere': { ok: 'S' },
  'cession de bail': {
    reject: 'the portal lists sales and rentals of homes only: cession de bail',
  },
  viager: { reject: 'the portal lists sales and rentals of homes only: viager' },
  'vente fonds de commerce': {
    reject: 'the portal lists sales and rentals of homes only: vente fonds-de-commerce',
  },
};

const HOMES_ONLY = 'the portal lists homes and estates only';

/** Property types (col 4) and sub-types (col 181), by placeKey: a rubrique, or why not. */
const PROPERTY_TYPES: Readonly<Record<string, Rule<number>>> = {
  maison: { ok: RUB.maisons },
  'maison individuelle': { ok: RUB.maisons },
  'maison de ville': { ok: RUB.maisons },
  'maison de village': { ok: RUB.maisons },
  'maison de maitre': { ok: RUB.maisons },
  'maison bourgeoise': { ok: RUB.maisons },
  'modele de maison': { ok: RUB.maisons },
  villa: { ok: RUB.villas },
  mas: { ok: RUB.mas },
  chalet: { ok: RUB.chalets },
  chateau: { ok: RUB.chateaux },
  manoir: { ok: RUB.manoirs },
  'maison d architecte': { ok: RUB.maisonsArchitecte },
  'maison contemporaine': { ok: RUB.maisonsArchitecte },
  'hotel particulier': { ok: RUB.hotelsParticuliers },
  bastide: { ok: RUB.bastides },
  appartement: { ok: RUB.appartements },
  studio: { ok: RUB.appartements },
  loft: { ok: RUB.lofts },
  penthouse: { ok: RUB.penthouses },
  'appartement terrasse': { ok: RUB.penthouses },
  duplex: { ok: RUB.duplex },
  triplex: { ok: RUB.duplex },
  'rez de jardin': { ok: RUB.rezDeJardin },
  atelier: { ok: RUB.ateliers },
  'atelier d artiste': { ok: RUB.ateliers },
  propriete: { ok: RUB.proprietes },
  'propriete de prestige': { ok: RUB.proprietes },
  demeure: { ok: RUB.proprietes },
  domaine: { ok: RUB.proprietes },
  'domaine viticole': { ok: RUB.domainesViticoles },
  vignoble: { ok: RUB.domainesViticoles },
  haras: { ok: RUB.haras },
  'propriete equestre': { ok: RUB.haras },
  'propriete de chasse': { ok: RUB.proprietesChasse },
  terrain: { ok: RUB.terrains },
  'terrain a batir': { ok: RUB.terrains },
  immeuble: { ok: RUB.immeubles },
  hotel: { ok: RUB.hotels },
  parking: { reject: `${HOMES_ONLY}: Parking` },
  box: { reject: `${HOMES_ONLY}: Box` },
  garage: { reject: `${HOMES_ONLY}: Garage` },
  cave: { reject: `${HOMES_ONLY}: Cave` },
  bureau: { reject: `${HOMES_ONLY}: Bureaux` },
  bureaux: { reject: `${HOMES_ONLY}: Bureaux` },
  'local commercial': { reject: `${HOMES_ONLY}: Local commercial` },
  'local d activite': { reject: `${HOMES_ONLY}: Local d'activité` },
  'local professionnel': { reject: `${HOMES_ONLY}: Local professionnel` },
  boutique: { reject: `${HOMES_ONLY}: Boutique` },
  'fonds de commerce': { reject: `${HOMES_ONLY}: Fonds de commerce` },
  'murs commerciaux': { reject: `${HOMES_ONLY}: Murs commerciaux` },
  entrepot: { reject: `${HOMES_ONLY}: Entrepôt` },
  batiment: { reject: `${HOMES_ONLY}: Bâtiment` },
};

/** The top-level family of a rubrique (houses, apartments, estates...). */
function familyOf(ref: MappingReference, id: number): number {
  let current = ref.rubriques.get(id);
  while (current && current.parent_id !== null) {
    const parent = ref.rubriques.get(current.parent_id);
    if (!parent || parent.parent_id === null) return current.id;
    current = parent;
  }
  return id;
}

// A sub-type refines the type within its family; houses and estates are one family for this
// ('Propriété' + 'Château' is a château), apartments another.
function refines(ref: MappingReference, typeId: number, subId: number): boolean {
  const a = familyOf(ref, typeId);
  const b = familyOf(ref, subId);
  const homes: number[] = [RUB.maisons, RUB.proprietes];
  return a === b || (homes.includes(a) && homes.includes(b));
}

/** The rubrique itself, or its nearest parent that takes the nature ('Château' to rent → house). */
function rubriqueForNature(ref: MappingReference, id: number, nature: NatureId): number | null {
  let current = ref.rubriques.get(id);
  while (current) {
    if (current.natures.includes(nature)) return current.id;
    current = current.parent_id === null ? undefined : ref.rubriques.get(current.parent_id);
  }
  return null;
}

// --- places ------------------------------------------------------------------------------------------

const FRANCE_KEYS = new Set(['', 'france', 'fr', 'fra', 'france metropolitaine']);
const ARRONDISSEMENT_CITY =
  /^(paris|lyon|marseille)(?: (\d{1,2}) ?(?:er|e|eme)?)?(?: arrondissement)?$/;

function departementOfInsee(code: string): string {
  return code.startsWith('97') ? code.slice(0, 3) : code.slice(0, 2);
}
function departementsOfPostcode(cp: string): string[] {
  if (cp.startsWith('97')) return [cp.slice(0, 3)];
  if (cp.startsWith('20')) return ['2A', '2B'];
  return [cp.slice(0, 2)];
}
function arrondissementNumber(lieu: ReferenceLieu): number | null {
  const m = /(\d+)(?:er|e) arrondissement/i.exec(lieu.libelle_fr);
  return m ? Number(m[1]) : null;
}

type Fault = { position: number; reason: string };

/**
 * The lieu of a row. France: among the communes (and Paris, Lyon, Marseille arrondissements) of
 * the postcode, the one whose name matches (accents, case, Saint/St, hyphens, apostrophes aside);
 * failing that, the only commune of that name in the postcode's department (a changed or CEDEX
 * postcode). A known postcode with a name that matches none is rejected, never guessed: most
 * postcodes are shared by several communes. 'Paris', 'Paris 16', 'Paris 16e' with 75016 give the
 * 16th arrondissement. Abroad: the country by its French or English name, or the seeded city of
 * that country when the city matches.
 */
export function resolveLieu(
  ref: MappingReference,
  place: { cp: string; ville: string; pays: string; cpReel?: string; villeReelle?: string },
): { lieuId: number } | Fault {
  const countryKey = placeKey(place.pays);
  if (!FRANCE_KEYS.has(countryKey)) {
    const country = ref.countries.get(countryKey);
    if (!country) return { position: COL.pays, reason: `unknown country: ${place.pays}` };
    const cityKey = placeKey(place.villeReelle || place.ville);
    const city = cityKey
      ? ref.foreignCities
          .get(country.id)
          ?.find((c) => placeKey(c.libelle_fr) === cityKey || placeKey(c.libelle_en) === cityKey)
      : undefined;
    return { lieuId: (city ?? country).id };
  }
  const real = Boolean(place.cpReel || place.villeReelle);
  let cp = (real ? place.cpReel || place.cp : place.cp).replace(/\s/g, '');
  const ville = real ? place.villeReelle || place.ville : place.ville;
  const villePosition = place.villeReelle ? COL.villeReelle : COL.ville;
  // Spreadsheets drop the leading zero of postcodes such as 06400.
  if (/^\d{4}$/.test(cp)) cp = `0${cp}`;
  if (!ville) return { position: villePosition, reason: 'the city is missing' };
  const key = placeKey(ville);
  const candidates = ref.byPostcode.get(cp) ?? [];
  const nameMatches = (l: ReferenceLieu) =>
    placeKey(l.libelle_fr) === key || placeKey(l.libelle_en) === key;

  const arr = ARRONDISSEMENT_CITY.exec(key);
  if (arr) {
    const cityName = arr[1] as string;
    const n = arr[2] ? Number(arr[2]) : null;
    const commune =
      candidates.find((l) => l.type === 'Villes' && placeKey(l.libelle_fr) === cityName) ??
      ref.byDepartementName
        .get(`${departementsOfPostcode(cp)[0]}:${cityName}`)
        ?.find((l) => l.type === 'Villes');
    if (commune) {
      const arrondissements = ref.arrondissements.get(commune.id) ?? [];
      const chosen =
        n !== null
          ? arrondissements.find((a) => arrondissementNumber(a) === n)
          : arrondissements.find((a) => a.postcodes.includes(cp));
      if (n !== null && !chosen && arrondissements.length > 0)
        return { position: villePosition, reason: `unknown city: ${cp} ${ville}` };
      return { lieuId: (chosen ?? commune).id };
    }
  }

  const byPostcode = candidates.filter((l) => l.type === 'Villes' && nameMatches(l));
  if (byPostcode[0]) return { lieuId: byPostcode[0].id };
  for (const dep of departementsOfPostcode(cp)) {
    const same = ref.byDepartementName.get(`${dep}:${key}`);
    if (same?.length === 1 && same[0]) return { lieuId: same[0].id };
  }
  return { position: villePosition, reason: `unknown city: ${`${cp} ${ville}`.trim()}` };
}

// --- the mapping -------------------------------------------------------------------------------------

// Finding control characters is the point of this pattern.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufffd]/;
const DPE_CLASS = /^[A-G]$/i;
const ENGLISH_CODES = new Set(['EN', 'ENG', 'GB', 'UK', 'US', 'ANG', 'ANGLAIS', 'ENGLISH']);

function problem(
  line: number,
  reference: string | null,
  position: number | null,
  reason: string,
): FeedLine {
  const p: RowProblem = {
    line,
    reference: reference || null,
    position,
    column: position === null ? null : columnName(position),
    reason,
  };
  return { line, problem: p };
}

/** Maps one row's cells (already split, decoded) to an offer or the reason it is skipped. */
export function mapPolirisRow(cells: string[], line: number, ref: MappingReference): FeedLine {
  const reference = cleanText(cells[COL.agencePropertyRef - 1] ?? '') || null;
  if (cells.length < POLIRIS_COLUMNS)
    return problem(
      line,
      reference,
      null,
      `wrong column count: ${cells.length} columns, the format has ${POLIRIS_COLUMNS}`,
    );
  for (let i = 0; i < POLIRIS_COLUMNS; i++) {
    const bad = CONTROL_CHARS.exec(cells[i] ?? '');
    if (bad) {
      const code = bad[0].codePointAt(0) ?? 0;
      const what =
        code === 0xfffd
          ? 'a byte sequence that is neither UTF-8 nor Windows-1252'
          : `the control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
      return problem(line, reference, i + 1, `bad encoding: ${what}`);
    }
  }
  const parsed = v.safeParse(PolirisRowSchema, cells);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const key = issue.path?.[0]?.key;
    const position = typeof key === 'string' && key in COL ? COL[key as ColumnName] : null;
    return problem(line, reference, position, issue.message);
  }
  const result = mapRow(parsed.output, ref);
  if ('position' in result) return problem(line, reference, result.position, result.reason);
  return { line, offer: result, warnings: rowWarnings(result) };
}

/** What is odd in an imported row: a fee percentage that the amounts contradict. */
function rowWarnings(offer: FeedOffer): RowWarning[] {
  const fees = offer.fees;
  if (offer.nature !== 'V' || !fees) return [];
  const computed = feePercentOf(fees, offer.price, offer.priceWithoutFees);
  if (!feePercentDisagrees(fees.percent, computed)) return [];
  return [
    {
      kind: 'fees-mismatch',
      column: 'pourcentageHonorairesTTC',
      message: `the fee percentage ${fees.percent} % disagrees with the amounts (${fees.amount} € of fees on ${offer.price} €: ${computed} %); the page shows ${computed} %`,
    },
  ];
}

function whole(n: number | null): number | null {
  return n === null ? null : Math.round(n);
}
function positive(n: number | null): number | null {
  return n !== null && n > 0 ? Math.round(n) : null;
}

function mapRow(row: PolirisRow, ref: MappingReference): FeedOffer | Fault {
  // Transaction → nature.
  const annonce = ANNONCE_TYPES[placeKey(row.annonceType)];
  if (!annonce)
    return {
      position: COL.annonceType,
      reason: row.annonceType
        ? `unknown transaction type: ${row.annonceType}`
        : 'the transaction type is missing',
    };
  if ('reject' in annonce) return { position: COL.annonceType, reason: annonce.reject };
  const nature = annonce.ok;

  // Property type (and sub-type) → rubrique.
  const typeRule = PROPERTY_TYPES[placeKey(row.type)];
  const subRule = row.sousType ? PROPERTY_TYPES[placeKey(row.sousType)] : undefined;
  if (!typeRule && !(row.type === '' && subRule && 'ok' in subRule))
    return {
      position: COL.type,
      reason: row.type ? `unknown property type: ${row.type}` : 'the property type is missing',
    };
  if (typeRule && 'reject' in typeRule) return { position: COL.type, reason: typeRule.reject };
  if (subRule && 'reject' in subRule) return { position: COL.sousType, reason: subRule.reject };
  let rubriqueId = typeRule && 'ok' in typeRule ? typeRule.ok : (subRule as { ok: number }).ok;
  if (subRule && 'ok' in subRule && refines(ref, rubriqueId, subRule.ok)) rubriqueId = subRule.ok;
  const fitted = rubriqueForNature(ref, rubriqueId, nature);
  if (fitted === null)
    return { position: COL.type, reason: `the portal has no rubrique for ${row.type}` };
  const rubrique = ref.rubriques.get(fitted) as ReferenceRubrique;

  // Place.
  const place = resolveLieu(ref, row);
  if ('position' in place) return place;
  const lieu = ref.lieux.get(place.lieuId) as ReferenceLieu;

  // Prices by nature: columns of the other natures are ignored (the format leaves them filled).
  let price: number | null = null;
  let monthlyRent: number | null = null;
  let weeklyRent: number | null = null;
  if (nature === 'V') {
    price = positive(row.prix);
    if (price === null) return { position: COL.prix, reason: 'the price is missing' };
  } else if (nature === 'L') {
    monthlyRent = positive(row.prix);
    if (monthlyRent === null) return { position: COL.prix, reason: 'the monthly rent is missing' };
  } else {
    // The week's rent in high season, else in low season, else a quarter of the month's rent,
    // else the main price column (where producers without seasons put the week's rent).
    const month = positive(row.prixMoisHauteSaison) ?? positive(row.prixMoisBasseSaison);
    weeklyRent =
      positive(row.prixSemaineHauteSaison) ??
      positive(row.prixSemaineBasseSaison) ??
      (month === null ? null : Math.round(month / 4)) ??
      positive(row.prix);
    if (weeklyRent === null)
      return { position: COL.prixSemaineHauteSaison, reason: 'the weekly rent is missing' };
  }

  // Fees, condominium.
  let fees: FeesRow | null = null;
  let priceWithoutFees: number | null = null;
  let condo: CondoRow | null = null;
  const amount = whole(row.honoraires);
  if (nature === 'V') {
    priceWithoutFees = positive(row.prixHorsHonorairesAcquereur);
    if (priceWithoutFees !== null && price !== null && priceWithoutFees > price)
      priceWithoutFees = null;
    const percent = row.pourcentageHonorairesTTC;
    const who = row.honorairesCharge.trim();
    const buyerFlag = parseBoolean(row.honorairesChargeAcquereur);
    // Who pays: 302 (1 buyer, 2 seller), else 256, else a price given without buyer fees.
    const payer =
      who === '1'
        ? 'buyer'
        : who === '2'
          ? 'seller'
          : buyerFlag !== null
            ? buyerFlag
              ? 'buyer'
              : 'seller'
            : priceWithoutFees !== null && priceWithoutFees < (price ?? 0)
              ? 'buyer'
              : 'seller';
    if (amount !== null || percent !== null || priceWithoutFees !== null)
      fees = {
        payer,
        percent,
        amount:
          amount ??
          (payer === 'buyer' && priceWithoutFees !== null && price !== null
            ? price - priceWithoutFees
            : null),
      };
    if (row.copropriete === true)
      condo = {
        lots: whole(row.nbLots) ?? 0,
        yearly_charges: whole(row.chargesAnnuelles) ?? 0,
        // The column is free text: a procedure named in words is a procedure under way.
        procedure: parseBoolean(row.syndicatCopro) ?? row.syndicatCopro !== '',
      };
  } else {
    const deposit = whole(row.depotGarantie);
    const charges = nature === 'L' ? whole(row.charges) : null;
    if (amount !== null || deposit !== null || charges !== null)
      fees = {
        payer: 'tenant',
        percent: null,
        amount,
        deposit,
        ...(nature === 'L' ? { charges } : {}),
      };
  }

  // Atouts from the format's flags and counts.
  const has = new Set<Atout>();
  if (row.ascenseur) has.add('ascenseur');
  if (row.cave) has.add('cave');
  if (row.piscine) has.add('piscine');
  if (row.cheminee) has.add('cheminee');
  if (row.clim) has.add('climatisation');
  if (row.terrasse) has.add('terrasse');
  if (row.alarme) has.add('alarme');
  if (row.interphone) has.add('interphone');
  if (row.garage) has.add('garage');
  if ((row.nbBalcons ?? 0) > 0) has.add('balcon');
  if ((row.nbParkings ?? 0) > 0) has.add('parking');
  if ((row.nbBoxes ?? 0) > 0) has.add('box');
  // The format has no garden column: land around a home is its garden.
  if ((row.surfaceTerrain ?? 0) > 0 && familyOf(ref, rubrique.id) !== RUB.terrains)
    has.add('jardin');
  if (row.etage === 0 && familyOf(ref, rubrique.id) === RUB.appartements) has.add('rdc');
  const atouts = ATOUTS.filter((a) => has.has(a));

  // Texts: cols 20/21 are French; English from the language slot coded EN (any slot). Without
  // English, the English texts repeat the French ones. Without a title, one is made from the
  // property type and the place ('Villa à Cannes' / 'Villa in Cannes').
  const english = LANGUAGE_SLOTS.map((_, i) => ({
    code: [row.code1, row.code2, row.code3][i] as string,
    label: [row.label1, row.label2, row.label3][i] as string,
    descriptif: [row.descriptif1, row.descriptif2, row.descriptif3][i] as string,
  })).find((slot) => ENGLISH_CODES.has(slot.code.toUpperCase().split(/[-_]/)[0] ?? ''));
  const derivedFr = `${rubrique.libelle_fr} ${lieu.libelle_prep_fr}`;
  const derivedEn = `${rubrique.libelle_en} ${lieu.libelle_prep_en}`;
  const titleFr = row.label || derivedFr;
  const titleEn = english?.label || (row.label ? row.label : derivedEn);
  const descriptionFr = row.description;
  const descriptionEn = english?.descriptif || descriptionFr;

  // Energy: the letter and the number may be in either column of each pair.
  const dpe = energy(row.consoEnergie, row.bilanConsoEnergie);
  const ges = energy(row.ges, row.bilanGes);
  const cost = energyCost(row.dpeMin, row.dpeMax, row.dpeAnneeRef);

  const lat = row.latitude;
  const lng = row.longitude;
  const validCoords =
    lat !== null &&
    lng !== null &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180 &&
    !(lat === 0 && lng === 0);

  return {
    reference: row.agencePropertyRef,
    nature,
    rubriqueId: rubrique.id,
    lieuId: lieu.id,
    titleFr,
    titleEn,
    descriptionFr,
    descriptionEn,
    price,
    monthlyRent,
    weeklyRent,
    priceHidden: row.prixMasque === true,
    priceWithoutFees,
    fees,
    condo,
    surface: positive(row.surface),
    fieldSurface: positive(row.surfaceTerrain),
    rooms: positive(row.nbPieces),
    bedrooms: row.nbChambres !== null && row.nbChambres >= 0 ? Math.round(row.nbChambres) : null,
    atouts,
    exclusivity: row.exclusif === true,
    dpeClass: dpe.class,
    dpeValue: dpe.value,
    dpeDate: dayOf(row.dpeAt),
    dpeMethod: row.dpeVersion.slice(0, 40) || null,
    dpeCostMin: cost?.min ?? null,
    dpeCostMax: cost?.max ?? null,
    dpeCostYear: cost?.year ?? null,
    dpeAbsence: dpe.class === null ? dpeAbsence(row.consoEnergie, row.bilanConsoEnergie) : null,
    gesClass: ges.class,
    gesValue: ges.value,
    videoUrl: null,
    tourUrl: /^https?:\/\/\S+$/i.test(row.urlVisiteVirtuelle) ? row.urlVisiteVirtuelle : null,
    lat: validCoords ? lat : null,
    lng: validCoords ? lng : null,
    photos: photoRefs(row.photos, row.captions),
    ...negotiatorOf(row),
  };
}

const NegotiatorEmail = v.pipe(v.string(), v.maxLength(254), v.email());

/** The negotiator of cols 105–107, whose e-mail receives the offer's leads when it is valid. */
function negotiatorOf(row: PolirisRow) {
  const email = v.is(NegotiatorEmail, row.email) ? row.email : null;
  return {
    negotiatorName: row.fullName.slice(0, 200) || null,
    negotiatorPhone: row.tel.slice(0, 40) || null,
    negotiatorEmail: email,
  };
}

/** A DPE or GES pair: the class A–G ('VI' blank, 'NS' not subject → null) and the value. */
export function energy(a: string, b: string): { class: string | null; value: number | null } {
  let cls: string | null = null;
  let value: number | null = null;
  for (const s of [a, b]) {
    if (DPE_CLASS.test(s)) cls ??= s.toUpperCase();
    else {
      const n = parseNumber(s);
      if (n !== null && !Number.isNaN(n) && n >= 0) value ??= Math.round(n);
    }
  }
  return { class: cls, value };
}

/** Why a DPE pair holds no class: 'VI' (blank DPE) or 'NS' (not subject), in either column. */
export function dpeAbsence(a: string, b: string): 'VI' | 'NS' | null {
  for (const s of [a, b]) {
    const code = s.trim().toUpperCase();
    if (code === 'VI' || code === 'NS') return code;
  }
  return null;
}

/**
 * The estimated yearly energy cost of columns 326–328: both bounds, whole euros, low first (a
 * feed that swaps them is read the right way round); the year only when it is one (1990–2100).
 * Null without both bounds.
 */
export function energyCost(
  min: number | null,
  max: number | null,
  year: number | null,
): { min: number; max: number; year: number | null } | null {
  if (min === null || max === null || min < 0 || max < 0) return null;
  const [low, high] = min <= max ? [min, max] : [max, min];
  const wholeYear = year !== null && Number.isInteger(year) && year >= 1990 && year <= 2100;
  return { min: Math.round(low), max: Math.round(high), year: wholeYear ? year : null };
}

/** A dd/mm/yyyy date (or ISO yyyy-mm-dd) as ISO, null when it is not a real day. */
export function dayOf(raw: string): string | null {
  const fr = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw.trim());
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw.trim());
  const [y, m, d] = fr ? [fr[3], fr[2], fr[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!y || !m || !d) return null;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCDate() !== Number(d) || date.getUTCMonth() !== Number(m) - 1) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * Photos of the three blocks in slot order, empty slots skipped, each with its slot's caption.
 * A value starting with http(s):// is a URL; anything else a file beside the feed, reduced to its
 * base name ('photos\\1.jpg' → '1.jpg'), so that a row never names a file outside the feed's
 * folder; a name that is only dots is dropped.
 */
export function photoRefs(photos: readonly string[], captions: readonly string[]): FeedPhotoRef[] {
  const refs: FeedPhotoRef[] = [];
  photos.forEach((value, i) => {
    if (!value) return;
    const caption = captions[i] ?? '';
    if (/^https?:\/\//i.test(value)) {
      refs.push({ source: { kind: 'url', url: value }, caption });
      return;
    }
    const name = value.split(/[\\/]/).pop() ?? '';
    if (name === '' || /^\.+$/.test(name)) return;
    refs.push({ source: { kind: 'file', name }, caption });
  });
  return refs;
}
