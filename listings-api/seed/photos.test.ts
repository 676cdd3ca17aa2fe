import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { RUBRIQUES } from './catalog';
import { generatePhotos, mosaicFileName, photoFileName } from './photos';

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
