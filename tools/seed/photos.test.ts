import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { photoFileName } from '../../listings-api/lib/photo-files';
import { RUBRIQUES, rubriqueById, type RubriqueSeed } from './catalog';
import { BUCKETS, RUBRIQUE_WEIGHTS, type PlaceKind } from './market';
import { climateOf } from './offers';
import {
  generatePhotos,
  mosaicFileName,
  PHOTO_KINDS,
  photoFits,
  photoKindOf,
  photoRegionOf,
  photoSettingOf,
  photoSvg,
  type PhotoKind,
} from './photos';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'seed-photos-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('photo pool', () => {
  const rubriques = RUBRIQUES.slice(0, 2);

  it('writes every photo in three 4:3 sizes and a mosaic per rubrique, then keeps them', async () => {
    const dir = tempDir();
    const first = await generatePhotos({ dir, count: 3, rubriques });
    expect(first).toMatchObject({ written: 3 * 3 + 2, skipped: 0 });
    for (const [file, width, height] of [
      [photoFileName(1, 400), 400, 300],
      [photoFileName(2, 800), 800, 600],
      [photoFileName(3, 1200), 1200, 900],
      [mosaicFileName(rubriques[0]?.id as number), 800, 600],
    ] as const) {
      const meta = await sharp(path.join(dir, file)).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width, height });
    }
    const second = await generatePhotos({ dir, count: 3, rubriques });
    expect(second).toMatchObject({ written: 0, skipped: 11 });
  });

  it('draws again the files of another version of the pool', async () => {
    const dir = tempDir();
    await generatePhotos({ dir, count: 2, rubriques: [] });
    writeFileSync(path.join(dir, 'pool.json'), JSON.stringify({ version: 'older' }));
    expect(await generatePhotos({ dir, count: 2, rubriques: [] })).toMatchObject({
      written: 6,
      skipped: 0,
    });
    expect(await generatePhotos({ dir, count: 2, rubriques: [] })).toMatchObject({
      written: 0,
      skipped: 6,
    });
  });

  it('draws the same picture for the same id, and pictures that are not blank', async () => {
    const a = tempDir();
    const b = tempDir();
    await generatePhotos({ dir: a, count: 2, rubriques: [] });
    await generatePhotos({ dir: b, count: 2, rubriques: [] });
    const file = photoFileName(2, 400);
    expect(readFileSync(path.join(a, file)).equals(readFileSync(path.join(b, file)))).toBe(true);
    expect(
      readFileSync(path.join(a, photoFileName(1, 400))).equals(readFileSync(path.join(a, file))),
    ).toBe(false);
    const stats = await sharp(path.join(a, photoFileName(1, 800))).stats();
    // Several distinct colours: a real scene, not a flat fill.
    expect(stats.channels.some((c) => c.stdev > 20)).toBe(true);
    expect(statSync(path.join(a, photoFileName(1, 1200))).size).toBeGreaterThan(10_000);
  });
});

describe('photo kinds', () => {
  const idsOf = (key: string, count = 3 * PHOTO_KINDS.length) =>
    Array.from({ length: count }, (_, i) => i + 1).filter((id) => photoKindOf(id).key === key);

  it.each([PHOTO_KINDS.length, 48, 240])('gives a pool of %i photos every kind', (count) => {
    const shown = new Set(Array.from({ length: count }, (_, i) => photoKindOf(i + 1).key));
    expect(shown.size).toBe(PHOTO_KINDS.length);
  });

  it('captions every kind in both languages, each key once', () => {
    expect(new Set(PHOTO_KINDS.map((k) => k.key)).size).toBe(PHOTO_KINDS.length);
    for (const k of PHOTO_KINDS) {
      expect(k.fr.length).toBeGreaterThan(3);
      expect(k.en.length).toBeGreaterThan(3);
    }
  });

  // Every rubrique drawn for a place, with that place's climate, has a facade to show.
  const places: Array<[string, PlaceKind, RubriqueSeed]> = [];
  for (const [kind, weights] of Object.entries(RUBRIQUE_WEIGHTS) as Array<
    [PlaceKind, Record<number, number>]
  >) {
    for (const [id, weight] of Object.entries(weights))
      if (weight > 0) places.push([`${kind} ${id}`, kind, rubriqueById(Number(id))]);
  }
  it.each(places)('has an outside to show first for %s', (_label, kind, rubrique) => {
    const spots = BUCKETS.flatMap((b) =>
      b.spots.filter((s) => s.kind === kind).map((s) => ({ b, s })),
    );
    for (const { b, s } of spots) {
      const subject = {
        rubrique,
        setting: photoSettingOf(kind),
        region: photoRegionOf(climateOf(b, s)),
        atouts: new Set<never>(),
      };
      const exteriors = PHOTO_KINDS.filter((k) => k.scene === 'exterior' && photoFits(k, subject));
      expect(exteriors.length, s.slug).toBeGreaterThan(0);
    }
  });

  // What a visitor sees in each picture, measured on its pixels.
  type Check = (c: { r: number; g: number; b: number }) => boolean;
  const blue: Check = ({ r, b }) => b > r + 40;
  const snow: Check = ({ r, g, b }) => Math.min(r, g, b) > 200;
  const water: Check = ({ r, g, b }) => b > r + 60 && g > r + 60;
  const indoors: Check = ({ r, b }) => r >= b - 8;
  const green: Check = ({ r, g, b }) => g > r && g > b;
  type Region = { left: number; top: number; width: number; height: number };
  const cases: Array<[string, Region, Check]> = [
    // The sea fills the band between the horizon and the balcony.
    ['sea-view', { left: 0, top: 165, width: 400, height: 35 }, blue],
    ['chalet', { left: 0, top: 275, width: 400, height: 25 }, snow],
    ['snowy-plot', { left: 0, top: 260, width: 60, height: 40 }, snow],
    ['mountain-residence', { left: 0, top: 280, width: 400, height: 20 }, snow],
    ['pool', { left: 170, top: 245, width: 60, height: 20 }, water],
    ['indoor-pool', { left: 170, top: 245, width: 60, height: 20 }, water],
    ['garden', { left: 0, top: 160, width: 60, height: 40 }, green],
    ['living-room', { left: 0, top: 0, width: 400, height: 10 }, indoors],
    ['bedroom', { left: 0, top: 0, width: 400, height: 10 }, indoors],
    ['kitchen', { left: 0, top: 0, width: 400, height: 10 }, indoors],
    ['dining-room', { left: 0, top: 0, width: 400, height: 10 }, indoors],
  ];
  // Stats of the drawn picture, cut after the resize (sharp's stats() reads its input).
  const meanColour = async (id: number, region: Region) => {
    const part = await sharp(Buffer.from(photoSvg(id)))
      .resize(400, 300)
      .removeAlpha()
      .extract(region)
      .png()
      .toBuffer();
    const [r, g, b] = (await sharp(part).stats()).channels.map((c) => c.mean) as [
      number,
      number,
      number,
    ];
    return { r, g, b };
  };
  it.each(cases)('draws %s so that it reads as such', async (key, region, check) => {
    for (const id of idsOf(key)) {
      const { r, g, b } = await meanColour(id, region);
      expect(check({ r, g, b }), `${id}: ${r}, ${g}, ${b}`).toBe(true);
    }
  });

  it('draws pictures of the other kinds differently', async () => {
    // The checks above must fail on pictures of another kind.
    const mean = (kind: PhotoKind, region: Region) =>
      meanColour(idsOf(kind.key)[0] as number, region);
    const kind = (key: string) => PHOTO_KINDS.find((k) => k.key === key) as PhotoKind;
    const region = (key: string) => cases.find((c) => c[0] === key)?.[1] as Region;
    const [sea, chalet, pool, living] = ['sea-view', 'chalet', 'pool', 'living-room'].map(region);
    expect(blue(await mean(kind('vineyard'), sea!))).toBe(false);
    expect(snow(await mean(kind('villa-south'), chalet!))).toBe(false);
    expect(water(await mean(kind('terrace'), pool!))).toBe(false);
    expect(indoors(await mean(kind('sea-view'), living!))).toBe(false);
  });
});
