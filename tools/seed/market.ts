import type { NatureId } from '../../listings-api/db/types';
import { RUB } from '../../listings-api/lib/rubriques';

// Where offers are, what they are and what they cost. Prices per m² are medians of the luxury
// segment per place (order of magnitude of 2025 asking prices); each offer varies around them.

/** What a place is like: drives rubriques, atouts and texts. */
export type PlaceKind =
  | 'city' // dense town centre: apartments, hôtels particuliers
  | 'suburb' // residential suburbs: houses, apartments, mansions
  | 'coastTown' // seaside town: apartments and villas
  | 'coast' // seaside villages and capes: villas, estates
  | 'mountain' // ski resorts: chalets, apartments
  | 'lake' // lakeside: villas, houses
  | 'village' // Provence, Luberon: mas, bastides, estates
  | 'vineyard' // wine country: vineyard estates, châteaux
  | 'countryside'; // rest of France: houses, manors, châteaux

export type Climate = 'south' | 'north' | 'alpine' | 'tropical';

export interface Spot {
  /** Slug of the lieu (a commune, arrondissement, quartier, lieu-dit or foreign city). */
  slug: string;
  weight: number;
  kind: PlaceKind;
  /** Median asking price per m² for sale, in euros. */
  ppm2: number;
  sea?: boolean;
}

export interface Bucket {
  key: string;
  label: string;
  /** Share of offers of each nature in this bucket, in percent (each nature sums to 100). */
  share: Record<NatureId, number>;
  climate: Climate;
  spots: Spot[];
  /** Bounds of the sale price per m², when the market has well-known limits. */
  ppm2Bounds?: readonly [number, number];
}

function arr(city: 'paris' | 'lyon' | 'marseille', n: number): string {
  return `${city}-${n === 1 ? '1er' : `${n}e`}-arrondissement`;
}

const PARIS_ARRONDISSEMENTS: Array<[number, number, number]> = [
  // [arrondissement, weight, €/m²]
  [1, 4, 16000],
  [2, 2, 13500],
  [3, 4, 15000],
  [4, 5, 16500],
  [5, 5, 15000],
  [6, 10, 19000],
  [7, 12, 19500],
  [8, 10, 16500],
  [9, 3, 13000],
  [10, 1, 11000],
  [11, 2, 11500],
  [12, 1, 11000],
  [13, 1, 10500],
  [14, 3, 12000],
  [15, 6, 12000],
  [16, 18, 14500],
  [17, 8, 13000],
  [18, 2, 11000],
  [19, 0.5, 10000],
  [20, 0.5, 10000],
];

export const BUCKETS: readonly Bucket[] = [
  {
    key: 'paris',
    label: 'Paris and its west',
    share: { V: 27, L: 30, S: 8 },
    climate: 'north',
    ppm2Bounds: [9000, 30000],
    spots: [
      ...PARIS_ARRONDISSEMENTS.map(([n, weight, ppm2]): Spot => ({
        slug: arr('paris', n),
        weight,
        kind: 'city',
        ppm2,
      })),
      { slug: 'paris-triangle-d-or', weight: 2, kind: 'city', ppm2: 22000 },
      { slug: 'paris-saint-germain-des-pres', weight: 2, kind: 'city', ppm2: 21000 },
      { slug: 'paris-le-marais', weight: 1.5, kind: 'city', ppm2: 17000 },
      { slug: 'paris-ile-saint-louis', weight: 0.7, kind: 'city', ppm2: 20000 },
      { slug: 'paris-passy', weight: 1.5, kind: 'city', ppm2: 15500 },
      { slug: 'paris-plaine-monceau', weight: 1, kind: 'city', ppm2: 14000 },
      { slug: 'neuilly-sur-seine', weight: 6, kind: 'suburb', ppm2: 10500 },
      { slug: 'boulogne-billancourt', weight: 2.5, kind: 'suburb', ppm2: 9500 },
      { slug: 'saint-cloud', weight: 2, kind: 'suburb', ppm2: 9000 },
      { slug: 'versailles', weight: 2, kind: 'suburb', ppm2: 9000 },
      { slug: 'le-vesinet', weight: 2, kind: 'suburb', ppm2: 9000 },
      { slug: 'saint-germain-en-laye', weight: 2, kind: 'suburb', ppm2: 9000 },
    ],
  },
  {
    key: 'cote-d-azur',
    label: "Côte d'Azur",
    share: { V: 19, L: 15, S: 30 },
    climate: 'south',
    spots: [
      { slug: 'saint-tropez', weight: 10, kind: 'coast', ppm2: 24000, sea: true },
      { slug: 'les-parcs-de-saint-tropez', weight: 2, kind: 'coast', ppm2: 35000, sea: true },
      { slug: 'ramatuelle', weight: 5, kind: 'coast', ppm2: 20000, sea: true },
      { slug: 'pampelonne', weight: 1, kind: 'coast', ppm2: 26000, sea: true },
      { slug: 'gassin', weight: 3, kind: 'coast', ppm2: 15000, sea: true },
      { slug: 'grimaud', weight: 2, kind: 'coast', ppm2: 11000, sea: true },
      { slug: 'sainte-maxime', weight: 2, kind: 'coastTown', ppm2: 9500, sea: true },
      { slug: 'la-croix-valmer', weight: 1.5, kind: 'coast', ppm2: 10000, sea: true },
      { slug: 'cavalaire-sur-mer', weight: 1, kind: 'coastTown', ppm2: 8000, sea: true },
      { slug: 'cannes', weight: 10, kind: 'coastTown', ppm2: 12000, sea: true },
      { slug: 'la-californie', weight: 2, kind: 'coast', ppm2: 18000, sea: true },
      { slug: 'le-cannet', weight: 2, kind: 'suburb', ppm2: 7000 },
      { slug: 'mougins', weight: 4, kind: 'village', ppm2: 9500 },
      { slug: 'mandelieu-la-napoule', weight: 1.5, kind: 'coastTown', ppm2: 7500, sea: true },
      { slug: 'theoule-sur-mer', weight: 1, kind: 'coast', ppm2: 9000, sea: true },
      { slug: 'antibes', weight: 5, kind: 'coastTown', ppm2: 9000, sea: true },
      { slug: 'cap-d-antibes', weight: 4, kind: 'coast', ppm2: 25000, sea: true },
      { slug: 'juan-les-pins', weight: 1.5, kind: 'coastTown', ppm2: 9500, sea: true },
      { slug: 'vallauris', weight: 1, kind: 'suburb', ppm2: 7500 },
      { slug: 'valbonne', weight: 1, kind: 'village', ppm2: 7000 },
      { slug: 'biot', weight: 1, kind: 'village', ppm2: 7500 },
      { slug: 'nice', weight: 8, kind: 'coastTown', ppm2: 8500, sea: true },
      { slug: 'villefranche-sur-mer', weight: 3, kind: 'coast', ppm2: 13000, sea: true },
      { slug: 'saint-jean-cap-ferrat', weight: 5, kind: 'coast', ppm2: 32000, sea: true },
      { slug: 'beaulieu-sur-mer', weight: 2, kind: 'coastTown', ppm2: 12000, sea: true },
      { slug: 'eze', weight: 3, kind: 'coast', ppm2: 14000, sea: true },
      { slug: 'cap-d-ail', weight: 1.5, kind: 'coast', ppm2: 12000, sea: true },
      { slug: 'roquebrune-cap-martin', weight: 2, kind: 'coast', ppm2: 10500, sea: true },
      { slug: 'menton', weight: 2, kind: 'coastTown', ppm2: 7500, sea: true },
      { slug: 'saint-paul-de-vence', weight: 3, kind: 'village', ppm2: 11000 },
      { slug: 'vence', weight: 1, kind: 'village', ppm2: 6500 },
      { slug: 'bandol', weight: 1, kind: 'coastTown', ppm2: 7000, sea: true },
    ],
  },
  {
    key: 'alpes',
    label: 'Alps',
    share: { V: 11, L: 8, S: 22 },
    climate: 'alpine',
    spots: [
      { slug: 'courchevel', weight: 6, kind: 'mountain', ppm2: 20000 },
      { slug: 'courchevel-1850', weight: 4, kind: 'mountain', ppm2: 30000 },
      { slug: 'les-allues', weight: 2, kind: 'mountain', ppm2: 13000 },
      { slug: 'meribel', weight: 4, kind: 'mountain', ppm2: 16000 },
      { slug: 'val-d-isere', weight: 5, kind: 'mountain', ppm2: 15500 },
      { slug: 'tignes', weight: 2, kind: 'mountain', ppm2: 10500 },
      { slug: 'les-belleville', weight: 1, kind: 'mountain', ppm2: 9000 },
      { slug: 'val-thorens', weight: 2, kind: 'mountain', ppm2: 12000 },
      { slug: 'megeve', weight: 7, kind: 'mountain', ppm2: 13500 },
      { slug: 'combloux', weight: 1.5, kind: 'mountain', ppm2: 7500 },
      { slug: 'praz-sur-arly', weight: 0.5, kind: 'mountain', ppm2: 6500 },
      { slug: 'saint-gervais-les-bains', weight: 2, kind: 'mountain', ppm2: 7000 },
      { slug: 'chamonix-mont-blanc', weight: 5, kind: 'mountain', ppm2: 10500 },
      { slug: 'les-gets', weight: 1.5, kind: 'mountain', ppm2: 9500 },
      { slug: 'morzine', weight: 1.5, kind: 'mountain', ppm2: 9000 },
      { slug: 'annecy', weight: 4, kind: 'lake', ppm2: 7000 },
      { slug: 'talloires-montmin', weight: 2, kind: 'lake', ppm2: 10000 },
      { slug: 'evian-les-bains', weight: 1.5, kind: 'lake', ppm2: 6000 },
    ],
  },
  {
    key: 'cote-basque',
    label: 'Basque coast',
    share: { V: 6, L: 5, S: 8 },
    climate: 'south',
    spots: [
      { slug: 'biarritz', weight: 10, kind: 'coastTown', ppm2: 10000, sea: true },
      { slug: 'anglet', weight: 5, kind: 'coastTown', ppm2: 7500, sea: true },
      { slug: 'saint-jean-de-luz', weight: 6, kind: 'coastTown', ppm2: 9500, sea: true },
      { slug: 'ciboure', weight: 2, kind: 'coast', ppm2: 8000, sea: true },
      { slug: 'guethary', weight: 2, kind: 'coast', ppm2: 11000, sea: true },
      { slug: 'bidart', weight: 3, kind: 'coast', ppm2: 9000, sea: true },
      { slug: 'arcangues', weight: 2, kind: 'village', ppm2: 8500 },
      { slug: 'arbonne', weight: 1.5, kind: 'village', ppm2: 7500 },
      { slug: 'ahetze', weight: 1, kind: 'village', ppm2: 7000 },
      { slug: 'bayonne', weight: 2, kind: 'city', ppm2: 5000 },
    ],
  },
  {
    key: 'provence',
    label: 'Provence',
    share: { V: 12, L: 8, S: 16 },
    climate: 'south',
    spots: [
      { slug: 'gordes', weight: 5, kind: 'village', ppm2: 9000 },
      { slug: 'menerbes', weight: 3, kind: 'village', ppm2: 8000 },
      { slug: 'lourmarin', weight: 3, kind: 'village', ppm2: 7500 },
      { slug: 'bonnieux', weight: 2, kind: 'village', ppm2: 7500 },
      { slug: 'lacoste', weight: 1, kind: 'village', ppm2: 7000 },
      { slug: 'roussillon', weight: 1.5, kind: 'village', ppm2: 6500 },
      { slug: 'oppede', weight: 1, kind: 'village', ppm2: 6500 },
      { slug: 'goult', weight: 1, kind: 'village', ppm2: 7000 },
      { slug: 'cadenet', weight: 0.5, kind: 'village', ppm2: 5000 },
      { slug: 'l-isle-sur-la-sorgue', weight: 2, kind: 'village', ppm2: 5500 },
      { slug: 'saint-remy-de-provence', weight: 5, kind: 'village', ppm2: 8500 },
      { slug: 'eygalieres', weight: 3, kind: 'village', ppm2: 10000 },
      { slug: 'les-baux-de-provence', weight: 1.5, kind: 'village', ppm2: 9000 },
      { slug: 'aix-en-provence', weight: 8, kind: 'city', ppm2: 6500 },
      { slug: arr('marseille', 7), weight: 3, kind: 'coastTown', ppm2: 6500, sea: true },
      { slug: arr('marseille', 8), weight: 4, kind: 'coastTown', ppm2: 6000, sea: true },
      { slug: 'marseille-roucas-blanc', weight: 1, kind: 'coastTown', ppm2: 8000, sea: true },
      { slug: 'cassis', weight: 3, kind: 'coast', ppm2: 9000, sea: true },
      { slug: 'uzes', weight: 2, kind: 'village', ppm2: 5000 },
    ],
  },
  {
    key: 'bordeaux-arcachon',
    label: 'Bordeaux and Arcachon',
    share: { V: 8, L: 10, S: 5 },
    climate: 'south',
    spots: [
      { slug: 'bordeaux', weight: 10, kind: 'city', ppm2: 6000 },
      { slug: 'le-bouscat', weight: 1.5, kind: 'suburb', ppm2: 5000 },
      { slug: 'arcachon', weight: 5, kind: 'coastTown', ppm2: 9000, sea: true },
      { slug: 'pyla-sur-mer', weight: 3, kind: 'coast', ppm2: 12000, sea: true },
      { slug: 'la-teste-de-buch', weight: 1, kind: 'coastTown', ppm2: 6000, sea: true },
      { slug: 'lege-cap-ferret', weight: 2, kind: 'coast', ppm2: 9500, sea: true },
      { slug: 'cap-ferret', weight: 3, kind: 'coast', ppm2: 14000, sea: true },
      { slug: 'andernos-les-bains', weight: 1, kind: 'coastTown', ppm2: 5500, sea: true },
      { slug: 'saint-emilion', weight: 2, kind: 'vineyard', ppm2: 4500 },
      { slug: 'pauillac', weight: 1.5, kind: 'vineyard', ppm2: 3500 },
    ],
  },
  {
    key: 'france',
    label: 'Rest of France',
    share: { V: 7, L: 9, S: 4 },
    climate: 'north',
    spots: [
      { slug: 'deauville', weight: 4, kind: 'coastTown', ppm2: 8000, sea: true },
      { slug: 'trouville-sur-mer', weight: 1.5, kind: 'coastTown', ppm2: 6500, sea: true },
      { slug: 'honfleur', weight: 1.5, kind: 'coastTown', ppm2: 5000, sea: true },
      { slug: 'la-baule-escoublac', weight: 3, kind: 'coastTown', ppm2: 7000, sea: true },
      { slug: 'le-touquet-paris-plage', weight: 2, kind: 'coastTown', ppm2: 7500, sea: true },
      { slug: 'soorts-hossegor', weight: 1.5, kind: 'coast', ppm2: 8000, sea: true },
      { slug: 'porto-vecchio', weight: 2, kind: 'coast', ppm2: 7000, sea: true },
      { slug: 'bonifacio', weight: 1, kind: 'coast', ppm2: 7500, sea: true },
      { slug: 'calvi', weight: 1, kind: 'coastTown', ppm2: 6000, sea: true },
      { slug: 'ajaccio', weight: 1, kind: 'coastTown', ppm2: 4500, sea: true },
      { slug: arr('lyon', 6), weight: 2, kind: 'city', ppm2: 7000 },
      { slug: arr('lyon', 2), weight: 1.5, kind: 'city', ppm2: 6800 },
      { slug: 'lyon-presqu-ile', weight: 0.5, kind: 'city', ppm2: 7500 },
    ],
  },
  {
    key: 'international',
    label: 'Abroad',
    share: { V: 10, L: 15, S: 7 },
    climate: 'south',
    spots: [
      { slug: 'geneve', weight: 4, kind: 'city', ppm2: 16000 },
      { slug: 'gstaad', weight: 3, kind: 'mountain', ppm2: 25000 },
      { slug: 'verbier', weight: 2.5, kind: 'mountain', ppm2: 20000 },
      { slug: 'lausanne', weight: 1, kind: 'lake', ppm2: 12000 },
      { slug: 'zurich', weight: 1, kind: 'city', ppm2: 18000 },
      { slug: 'saint-moritz', weight: 1.5, kind: 'mountain', ppm2: 22000 },
      { slug: 'londres', weight: 4, kind: 'city', ppm2: 18000 },
      { slug: 'marbella', weight: 4, kind: 'coast', ppm2: 7000, sea: true },
      { slug: 'ibiza', weight: 2, kind: 'coast', ppm2: 9000, sea: true },
      { slug: 'palma', weight: 1.5, kind: 'coastTown', ppm2: 6000, sea: true },
      { slug: 'madrid', weight: 1, kind: 'city', ppm2: 8000 },
      { slug: 'barcelone', weight: 1, kind: 'city', ppm2: 7500 },
      { slug: 'lisbonne', weight: 2.5, kind: 'city', ppm2: 7500 },
      { slug: 'cascais', weight: 2, kind: 'coastTown', ppm2: 7000, sea: true },
      { slug: 'comporta', weight: 1.5, kind: 'coast', ppm2: 9000, sea: true },
      { slug: 'almancil', weight: 1, kind: 'coast', ppm2: 9500, sea: true },
      { slug: 'milan', weight: 1.5, kind: 'city', ppm2: 9000 },
      { slug: 'portofino', weight: 1, kind: 'coast', ppm2: 20000, sea: true },
      { slug: 'porto-cervo', weight: 1.5, kind: 'coast', ppm2: 18000, sea: true },
      { slug: 'florence', weight: 1, kind: 'city', ppm2: 7000 },
      { slug: 'come', weight: 1, kind: 'lake', ppm2: 6500 },
      { slug: 'rome', weight: 1, kind: 'city', ppm2: 8500 },
      { slug: 'bruxelles', weight: 1.5, kind: 'city', ppm2: 5500 },
      { slug: 'knokke-heist', weight: 1.5, kind: 'coastTown', ppm2: 10000, sea: true },
      { slug: 'monte-carlo', weight: 4, kind: 'coastTown', ppm2: 50000, sea: true },
      { slug: 'marrakech', weight: 2.5, kind: 'village', ppm2: 3500 },
      { slug: 'essaouira', weight: 0.5, kind: 'coastTown', ppm2: 2500, sea: true },
      { slug: 'grand-baie', weight: 1, kind: 'coast', ppm2: 5000, sea: true },
      { slug: 'tamarin', weight: 1, kind: 'coast', ppm2: 5500, sea: true },
      { slug: 'new-york', weight: 2, kind: 'city', ppm2: 20000 },
      { slug: 'miami-beach', weight: 1.5, kind: 'coastTown', ppm2: 12000, sea: true },
      { slug: 'beverly-hills', weight: 1, kind: 'suburb', ppm2: 16000 },
      { slug: 'aspen', weight: 1, kind: 'mountain', ppm2: 25000 },
      { slug: 'mykonos', weight: 1.5, kind: 'coast', ppm2: 10000, sea: true },
      { slug: 'oia', weight: 1, kind: 'coast', ppm2: 9000, sea: true },
      { slug: 'dubai', weight: 2, kind: 'coastTown', ppm2: 7000, sea: true },
    ],
  },
];

/** Rubrique weights per kind of place; filtered by nature at draw time. */
export const RUBRIQUE_WEIGHTS: Readonly<
  Record<PlaceKind, Readonly<Partial<Record<number, number>>>>
> = {
  city: {
    [RUB.appartements]: 44,
    [RUB.penthouses]: 7,
    [RUB.duplex]: 9,
    [RUB.lofts]: 5,
    [RUB.rezDeJardin]: 4,
    [RUB.ateliers]: 3,
    [RUB.hotelsParticuliers]: 8,
    [RUB.maisons]: 6,
    [RUB.maisonsArchitecte]: 3,
    [RUB.immeubles]: 3,
    [RUB.hotels]: 1,
  },
  suburb: {
    [RUB.appartements]: 30,
    [RUB.duplex]: 5,
    [RUB.penthouses]: 3,
    [RUB.rezDeJardin]: 4,
    [RUB.maisons]: 25,
    [RUB.maisonsArchitecte]: 8,
    [RUB.hotelsParticuliers]: 10,
    [RUB.villas]: 6,
    [RUB.proprietes]: 4,
    [RUB.terrains]: 2,
    [RUB.immeubles]: 2,
  },
  coastTown: {
    [RUB.appartements]: 36,
    [RUB.penthouses]: 8,
    [RUB.duplex]: 4,
    [RUB.rezDeJardin]: 3,
    [RUB.villas]: 24,
    [RUB.maisons]: 10,
    [RUB.maisonsArchitecte]: 5,
    [RUB.proprietes]: 4,
    [RUB.terrains]: 2,
    [RUB.immeubles]: 2,
    [RUB.hotels]: 1,
  },
  coast: {
    [RUB.villas]: 46,
    [RUB.appartements]: 12,
    [RUB.penthouses]: 3,
    [RUB.maisons]: 8,
    [RUB.maisonsArchitecte]: 8,
    [RUB.proprietes]: 10,
    [RUB.bastides]: 4,
    [RUB.terrains]: 4,
    [RUB.hotels]: 1,
  },
  mountain: {
    [RUB.chalets]: 58,
    [RUB.appartements]: 20,
    [RUB.penthouses]: 4,
    [RUB.duplex]: 6,
    [RUB.maisons]: 4,
    [RUB.terrains]: 2,
    [RUB.hotels]: 1,
  },
  lake: {
    [RUB.villas]: 22,
    [RUB.maisons]: 20,
    [RUB.maisonsArchitecte]: 10,
    [RUB.appartements]: 24,
    [RUB.penthouses]: 4,
    [RUB.proprietes]: 8,
    [RUB.chalets]: 6,
    [RUB.terrains]: 3,
  },
  village: {
    [RUB.mas]: 28,
    [RUB.bastides]: 18,
    [RUB.proprietes]: 12,
    [RUB.maisons]: 12,
    [RUB.villas]: 10,
    [RUB.maisonsArchitecte]: 4,
    [RUB.chateaux]: 3,
    [RUB.domainesViticoles]: 3,
    [RUB.haras]: 1,
    [RUB.appartements]: 6,
    [RUB.terrains]: 3,
  },
  vineyard: {
    [RUB.domainesViticoles]: 30,
    [RUB.chateaux]: 22,
    [RUB.proprietes]: 18,
    [RUB.maisons]: 14,
    [RUB.manoirs]: 6,
    [RUB.haras]: 3,
    [RUB.proprietesChasse]: 3,
    [RUB.terrains]: 4,
  },
  countryside: {
    [RUB.maisons]: 25,
    [RUB.manoirs]: 14,
    [RUB.chateaux]: 14,
    [RUB.proprietes]: 18,
    [RUB.haras]: 6,
    [RUB.proprietesChasse]: 5,
    [RUB.domainesViticoles]: 4,
    [RUB.appartements]: 8,
    [RUB.terrains]: 6,
  },
};

export interface RubriqueShape {
  /** Living area range in m² (null for land). */
  surface: readonly [number, number] | null;
  /** Land area range in m² (null when there is none). */
  field: readonly [number, number] | null;
  /** m² per room, to derive the room count. */
  m2PerRoom: readonly [number, number];
  rooms: readonly [number, number] | null;
  /** Multiplier on the place's price per m². */
  priceFactor: number;
}

export const RUBRIQUE_SHAPES: Readonly<Record<number, RubriqueShape>> = {
  [RUB.maisons]: {
    surface: [120, 500],
    field: [300, 5000],
    m2PerRoom: [28, 42],
    rooms: [4, 14],
    priceFactor: 0.95,
  },
  [RUB.villas]: {
    surface: [150, 900],
    field: [800, 12000],
    m2PerRoom: [30, 48],
    rooms: [5, 18],
    priceFactor: 1.05,
  },
  [RUB.mas]: {
    surface: [150, 600],
    field: [2000, 60000],
    m2PerRoom: [30, 45],
    rooms: [5, 16],
    priceFactor: 0.9,
  },
  [RUB.chalets]: {
    surface: [120, 900],
    field: [300, 4000],
    m2PerRoom: [28, 45],
    rooms: [4, 16],
    priceFactor: 1.05,
  },
  [RUB.chateaux]: {
    surface: [400, 2500],
    field: [20000, 800000],
    m2PerRoom: [40, 70],
    rooms: [10, 40],
    priceFactor: 0.45,
  },
  [RUB.manoirs]: {
    surface: [250, 800],
    field: [5000, 100000],
    m2PerRoom: [32, 50],
    rooms: [7, 20],
    priceFactor: 0.6,
  },
  [RUB.maisonsArchitecte]: {
    surface: [160, 600],
    field: [600, 6000],
    m2PerRoom: [32, 50],
    rooms: [5, 14],
    priceFactor: 1.1,
  },
  [RUB.hotelsParticuliers]: {
    surface: [250, 1200],
    field: [100, 1500],
    m2PerRoom: [35, 55],
    rooms: [7, 25],
    priceFactor: 1.25,
  },
  [RUB.bastides]: {
    surface: [200, 700],
    field: [3000, 50000],
    m2PerRoom: [32, 48],
    rooms: [6, 18],
    priceFactor: 0.9,
  },
  [RUB.appartements]: {
    surface: [60, 350],
    field: null,
    m2PerRoom: [24, 38],
    rooms: [2, 9],
    priceFactor: 1,
  },
  [RUB.lofts]: {
    surface: [100, 400],
    field: null,
    m2PerRoom: [40, 70],
    rooms: [2, 6],
    priceFactor: 0.95,
  },
  [RUB.penthouses]: {
    surface: [130, 500],
    field: null,
    m2PerRoom: [30, 45],
    rooms: [3, 10],
    priceFactor: 1.3,
  },
  [RUB.duplex]: {
    surface: [110, 400],
    field: null,
    m2PerRoom: [26, 40],
    rooms: [3, 9],
    priceFactor: 1.05,
  },
  [RUB.rezDeJardin]: {
    surface: [80, 300],
    field: [60, 600],
    m2PerRoom: [25, 38],
    rooms: [2, 8],
    priceFactor: 1,
  },
  [RUB.ateliers]: {
    surface: [80, 300],
    field: null,
    m2PerRoom: [35, 60],
    rooms: [2, 6],
    priceFactor: 0.95,
  },
  [RUB.proprietes]: {
    surface: [250, 1500],
    field: [5000, 200000],
    m2PerRoom: [35, 55],
    rooms: [7, 25],
    priceFactor: 0.85,
  },
  [RUB.domainesViticoles]: {
    surface: [300, 1500],
    field: [50000, 1000000],
    m2PerRoom: [35, 60],
    rooms: [8, 25],
    priceFactor: 0.7,
  },
  [RUB.haras]: {
    surface: [250, 800],
    field: [100000, 800000],
    m2PerRoom: [35, 55],
    rooms: [6, 18],
    priceFactor: 0.5,
  },
  [RUB.proprietesChasse]: {
    surface: [250, 900],
    field: [500000, 5000000],
    m2PerRoom: [35, 55],
    rooms: [6, 20],
    priceFactor: 0.45,
  },
  [RUB.terrains]: {
    surface: null,
    field: [800, 30000],
    m2PerRoom: [1, 1],
    rooms: null,
    priceFactor: 0.08,
  },
  [RUB.immeubles]: {
    surface: [400, 3000],
    field: null,
    m2PerRoom: [1, 1],
    rooms: null,
    priceFactor: 0.8,
  },
  [RUB.hotels]: {
    surface: [500, 4000],
    field: [0, 20000],
    m2PerRoom: [1, 1],
    rooms: null,
    priceFactor: 0.7,
  },
};
