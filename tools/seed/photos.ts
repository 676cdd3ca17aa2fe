import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { PHOTO_WIDTHS } from '../../shared/contract';
import { PHOTO_MAX, photoFileName } from '../../listings-api/lib/photo-files';
import { RUB } from '../../listings-api/lib/rubriques';
import { RUBRIQUES, rubriqueById, type AtoutKey, type RubriqueSeed } from './catalog';
import type { Climate, PlaceKind } from './market';
import { hashSeed, Prng } from './prng';
import * as scenes from './scenes';

// The photo pool: JPEG pictures drawn locally (SVG scenes rendered by sharp), deterministic per
// id, in three 4:3 widths, plus one mosaic image per rubrique. Offers reference pool ids.

export const MOSAIC_SIZE = { width: 800, height: 600 } as const;
export const DEFAULT_PHOTO_COUNT = 240;

// Written beside the pictures: files drawn by another version of the pool are drawn again, so a
// photo always shows what its id's kind says.
const POOL_FILE = 'pool.json';
function poolVersion(): string {
  return `3:${PHOTO_KINDS.map((k) => k.key).join(',')}`;
}

function poolIsCurrent(dir: string): boolean {
  try {
    const stored = JSON.parse(readFileSync(path.join(dir, POOL_FILE), 'utf8')) as {
      version?: string;
    };
    return stored.version === poolVersion();
  } catch {
    return false;
  }
}

export function mosaicFileName(rubriqueId: number): string {
  return path.join('mosaic', `${rubriqueId}.jpg`);
}

/** Where an offer stands, as its photos show it. */
export type PhotoSetting = 'coast' | 'mountain' | 'lake' | 'city' | 'countryside' | 'vineyard';
/** Southern houses have tiled roofs and palm or cypress trees; northern ones slate. */
export type PhotoRegion = 'south' | 'north';
export type PhotoScene = 'exterior' | 'view' | 'outside' | 'interior';

const SETTING_OF_PLACE: Readonly<Record<PlaceKind, PhotoSetting>> = {
  city: 'city',
  suburb: 'city',
  coastTown: 'coast',
  coast: 'coast',
  mountain: 'mountain',
  lake: 'lake',
  village: 'countryside',
  vineyard: 'vineyard',
  countryside: 'countryside',
};

/** The setting a place's photos show: Courchevel the mountains, Cannes the coast. */
export function photoSettingOf(kind: PlaceKind): PhotoSetting {
  return SETTING_OF_PLACE[kind];
}
export function photoRegionOf(climate: Climate): PhotoRegion {
  return climate === 'south' || climate === 'tropical' ? 'south' : 'north';
}

/** What a photo must match: the offer's rubrique, place and atouts. */
export interface PhotoSubject {
  rubrique: RubriqueSeed;
  setting: PhotoSetting;
  region: PhotoRegion;
  atouts: ReadonlySet<AtoutKey>;
  /** Said to be contemporary or architect-designed: shown with a contemporary facade. */
  modern?: boolean;
}

export interface PhotoKind {
  key: string;
  scene: PhotoScene;
  /** The caption: what the picture shows. */
  fr: string;
  en: string;
  /** Rubriques it shows (exteriors); any but land when absent. */
  rubriques?: readonly number[];
  /** Settings it belongs to; any when absent. */
  settings?: readonly PhotoSetting[];
  region?: PhotoRegion;
  /** Shown only for an offer that has this atout. */
  atout?: AtoutKey;
  /** A further condition. */
  when?: (s: PhotoSubject) => boolean;
  draw: scenes.Draw;
}

const APARTMENTS = [
  RUB.appartements,
  RUB.lofts,
  RUB.penthouses,
  RUB.duplex,
  RUB.rezDeJardin,
  RUB.ateliers,
  RUB.immeubles,
];
// A chalet is shown in the snow: no summer garden or open-air pool beside it.
const wintry = (s: PhotoSubject) => s.setting === 'mountain' || s.rubrique.id === RUB.chalets;
const NOT_MOUNTAIN: readonly PhotoSetting[] = ['coast', 'lake', 'city', 'countryside', 'vineyard'];
const GREEN: readonly PhotoSetting[] = ['coast', 'lake', 'countryside', 'vineyard'];

const OUTDOOR_POOL: PhotoKind = {
  key: 'pool',
  scene: 'outside',
  fr: 'Piscine',
  en: 'Swimming pool',
  atout: 'piscine',
  settings: NOT_MOUNTAIN,
  // A city apartment's pool is indoors.
  when: (s) => !wintry(s) && !(s.setting === 'city' && APARTMENTS.includes(s.rubrique.id as 20)),
  draw: scenes.outdoorPool,
};

// The order matters: photo id n shows kind (n - 1) mod the count, so a pool at least as large as
// this list holds every kind, and small pools get interiors first, which fit every offer.
export const PHOTO_KINDS: readonly PhotoKind[] = [
  {
    key: 'living-room',
    scene: 'interior',
    fr: 'Séjour',
    en: 'Living room',
    draw: scenes.livingRoom,
  },
  { key: 'bedroom', scene: 'interior', fr: 'Chambre', en: 'Bedroom', draw: scenes.bedroom },
  { key: 'kitchen', scene: 'interior', fr: 'Cuisine', en: 'Kitchen', draw: scenes.kitchen },
  {
    key: 'bathroom',
    scene: 'interior',
    fr: 'Salle de bains',
    en: 'Bathroom',
    draw: scenes.bathroom,
  },
  {
    key: 'dining-room',
    scene: 'interior',
    fr: 'Salle à manger',
    en: 'Dining room',
    draw: scenes.diningRoom,
  },
  {
    key: 'fireplace',
    scene: 'interior',
    fr: 'Salon et cheminée',
    en: 'Living room with fireplace',
    atout: 'cheminee',
    draw: scenes.fireplaceRoom,
  },
  {
    key: 'loft',
    scene: 'interior',
    fr: 'Séjour sous verrière',
    en: 'Living room under a glass roof',
    rubriques: [RUB.lofts, RUB.ateliers],
    draw: scenes.loftRoom,
  },
  {
    key: 'wine-cellar',
    scene: 'interior',
    fr: 'Cave à vin',
    en: 'Wine cellar',
    atout: 'cave_a_vin',
    draw: scenes.wineCellar,
  },
  {
    key: 'sea-view',
    scene: 'view',
    fr: 'Vue sur la mer',
    en: 'Sea view',
    // Wherever the offer has a sea view, a hill village above the coast as much as a beach.
    atout: 'vue_mer',
    draw: scenes.seaView,
  },
  {
    key: 'mountain-view',
    scene: 'view',
    fr: 'Vue sur les montagnes',
    en: 'Mountain view',
    settings: ['mountain'],
    draw: scenes.mountainView,
  },
  {
    key: 'lake-view',
    scene: 'view',
    fr: 'Vue sur le lac',
    en: 'Lake view',
    settings: ['lake'],
    draw: scenes.lakeView,
  },
  {
    key: 'city-view',
    scene: 'view',
    fr: 'Vue sur les toits de la ville',
    en: 'View over the rooftops',
    settings: ['city'],
    when: (s) => s.rubrique.group !== 'land',
    draw: scenes.cityView,
  },
  {
    key: 'vineyard',
    scene: 'view',
    fr: 'Le vignoble',
    en: 'The vineyard',
    when: (s) => (s.setting === 'vineyard' || s.atouts.has('vigne')) && !wintry(s),
    draw: scenes.vineyardView,
  },
  {
    key: 'countryside-view',
    scene: 'view',
    fr: 'Vue sur la campagne',
    en: 'Countryside view',
    settings: ['countryside', 'vineyard'],
    draw: scenes.countrysideView,
  },
  OUTDOOR_POOL,
  {
    key: 'indoor-pool',
    scene: 'outside',
    fr: 'Piscine intérieure',
    en: 'Indoor swimming pool',
    atout: 'piscine',
    // Where the pool cannot be outside: one pool, one picture.
    when: (s) => !photoFits(OUTDOOR_POOL, s),
    draw: scenes.indoorPool,
  },
  {
    key: 'garden',
    scene: 'outside',
    fr: 'Jardin',
    en: 'Garden',
    atout: 'jardin',
    when: (s) => !wintry(s),
    draw: scenes.garden,
  },
  {
    key: 'terrace',
    scene: 'outside',
    fr: 'Terrasse',
    en: 'Terrace',
    atout: 'terrasse',
    draw: scenes.terrace,
  },
  {
    key: 'villa-south',
    scene: 'exterior',
    fr: 'Façade de la villa',
    en: 'Villa facade',
    rubriques: [RUB.villas],
    settings: NOT_MOUNTAIN,
    region: 'south',
    when: (s) => !s.modern,
    draw: scenes.villaSouth,
  },
  {
    key: 'villa-north',
    scene: 'exterior',
    fr: 'Façade de la villa',
    en: 'Villa facade',
    rubriques: [RUB.villas],
    settings: NOT_MOUNTAIN,
    region: 'north',
    when: (s) => !s.modern,
    draw: scenes.villaNorth,
  },
  {
    key: 'modern-house',
    scene: 'exterior',
    fr: 'Façade contemporaine',
    en: 'Contemporary facade',
    rubriques: [RUB.villas, RUB.maisons, RUB.maisonsArchitecte, RUB.bastides],
    settings: NOT_MOUNTAIN,
    when: (s) => s.modern === true || s.rubrique.id === RUB.maisonsArchitecte,
    draw: scenes.modernHouse,
  },
  {
    key: 'house-south',
    scene: 'exterior',
    fr: 'Façade de la maison',
    en: 'House facade',
    rubriques: [RUB.maisons],
    settings: NOT_MOUNTAIN,
    region: 'south',
    when: (s) => !s.modern,
    draw: scenes.houseSouth,
  },
  {
    key: 'house-north',
    scene: 'exterior',
    fr: 'Façade de la maison',
    en: 'House facade',
    rubriques: [RUB.maisons],
    settings: NOT_MOUNTAIN,
    region: 'north',
    when: (s) => !s.modern,
    draw: scenes.houseNorth,
  },
  {
    key: 'mas',
    scene: 'exterior',
    fr: 'Le mas et ses lavandes',
    en: 'The mas and its lavender',
    rubriques: [RUB.mas],
    settings: NOT_MOUNTAIN,
    draw: scenes.mas,
  },
  {
    key: 'bastide',
    scene: 'exterior',
    fr: 'Façade de la bastide',
    en: 'Bastide facade',
    rubriques: [RUB.bastides],
    settings: NOT_MOUNTAIN,
    when: (s) => !s.modern,
    draw: scenes.bastide,
  },
  {
    key: 'chalet',
    scene: 'exterior',
    fr: 'Chalet sous la neige',
    en: 'Chalet in the snow',
    rubriques: [RUB.chalets, RUB.maisons],
    settings: ['mountain', 'lake'],
    // Houses by a lake keep their own facades.
    when: (s) => s.rubrique.id === RUB.chalets || s.setting === 'mountain',
    draw: scenes.chalet,
  },
  {
    key: 'chateau',
    scene: 'exterior',
    fr: 'Façade du château',
    en: 'Castle facade',
    rubriques: [RUB.chateaux],
    settings: NOT_MOUNTAIN,
    draw: scenes.chateau,
  },
  {
    key: 'manoir',
    scene: 'exterior',
    fr: 'Façade du manoir',
    en: 'Manor house facade',
    rubriques: [RUB.manoirs],
    settings: NOT_MOUNTAIN,
    draw: scenes.manoir,
  },
  {
    key: 'estate',
    scene: 'exterior',
    fr: 'La propriété et son parc',
    en: 'The estate and its grounds',
    rubriques: [RUB.proprietes],
    settings: NOT_MOUNTAIN,
    draw: scenes.estatePark,
  },
  {
    key: 'stud-farm',
    scene: 'exterior',
    fr: 'Les écuries et les paddocks',
    en: 'Stables and paddocks',
    rubriques: [RUB.haras],
    settings: GREEN,
    draw: scenes.haras,
  },
  {
    key: 'hunting-estate',
    scene: 'exterior',
    fr: 'Le domaine et ses bois',
    en: 'The estate and its woods',
    rubriques: [RUB.proprietesChasse],
    settings: GREEN,
    draw: scenes.huntingEstate,
  },
  {
    key: 'wine-estate',
    scene: 'exterior',
    fr: 'Le domaine au milieu des vignes',
    en: 'The estate among its vines',
    rubriques: [RUB.domainesViticoles],
    settings: GREEN,
    draw: scenes.wineEstate,
  },
  {
    key: 'city-building',
    scene: 'exterior',
    fr: "Façade de l'immeuble",
    en: 'Building facade',
    rubriques: APARTMENTS,
    settings: ['city', 'lake', 'countryside', 'vineyard'],
    draw: scenes.cityBuilding,
  },
  {
    key: 'sea-residence',
    scene: 'exterior',
    fr: 'La résidence face à la mer',
    en: 'The residence facing the sea',
    rubriques: APARTMENTS,
    settings: ['coast'],
    draw: scenes.seaResidence,
  },
  {
    key: 'mountain-residence',
    scene: 'exterior',
    fr: 'La résidence sous la neige',
    en: 'The residence in the snow',
    rubriques: APARTMENTS,
    settings: ['mountain'],
    draw: scenes.mountainResidence,
  },
  {
    key: 'town-mansion',
    scene: 'exterior',
    fr: "Façade de l'hôtel particulier",
    en: 'Town mansion facade',
    rubriques: [RUB.hotelsParticuliers],
    settings: NOT_MOUNTAIN,
    draw: scenes.townMansion,
  },
  {
    key: 'hotel',
    scene: 'exterior',
    fr: "Façade de l'hôtel",
    en: 'Hotel facade',
    rubriques: [RUB.hotels],
    draw: scenes.hotel,
  },
  {
    key: 'plot',
    scene: 'exterior',
    fr: 'Le terrain',
    en: 'The plot',
    rubriques: [RUB.terrains],
    settings: NOT_MOUNTAIN,
    when: (s) => !s.atouts.has('vue_mer'),
    draw: scenes.landPlot,
  },
  {
    key: 'sea-plot',
    scene: 'exterior',
    fr: 'Le terrain face à la mer',
    en: 'The plot facing the sea',
    rubriques: [RUB.terrains],
    settings: NOT_MOUNTAIN,
    atout: 'vue_mer',
    draw: scenes.seaPlot,
  },
  {
    key: 'snowy-plot',
    scene: 'exterior',
    fr: 'Le terrain sous la neige',
    en: 'The plot in the snow',
    rubriques: [RUB.terrains],
    settings: ['mountain'],
    draw: scenes.snowyPlot,
  },
];

/** What pool photo `id` shows. */
export function photoKindOf(id: number): PhotoKind {
  return PHOTO_KINDS[(id - 1) % PHOTO_KINDS.length] as PhotoKind;
}

/** The SVG drawing of pool photo `id`, the same on every run. */
export function photoSvg(id: number): string {
  return scenes.svgOf(photoKindOf(id).draw(new Prng(hashSeed('photo', id))));
}

/** Whether a photo of that kind may illustrate that offer. */
export function photoFits(kind: PhotoKind, s: PhotoSubject): boolean {
  if (kind.rubriques) {
    if (!kind.rubriques.includes(s.rubrique.id)) return false;
  } else if (s.rubrique.group === 'land' && kind.scene !== 'view') return false;
  if (kind.settings && !kind.settings.includes(s.setting)) return false;
  if (kind.region && kind.region !== s.region) return false;
  if (kind.atout && !s.atouts.has(kind.atout)) return false;
  return kind.when ? kind.when(s) : true;
}

// A mosaic shows its rubrique where it is most typical.
const MOSAIC_SUBJECT: Readonly<Partial<Record<number, Omit<PhotoSubject, 'rubrique'>>>> = {
  [RUB.chalets]: { setting: 'mountain', region: 'north', atouts: new Set() },
  [RUB.appartements]: { setting: 'city', region: 'north', atouts: new Set() },
  [RUB.lofts]: { setting: 'city', region: 'north', atouts: new Set() },
  [RUB.ateliers]: { setting: 'city', region: 'north', atouts: new Set() },
  [RUB.duplex]: { setting: 'city', region: 'north', atouts: new Set() },
  [RUB.rezDeJardin]: { setting: 'city', region: 'north', atouts: new Set() },
  [RUB.immeubles]: { setting: 'city', region: 'north', atouts: new Set() },
  [RUB.hotelsParticuliers]: { setting: 'city', region: 'north', atouts: new Set() },
  [RUB.penthouses]: { setting: 'coast', region: 'south', atouts: new Set() },
  [RUB.domainesViticoles]: { setting: 'vineyard', region: 'south', atouts: new Set() },
};

function mosaicKind(r: RubriqueSeed): PhotoKind {
  const rubrique = r.is_generic ? rubriqueById(RUB.villas) : r;
  const subject: PhotoSubject = {
    rubrique,
    ...(MOSAIC_SUBJECT[rubrique.id] ?? {
      setting: 'countryside',
      region: 'south',
      atouts: new Set(),
    }),
  };
  const exteriors = PHOTO_KINDS.filter((k) => k.scene === 'exterior');
  return (
    // A loft is best shown inside.
    PHOTO_KINDS.find((k) => k.scene === 'interior' && k.rubriques?.includes(rubrique.id)) ??
    exteriors.find((k) => photoFits(k, subject)) ??
    exteriors.find((k) => k.rubriques?.includes(rubrique.id)) ??
    (PHOTO_KINDS[0] as PhotoKind)
  );
}

async function writeAtomically(pipeline: Sharp, file: string): Promise<void> {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await pipeline.toFile(tmp);
  renameSync(tmp, file);
}

let finish: Promise<Buffer> | null = null;
/** The light laid over every picture, rendered once. */
function finishOverlay(): Promise<Buffer> {
  finish ??= sharp(Buffer.from(scenes.FINISH_SVG)).png().toBuffer();
  return finish;
}

async function renderScene(
  svg: string,
  targets: ReadonlyArray<{ file: string; width: number; height: number }>,
): Promise<void> {
  const { data, info } = await sharp(Buffer.from(svg))
    .composite([{ input: await finishOverlay() }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (const t of targets) {
    const img = sharp(data, {
      raw: { width: info.width, height: info.height, channels: info.channels },
    });
    await writeAtomically(
      img.resize(t.width, t.height).jpeg({ quality: 78, optimiseCoding: false }),
      t.file,
    );
  }
}

async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(workers);
}

export interface PhotoSummary {
  written: number;
  skipped: number;
  ms: number;
}

/**
 * Writes the pool `{id}-{width}.jpg` (ids 1..count) and `mosaic/{rubriqueId}.jpg`; existing files
 * of the same pool version are kept.
 */
export async function generatePhotos(options: {
  dir: string;
  count?: number;
  rubriques?: readonly RubriqueSeed[];
  concurrency?: number;
}): Promise<PhotoSummary> {
  const started = performance.now();
  const count = options.count ?? DEFAULT_PHOTO_COUNT;
  const dir = options.dir;
  mkdirSync(path.join(dir, 'mosaic'), { recursive: true });
  const current = poolIsCurrent(dir);
  const kept = (file: string) => current && existsSync(file);
  let written = 0;
  let skipped = 0;

  const jobs: Array<{
    svg: () => string;
    targets: Array<{ file: string; width: number; height: number }>;
  }> = [];
  for (let id = 1; id <= count; id++) {
    const targets = PHOTO_WIDTHS.map((width) => ({
      file: path.join(dir, photoFileName(id, width)),
      width,
      height: (width * PHOTO_MAX.height) / PHOTO_MAX.width,
    })).filter((t) => !kept(t.file));
    skipped += PHOTO_WIDTHS.length - targets.length;
    if (targets.length > 0) {
      jobs.push({
        svg: () => photoSvg(id),
        targets,
      });
    }
  }
  for (const r of options.rubriques ?? RUBRIQUES) {
    const file = path.join(dir, mosaicFileName(r.id));
    if (kept(file)) {
      skipped++;
      continue;
    }
    jobs.push({
      svg: () => scenes.svgOf(mosaicKind(r).draw(new Prng(hashSeed('mosaic', r.id)))),
      targets: [{ file, width: MOSAIC_SIZE.width, height: MOSAIC_SIZE.height }],
    });
  }

  const concurrency = options.concurrency ?? Math.max(2, Math.min(4, availableParallelism()));
  await runPool(jobs, concurrency, async (job) => {
    await renderScene(job.svg(), job.targets);
    written += job.targets.length;
  });
  if (!current)
    writeFileSync(path.join(dir, POOL_FILE), JSON.stringify({ version: poolVersion() }));
  return { written, skipped, ms: Math.round(performance.now() - started) };
}
