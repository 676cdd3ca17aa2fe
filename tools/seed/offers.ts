import type {
  CondoRow,
  FeesRow,
  NatureId,
  OffersTable,
  PhotoRow,
} from '../../listings-api/db/types';
import type { SeedRow } from './rows';
import { RUB } from '../../listings-api/lib/rubriques';
import type { AgencyRef } from './agencies';
import {
  ATOUTS,
  ATOUT_KEYS,
  RUBRIQUES,
  rubriqueById,
  rubriquePath,
  type AtoutKey,
  type RubriqueSeed,
} from './catalog';
import { seedDpeReport } from './energy';
import { lieuPath, type Geography, type LieuRow } from './geography';
import {
  BUCKETS,
  RUBRIQUE_SHAPES,
  RUBRIQUE_WEIGHTS,
  type Bucket,
  type Climate,
  type PlaceKind,
  type Spot,
} from './market';
import {
  ADJECTIVES,
  ATOUTS_SENTENCE,
  CLOSING,
  FEATURES,
  INTRO,
  INTRO_BUILDING,
  INTRO_LAND,
  LAYOUT,
  OUTDOOR,
  SETTING,
  type Adjective,
  type Feature,
  type Pair,
} from './phrases';
import {
  photoFits,
  photoKindOf,
  photoRegionOf,
  photoSettingOf,
  type PhotoKind,
  type PhotoSubject,
} from './photos';
import { hashSeed, Prng, WeightedTable } from './prng';
import { kebab } from '../../listings-api/lib/text';
import { capitalize, englishIndefinite, formatNumber, joinList } from './text';

// One offer per id, each drawn from its own PRNG stream (seed, id): offer 42 is the same whatever
// the total count, and offers can be generated in batches without holding them all in memory.

export const NATURE_SHARES: Readonly<Record<NatureId, number>> = { V: 70, L: 18, S: 12 };
export const SHARES = {
  prixCache: 0.05,
  exclusivity: 0.2,
  premium: 0.03,
  obsolete: 0.08,
  video: 0.15,
  tour: 0.1,
  dpeMissing: 0.08,
} as const;
/** Offers are published over the 18 months before `now`. */
export const PUBLICATION_WINDOW_DAYS = 548;

/** Energy (kWh/m²/year) and climate (kg CO₂/m²/year) class bounds of the French DPE since 2021. */
export const DPE_CLASSES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type DpeClass = (typeof DPE_CLASSES)[number];
export const DPE_BOUNDS: Readonly<Record<DpeClass, readonly [number, number]>> = {
  A: [20, 70],
  B: [71, 110],
  C: [111, 180],
  D: [181, 250],
  E: [251, 330],
  F: [331, 420],
  G: [421, 650],
};
export const GES_BOUNDS: Readonly<Record<DpeClass, readonly [number, number]>> = {
  A: [1, 6],
  B: [7, 11],
  C: [12, 30],
  D: [31, 50],
  E: [51, 70],
  F: [71, 100],
  G: [101, 160],
};

/** The class a DPE energy value falls in. */
export function dpeClassOf(value: number): DpeClass {
  return DPE_CLASSES.find((c) => value <= DPE_BOUNDS[c][1]) ?? 'G';
}
/** The class a GES value falls in. */
export function gesClassOf(value: number): DpeClass {
  return DPE_CLASSES.find((c) => value <= GES_BOUNDS[c][1]) ?? 'G';
}

/** The seed writes no feed's hash and no price drop: its offers come from no feed. */
export type OfferRow = Omit<
  SeedRow<
    OffersTable,
    'feed_hash' | 'price_reduced_at' | 'negotiator_name' | 'negotiator_phone' | 'negotiator_email'
  >,
  'atouts'
> & {
  atouts: AtoutKey[];
};

export interface OfferContext {
  seed: number;
  now: Date;
  photoCount: number;
  geo: Geography;
  natureTable: WeightedTable<NatureId>;
  bucketTables: Record<NatureId, WeightedTable<Bucket>>;
  spotTables: Map<string, WeightedTable<Spot>>;
  rubriqueTables: Map<string, WeightedTable<RubriqueSeed>>;
  lieux: Map<string, LieuRow>;
  /** Agencies by spot and by bucket, all and active only. */
  agencies: Map<
    string,
    { all: WeightedTable<AgencyRef> | null; active: WeightedTable<AgencyRef> | null }
  >;
  photoIds: number[];
  /** The pool's photo ids by the kind of picture they show. */
  photoKinds: Array<{ kind: PhotoKind; ids: number[] }>;
}

function agencyTables(refs: AgencyRef[]) {
  const weight = (a: AgencyRef) => 1 + a.size / 25;
  return {
    all: refs.length ? new WeightedTable(refs, weight) : null,
    active: refs.some((a) => a.active)
      ? new WeightedTable(
          refs.filter((a) => a.active),
          weight,
        )
      : null,
  };
}

export function createOfferContext(
  seed: number,
  now: Date,
  photoCount: number,
  geo: Geography,
  agencies: AgencyRef[],
): OfferContext {
  const natures: NatureId[] = ['V', 'L', 'S'];
  const lieux = new Map<string, LieuRow>();
  for (const b of BUCKETS) {
    for (const s of b.spots) {
      const lieu = geo.bySlug.get(s.slug);
      if (!lieu) throw new Error(`market spot '${s.slug}' is not a seeded lieu`);
      lieux.set(s.slug, lieu);
    }
  }
  const rubriqueTables = new Map<string, WeightedTable<RubriqueSeed>>();
  for (const kind of Object.keys(RUBRIQUE_WEIGHTS) as PlaceKind[]) {
    for (const n of natures) {
      const weights = RUBRIQUE_WEIGHTS[kind];
      const fitting = RUBRIQUES.filter(
        (r) => !r.is_generic && r.natures.includes(n) && (weights[r.id] ?? 0) > 0,
      );
      rubriqueTables.set(`${kind}|${n}`, new WeightedTable(fitting, (r) => weights[r.id] ?? 0));
    }
  }
  const agencyMap = new Map<string, ReturnType<typeof agencyTables>>();
  const bySpot = new Map<string, AgencyRef[]>();
  const byBucket = new Map<string, AgencyRef[]>();
  for (const a of agencies) {
    bySpot.set(a.spot, [...(bySpot.get(a.spot) ?? []), a]);
    byBucket.set(a.bucket, [...(byBucket.get(a.bucket) ?? []), a]);
  }
  for (const [k, refs] of bySpot) agencyMap.set(`spot|${k}`, agencyTables(refs));
  for (const [k, refs] of byBucket) agencyMap.set(`bucket|${k}`, agencyTables(refs));
  agencyMap.set('all', agencyTables(agencies));

  return {
    seed,
    now,
    photoCount,
    geo,
    natureTable: new WeightedTable(natures, (n) => NATURE_SHARES[n]),
    bucketTables: {
      V: new WeightedTable(BUCKETS, (b) => b.share.V),
      L: new WeightedTable(BUCKETS, (b) => b.share.L),
      S: new WeightedTable(BUCKETS, (b) => b.share.S),
    },
    spotTables: new Map(
      BUCKETS.map((b) => [b.key, new WeightedTable(b.spots, (s: Spot) => s.weight)]),
    ),
    rubriqueTables,
    lieux,
    agencies: agencyMap,
    photoIds: Array.from({ length: photoCount }, (_, i) => i + 1),
    photoKinds: photoKindsOf(photoCount),
  };
}

function photoKindsOf(photoCount: number): OfferContext['photoKinds'] {
  const byKind = new Map<PhotoKind, number[]>();
  for (let id = 1; id <= photoCount; id++) {
    const kind = photoKindOf(id);
    byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
  }
  return [...byKind].map(([kind, ids]) => ({ kind, ids }));
}

// --- photos ---------------------------------------------------------------------------------------

// Two bedrooms or bathrooms are two rooms, two meadows two corners of a plot; two facades would
// be two houses.
const PHOTO_REPEATS: Readonly<Record<string, number>> = {
  bedroom: 2,
  bathroom: 2,
  plot: 3,
  'sea-plot': 3,
  'snowy-plot': 3,
};

// Pictures of what texts promise (sea view, pool, wine cellar, mountains): shown whenever they fit.
const PROMISED_KINDS: readonly string[] = [
  'sea-view',
  'pool',
  'indoor-pool',
  'wine-cellar',
  'mountain-view',
];

/**
 * 4 to 12 photos of the pool fitting the offer, fewer when the pool has no more: the outside
 * first, then what the offer has or looks onto (views, pool, garden…) mixed with its rooms.
 */
interface PickedPhoto {
  id: number;
  fr: string;
  en: string;
}

function pickPhotos(rng: Prng, ctx: OfferContext, subject: PhotoSubject): PickedPhoto[] {
  const wanted = Math.min(ctx.photoCount, rng.int(4, 12));
  const fitting = ctx.photoKinds.filter((p) => photoFits(p.kind, subject));
  const photosOf = (p: OfferContext['photoKinds'][number]): PickedPhoto[] =>
    rng
      .sample(p.ids, PHOTO_REPEATS[p.kind.key] ?? 1)
      .map((id) => ({ id, fr: p.kind.fr, en: p.kind.en }));
  const chosen: PickedPhoto[] = [];
  const more: PickedPhoto[] = [];
  const outside = fitting.filter((p) => p.kind.scene === 'exterior');
  if (outside.length > 0) {
    const [first, ...others] = photosOf(rng.pick(outside));
    chosen.push(first as PickedPhoto);
    more.push(...others);
  }
  // What a title or description may promise comes right after the outside, where a visitor looks.
  const promised = fitting.filter((p) => PROMISED_KINDS.includes(p.kind.key));
  for (const p of promised) chosen.push(photosOf(p)[0] as PickedPhoto);
  const rest = fitting.filter((p) => !promised.includes(p));
  for (const p of rest)
    if (p.kind.scene === 'view' || p.kind.scene === 'outside') more.push(...photosOf(p));
  const highlights = rng.sample(more, Infinity);
  const rooms = rng.sample(
    rest.filter((p) => p.kind.scene === 'interior').flatMap(photosOf),
    Infinity,
  );
  const shown = Math.min(
    highlights.length,
    Math.max(promised.length > 0 ? 0 : 1, Math.floor((wanted - chosen.length) / 2)),
  );
  chosen.push(...highlights.slice(0, shown));
  chosen.push(...rooms.slice(0, Math.max(0, wanted - chosen.length)));
  chosen.push(...highlights.slice(shown, shown + Math.max(0, wanted - chosen.length)));
  if (chosen.length === 0 && ctx.photoIds.length > 0) {
    // A pool too small to hold a fitting picture: one photo still, captioned with what it shows.
    const id = rng.pick(ctx.photoIds);
    const kind = photoKindOf(id);
    chosen.push({ id, fr: kind.fr, en: kind.en });
  }
  return chosen;
}

// --- atouts -------------------------------------------------------------------------------------

type Probabilities = Partial<Record<AtoutKey, number>>;

const BASE_ATOUTS: Readonly<Record<string, Probabilities>> = {
  house: {
    alarme: 0.5,
    ascenseur: 0.04,
    balcon: 0.15,
    box: 0.05,
    car: 0.02,
    cave: 0.4,
    cave_a_vin: 0.25,
    cheminee: 0.55,
    climatisation: 0.3,
    garage: 0.6,
    grenier: 0.2,
    hammam: 0.1,
    interphone: 0.2,
    jacuzzi: 0.12,
    jardin: 0.9,
    parking: 0.5,
    piscine: 0.35,
    rdc: 0.3,
    sauna: 0.08,
    sous_sol: 0.3,
    tennis: 0.05,
    terrasse: 0.75,
    veranda: 0.12,
    vigne: 0.02,
  },
  apartment: {
    alarme: 0.3,
    ascenseur: 0.75,
    balcon: 0.45,
    box: 0.12,
    car: 0.01,
    cave: 0.55,
    cave_a_vin: 0.08,
    cheminee: 0.35,
    climatisation: 0.25,
    garage: 0.1,
    grenier: 0.03,
    hammam: 0.02,
    interphone: 0.85,
    jacuzzi: 0.03,
    jardin: 0.04,
    parking: 0.4,
    piscine: 0.03,
    rdc: 0.06,
    sauna: 0.02,
    sous_sol: 0.02,
    tennis: 0.01,
    terrasse: 0.35,
    veranda: 0.03,
  },
  estate: {
    alarme: 0.6,
    box: 0.05,
    car: 0.03,
    cave: 0.6,
    cave_a_vin: 0.5,
    cheminee: 0.8,
    climatisation: 0.25,
    garage: 0.7,
    grenier: 0.35,
    hammam: 0.08,
    interphone: 0.3,
    jacuzzi: 0.1,
    jardin: 0.95,
    parking: 0.6,
    piscine: 0.6,
    rdc: 0.3,
    sauna: 0.08,
    sous_sol: 0.4,
    tennis: 0.3,
    terrasse: 0.7,
    veranda: 0.15,
    vigne: 0.25,
  },
  land: { vigne: 0.05, car: 0.02 },
  building: {
    alarme: 0.2,
    ascenseur: 0.6,
    cave: 0.7,
    climatisation: 0.2,
    interphone: 0.8,
    parking: 0.3,
    sous_sol: 0.3,
    terrasse: 0.2,
  },
};

const CLIMATE_FACTORS: Readonly<Record<Climate, Probabilities>> = {
  south: { piscine: 2.2, climatisation: 2, cheminee: 0.7, veranda: 0.5, grenier: 0.5 },
  alpine: {
    piscine: 0.8,
    cheminee: 1.6,
    sauna: 5,
    hammam: 4,
    jacuzzi: 3,
    climatisation: 0.05,
    garage: 1.3,
    veranda: 0.5,
  },
  north: { piscine: 0.6, climatisation: 0.6, veranda: 1.5 },
  tropical: { piscine: 2.5, climatisation: 3, cheminee: 0.05, grenier: 0.1 },
};

const KIND_FACTORS: Readonly<Partial<Record<PlaceKind, Probabilities>>> = {
  city: { piscine: 0.15, jardin: 0.4, garage: 0.6, tennis: 0.2 },
  suburb: { piscine: 0.7, tennis: 0.6 },
  vineyard: { vigne: 3 },
};

const RUBRIQUE_OVERRIDES: Readonly<Partial<Record<number, Probabilities>>> = {
  [RUB.penthouses]: { terrasse: 1, ascenseur: 0.98 },
  [RUB.rezDeJardin]: { jardin: 1, rdc: 1, ascenseur: 0.4 },
  [RUB.chalets]: { cheminee: 0.9 },
  [RUB.chateaux]: { cheminee: 0.95, tennis: 0.3, cave_a_vin: 0.7 },
  [RUB.domainesViticoles]: { vigne: 1, cave_a_vin: 0.95 },
  [RUB.hotelsParticuliers]: { jardin: 0.6, ascenseur: 0.35, cave: 0.8, piscine: 0.12 },
  [RUB.lofts]: { ascenseur: 0.4, balcon: 0.1 },
};

/** Probability of each atout for an offer of that rubrique, place kind, climate and coast. */
export function atoutProbabilities(
  rubrique: RubriqueSeed,
  kind: PlaceKind,
  climate: Climate,
  sea: boolean,
): Probabilities {
  const p: Probabilities = { ...(BASE_ATOUTS[rubrique.group] ?? {}) };
  if (rubrique.group !== 'land' && rubrique.group !== 'building') {
    for (const [k, f] of Object.entries(CLIMATE_FACTORS[climate])) {
      const key = k as AtoutKey;
      if (p[key] !== undefined) p[key] = (p[key] as number) * (f as number);
    }
    for (const [k, f] of Object.entries(KIND_FACTORS[kind] ?? {})) {
      const key = k as AtoutKey;
      if (p[key] !== undefined) p[key] = (p[key] as number) * (f as number);
    }
  }
  Object.assign(p, RUBRIQUE_OVERRIDES[rubrique.id] ?? {});
  if (sea) p.vue_mer = kind === 'coast' ? 0.6 : rubrique.group === 'apartment' ? 0.45 : 0.35;
  for (const k of Object.keys(p) as AtoutKey[]) p[k] = Math.min(0.98, Math.max(0, p[k] as number));
  // A penthouse or a rez-de-jardin is defined by what it has.
  if (rubrique.id === RUB.penthouses) p.terrasse = 1;
  if (rubrique.id === RUB.rezDeJardin) p.jardin = 1;
  if (rubrique.id === RUB.domainesViticoles) p.vigne = 1;
  return p;
}

// --- titles ---------------------------------------------------------------------------------------

function adjectivesFor(r: RubriqueSeed, kind: PlaceKind, bucket: Bucket): Adjective[] {
  const a = ADJECTIVES;
  const keys: Array<Adjective | undefined> = [];
  switch (r.group) {
    case 'land':
      keys.push(a.buildable, a.wooded, a.exceptional);
      break;
    case 'building':
      keys.push(r.id === RUB.hotels ? a.charming : a.investment, a.renovated, a.exceptional);
      if (kind === 'city' && bucket.climate === 'north') keys.push(a.haussmann);
      break;
    case 'apartment':
      keys.push(a.bright, a.renovated, a.exceptional, a.family, a.luxurious, a.contemporary);
      if (kind === 'city' && bucket.key !== 'international') keys.push(a.haussmann, a.haussmann);
      if (kind === 'coastTown' && bucket.key === 'cote-d-azur') keys.push(a.belleEpoque);
      break;
    default:
      keys.push(a.exceptional, a.renovated, a.quiet, a.luxurious);
      if (r.id !== RUB.maisonsArchitecte) keys.push(a.contemporary, a.architect);
      if ([RUB.chateaux, RUB.manoirs, RUB.hotelsParticuliers, RUB.bastides].includes(r.id as 14))
        keys.push(a.historic, a.restored);
      if ([RUB.chalets, RUB.mas, RUB.bastides, RUB.maisons].includes(r.id as 13))
        keys.push(a.traditional);
      if (kind === 'village' && bucket.key === 'provence' && r.id !== RUB.mas)
        keys.push(a.provencal);
      if (bucket.key === 'cote-basque' && (r.id === RUB.villas || r.id === RUB.maisons))
        keys.push(a.neoBasque, a.neoBasque);
      if (
        (kind === 'coast' || kind === 'coastTown') &&
        r.id === RUB.villas &&
        bucket.key === 'cote-d-azur'
      )
        keys.push(a.belleEpoque);
      if (r.group === 'house' || r.group === 'estate') keys.push(a.family);
  }
  return keys.filter((k): k is Adjective => k !== undefined);
}

function featuresFor(
  r: RubriqueSeed,
  kind: PlaceKind,
  atouts: ReadonlySet<AtoutKey>,
  field: number | null,
): Feature[] {
  const f = FEATURES;
  const list: Array<Feature | undefined> = [];
  if (atouts.has('vue_mer')) list.push(f.seaView, f.seaView, f.seaView);
  if (atouts.has('piscine')) list.push(f.pool, f.pool);
  if (atouts.has('vigne')) list.push(f.vines);
  if (atouts.has('tennis')) list.push(f.tennis);
  if (kind === 'mountain' && r.group !== 'land') list.push(f.slopes, f.slopes);
  if (kind === 'lake') list.push(f.lakeView);
  if (kind === 'village' && r.group === 'house') list.push(f.village);
  if (field !== null && field >= 5000 && r.group !== 'land') list.push(f.park);
  if (r.group === 'apartment') {
    if (atouts.has('terrasse')) list.push(f.terrace);
    if (atouts.has('balcon')) list.push(f.balcony);
    if (r.id === RUB.penthouses) list.push(f.topFloor);
    if (atouts.has('jardin')) list.push(f.garden);
  } else if (r.group === 'house') {
    if (atouts.has('jardin')) list.push(f.garden);
    if (atouts.has('cheminee') && kind === 'mountain') list.push(f.fireplace);
  }
  return list.filter((x): x is Feature => x !== undefined);
}

// --- helpers ---------------------------------------------------------------------------------------

function roundPrice(n: number): number {
  const step = n < 1_000_000 ? 5_000 : n < 5_000_000 ? 10_000 : n < 20_000_000 ? 50_000 : 100_000;
  return Math.round(n / step) * step;
}
function roundTo(n: number, step: number): number {
  return Math.round(n / step) * step;
}
function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);
}
function pickPair(rng: Prng, bank: readonly Pair[]): Pair {
  return rng.pick(bank);
}

/** 'PRS-' and six digits, a bijection of the id below one million. */
export function offerReference(id: number): string {
  if (id >= 1_000_000) return `PRS-${id}`;
  return `PRS-${String((id * 7919) % 1_000_000).padStart(6, '0')}`;
}

/** The short place name of a title: 'Paris 16e' for an arrondissement. */
function placeName(lieu: LieuRow, lang: 'fr' | 'en'): string {
  const name = lang === 'fr' ? lieu.libelle_fr : lieu.libelle_en;
  return lieu.type === 'Arrondissements' ? name.replace(/ arrondissement$/, '') : name;
}

function pickAgency(
  ctx: OfferContext,
  rng: Prng,
  bucket: string,
  spot: string,
  active: boolean,
): AgencyRef {
  const kind = active ? 'active' : 'all';
  const candidates = [
    rng.chance(0.8) ? ctx.agencies.get(`spot|${spot}`)?.[kind] : undefined,
    ctx.agencies.get(`bucket|${bucket}`)?.[kind],
    ctx.agencies.get('all')?.[kind],
  ];
  const table = candidates.find((t) => t !== undefined && t !== null);
  if (!table) throw new Error('no agency to hold offers');
  return table.pick(rng);
}

function feePercent(agency: AgencyRef, nature: NatureId, amount: number): number {
  const band = agency.feeScale.find(
    (b) => b.nature === nature && amount >= b.from && (b.to === null || amount < b.to),
  );
  return band?.percent ?? 5;
}

/** The climate of a spot: its bucket's, but abroad the tropics and the Alps are their own. */
export function climateOf(bucket: Bucket, spot: Spot): Climate {
  if (bucket.key !== 'international') return bucket.climate;
  if (['grand-baie', 'tamarin', 'dubai', 'miami-beach'].includes(spot.slug)) return 'tropical';
  return spot.kind === 'mountain' ? 'alpine' : bucket.climate;
}

// --- the generator ---------------------------------------------------------------------------------

export function generateOffer(id: number, ctx: OfferContext): OfferRow {
  const rng = new Prng(hashSeed(ctx.seed, 'offer', id));
  const nature = ctx.natureTable.pick(rng);
  const bucket = ctx.bucketTables[nature].pick(rng);
  const spot = (ctx.spotTables.get(bucket.key) as WeightedTable<Spot>).pick(rng);
  const lieu = ctx.lieux.get(spot.slug) as LieuRow;
  const rubrique = (
    ctx.rubriqueTables.get(`${spot.kind}|${nature}`) as WeightedTable<RubriqueSeed>
  ).pick(rng);
  const shape = RUBRIQUE_SHAPES[rubrique.id];
  if (!shape) throw new Error(`no shape for rubrique ${rubrique.id}`);
  const climate = climateOf(bucket, spot);

  // Surfaces and rooms.
  const surface = shape.surface
    ? Math.round(rng.logUniform(shape.surface[0], shape.surface[1]))
    : null;
  let field: number | null = null;
  if (shape.field && !(rubrique.id === RUB.hotels && rng.chance(0.5))) {
    const scale =
      spot.kind === 'city' ? 0.25 : spot.kind === 'suburb' || spot.kind === 'coastTown' ? 0.6 : 1;
    field = roundTo(
      rng.logUniform(Math.max(50, shape.field[0] * scale), Math.max(100, shape.field[1] * scale)),
      10,
    );
  }
  let rooms: number | null = null;
  let bedrooms: number | null = null;
  if (shape.rooms && surface !== null) {
    rooms = clamp(
      Math.round(surface / rng.float(shape.m2PerRoom[0], shape.m2PerRoom[1])),
      shape.rooms[0],
      shape.rooms[1],
    );
    // Reception rooms take a third to a half of the rooms in large homes.
    bedrooms = clamp(Math.round(rooms * rng.float(0.5, 0.72)), 1, rooms - 1);
  }

  // Atouts.
  const probabilities = atoutProbabilities(rubrique, spot.kind, climate, spot.sea === true);
  const atouts = ATOUT_KEYS.filter((k) => rng.chance(probabilities[k] ?? 0));
  const atoutSet = new Set(atouts);

  // Prices.
  let ppm2 = spot.ppm2 * shape.priceFactor * rng.logUniform(0.75, 1.45);
  if (bucket.ppm2Bounds && rubrique.group === 'apartment')
    ppm2 = clamp(ppm2, bucket.ppm2Bounds[0], bucket.ppm2Bounds[1]);
  let price: number | null = null;
  let monthlyRent: number | null = null;
  let weeklyRent: number | null = null;
  const value = rubrique.group === 'land' ? (field ?? 1000) * ppm2 : (surface ?? 100) * ppm2;
  if (nature === 'V') price = Math.max(300_000, roundPrice(value));
  if (nature === 'L') {
    // About a 3.8 % gross yearly yield on the sale value.
    const rent = value * 0.0032 * rng.float(0.85, 1.25);
    monthlyRent = clamp(roundTo(rent, rent < 10_000 ? 50 : 100), 3_000, 40_000);
  }
  if (nature === 'S')
    weeklyRent = clamp(roundTo(value * 0.005 * rng.float(0.7, 1.3), 500), 5_000, 150_000);

  // Fees and condominium.
  const agency = pickAgency(ctx, rng, bucket.key, spot.slug, true);
  let fees: FeesRow | null = null;
  let priceWithoutFees: number | null = null;
  if (price !== null) {
    const percent = feePercent(agency, 'V', price);
    if (rng.chance(0.4)) {
      priceWithoutFees = Math.round(price / (1 + percent / 100));
      fees = { payer: 'buyer', percent, amount: price - priceWithoutFees };
    } else {
      fees = { payer: 'seller', percent, amount: Math.round((price * percent) / 100) };
    }
  } else if (monthlyRent !== null) {
    // Tenant fees are capped per m² by law; the deposit is one month (two when furnished).
    const furnished = rng.chance(0.5);
    fees = {
      payer: 'tenant',
      percent: null,
      amount: Math.min(monthlyRent, roundTo((surface ?? 100) * rng.float(10, 15), 10)),
      deposit: monthlyRent * (furnished ? 2 : 1),
      charges: roundTo((surface ?? 100) * rng.float(3, 6), 10),
    };
  } else if (weeklyRent !== null && rng.chance(0.5)) {
    fees = {
      payer: 'tenant',
      percent: null,
      amount: roundTo(rng.float(150, 600), 10),
      deposit: roundTo(weeklyRent * 0.3, 500),
    };
  }
  const condo: CondoRow | null =
    rubrique.group === 'apartment' && nature === 'V'
      ? {
          lots: Math.round(rng.logUniform(4, 120)),
          yearly_charges: roundTo((surface ?? 100) * rng.float(25, 70), 100),
          procedure: rng.chance(0.04),
        }
      : null;

  // Titles.
  const adjective = rng.pick(adjectivesFor(rubrique, spot.kind, bucket));
  const features = featuresFor(rubrique, spot.kind, atoutSet, field);
  const feature = features.length > 0 && rng.chance(0.85) ? rng.pick(features) : null;
  const adjFr = rubrique.gender === 'f' ? adjective.f : adjective.m;
  const titre1Fr = [rubrique.libelle_fr, adjFr, feature?.fr].filter(Boolean).join(' ');
  const titre1En = capitalize(
    [adjective.en, rubrique.noun_en, feature?.en].filter(Boolean).join(' '),
  );
  const where = { fr: placeName(lieu, 'fr'), en: placeName(lieu, 'en') };
  const titre2Fr =
    rubrique.group === 'land'
      ? `${where.fr} – terrain de ${formatNumber(field ?? 0, 'fr')} m²`
      : `${where.fr} – ${formatNumber(surface ?? 0, 'fr')} m²`;
  const titre2En =
    rubrique.group === 'land'
      ? `${where.en} – ${formatNumber(field ?? 0, 'en')} m² plot`
      : `${where.en} – ${formatNumber(surface ?? 0, 'en')} m²`;

  // Description: 3 to 5 sentences, the same in both languages.
  const values: Record<string, string> = {
    prep_fr: lieu.libelle_prep_fr,
    prep_en: lieu.libelle_prep_en,
    surface_fr: formatNumber(surface ?? 0, 'fr'),
    surface_en: formatNumber(surface ?? 0, 'en'),
    field_fr: formatNumber(field ?? 0, 'fr'),
    field_en: formatNumber(field ?? 0, 'en'),
    indef_fr: `${rubrique.gender === 'f' ? 'une' : 'un'} ${rubrique.noun_fr}`,
    indef_en: englishIndefinite(rubrique.noun_en),
    rooms: String(rooms ?? 0),
    bedrooms_fr: bedrooms === 1 ? '1 chambre' : `${bedrooms ?? 0} chambres`,
    bedrooms_en: bedrooms === 1 ? '1 bedroom' : `${bedrooms ?? 0} bedrooms`,
  };
  const sentences: Pair[] = [];
  sentences.push(
    pickPair(
      rng,
      rubrique.group === 'land'
        ? INTRO_LAND
        : rubrique.group === 'building'
          ? INTRO_BUILDING
          : INTRO,
    ),
  );
  if (rooms !== null) sentences.push(pickPair(rng, LAYOUT));
  const featured = atouts.filter((k) => k !== 'car').slice(0, 4);
  if (featured.length > 0 && rng.chance(0.85)) {
    const phrases = featured.map((k) => ATOUTS.find((a) => a.key === k) as (typeof ATOUTS)[number]);
    const [fr, en] = pickPair(rng, ATOUTS_SENTENCE);
    sentences.push([
      fr.replace(
        '{atouts_fr}',
        joinList(
          phrases.map((p) => p.fr),
          'fr',
        ),
      ),
      en.replace(
        '{atouts_en}',
        joinList(
          phrases.map((p) => p.en),
          'en',
        ),
      ),
    ]);
  }
  if (field !== null && rubrique.group !== 'land' && rng.chance(0.7))
    sentences.push(pickPair(rng, OUTDOOR));
  if (sentences.length < 4 || rng.chance(0.5))
    sentences.push(pickPair(rng, SETTING[spot.kind] ?? SETTING.city ?? []));
  if (sentences.length < 3 || (sentences.length < 5 && rng.chance(0.6)))
    sentences.push(pickPair(rng, CLOSING[nature]));
  const descriptionFr = sentences.map((s) => fill(s[0], values)).join(' ');
  const descriptionEn = sentences.map((s) => fill(s[1], values)).join(' ');

  // Energy diagnosis: not required for seasonal rentals and land; sometimes not provided.
  let dpeClass: DpeClass | null = null;
  let dpeValue: number | null = null;
  let gesClass: DpeClass | null = null;
  let gesValue: number | null = null;
  const missing = rubrique.id === RUB.chateaux ? 0.2 : SHARES.dpeMissing;
  if (nature !== 'S' && rubrique.group !== 'land' && !rng.chance(missing)) {
    const recent =
      adjective.key === 'contemporary' ||
      adjective.key === 'architect' ||
      rubrique.id === RUB.maisonsArchitecte;
    const old =
      rubrique.group === 'estate' || [RUB.chateaux, RUB.manoirs].includes(rubrique.id as 14);
    const weights: Record<DpeClass, number> = recent
      ? { A: 15, B: 35, C: 35, D: 15, E: 0, F: 0, G: 0 }
      : old
        ? { A: 0, B: 2, C: 10, D: 28, E: 30, F: 18, G: 12 }
        : { A: 4, B: 10, C: 24, D: 28, E: 18, F: 10, G: 6 };
    dpeClass = rng.weighted(DPE_CLASSES, (c) => weights[c]);
    const index = DPE_CLASSES.indexOf(dpeClass) + rng.int(-1, 1);
    gesClass = DPE_CLASSES[clamp(index, 0, DPE_CLASSES.length - 1)] as DpeClass;
    dpeValue = rng.int(DPE_BOUNDS[dpeClass][0], DPE_BOUNDS[dpeClass][1]);
    gesValue = rng.int(GES_BOUNDS[gesClass][0], GES_BOUNDS[gesClass][1]);
  }

  // Photos from the pool that show this offer, each captioned with what it shows.
  const photos: PhotoRow[] = pickPhotos(rng, ctx, {
    rubrique,
    setting: photoSettingOf(spot.kind),
    region: photoRegionOf(climate),
    atouts: atoutSet,
    modern: adjective.key === 'contemporary' || adjective.key === 'architect',
  }).map((kind) => ({
    id: kind.id,
    width: 1200,
    height: 900,
    alt_fr: `${titre1Fr} – ${kind.fr}`,
    alt_en: `${titre1En} – ${kind.en}`,
  }));

  // Dates.
  const day = 86_400_000;
  const nowMs = ctx.now.getTime();
  const published =
    nowMs -
    Math.floor(Math.pow(rng.next(), 1.15) * PUBLICATION_WINDOW_DAYS * 86_400) * 1000 -
    day / 24;
  const obsolete = rng.chance(SHARES.obsolete);
  const second = (ms: number) => Math.floor(ms / 1000) * 1000;
  const obsoleteAt = obsolete ? second(published + rng.float(0.2, 1) * (nowMs - published)) : null;
  const updated = obsoleteAt ?? second(published + rng.next() * 0.6 * (nowMs - published));
  const finalAgency = obsolete ? pickAgency(ctx, rng, bucket.key, spot.slug, false) : agency;

  const amplitude = lieu.type === 'Arrondissements' || lieu.type === 'Quartiers' ? 0.005 : 0.012;
  const lat =
    lieu.lat === null
      ? null
      : Math.round((lieu.lat + rng.float(-amplitude, amplitude)) * 1e5) / 1e5;
  const lng =
    lieu.lng === null
      ? null
      : Math.round((lieu.lng + rng.float(-amplitude, amplitude) * 1.4) * 1e5) / 1e5;
  const reference = offerReference(id);

  return {
    id,
    slug: `${kebab(titre1Fr)}-${id}`,
    nature,
    rubrique_id: rubrique.id,
    rubrique_path: rubriquePath(rubrique.id),
    lieu_id: lieu.id,
    lieu_path: lieuPath(lieu),
    agency_id: finalAgency.id,
    status: obsolete ? 'obsolete' : 'active',
    premium: !obsolete && rng.chance(SHARES.premium),
    exclusivity: rng.chance(SHARES.exclusivity),
    reference,
    titre1_fr: titre1Fr,
    titre1_en: titre1En,
    titre2_fr: titre2Fr,
    titre2_en: titre2En,
    description_fr: descriptionFr,
    description_en: descriptionEn,
    price,
    monthly_rent: monthlyRent,
    weekly_rent: weeklyRent,
    prix_cache: rng.chance(SHARES.prixCache),
    price_without_fees: priceWithoutFees,
    fees,
    condo,
    surface,
    field_surface: field,
    rooms,
    bedrooms,
    atouts,
    dpe_class: dpeClass,
    dpe_value: dpeValue,
    ges_class: gesClass,
    ges_value: gesValue,
    ...seedDpeReport({
      reference,
      seasonal: nature === 'S',
      land: rubrique.group === 'land',
      dpeValue,
      surface,
      publishedAt: published,
    }),
    photos,
    video_url: rng.chance(SHARES.video) ? `https://video.example.com/offres/${reference}` : null,
    tour_url: rng.chance(SHARES.tour) ? `https://visite.example.com/3d/${reference}` : null,
    lat,
    lng,
    published_at: new Date(published),
    updated_at: new Date(updated),
    obsolete_at: obsoleteAt === null ? null : new Date(obsoleteAt),
  };
}

/** Rubriques whose natures include the nature: what a generated offer must satisfy. */
export function rubriqueFitsNature(rubriqueId: number, nature: NatureId): boolean {
  return rubriqueById(rubriqueId).natures.includes(nature);
}
