import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { RUBRIQUES, RUB, type RubriqueSeed } from './catalog';
import { hashSeed, Prng } from './prng';

// The photo pool: JPEG pictures drawn locally (SVG scenes rendered by sharp), deterministic per
// id, in three 4:3 widths, plus one mosaic image per rubrique. Offers reference pool ids.

export const PHOTO_WIDTHS = [400, 800, 1200] as const;
export const PHOTO_MAX = { width: 1200, height: 900 } as const;
export const MOSAIC_SIZE = { width: 800, height: 600 } as const;
export const DEFAULT_PHOTO_COUNT = 240;

export function photoFileName(id: number, width: number): string {
  return `${id}-${width}.jpg`;
}
export function mosaicFileName(rubriqueId: number): string {
  return path.join('mosaic', `${rubriqueId}.jpg`);
}

type Scene = 'facade' | 'sea' | 'mountain' | 'interior' | 'pool' | 'city' | 'vineyard';
const SCENES: readonly Scene[] = [
  'facade',
  'sea',
  'mountain',
  'interior',
  'pool',
  'city',
  'vineyard',
];

const W = 1200;
const H = 900;

function hsl(h: number, s: number, l: number): string {
  return `hsl(${Math.round(h)},${Math.round(s)}%,${Math.round(l)}%)`;
}

function sky(rng: Prng, horizon: number): string {
  // Day, golden hour or dusk.
  const mood = rng.int(0, 2);
  const [top, bottom] =
    mood === 0
      ? [hsl(rng.float(200, 215), 70, rng.float(45, 55)), hsl(rng.float(195, 205), 60, 85)]
      : mood === 1
        ? [hsl(rng.float(205, 220), 55, 55), hsl(rng.float(30, 45), 85, 75)]
        : [hsl(rng.float(230, 250), 45, 30), hsl(rng.float(10, 25), 75, 65)];
  const sun = rng.chance(0.7)
    ? `<circle cx="${rng.int(100, W - 100)}" cy="${rng.int(60, Math.max(80, horizon - 120))}" r="${rng.int(30, 60)}" fill="${mood === 2 ? '#ffb070' : '#fff4c2'}" opacity="0.9"/>`
    : '';
  const clouds = Array.from({ length: rng.int(0, 4) }, () => {
    const x = rng.int(0, W);
    const y = rng.int(40, Math.max(60, horizon - 150));
    return `<ellipse cx="${x}" cy="${y}" rx="${rng.int(60, 160)}" ry="${rng.int(15, 35)}" fill="#ffffff" opacity="${rng.float(0.4, 0.8).toFixed(2)}"/>`;
  }).join('');
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
<rect width="${W}" height="${horizon}" fill="url(#sky)"/>${sun}${clouds}`;
}

function trees(
  rng: Prng,
  baseY: number,
  count: number,
  kind: 'round' | 'pine' | 'cypress',
): string {
  return Array.from({ length: count }, () => {
    const x = rng.int(0, W);
    const h = rng.int(80, 220);
    const green = hsl(rng.float(95, 140), rng.float(30, 50), rng.float(20, 35));
    if (kind === 'pine')
      return `<polygon points="${x},${baseY - h} ${x - h / 3},${baseY} ${x + h / 3},${baseY}" fill="${green}"/>`;
    if (kind === 'cypress')
      return `<ellipse cx="${x}" cy="${baseY - h / 2}" rx="${h / 9}" ry="${h / 2}" fill="${green}"/>`;
    return `<rect x="${x - 6}" y="${baseY - h / 3}" width="12" height="${h / 3}" fill="#5b4030"/><circle cx="${x}" cy="${baseY - h / 2}" r="${h / 3}" fill="${green}"/>`;
  }).join('');
}

function house(
  rng: Prng,
  x: number,
  y: number,
  w: number,
  h: number,
  style: 'flat' | 'pitched' | 'chalet',
): string {
  const wall =
    style === 'chalet'
      ? hsl(rng.float(20, 30), 45, rng.float(30, 40))
      : hsl(rng.float(30, 45), rng.float(20, 45), rng.float(75, 92));
  const roofColor =
    style === 'chalet' ? '#f4f6f8' : style === 'flat' ? '#e8e8e8' : hsl(rng.float(8, 20), 55, 45);
  const roof =
    style === 'flat'
      ? `<rect x="${x - 10}" y="${y - 14}" width="${w + 20}" height="14" fill="${roofColor}"/>`
      : `<polygon points="${x - 30},${y} ${x + w / 2},${y - h * (style === 'chalet' ? 0.6 : 0.4)} ${x + w + 30},${y}" fill="${roofColor}"/>`;
  const cols = Math.max(2, Math.round(w / 110));
  const rows = Math.max(1, Math.round(h / 120));
  const glass = style === 'flat' ? '#2d4659' : '#3b5568';
  let windows = '';
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const ww = style === 'flat' ? (w / cols) * 0.75 : 46;
      const wx = x + (w / cols) * (c + 0.5) - ww / 2;
      const wy = y + (h / rows) * r + 22;
      windows += `<rect x="${wx}" y="${wy}" width="${ww}" height="${(h / rows) * 0.55}" fill="${glass}" stroke="#ffffff" stroke-width="4"/>`;
    }
  }
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${wall}"/>${roof}${windows}`;
}

function sceneSvg(scene: Scene, rng: Prng): string {
  let body = '';
  switch (scene) {
    case 'sea': {
      const horizon = rng.int(360, 480);
      const sea = hsl(rng.float(195, 210), 65, rng.float(35, 45));
      body = `${sky(rng, horizon)}
<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="${sea}"/>
<polygon points="0,${horizon} ${rng.int(150, 400)},${horizon - rng.int(40, 90)} ${rng.int(450, 700)},${horizon}" fill="${hsl(110, 20, 35)}" opacity="0.8"/>
${Array.from({ length: 12 }, () => `<rect x="${rng.int(0, W)}" y="${rng.int(horizon + 10, H - 200)}" width="${rng.int(40, 140)}" height="3" fill="#ffffff" opacity="0.5"/>`).join('')}
<rect y="${H - 170}" width="${W}" height="170" fill="${hsl(35, 30, 80)}"/>
<rect y="${H - 190}" width="${W}" height="8" fill="#f5f5f5"/>
${Array.from({ length: 16 }, (_, i) => `<rect x="${i * 80 + 20}" y="${H - 190}" width="6" height="40" fill="#f5f5f5"/>`).join('')}
<rect x="${rng.int(100, 500)}" y="${H - 120}" width="${rng.int(300, 500)}" height="70" fill="${hsl(185, 70, 55)}"/>`;
      break;
    }
    case 'mountain': {
      const horizon = rng.int(420, 520);
      let peaks = '';
      for (let i = 0; i < 4; i++) {
        const cx = rng.int(-100, W + 100);
        const ph = rng.int(200, 380);
        const pw = rng.int(250, 450);
        peaks += `<polygon points="${cx - pw},${horizon} ${cx},${horizon - ph} ${cx + pw},${horizon}" fill="${hsl(215, 15, rng.float(40, 55))}"/>
<polygon points="${cx - pw * 0.25},${horizon - ph * 0.75} ${cx},${horizon - ph} ${cx + pw * 0.25},${horizon - ph * 0.75}" fill="#f8fbff"/>`;
      }
      body = `${sky(rng, horizon)}${peaks}
<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="#eef3f8"/>
${trees(rng, horizon + 40, rng.int(5, 10), 'pine')}
${house(rng, rng.int(300, 600), horizon + 40, rng.int(320, 460), rng.int(180, 240), 'chalet')}`;
      break;
    }
    case 'interior': {
      const wall = hsl(rng.float(20, 50), rng.float(10, 30), rng.float(80, 93));
      const floorY = rng.int(560, 640);
      const wx = rng.int(120, 700);
      body = `<rect width="${W}" height="${floorY}" fill="${wall}"/>
<defs><linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(28, 45, 45)}"/><stop offset="1" stop-color="${hsl(25, 50, 30)}"/></linearGradient></defs>
<rect y="${floorY}" width="${W}" height="${H - floorY}" fill="url(#floor)"/>
<rect x="${wx}" y="90" width="300" height="${floorY - 160}" fill="${hsl(200, 60, 78)}" stroke="#ffffff" stroke-width="14"/>
<line x1="${wx + 150}" y1="90" x2="${wx + 150}" y2="${floorY - 70}" stroke="#ffffff" stroke-width="8"/>
<rect x="${rng.int(80, 600)}" y="${floorY - 150}" width="${rng.int(380, 520)}" height="130" rx="24" fill="${hsl(rng.float(0, 360), 25, rng.float(35, 60))}"/>
<ellipse cx="${rng.int(400, 800)}" cy="${floorY + 120}" rx="320" ry="60" fill="${hsl(rng.float(0, 360), 20, 70)}" opacity="0.8"/>
<rect x="${rng.int(850, 1000)}" y="150" width="150" height="110" fill="${hsl(rng.float(0, 360), 50, 50)}" stroke="#8a6d3b" stroke-width="10"/>
<line x1="1050" y1="${floorY - 20}" x2="1050" y2="${floorY - 260}" stroke="#333333" stroke-width="6"/>
<polygon points="1010,${floorY - 260} 1090,${floorY - 260} 1070,${floorY - 320} 1030,${floorY - 320}" fill="#f3e6c4"/>`;
      break;
    }
    case 'pool': {
      const horizon = rng.int(300, 380);
      body = `${sky(rng, horizon)}
${trees(rng, horizon + 30, rng.int(4, 8), rng.chance(0.5) ? 'cypress' : 'round')}
<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="${hsl(rng.float(85, 110), 40, 42)}"/>
<rect y="${horizon + 180}" width="${W}" height="${H - horizon - 180}" fill="${hsl(35, 25, 82)}"/>
<polygon points="250,${horizon + 230} 950,${horizon + 230} 1100,${H - 60} 100,${H - 60}" fill="${hsl(186, 75, 52)}"/>
<polygon points="300,${horizon + 260} 900,${horizon + 260} 1000,${H - 100} 200,${H - 100}" fill="${hsl(190, 80, 62)}" opacity="0.6"/>
${house(rng, rng.int(150, 500), horizon - 120, rng.int(400, 600), 250, rng.chance(0.5) ? 'flat' : 'pitched')}`;
      break;
    }
    case 'city': {
      const horizon = H;
      const stone = hsl(rng.float(38, 45), rng.float(25, 40), rng.float(78, 86));
      let facade = `<rect x="0" y="140" width="${W}" height="${H - 140}" fill="${stone}"/>
<polygon points="0,140 ${W},140 ${W - 40},60 40,60" fill="${hsl(210, 12, 45)}"/>`;
      for (let floor = 0; floor < 5; floor++) {
        const y = 180 + floor * 140;
        for (let c = 0; c < 7; c++) {
          facade += `<rect x="${40 + c * 165}" y="${y}" width="70" height="100" fill="#34495e" stroke="#f7f2e6" stroke-width="6"/>`;
        }
        if (floor === 1 || floor === 4) {
          facade += `<rect x="20" y="${y + 100}" width="${W - 40}" height="10" fill="#2b2b2b"/>`;
          facade += Array.from(
            { length: 60 },
            (_, i) =>
              `<rect x="${25 + i * 19}" y="${y + 70}" width="3" height="30" fill="#2b2b2b"/>`,
          ).join('');
        }
      }
      body = `${sky(rng, horizon)}${facade}`;
      break;
    }
    case 'vineyard': {
      const horizon = rng.int(330, 420);
      let rows = '';
      for (let i = 0; i < 14; i++) {
        const y = horizon + 20 + i * i * 2.6;
        rows += `<rect x="0" y="${y}" width="${W}" height="${4 + i * 1.4}" fill="${hsl(100, 45, 25)}"/>`;
      }
      body = `${sky(rng, horizon)}
<polygon points="0,${horizon} ${rng.int(200, 500)},${horizon - rng.int(60, 120)} ${rng.int(600, 900)},${horizon - rng.int(20, 60)} ${W},${horizon}" fill="${hsl(100, 25, 45)}"/>
<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="${hsl(40, 35, 55)}"/>${rows}
${house(rng, rng.int(500, 800), horizon - 100, 300, 140, 'pitched')}
${trees(rng, horizon, rng.int(3, 6), 'cypress')}`;
      break;
    }
    default: {
      const horizon = rng.int(480, 560);
      body = `${sky(rng, horizon)}
${trees(rng, horizon, rng.int(4, 8), 'round')}
<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="${hsl(rng.float(80, 110), 40, 40)}"/>
${house(rng, rng.int(200, 450), horizon - 260, rng.int(450, 650), 260, rng.chance(0.4) ? 'flat' : 'pitched')}
<rect x="0" y="${H - 80}" width="${W}" height="80" fill="${hsl(35, 20, 70)}"/>`;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

function sceneForRubrique(r: RubriqueSeed): Scene {
  switch (r.id) {
    case RUB.chalets:
      return 'mountain';
    case RUB.villas:
    case RUB.penthouses:
      return 'sea';
    case RUB.mas:
    case RUB.bastides:
    case RUB.maisonsArchitecte:
      return 'pool';
    case RUB.domainesViticoles:
    case RUB.chateaux:
    case RUB.haras:
    case RUB.proprietesChasse:
      return 'vineyard';
    case RUB.appartements:
    case RUB.hotelsParticuliers:
    case RUB.immeubles:
    case RUB.duplex:
      return 'city';
    case RUB.lofts:
    case RUB.ateliers:
    case RUB.rezDeJardin:
    case RUB.hotels:
      return 'interior';
    default:
      return 'facade';
  }
}

async function writeAtomically(pipeline: Sharp, file: string): Promise<void> {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await pipeline.toFile(tmp);
  renameSync(tmp, file);
}

async function renderScene(
  svg: string,
  targets: ReadonlyArray<{ file: string; width: number; height: number }>,
): Promise<void> {
  const { data, info } = await sharp(Buffer.from(svg))
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

/** Writes the pool `{id}-{width}.jpg` (ids 1..count) and `mosaic/{rubriqueId}.jpg`; existing files are kept. */
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
    })).filter((t) => !existsSync(t.file));
    skipped += PHOTO_WIDTHS.length - targets.length;
    if (targets.length > 0) {
      jobs.push({
        svg: () => {
          const rng = new Prng(hashSeed('photo', id));
          return sceneSvg(rng.pick(SCENES), rng);
        },
        targets,
      });
    }
  }
  for (const r of options.rubriques ?? RUBRIQUES) {
    const file = path.join(dir, mosaicFileName(r.id));
    if (existsSync(file)) {
      skipped++;
      continue;
    }
    jobs.push({
      svg: () => sceneSvg(sceneForRubrique(r), new Prng(hashSeed('mosaic', r.id))),
      targets: [{ file, width: MOSAIC_SIZE.width, height: MOSAIC_SIZE.height }],
    });
  }

  const concurrency = options.concurrency ?? Math.max(2, Math.min(4, availableParallelism()));
  await runPool(jobs, concurrency, async (job) => {
    await renderScene(job.svg(), job.targets);
    written += job.targets.length;
  });
  return { written, skipped, ms: Math.round(performance.now() - started) };
}
