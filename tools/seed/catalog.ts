import type { NatureId, NaturesTable, RubriquesTable } from '../../listings-api/db/types';
import type { SeedRow } from './rows';
import { RUB } from '../../listings-api/lib/rubriques';

// The fixed vocabularies of the portal: natures, the rubrique tree and the 25 atouts of spec
// section 3. Ids are stable: the web app's tests and the mosaic images refer to them.

export type NatureSeed = SeedRow<NaturesTable>;

export const NATURES: readonly NatureSeed[] = [
  {
    id: 'V',
    position: 1,
    slug_fr: 'vente',
    slug_en: 'sale',
    libelle_fr: 'Vente',
    libelle_en: 'Sale',
  },
  {
    id: 'L',
    position: 2,
    slug_fr: 'location',
    slug_en: 'rent',
    libelle_fr: 'Location',
    libelle_en: 'Rent',
  },
  {
    id: 'S',
    position: 3,
    slug_fr: 'location-saisonniere',
    slug_en: 'seasonal-rent',
    libelle_fr: 'Location saisonnière',
    libelle_en: 'Seasonal rent',
  },
];

/** How a rubrique is built and described: drives surfaces, rooms, atouts and texts. */
export type RubriqueGroup = 'generic' | 'house' | 'apartment' | 'estate' | 'land' | 'building';

/** A row of the rubriques table, with what the generator needs to know of the property type. */
export interface RubriqueSeed extends SeedRow<RubriquesTable> {
  group: RubriqueGroup;
  /** Grammatical gender of libelle_fr, for adjectives in titles. */
  gender: 'm' | 'f';
  /** Lowercase nouns used inside sentences. */
  noun_fr: string;
  noun_en: string;
}

const VLS: NatureId[] = ['V', 'L', 'S'];

function rub(
  id: number,
  parent_id: number | null,
  position: number,
  slug: [string, string],
  libelle: [string, string],
  plural: [string, string],
  natures: NatureId[],
  group: RubriqueGroup,
  gender: 'm' | 'f',
  noun?: [string, string],
): RubriqueSeed {
  return {
    id,
    parent_id,
    is_generic: parent_id === null,
    position,
    slug_fr: slug[0],
    slug_en: slug[1],
    libelle_fr: libelle[0],
    libelle_en: libelle[1],
    plural_fr: plural[0],
    plural_en: plural[1],
    natures,
    group,
    gender,
    gender_fr: gender,
    noun_fr: noun?.[0] ?? libelle[0].toLowerCase(),
    noun_en: noun?.[1] ?? libelle[1].toLowerCase(),
  };
}

export const GENERIC_RUBRIQUE_ID = 1;

// The generic root matches every nature; a child never applies to a nature its parent lacks.
export const RUBRIQUES: readonly RubriqueSeed[] = [
  rub(
    1,
    null,
    0,
    ['immobilier', 'property'],
    ['Bien immobilier', 'Property'],
    ['Biens immobiliers', 'Properties'],
    VLS,
    'generic',
    'm',
    ['bien', 'property'],
  ),
  rub(
    10,
    1,
    1,
    ['maisons', 'houses'],
    ['Maison', 'House'],
    ['Maisons', 'Houses'],
    VLS,
    'house',
    'f',
  ),
  rub(11, 10, 1, ['villas', 'villas'], ['Villa', 'Villa'], ['Villas', 'Villas'], VLS, 'house', 'f'),
  rub(
    12,
    10,
    2,
    ['mas', 'provencal-mas'],
    ['Mas', 'Provençal mas'],
    ['Mas', 'Provençal mas'],
    VLS,
    'house',
    'm',
  ),
  rub(
    13,
    10,
    3,
    ['chalets', 'chalets'],
    ['Chalet', 'Chalet'],
    ['Chalets', 'Chalets'],
    VLS,
    'house',
    'm',
  ),
  rub(
    14,
    10,
    4,
    ['chateaux', 'castles'],
    ['Château', 'Castle'],
    ['Châteaux', 'Castles'],
    ['V', 'S'],
    'house',
    'm',
  ),
  rub(
    15,
    10,
    5,
    ['manoirs', 'manor-houses'],
    ['Manoir', 'Manor house'],
    ['Manoirs', 'Manor houses'],
    ['V', 'L'],
    'house',
    'm',
  ),
  rub(
    16,
    10,
    6,
    ['maisons-d-architecte', 'architect-houses'],
    ["Maison d'architecte", 'Architect-designed house'],
    ["Maisons d'architecte", 'Architect-designed houses'],
    VLS,
    'house',
    'f',
  ),
  rub(
    17,
    10,
    7,
    ['hotels-particuliers', 'private-mansions'],
    ['Hôtel particulier', 'Private mansion'],
    ['Hôtels particuliers', 'Private mansions'],
    ['V', 'L'],
    'house',
    'm',
  ),
  rub(
    18,
    10,
    8,
    ['bastides', 'bastides'],
    ['Bastide', 'Bastide'],
    ['Bastides', 'Bastides'],
    VLS,
    'house',
    'f',
  ),
  rub(
    20,
    1,
    2,
    ['appartements', 'apartments'],
    ['Appartement', 'Apartment'],
    ['Appartements', 'Apartments'],
    VLS,
    'apartment',
    'm',
  ),
  rub(
    21,
    20,
    1,
    ['lofts', 'lofts'],
    ['Loft', 'Loft'],
    ['Lofts', 'Lofts'],
    ['V', 'L'],
    'apartment',
    'm',
  ),
  rub(
    22,
    20,
    2,
    ['penthouses', 'penthouses'],
    ['Penthouse', 'Penthouse'],
    ['Penthouses', 'Penthouses'],
    VLS,
    'apartment',
    'm',
  ),
  rub(
    23,
    20,
    3,
    ['duplex', 'duplexes'],
    ['Duplex', 'Duplex'],
    ['Duplex', 'Duplexes'],
    ['V', 'L'],
    'apartment',
    'm',
  ),
  rub(
    24,
    20,
    4,
    ['rez-de-jardin', 'garden-apartments'],
    ['Rez-de-jardin', 'Garden apartment'],
    ['Rez-de-jardin', 'Garden apartments'],
    ['V', 'L'],
    'apartment',
    'm',
    ['appartement en rez-de-jardin', 'garden apartment'],
  ),
  rub(
    25,
    20,
    5,
    ['ateliers-d-artiste', 'artist-studios'],
    ["Atelier d'artiste", "Artist's studio"],
    ["Ateliers d'artiste", "Artists' studios"],
    ['V', 'L'],
    'apartment',
    'm',
  ),
  rub(
    30,
    1,
    3,
    ['proprietes', 'estates'],
    ['Propriété', 'Estate'],
    ['Propriétés', 'Estates'],
    VLS,
    'estate',
    'f',
  ),
  rub(
    31,
    30,
    1,
    ['domaines-viticoles', 'vineyard-estates'],
    ['Domaine viticole', 'Vineyard estate'],
    ['Domaines viticoles', 'Vineyard estates'],
    ['V'],
    'estate',
    'm',
  ),
  rub(
    32,
    30,
    2,
    ['haras', 'equestrian-estates'],
    ['Haras', 'Equestrian estate'],
    ['Haras', 'Equestrian estates'],
    ['V'],
    'estate',
    'm',
  ),
  rub(
    33,
    30,
    3,
    ['proprietes-de-chasse', 'hunting-estates'],
    ['Propriété de chasse', 'Hunting estate'],
    ['Propriétés de chasse', 'Hunting estates'],
    ['V'],
    'estate',
    'f',
  ),
  rub(
    40,
    1,
    4,
    ['terrains', 'land'],
    ['Terrain', 'Plot of land'],
    ['Terrains', 'Plots of land'],
    ['V'],
    'land',
    'm',
  ),
  rub(
    50,
    1,
    5,
    ['immeubles', 'buildings'],
    ['Immeuble', 'Building'],
    ['Immeubles', 'Buildings'],
    ['V'],
    'building',
    'm',
  ),
  rub(
    60,
    1,
    6,
    ['hotels', 'boutique-hotels'],
    ['Hôtel', 'Boutique hotel'],
    ['Hôtels', 'Boutique hotels'],
    ['V'],
    'building',
    'm',
  ),
];

/** Path words of spec section 2 that a nature or rubrique slug must never take. */
export const RESERVED_ROUTE_WORDS: readonly string[] = [
  'alertes',
  'alerts',
  'favoris',
  'wishlist',
  'annuaire-immobilier-luxe',
  'luxury-real-estate-agencies',
  'agence',
  'agency',
  'reseau',
  'network',
  'demeures-luxe',
  'luxury-homes',
  'cgu',
  'cookies',
  'legals',
  'personal-data',
  'contact-professionnel',
  'professional-contact',
  'fr',
  'en',
  'api',
];

/** Home mosaic: rubriques shown with their image (omr mosaicRubs). */
export const MOSAIC_RUBRIQUES: readonly number[] = [
  RUB.villas,
  RUB.appartements,
  RUB.chalets,
  RUB.mas,
  RUB.chateaux,
  RUB.penthouses,
  RUB.domainesViticoles,
  RUB.hotelsParticuliers,
];

/** The 25 atouts of spec section 3, in the spec's order, with the phrases texts use. */
export const ATOUTS = [
  { key: 'alarme', fr: 'une alarme', en: 'an alarm system', photo: null },
  { key: 'ascenseur', fr: 'un ascenseur', en: 'a lift', photo: null },
  { key: 'balcon', fr: 'un balcon', en: 'a balcony', photo: ['Balcon', 'Balcony'] },
  { key: 'box', fr: 'un box fermé', en: 'a lock-up garage', photo: null },
  { key: 'car', fr: 'un accès en car', en: 'coach access', photo: null },
  { key: 'cave', fr: 'une cave', en: 'a cellar', photo: null },
  {
    key: 'cave_a_vin',
    fr: 'une cave à vin',
    en: 'a wine cellar',
    photo: ['Cave à vin', 'Wine cellar'],
  },
  {
    key: 'cheminee',
    fr: 'une cheminée',
    en: 'a fireplace',
    photo: ['Salon et cheminée', 'Living room with fireplace'],
  },
  { key: 'climatisation', fr: 'la climatisation', en: 'air conditioning', photo: null },
  { key: 'garage', fr: 'un garage', en: 'a garage', photo: null },
  { key: 'grenier', fr: 'un grenier', en: 'an attic', photo: null },
  { key: 'hammam', fr: 'un hammam', en: 'a hammam', photo: ['Hammam', 'Hammam'] },
  { key: 'interphone', fr: 'un interphone', en: 'an intercom', photo: null },
  { key: 'jacuzzi', fr: 'un jacuzzi', en: 'a jacuzzi', photo: ['Jacuzzi', 'Jacuzzi'] },
  { key: 'jardin', fr: 'un jardin', en: 'a garden', photo: ['Jardin', 'Garden'] },
  { key: 'parking', fr: 'un parking', en: 'a parking space', photo: null },
  { key: 'piscine', fr: 'une piscine', en: 'a swimming pool', photo: ['Piscine', 'Swimming pool'] },
  { key: 'rdc', fr: 'un accès de plain-pied', en: 'ground-floor access', photo: null },
  { key: 'sauna', fr: 'un sauna', en: 'a sauna', photo: ['Sauna', 'Sauna'] },
  { key: 'sous_sol', fr: 'un sous-sol', en: 'a basement', photo: null },
  {
    key: 'tennis',
    fr: 'un court de tennis',
    en: 'a tennis court',
    photo: ['Court de tennis', 'Tennis court'],
  },
  { key: 'terrasse', fr: 'une terrasse', en: 'a terrace', photo: ['Terrasse', 'Terrace'] },
  { key: 'veranda', fr: 'une véranda', en: 'a veranda', photo: ['Véranda', 'Veranda'] },
  { key: 'vigne', fr: 'des vignes', en: 'vineyards', photo: ['Vignes', 'Vineyards'] },
  { key: 'vue_mer', fr: 'une vue mer', en: 'a sea view', photo: ['Vue mer', 'Sea view'] },
] as const satisfies ReadonlyArray<{
  key: string;
  fr: string;
  en: string;
  photo: readonly [string, string] | null;
}>;

export type AtoutKey = (typeof ATOUTS)[number]['key'];
export const ATOUT_KEYS: readonly AtoutKey[] = ATOUTS.map((a) => a.key);

export function rubriqueById(id: number): RubriqueSeed {
  const r = RUBRIQUES.find((x) => x.id === id);
  if (!r) throw new Error(`unknown rubrique ${id}`);
  return r;
}

/** The rubrique's ancestors and itself, root first: the generic root is always included. */
export function rubriquePath(id: number): number[] {
  const path: number[] = [];
  let current: RubriqueSeed | undefined = rubriqueById(id);
  while (current) {
    path.unshift(current.id);
    current = current.parent_id === null ? undefined : rubriqueById(current.parent_id);
  }
  return path;
}
