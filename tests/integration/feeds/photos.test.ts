import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { BlockList, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../listings-api/db/connection';
import {
  createLimiter,
  createPhotoStore,
  isRefusedAddress,
  NON_PUBLIC_ADDRESSES,
  type PhotoResult,
  type PhotoStoreOptions,
} from '../../../listings-api/feeds/photos';
import { PHOTO_WIDTHS } from '../../../shared/contract';
import { isHostAllowed } from '../../../shared/host-list';
import { photoFileName } from '../../../listings-api/lib/photo-files';
import { createTestDb, testDbKinds } from '../../fixtures/db';

// Photos of feeds, from files and from URLs served by a local HTTP server, stored in a
// throw-away photo folder and the test database. Images are drawn with sharp here.

/** A JPEG or PNG of one colour with a bar across it (no two colours give the same bytes). */
async function image(
  format: 'jpeg' | 'png',
  width: number,
  height: number,
  colour: string,
): Promise<Buffer> {
  const bar = await sharp({
    create: { width, height: Math.ceil(height / 10), channels: 3, background: '#202020' },
  })
    .png()
    .toBuffer();
  const img = sharp({
    create: {
      width,
      height,
      channels: format === 'png' ? 4 : 3,
      background: format === 'png' ? { r: 40, g: 120, b: 200, alpha: 0.5 } : colour,
    },
  }).composite([{ input: bar, top: Math.floor(height / 2), left: 0 }]);
  return format === 'png' ? img.png().toBuffer() : img.jpeg().toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid black-and-white PNG of width × height pixels, a few kilobytes long: one bit a pixel,
 * deflated rows of zeros. Decoded, it is width × height × 3 bytes.
 */
function bombPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(1, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function expectOk(result: PhotoResult): Extract<PhotoResult, { ok: true }> {
  if (!result.ok) throw new Error(`expected a stored photo, got: ${result.reason}`);
  return result;
}

function expectRefused(result: PhotoResult, reason: RegExp): void {
  expect(result.ok).toBe(false);
  expect((result as { reason: string }).reason).toMatch(reason);
}

describe.each(testDbKinds)('feed photos on %s', (kind) => {
  let db: Db;
  let work: string;
  let photosDir: string;
  let server: Server;
  let origin: string;
  const hits = new Map<string, number>();
  const routes = new Map<string, (res: ServerResponse) => void>();

  // The test's server listens on loopback, which the store refuses unless told otherwise.
  const store = (options: Partial<PhotoStoreOptions> = {}) =>
    createPhotoStore(db, {
      photosDir,
      allowedHosts: ['127.0.0.1'],
      refusedAddresses: new BlockList(),
      ...options,
    });

  const writeFile = (name: string, bytes: Buffer | string) => {
    const file = path.join(work, name);
    writeFileSync(file, bytes);
    return file;
  };

  async function expectFiles(id: number, width: number, height: number): Promise<void> {
    for (const w of PHOTO_WIDTHS) {
      const file = path.join(photosDir, photoFileName(id, w));
      const meta = await sharp(file).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'jpeg',
        width: w,
        height: Math.round((w * height) / width),
      });
    }
  }

  beforeAll(async () => {
    db = await createTestDb(kind);
    work = mkdtempSync(path.join(tmpdir(), 'feed-photos-'));
    photosDir = path.join(work, 'photos');
    server = createServer((req, res) => {
      const route = req.url ?? '';
      hits.set(route, (hits.get(route) ?? 0) + 1);
      const answer = routes.get(route);
      if (answer) answer(res);
      else res.writeHead(404).end('not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await db?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  describe('from a file', () => {
    it('stores a JPEG once, in the three widths, and reuses it for the same bytes', async () => {
      const bytes = await image('jpeg', 1600, 1200, '#a05030');
      const photos = store();
      const first = expectOk(await photos.fromFile(writeFile('REF-1-a.jpg', bytes)));
      expect(first).toMatchObject({ width: 1200, height: 900, reused: false });
      expect(first.photoId).toBeGreaterThanOrEqual(10_000_000);
      await expectFiles(first.photoId, 1200, 900);

      // The same bytes under another name, by another store (tomorrow's import).
      const again = expectOk(await store().fromFile(writeFile('REF-9-c.jpg', bytes)));
      expect(again).toEqual({ ...first, reused: true });
      const rows = await db.kysely
        .selectFrom('feed_photos')
        .selectAll()
        .where('photo_id', '=', first.photoId)
        .execute();
      expect(rows).toMatchObject([{ width: 1200, height: 900 }]);
      // No temporary file is left beside the photos.
      expect(readdirSync(photosDir).filter((f) => !f.endsWith('.jpg'))).toEqual([]);
    });

    it('stores the same new photo asked twice at once under one id', async () => {
      const bytes = await image('jpeg', 800, 600, '#305070');
      const photos = store();
      const [a, b] = await Promise.all([
        photos.fromFile(writeFile('twice-a.jpg', bytes)),
        photos.fromFile(writeFile('twice-b.jpg', bytes)),
      ]);
      expect(expectOk(a).photoId).toBe(expectOk(b).photoId);
      expect([expectOk(a).reused, expectOk(b).reused].sort()).toEqual([false, true]);
    });

    it('stores a photo two imports race on under one id, leaving no stray files', async () => {
      const bytes = await image('jpeg', 1000, 750, '#907050');
      const file = writeFile('raced.jpg', bytes);
      const filesBefore = new Set(existsSync(photosDir) ? readdirSync(photosDir) : []);
      // Two stores share nothing but the database and the folder, as two processes would.
      const [a, b] = await Promise.all([store().fromFile(file), store().fromFile(file)]);
      expect(expectOk(a).photoId).toBe(expectOk(b).photoId);
      const added = readdirSync(photosDir).filter((f) => !filesBefore.has(f));
      expect(added.sort()).toEqual(
        PHOTO_WIDTHS.map((w) => photoFileName(expectOk(a).photoId, w)).sort(),
      );
    });

    it('keeps the aspect of a portrait PNG and flattens its transparency', async () => {
      const bytes = await image('png', 900, 1200, '');
      const result = expectOk(await store().fromFile(writeFile('portrait.png', bytes)));
      expect(result).toMatchObject({ width: 1200, height: 1600, reused: false });
      await expectFiles(result.photoId, 1200, 1600);
      const { channels } = await sharp(
        path.join(photosDir, photoFileName(result.photoId, 400)),
      ).metadata();
      expect(channels).toBe(3);
    });

    it('crops a panorama strip to twice as wide as high', async () => {
      const bytes = await image('jpeg', 3000, 500, '#70a050');
      const result = expectOk(await store().fromFile(writeFile('panorama.jpg', bytes)));
      expect(result).toMatchObject({ width: 1200, height: 600 });
      await expectFiles(result.photoId, 1200, 600);
    });

    it('turns a photo taken sideways upright by its EXIF orientation', async () => {
      const bytes = await sharp(await image('jpeg', 1600, 1200, '#b0a040'))
        .withMetadata({ orientation: 6 })
        .jpeg()
        .toBuffer();
      const result = expectOk(await store().fromFile(writeFile('sideways.jpg', bytes)));
      expect(result).toMatchObject({ width: 1200, height: 1600 });
      await expectFiles(result.photoId, 1200, 1600);
    });

    it('reads WebP and AVIF', async () => {
      const source = await image('jpeg', 800, 600, '#40b0a0');
      for (const [name, bytes] of [
        ['photo.webp', await sharp(source).webp().toBuffer()],
        ['photo.avif', await sharp(source).avif().toBuffer()],
      ] as const) {
        const result = expectOk(await store().fromFile(writeFile(name, bytes)));
        expect(result).toMatchObject({ width: 1200, height: 900, reused: false });
      }
    });

    it('refuses a text file named .jpg', async () => {
      const file = writeFile('photo3.jpg', 'REF-1;Maison;Paris\n');
      expectRefused(await store().fromFile(file), /^photo3\.jpg is not an image$/);
    });

    it('refuses an SVG', async () => {
      const file = writeFile(
        'plan.jpg',
        '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600"/></svg>',
      );
      expectRefused(await store().fromFile(file), /^plan\.jpg: SVG images are not accepted/);
    });

    it('refuses a decompression bomb by its pixels, before decoding it', async () => {
      const bytes = bombPng(10_000, 10_000);
      expect(bytes.length).toBeLessThan(100_000);
      const started = performance.now();
      const result = await store({ maxPixels: 20_000_000 }).fromFile(writeFile('bomb.png', bytes));
      expectRefused(result, /^bomb\.png: 10000×10000 pixels is over the limit \(20 MP\)$/);
      expect(performance.now() - started).toBeLessThan(2000);
    });

    it('refuses a file larger than the limit, and a missing one', async () => {
      const bytes = await image('jpeg', 1200, 900, '#c0c0c0');
      expectRefused(
        await store({ maxBytes: bytes.length - 1 }).fromFile(writeFile('heavy.jpg', bytes)),
        /^heavy\.jpg: larger than /,
      );
      expectRefused(
        await store().fromFile(path.join(work, 'absent.jpg')),
        /^absent\.jpg: no such file in the feed$/,
      );
    });
  });

  describe('from a URL', () => {
    let served: Buffer;
    beforeAll(async () => {
      served = await image('jpeg', 1200, 900, '#5080b0');
      const jpeg = (res: ServerResponse) =>
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(served);
      routes.set('/a.jpg', jpeg);
      routes.set('/same-bytes.jpg', jpeg);
      routes.set('/moved.jpg', (res) => res.writeHead(301, { location: '/a.jpg' }).end());
      routes.set('/away.jpg', (res) =>
        res.writeHead(302, { location: origin.replace('127.0.0.1', 'localhost') + '/a.jpg' }).end(),
      );
      routes.set('/loop.jpg', (res) => res.writeHead(302, { location: '/loop.jpg' }).end());
      routes.set('/page.jpg', (res) =>
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>moved</html>'),
      );
      routes.set('/never.jpg', () => {});
      routes.set('/endless.jpg', (res) => {
        // No length given, and more bytes than allowed.
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        const chunk = Buffer.alloc(16 * 1024, 0xff);
        let sent = 0;
        const pump = () => {
          while (sent < 1024 * 1024 && !res.destroyed) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        pump();
      });
      routes.set('/declared.jpg', (res) => {
        // Says 20 MB, sends a kilobyte and waits: the length alone is enough to refuse.
        res.writeHead(200, { 'content-length': String(20 * 1024 * 1024) });
        res.write(Buffer.alloc(1024));
      });
    });

    it('downloads a photo once: the same URL again costs no request', async () => {
      const first = expectOk(await store().fromUrl(`${origin}/a.jpg`));
      expect(first).toMatchObject({ width: 1200, height: 900, reused: false });
      await expectFiles(first.photoId, 1200, 900);
      expect(hits.get('/a.jpg')).toBe(1);

      const again = expectOk(await store().fromUrl(`${origin}/a.jpg`));
      expect(again).toEqual({ ...first, reused: true });
      expect(hits.get('/a.jpg')).toBe(1);
      const urls = await db.kysely
        .selectFrom('feed_photo_urls')
        .select('url')
        .where('url', '=', `${origin}/a.jpg`)
        .execute();
      expect(urls).toHaveLength(1);

      // Another URL with the same bytes is downloaded but stored under the same id.
      const twin = expectOk(await store().fromUrl(`${origin}/same-bytes.jpg`));
      expect(twin).toEqual({ ...first, reused: true });
      expect(hits.get('/same-bytes.jpg')).toBe(1);
    });

    it('follows a redirect within the allowed hosts', async () => {
      const result = expectOk(await store().fromUrl(`${origin}/moved.jpg`));
      expect(result.width).toBe(1200);
      expect(hits.get('/moved.jpg')).toBe(1);
    });

    it('refuses a host not in the allow list without asking it', async () => {
      const before = hits.get('/a.jpg');
      expectRefused(
        await store({ allowedHosts: [] }).fromUrl(`${origin}/fresh.jpg`),
        /fresh\.jpg: host not allowed \(FEEDS_PHOTO_HOSTS\)$/,
      );
      expectRefused(
        await store({ allowedHosts: ['photos.example.com'] }).fromUrl(`${origin}/fresh.jpg`),
        /host not allowed/,
      );
      expect(hits.get('/fresh.jpg')).toBeUndefined();
      expect(hits.get('/a.jpg')).toBe(before);
    });

    it('refuses loopback, private, link-local and metadata addresses whatever the allow list says', async () => {
      const port = new URL(origin).port;
      const guarded = store({
        allowedHosts: ['localhost', '127.0.0.1', '[::1]', '::1', '169.254.169.254', '10.1.2.3'],
        refusedAddresses: NON_PUBLIC_ADDRESSES,
      });
      const before = hits.get('/a.jpg') ?? 0;
      // By name: resolved, then refused before any request.
      expectRefused(
        await guarded.fromUrl(`http://localhost:${port}/a.jpg`),
        /a\.jpg: localhost is (127\.0\.0\.1|::1), not a public address$/,
      );
      // Written as addresses.
      for (const host of ['127.0.0.1', '[::1]', '169.254.169.254', '10.1.2.3']) {
        expectRefused(
          await guarded.fromUrl(`http://${host}:${port}/a.jpg`),
          /a\.jpg: [\d.:]+, not a public address$/,
        );
      }
      expect(hits.get('/a.jpg') ?? 0).toBe(before);
      expect(isRefusedAddress('::ffff:127.0.0.1', NON_PUBLIC_ADDRESSES)).toBe(true);
      expect(isRefusedAddress('fd00:ec2::254', NON_PUBLIC_ADDRESSES)).toBe(true);
      expect(isRefusedAddress('93.184.215.14', NON_PUBLIC_ADDRESSES)).toBe(false);
      expect(isRefusedAddress('2606:4700::1111', NON_PUBLIC_ADDRESSES)).toBe(false);
    });

    it('refuses what is not http or https', async () => {
      expectRefused(
        await store().fromUrl('ftp://127.0.0.1/a.jpg'),
        /ftp URLs are not fetched \(http or https only\)/,
      );
      expectRefused(await store().fromUrl('file:///etc/passwd'), /file URLs are not fetched/);
      expectRefused(await store().fromUrl('not a url'), /^not a url: not a valid URL$/);
    });

    it('refuses a redirect to a host not in the allow list', async () => {
      expectRefused(
        await store().fromUrl(`${origin}/away.jpg`),
        /away\.jpg: redirected to localhost, a host not allowed \(FEEDS_PHOTO_HOSTS\)$/,
      );
    });

    it('follows at most three redirects', async () => {
      expectRefused(
        await store().fromUrl(`${origin}/loop.jpg`),
        /loop\.jpg: more than 3 redirects$/,
      );
      expect(hits.get('/loop.jpg')).toBe(4);
    });

    it('gives up on a server that never answers', async () => {
      const started = performance.now();
      expectRefused(
        await store({ fetchTimeoutMs: 300 }).fromUrl(`${origin}/never.jpg`),
        /never\.jpg: timed out after 0\.3 s$/,
      );
      expect(performance.now() - started).toBeLessThan(2000);
    });

    it('stops reading a download larger than the limit', async () => {
      expectRefused(
        await store({ maxBytes: 100 * 1024 }).fromUrl(`${origin}/endless.jpg`),
        /endless\.jpg: larger than 100 kB$/,
      );
      expectRefused(
        await store().fromUrl(`${origin}/declared.jpg`),
        /declared\.jpg: larger than 15 MB$/,
      );
    });

    it('refuses an error answer and a page that is not an image', async () => {
      expectRefused(
        await store().fromUrl(`${origin}/gone.jpg`),
        /gone\.jpg: the server answered 404$/,
      );
      expectRefused(
        await store().fromUrl(`${origin}/page.jpg`),
        /page\.jpg is not an image \(text\/html\)$/,
      );
      // A failure is not remembered: the URL is asked again next time.
      await store().fromUrl(`${origin}/page.jpg`);
      expect(hits.get('/page.jpg')).toBe(2);
    });
  });

  it('downloads again a known URL whose files went missing', async () => {
    const url = `${origin}/a.jpg`;
    const known = expectOk(await store().fromUrl(url));
    const before = hits.get('/a.jpg') ?? 0;
    for (const w of PHOTO_WIDTHS) rmSync(path.join(photosDir, photoFileName(known.photoId, w)));
    const again = expectOk(await store().fromUrl(url));
    expect(again.photoId).toBe(known.photoId);
    expect(hits.get('/a.jpg')).toBe(before + 1);
    expect(existsSync(path.join(photosDir, photoFileName(known.photoId, 1200)))).toBe(true);
  });
});

describe('isHostAllowed', () => {
  it.each([
    ['photos.example.com', ['photos.example.com'], true],
    ['Photos.Example.COM', ['photos.example.com'], true],
    ['cdn.example.com', ['*.example.com'], true],
    ['a.b.example.com', ['*.example.com'], true],
    ['example.com', ['*.example.com'], false],
    ['evilexample.com', ['*.example.com'], false],
    ['photos.example.com.evil.net', ['photos.example.com'], false],
    ['photos.example.com', [], false],
    ['photos.example.com', [''], false],
  ])('%s with %j: %s', (host, allowed, expected) => {
    expect(isHostAllowed(host, allowed)).toBe(expected);
  });
});

describe('createLimiter', () => {
  it('runs no more tasks at once than its limit, and all of them in turn', async () => {
    const run = createLimiter(2);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (i: number) => async () => {
      started.push(i);
      peak = Math.max(peak, ++active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active--;
      return i;
    };
    const results = await Promise.all(Array.from({ length: 7 }, (_, i) => run(task(i))));
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(peak).toBe(2);
  });

  it('frees the slot of a task that fails', async () => {
    const run = createLimiter(1);
    await expect(run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await run(() => Promise.resolve('next'))).toBe('next');
  });
});
