// Curated places of the seed: what the administrative data does not hold (plaques, zones,
// quartiers, lieux-dits, curated lists, foreign countries and cities), and the communes where
// offers are placed even when they are below the population threshold.

/** A French commune named by department code and its exact INSEE name. */
export type CommuneKey = readonly [dep: string, name: string];

/** Communes with fewer than POPULATION_THRESHOLD inhabitants that still get offers. */
export const HOTSPOT_COMMUNES: readonly CommuneKey[] = [
  ['83', 'Saint-Tropez'],
  ['83', 'Ramatuelle'],
  ['83', 'Gassin'],
  ['83', 'Grimaud'],
  ['83', 'La Croix-Valmer'],
  ['83', 'Cavalaire-sur-Mer'],
  ['83', 'Bandol'],
  ['06', 'Saint-Jean-Cap-Ferrat'],
  ['06', 'Èze'],
  ['06', 'Villefranche-sur-Mer'],
  ['06', 'Beaulieu-sur-Mer'],
  ['06', "Cap-d'Ail"],
  ['06', 'Saint-Paul-de-Vence'],
  ['06', 'Théoule-sur-Mer'],
  ['73', 'Courchevel'],
  ['73', 'Les Allues'],
  ['73', 'Les Belleville'],
  ['73', "Val-d'Isère"],
  ['73', 'Tignes'],
  ['74', 'Megève'],
  ['74', 'Chamonix-Mont-Blanc'],
  ['74', 'Combloux'],
  ['74', 'Praz-sur-Arly'],
  ['74', 'Saint-Gervais-les-Bains'],
  ['74', 'Les Gets'],
  ['74', 'Morzine'],
  ['74', 'Talloires-Montmin'],
  ['74', 'Évian-les-Bains'],
  ['64', 'Guéthary'],
  ['64', 'Bidart'],
  ['64', 'Ciboure'],
  ['64', 'Arcangues'],
  ['64', 'Arbonne'],
  ['64', 'Ahetze'],
  ['84', 'Gordes'],
  ['84', 'Ménerbes'],
  ['84', 'Lourmarin'],
  ['84', 'Bonnieux'],
  ['84', 'Lacoste'],
  ['84', 'Roussillon'],
  ['84', 'Oppède'],
  ['84', 'Goult'],
  ['84', 'Cadenet'],
  ['13', 'Saint-Rémy-de-Provence'],
  ['13', 'Eygalières'],
  ['13', 'Les Baux-de-Provence'],
  ['13', 'Cassis'],
  ['30', 'Uzès'],
  ['33', 'Lège-Cap-Ferret'],
  ['33', 'Saint-Émilion'],
  ['33', 'Pauillac'],
  ['14', 'Deauville'],
  ['14', 'Trouville-sur-Mer'],
  ['14', 'Honfleur'],
  ['62', 'Le Touquet-Paris-Plage'],
  ['40', 'Soorts-Hossegor'],
  ['2A', 'Bonifacio'],
  ['2B', 'Calvi'],
];

/** Communes with this many inhabitants or more are all seeded as lieux. */
export const POPULATION_THRESHOLD = 10_000;

/**
 * country-state-city names that differ from the INSEE name of the same place (the village or
 * resort the commune is named after). Coordinates still come from the package.
 */
export const CSC_NAME_ALIASES: Readonly<Record<string, string>> = {
  '84:Oppède': 'Oppède le Vieux',
  '74:Talloires-Montmin': 'Talloires',
};

export interface PlaqueSeed {
  slug: string;
  fr: string;
  en: string;
  prepFr: string;
  prepEn: string;
  /** Whole departments in the plaque. */
  departements?: readonly string[];
  /** Single communes in the plaque (when it covers part of a department). */
  communes?: readonly CommuneKey[];
}

// Plaques are commercial groupings between country and region; see geography.ts for how they
// enter the ancestors of their members.
export const PLAQUES: readonly PlaqueSeed[] = [
  {
    slug: 'cote-d-azur',
    fr: "Côte d'Azur",
    en: 'French Riviera',
    prepFr: "sur la Côte d'Azur",
    prepEn: 'on the French Riviera',
    departements: ['06', '83'],
  },
  {
    slug: 'alpes-du-nord',
    fr: 'Alpes du Nord',
    en: 'Northern Alps',
    prepFr: 'dans les Alpes du Nord',
    prepEn: 'in the Northern Alps',
    departements: ['73', '74'],
  },
  {
    slug: 'provence',
    fr: 'Provence',
    en: 'Provence',
    prepFr: 'en Provence',
    prepEn: 'in Provence',
    departements: ['04', '13', '84'],
  },
  {
    slug: 'cote-basque',
    fr: 'Côte basque',
    en: 'Basque Coast',
    prepFr: 'sur la Côte basque',
    prepEn: 'on the Basque Coast',
    communes: [
      ['64', 'Biarritz'],
      ['64', 'Anglet'],
      ['64', 'Bayonne'],
      ['64', 'Bidart'],
      ['64', 'Guéthary'],
      ['64', 'Saint-Jean-de-Luz'],
      ['64', 'Ciboure'],
      ['64', 'Hendaye'],
      ['64', 'Urrugne'],
      ['64', 'Arcangues'],
      ['64', 'Arbonne'],
      ['64', 'Ahetze'],
    ],
  },
  {
    slug: 'bassin-d-arcachon',
    fr: "Bassin d'Arcachon",
    en: 'Arcachon Bay',
    prepFr: "sur le Bassin d'Arcachon",
    prepEn: 'on Arcachon Bay',
    communes: [
      ['33', 'Arcachon'],
      ['33', 'La Teste-de-Buch'],
      ['33', 'Gujan-Mestras'],
      ['33', 'Biganos'],
      ['33', 'Andernos-les-Bains'],
      ['33', 'Lège-Cap-Ferret'],
    ],
  },
  {
    slug: 'cote-fleurie',
    fr: 'Côte Fleurie',
    en: 'Côte Fleurie',
    prepFr: 'sur la Côte Fleurie',
    prepEn: 'on the Côte Fleurie',
    communes: [
      ['14', 'Deauville'],
      ['14', 'Trouville-sur-Mer'],
      ['14', 'Honfleur'],
    ],
  },
];

/** English names of regions where they differ; prepositions that INSEE's article code gets wrong. */
export const REGION_EN: Readonly<Record<string, string>> = {
  '28': 'Normandy',
  '53': 'Brittany',
  '94': 'Corsica',
  '03': 'French Guiana',
  '04': 'Réunion',
  '27': 'Burgundy-Franche-Comté',
};
export const REGION_PREP_FR: Readonly<Record<string, string>> = {
  '24': 'en Centre-Val de Loire',
  '04': 'à La Réunion',
  '06': 'à Mayotte',
};
export const DEPARTEMENT_PREP_FR: Readonly<Record<string, string>> = {
  '75': 'à Paris',
  '974': 'à La Réunion',
  '976': 'à Mayotte',
};

export interface SubPlaceSeed {
  slug: string;
  fr: string;
  en: string;
  prepFr: string;
  prepEn: string;
  /** Slug of the parent lieu (an arrondissement or a commune). */
  parent: string;
  /** Name of the place in country-state-city (region of the parent), when it has one. */
  csc?: string;
  postcodes?: readonly string[];
}

export const QUARTIERS: readonly SubPlaceSeed[] = [
  {
    slug: 'paris-triangle-d-or',
    fr: "Triangle d'Or",
    en: 'Golden Triangle',
    prepFr: "dans le Triangle d'Or",
    prepEn: 'in the Golden Triangle',
    parent: 'paris-8e-arrondissement',
  },
  {
    slug: 'paris-saint-germain-des-pres',
    fr: 'Saint-Germain-des-Prés',
    en: 'Saint-Germain-des-Prés',
    prepFr: 'à Saint-Germain-des-Prés',
    prepEn: 'in Saint-Germain-des-Prés',
    parent: 'paris-6e-arrondissement',
  },
  {
    slug: 'paris-le-marais',
    fr: 'Le Marais',
    en: 'The Marais',
    prepFr: 'dans le Marais',
    prepEn: 'in the Marais',
    parent: 'paris-4e-arrondissement',
  },
  {
    slug: 'paris-ile-saint-louis',
    fr: 'Île Saint-Louis',
    en: 'Île Saint-Louis',
    prepFr: "sur l'île Saint-Louis",
    prepEn: 'on the Île Saint-Louis',
    parent: 'paris-4e-arrondissement',
  },
  {
    slug: 'paris-passy',
    fr: 'Passy',
    en: 'Passy',
    prepFr: 'à Passy',
    prepEn: 'in Passy',
    parent: 'paris-16e-arrondissement',
  },
  {
    slug: 'paris-plaine-monceau',
    fr: 'Plaine Monceau',
    en: 'Plaine Monceau',
    prepFr: 'dans la Plaine Monceau',
    prepEn: 'in the Plaine Monceau',
    parent: 'paris-17e-arrondissement',
  },
  {
    slug: 'lyon-presqu-ile',
    fr: "Presqu'île",
    en: "Presqu'île",
    prepFr: "sur la Presqu'île",
    prepEn: "on the Presqu'île",
    parent: 'lyon-2e-arrondissement',
  },
  {
    slug: 'marseille-roucas-blanc',
    fr: 'Roucas-Blanc',
    en: 'Roucas-Blanc',
    prepFr: 'au Roucas-Blanc',
    prepEn: 'in Roucas-Blanc',
    parent: 'marseille-7e-arrondissement',
    csc: 'Marseille Roucas-Blanc',
  },
  {
    slug: 'marseille-endoume',
    fr: 'Endoume',
    en: 'Endoume',
    prepFr: 'à Endoume',
    prepEn: 'in Endoume',
    parent: 'marseille-7e-arrondissement',
    csc: 'Marseille Endoume',
  },
];

export const LIEUDITS: readonly SubPlaceSeed[] = [
  {
    slug: 'cap-d-antibes',
    fr: "Cap d'Antibes",
    en: "Cap d'Antibes",
    prepFr: "au Cap d'Antibes",
    prepEn: "on Cap d'Antibes",
    parent: 'antibes',
  },
  {
    slug: 'juan-les-pins',
    fr: 'Juan-les-Pins',
    en: 'Juan-les-Pins',
    prepFr: 'à Juan-les-Pins',
    prepEn: 'in Juan-les-Pins',
    parent: 'antibes',
  },
  {
    slug: 'la-californie',
    fr: 'La Californie',
    en: 'La Californie',
    prepFr: 'à La Californie',
    prepEn: 'in La Californie',
    parent: 'cannes',
  },
  {
    slug: 'pampelonne',
    fr: 'Pampelonne',
    en: 'Pampelonne',
    prepFr: 'à Pampelonne',
    prepEn: 'in Pampelonne',
    parent: 'ramatuelle',
  },
  {
    slug: 'les-parcs-de-saint-tropez',
    fr: 'Les Parcs de Saint-Tropez',
    en: 'Les Parcs de Saint-Tropez',
    prepFr: 'aux Parcs de Saint-Tropez',
    prepEn: 'in Les Parcs de Saint-Tropez',
    parent: 'saint-tropez',
  },
  {
    slug: 'courchevel-1850',
    fr: 'Courchevel 1850',
    en: 'Courchevel 1850',
    prepFr: 'à Courchevel 1850',
    prepEn: 'in Courchevel 1850',
    parent: 'courchevel',
  },
  {
    slug: 'meribel',
    fr: 'Méribel',
    en: 'Méribel',
    prepFr: 'à Méribel',
    prepEn: 'in Méribel',
    parent: 'les-allues',
    csc: 'Méribel',
  },
  {
    slug: 'val-thorens',
    fr: 'Val Thorens',
    en: 'Val Thorens',
    prepFr: 'à Val Thorens',
    prepEn: 'in Val Thorens',
    parent: 'les-belleville',
    csc: 'Val Thorens',
  },
  {
    slug: 'pyla-sur-mer',
    fr: 'Pyla-sur-Mer',
    en: 'Pyla-sur-Mer',
    prepFr: 'au Pyla-sur-Mer',
    prepEn: 'in Pyla-sur-Mer',
    parent: 'la-teste-de-buch',
  },
  {
    slug: 'cap-ferret',
    fr: 'Cap Ferret',
    en: 'Cap Ferret',
    prepFr: 'au Cap Ferret',
    prepEn: 'at Cap Ferret',
    parent: 'lege-cap-ferret',
  },
];

export interface ZoneSeed {
  slug: string;
  fr: string;
  en: string;
  prepFr: string;
  prepEn: string;
  /** Slug of the lieu the zone hangs under. */
  parent: string;
  members: readonly string[];
}

export const ZONES: readonly ZoneSeed[] = [
  {
    slug: 'zone-golfe-de-saint-tropez',
    fr: 'Golfe de Saint-Tropez',
    en: 'Gulf of Saint-Tropez',
    prepFr: 'dans le golfe de Saint-Tropez',
    prepEn: 'in the Gulf of Saint-Tropez',
    parent: 'var',
    members: [
      'saint-tropez',
      'ramatuelle',
      'gassin',
      'grimaud',
      'cogolin',
      'sainte-maxime',
      'la-croix-valmer',
      'cavalaire-sur-mer',
    ],
  },
  {
    slug: 'zone-baie-de-cannes',
    fr: 'Baie de Cannes',
    en: 'Bay of Cannes',
    prepFr: 'dans la baie de Cannes',
    prepEn: 'around the Bay of Cannes',
    parent: 'alpes-maritimes',
    members: [
      'cannes',
      'le-cannet',
      'mougins',
      'mandelieu-la-napoule',
      'theoule-sur-mer',
      'vallauris',
    ],
  },
  {
    slug: 'zone-caps-de-la-riviera',
    fr: 'Caps de la Riviera',
    en: 'Riviera capes',
    prepFr: 'sur les caps de la Riviera',
    prepEn: 'on the Riviera capes',
    parent: 'alpes-maritimes',
    members: [
      'saint-jean-cap-ferrat',
      'villefranche-sur-mer',
      'beaulieu-sur-mer',
      'eze',
      'cap-d-ail',
      'roquebrune-cap-martin',
    ],
  },
  {
    slug: 'zone-trois-vallees',
    fr: 'Les 3 Vallées',
    en: 'The Three Valleys',
    prepFr: 'dans les 3 Vallées',
    prepEn: 'in the Three Valleys',
    parent: 'savoie',
    members: ['courchevel', 'les-allues', 'les-belleville'],
  },
  {
    slug: 'zone-pays-du-mont-blanc',
    fr: 'Pays du Mont-Blanc',
    en: 'Mont Blanc area',
    prepFr: 'dans le pays du Mont-Blanc',
    prepEn: 'in the Mont Blanc area',
    parent: 'haute-savoie',
    members: [
      'chamonix-mont-blanc',
      'megeve',
      'saint-gervais-les-bains',
      'combloux',
      'praz-sur-arly',
    ],
  },
  {
    slug: 'zone-ouest-parisien',
    fr: 'Ouest parisien',
    en: 'West of Paris',
    prepFr: "dans l'Ouest parisien",
    prepEn: 'in the western suburbs of Paris',
    parent: 'ile-de-france',
    members: [
      'neuilly-sur-seine',
      'boulogne-billancourt',
      'saint-cloud',
      'le-vesinet',
      'saint-germain-en-laye',
      'versailles',
    ],
  },
  {
    slug: 'zone-luberon',
    fr: 'Luberon',
    en: 'Luberon',
    prepFr: 'dans le Luberon',
    prepEn: 'in the Luberon',
    parent: 'vaucluse',
    members: [
      'gordes',
      'menerbes',
      'lourmarin',
      'bonnieux',
      'lacoste',
      'roussillon',
      'oppede',
      'goult',
      'cadenet',
    ],
  },
  {
    slug: 'zone-alpilles',
    fr: 'Alpilles',
    en: 'Alpilles',
    prepFr: 'dans les Alpilles',
    prepEn: 'in the Alpilles',
    parent: 'bouches-du-rhone',
    members: ['saint-remy-de-provence', 'eygalieres', 'les-baux-de-provence'],
  },
];

export interface OmrListSeed {
  id: number;
  slug: string;
  fr: string;
  en: string;
  members: readonly string[];
}

// A lieu belongs to at most one list (its omr_list_id).
export const OMR_LISTS: readonly OmrListSeed[] = [
  {
    id: 1,
    slug: 'villages-du-luberon',
    fr: 'Villages du Luberon',
    en: 'Luberon villages',
    members: [
      'gordes',
      'menerbes',
      'lourmarin',
      'bonnieux',
      'lacoste',
      'roussillon',
      'oppede',
      'goult',
    ],
  },
  {
    id: 2,
    slug: 'stations-de-ski-de-prestige',
    fr: 'Stations de ski de prestige',
    en: 'Prestige ski resorts',
    members: ['courchevel', 'megeve', 'val-d-isere', 'chamonix-mont-blanc', 'les-allues', 'tignes'],
  },
  {
    id: 3,
    slug: 'villages-perches-de-la-cote-d-azur',
    fr: "Villages perchés de la Côte d'Azur",
    en: 'Hilltop villages of the French Riviera',
    members: ['eze', 'saint-paul-de-vence', 'gassin', 'ramatuelle'],
  },
  {
    id: 4,
    slug: 'villages-de-la-cote-basque',
    fr: 'Villages de la Côte basque',
    en: 'Basque Coast villages',
    members: ['guethary', 'bidart', 'arcangues', 'ahetze', 'arbonne', 'ciboure'],
  },
  {
    id: 5,
    slug: 'grands-crus-du-bordelais',
    fr: 'Grands crus du Bordelais',
    en: 'Bordeaux great growths',
    members: ['saint-emilion', 'pauillac'],
  },
];

export interface CountrySeed {
  iso: string;
  slug: string;
  fr: string;
  en: string;
  prepFr: string;
  prepEn: string;
  /** Rounded public figure (national statistics offices). */
  population: number;
}

export const FRANCE: CountrySeed = {
  iso: 'FR',
  slug: 'france',
  fr: 'France',
  en: 'France',
  prepFr: 'en France',
  prepEn: 'in France',
  population: 0, // computed from the communes
};

export const FOREIGN_COUNTRIES: readonly CountrySeed[] = [
  {
    iso: 'CH',
    slug: 'suisse',
    fr: 'Suisse',
    en: 'Switzerland',
    prepFr: 'en Suisse',
    prepEn: 'in Switzerland',
    population: 8_900_000,
  },
  {
    iso: 'ES',
    slug: 'espagne',
    fr: 'Espagne',
    en: 'Spain',
    prepFr: 'en Espagne',
    prepEn: 'in Spain',
    population: 48_000_000,
  },
  {
    iso: 'IT',
    slug: 'italie',
    fr: 'Italie',
    en: 'Italy',
    prepFr: 'en Italie',
    prepEn: 'in Italy',
    population: 59_000_000,
  },
  {
    iso: 'PT',
    slug: 'portugal',
    fr: 'Portugal',
    en: 'Portugal',
    prepFr: 'au Portugal',
    prepEn: 'in Portugal',
    population: 10_400_000,
  },
  {
    iso: 'GB',
    slug: 'royaume-uni',
    fr: 'Royaume-Uni',
    en: 'United Kingdom',
    prepFr: 'au Royaume-Uni',
    prepEn: 'in the United Kingdom',
    population: 68_000_000,
  },
  {
    iso: 'BE',
    slug: 'belgique',
    fr: 'Belgique',
    en: 'Belgium',
    prepFr: 'en Belgique',
    prepEn: 'in Belgium',
    population: 11_800_000,
  },
  {
    iso: 'MC',
    slug: 'monaco',
    fr: 'Monaco',
    en: 'Monaco',
    prepFr: 'à Monaco',
    prepEn: 'in Monaco',
    population: 38_000,
  },
  {
    iso: 'MA',
    slug: 'maroc',
    fr: 'Maroc',
    en: 'Morocco',
    prepFr: 'au Maroc',
    prepEn: 'in Morocco',
    population: 37_000_000,
  },
  {
    iso: 'MU',
    slug: 'maurice',
    fr: 'Maurice',
    en: 'Mauritius',
    prepFr: "à l'île Maurice",
    prepEn: 'in Mauritius',
    population: 1_260_000,
  },
  {
    iso: 'US',
    slug: 'etats-unis',
    fr: 'États-Unis',
    en: 'United States',
    prepFr: 'aux États-Unis',
    prepEn: 'in the United States',
    population: 335_000_000,
  },
  {
    iso: 'GR',
    slug: 'grece',
    fr: 'Grèce',
    en: 'Greece',
    prepFr: 'en Grèce',
    prepEn: 'in Greece',
    population: 10_400_000,
  },
  {
    iso: 'AE',
    slug: 'emirats-arabes-unis',
    fr: 'Émirats arabes unis',
    en: 'United Arab Emirates',
    prepFr: 'aux Émirats arabes unis',
    prepEn: 'in the United Arab Emirates',
    population: 10_000_000,
  },
];

export interface ForeignCitySeed {
  iso: string;
  /** Name and state code in country-state-city; null when the package has no such city. */
  csc: readonly [name: string, state: string] | null;
  slug: string;
  fr: string;
  en: string;
  /** Rounded public figure. */
  population: number;
}

export const FOREIGN_CITIES: readonly ForeignCitySeed[] = [
  {
    iso: 'CH',
    csc: ['Genève', 'GE'],
    slug: 'geneve',
    fr: 'Genève',
    en: 'Geneva',
    population: 203_000,
  },
  {
    iso: 'CH',
    csc: ['Lausanne', 'VD'],
    slug: 'lausanne',
    fr: 'Lausanne',
    en: 'Lausanne',
    population: 140_000,
  },
  {
    iso: 'CH',
    csc: ['Zürich', 'ZH'],
    slug: 'zurich',
    fr: 'Zurich',
    en: 'Zurich',
    population: 420_000,
  },
  {
    iso: 'CH',
    csc: ['Gstaad', 'BE'],
    slug: 'gstaad',
    fr: 'Gstaad',
    en: 'Gstaad',
    population: 3_000,
  },
  {
    iso: 'CH',
    csc: ['Verbier', 'VS'],
    slug: 'verbier',
    fr: 'Verbier',
    en: 'Verbier',
    population: 3_000,
  },
  {
    iso: 'CH',
    csc: ['St. Moritz', 'GR'],
    slug: 'saint-moritz',
    fr: 'Saint-Moritz',
    en: 'St. Moritz',
    population: 5_000,
  },
  {
    iso: 'ES',
    csc: ['Marbella', 'AN'],
    slug: 'marbella',
    fr: 'Marbella',
    en: 'Marbella',
    population: 150_000,
  },
  { iso: 'ES', csc: ['Ibiza', 'PM'], slug: 'ibiza', fr: 'Ibiza', en: 'Ibiza', population: 50_000 },
  {
    iso: 'ES',
    csc: ['Palma', 'PM'],
    slug: 'palma',
    fr: 'Palma de Majorque',
    en: 'Palma de Mallorca',
    population: 420_000,
  },
  {
    iso: 'ES',
    csc: ['Madrid', 'MD'],
    slug: 'madrid',
    fr: 'Madrid',
    en: 'Madrid',
    population: 3_300_000,
  },
  {
    iso: 'ES',
    csc: ['Barcelona', 'CT'],
    slug: 'barcelone',
    fr: 'Barcelone',
    en: 'Barcelona',
    population: 1_650_000,
  },
  {
    iso: 'IT',
    csc: ['Milan', '25'],
    slug: 'milan',
    fr: 'Milan',
    en: 'Milan',
    population: 1_370_000,
  },
  { iso: 'IT', csc: ['Rome', '62'], slug: 'rome', fr: 'Rome', en: 'Rome', population: 2_750_000 },
  {
    iso: 'IT',
    csc: ['Florence', '52'],
    slug: 'florence',
    fr: 'Florence',
    en: 'Florence',
    population: 360_000,
  },
  {
    iso: 'IT',
    csc: ['Portofino', '42'],
    slug: 'portofino',
    fr: 'Portofino',
    en: 'Portofino',
    population: 400,
  },
  { iso: 'IT', csc: ['Como', '25'], slug: 'come', fr: 'Côme', en: 'Como', population: 83_000 },
  {
    iso: 'IT',
    csc: ['Porto Cervo', '88'],
    slug: 'porto-cervo',
    fr: 'Porto Cervo',
    en: 'Porto Cervo',
    population: 500,
  },
  {
    iso: 'PT',
    csc: ['Lisbon', '11'],
    slug: 'lisbonne',
    fr: 'Lisbonne',
    en: 'Lisbon',
    population: 545_000,
  },
  {
    iso: 'PT',
    csc: ['Cascais', '11'],
    slug: 'cascais',
    fr: 'Cascais',
    en: 'Cascais',
    population: 215_000,
  },
  {
    iso: 'PT',
    csc: ['Comporta', '15'],
    slug: 'comporta',
    fr: 'Comporta',
    en: 'Comporta',
    population: 1_200,
  },
  { iso: 'PT', csc: ['Porto', '13'], slug: 'porto', fr: 'Porto', en: 'Porto', population: 230_000 },
  {
    iso: 'PT',
    csc: ['Almancil', '08'],
    slug: 'almancil',
    fr: 'Almancil',
    en: 'Almancil',
    population: 11_000,
  },
  {
    iso: 'GB',
    csc: ['London', 'ENG'],
    slug: 'londres',
    fr: 'Londres',
    en: 'London',
    population: 8_900_000,
  },
  {
    iso: 'BE',
    csc: ['Brussels', 'BRU'],
    slug: 'bruxelles',
    fr: 'Bruxelles',
    en: 'Brussels',
    population: 1_220_000,
  },
  {
    iso: 'BE',
    csc: ['Knokke-Heist', 'VLG'],
    slug: 'knokke-heist',
    fr: 'Knokke-Heist',
    en: 'Knokke-Heist',
    population: 33_000,
  },
  {
    iso: 'BE',
    csc: ['Antwerpen', 'VLG'],
    slug: 'anvers',
    fr: 'Anvers',
    en: 'Antwerp',
    population: 530_000,
  },
  // country-state-city has no city for Monaco: Monte-Carlo takes the country's coordinates.
  {
    iso: 'MC',
    csc: null,
    slug: 'monte-carlo',
    fr: 'Monte-Carlo',
    en: 'Monte Carlo',
    population: 15_000,
  },
  {
    iso: 'MA',
    csc: ['Marrakech', 'SAF'],
    slug: 'marrakech',
    fr: 'Marrakech',
    en: 'Marrakesh',
    population: 930_000,
  },
  {
    iso: 'MA',
    csc: ['Tangier', '01'],
    slug: 'tanger',
    fr: 'Tanger',
    en: 'Tangier',
    population: 950_000,
  },
  {
    iso: 'MA',
    csc: ['Essaouira', 'SAF'],
    slug: 'essaouira',
    fr: 'Essaouira',
    en: 'Essaouira',
    population: 78_000,
  },
  {
    iso: 'MU',
    csc: ['Grand Baie', 'RR'],
    slug: 'grand-baie',
    fr: 'Grand Baie',
    en: 'Grand Baie',
    population: 11_000,
  },
  {
    iso: 'MU',
    csc: ['Tamarin', 'BL'],
    slug: 'tamarin',
    fr: 'Tamarin',
    en: 'Tamarin',
    population: 4_000,
  },
  {
    iso: 'US',
    csc: ['New York City', 'NY'],
    slug: 'new-york',
    fr: 'New York',
    en: 'New York',
    population: 8_300_000,
  },
  {
    iso: 'US',
    csc: ['Miami Beach', 'FL'],
    slug: 'miami-beach',
    fr: 'Miami Beach',
    en: 'Miami Beach',
    population: 82_000,
  },
  {
    iso: 'US',
    csc: ['Beverly Hills', 'CA'],
    slug: 'beverly-hills',
    fr: 'Beverly Hills',
    en: 'Beverly Hills',
    population: 32_000,
  },
  { iso: 'US', csc: ['Aspen', 'CO'], slug: 'aspen', fr: 'Aspen', en: 'Aspen', population: 7_000 },
  {
    iso: 'US',
    csc: ['Palm Beach', 'FL'],
    slug: 'palm-beach',
    fr: 'Palm Beach',
    en: 'Palm Beach',
    population: 9_000,
  },
  {
    iso: 'GR',
    csc: ['Athens', 'I'],
    slug: 'athenes',
    fr: 'Athènes',
    en: 'Athens',
    population: 640_000,
  },
  {
    iso: 'GR',
    csc: ['Mykonos', 'L'],
    slug: 'mykonos',
    fr: 'Mykonos',
    en: 'Mykonos',
    population: 10_000,
  },
  {
    iso: 'GR',
    csc: ['Oía', 'L'],
    slug: 'oia',
    fr: 'Oia (Santorin)',
    en: 'Oia (Santorini)',
    population: 1_500,
  },
  {
    iso: 'GR',
    csc: ['Corfu', 'F'],
    slug: 'corfou',
    fr: 'Corfou',
    en: 'Corfu',
    population: 100_000,
  },
  {
    iso: 'AE',
    csc: ['Dubai', 'DU'],
    slug: 'dubai',
    fr: 'Dubaï',
    en: 'Dubai',
    population: 3_600_000,
  },
];
