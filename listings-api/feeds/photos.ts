import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { lookup, type LookupAddress } from 'node:dns';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { Agent, request } from 'undici';
import type { Db } from '../db/connection';
import { PHOTO_WIDTHS } from '../../shared/contract';
import { isHostAllowed } from '../../shared/host-list';
import { PHOTO_MAX, photoFileName } from '../lib/photo-files';

// The photos of feeds, files beside annonces.csv or http(s) URLs, stored once by the sha256 of
// their bytes (feed_photos) in the folder and under the names of the seed's pool
// (`{id}-{width}.jpg` in PHOTO_WIDTHS), so pages show them with no change. A URL already fetched
// (feed_photo_urls) costs no download, and bytes already stored cost no image work: tomorrow's
// feed, naming the same photos, costs a few lookups.
//
// Everything here comes from outside: an image is checked by its bytes, not its name or its
// Content-Type; its pixels are bounded before it is decoded (a small PNG can inflate to
// gigabytes); a download is bounded in time and bytes and only goes to the hosts of the allow
// list, redirects included, and never to a loopback, private, link-local (cloud metadata) or
// other non-public address, whatever the allow list says: the name is resolved and its addresses
// checked as the connection is made (a name cannot resolve otherwise between check and use).

export type PhotoResult =
  | { ok: true; photoId: number; width: number; height: number; reused: boolean }
  | { ok: false; reason: string };

export interface PhotoStore {
  /** A photo file of a feed folder; the reason of a failure names the file. */
  fromFile(file: string): Promise<PhotoResult>;
  /** A photo URL of a feed row; the reason of a failure names the URL. */
  fromUrl(url: string): Promise<PhotoResult>;
}

export interface PhotoStoreOptions {
  /** Where pages load photos from (PHOTOS_DIR). */
  photosDir: string;
  /** Hosts photos may be fetched from: `photos.example.com` or `*.example.com`; none when empty. */
  allowedHosts: string[];
  /** Time limit of a download, redirects and body included (default 10 s). */
  fetchTimeoutMs?: number;
  /** Bytes of one photo, file or download (default 15 MB). */
  maxBytes?: number;
  /** Pixels of one photo, width × height (default 50 MP). */
  maxPixels?: number;
  /** Photos decoded and resized at once (default 2): the work is CPU bound. */
  concurrency?: number;
  /** Addresses never fetched from, whatever the host (default NON_PUBLIC_ADDRESSES). */
  refusedAddresses?: BlockList;
}

/**
 * Addresses a photo is never fetched from: this machine, private networks, link-local ones (the
 * cloud metadata services at 169.254.169.254 and fd00:ec2::254), shared, reserved and multicast
 * ranges.
 */
export const NON_PUBLIC_ADDRESSES = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  NON_PUBLIC_ADDRESSES.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC_ADDRESSES.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address (v4 or v6, IPv4-mapped included) is in the list. */
export function isRefusedAddress(address: string, refused: BlockList): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return refused.check(mapped, 'ipv4');
  return refused.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

class RefusedAddressError extends Error {
  readonly code = 'EREFUSEDADDRESS';
}

/** dns.lookup, failing for a name with a refused address among its addresses. */
function checkedLookup(refused: BlockList): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const bad = addresses.find((a) => isRefusedAddress(a.address, refused));
      if (bad) {
        return callback(
          new RefusedAddressError(`${hostname} is ${bad.address}, not a public address`),
          '',
          0,
        );
      }
      if (options.all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(
          Object.assign(new Error(`${hostname}: no address`), { code: 'ENOTFOUND' }),
          '',
          0,
        );
      callback(null, first.address, first.family);
    });
  };
}

export const PHOTO_STORE_DEFAULTS = {
  fetchTimeoutMs: 10_000,
  maxBytes: 15 * 1024 * 1024,
  maxPixels: 50_000_000,
  concurrency: 2,
} as const;

/** Redirects followed by a download, each checked against the allow list. */
export const MAX_REDIRECTS = 3;

// Formats accepted, as sharp names them. SVG, GIF, TIFF and the rest are refused (an SVG is a
// document that can reference other files), and so is HEIC: sharp reads AVIF, the other HEIF.
const FORMATS: Record<string, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  heif: 'AVIF',
};

function formatName(meta: Metadata): string | null {
  if (meta.format === 'heif' && meta.compression !== 'av1') return null;
  return FORMATS[meta.format ?? ''] ?? null;
}

// Pages crop photos to 4:3 boxes (cards, gallery: object-fit: cover) and the lightbox shows them
// whole (object-fit: contain, sized by the stored width and height), so a photo keeps its own
// aspect; only extremes (a panorama strip, a phone screenshot) are cropped to these bounds so
// the lightbox never shows a sliver.
const MIN_ASPECT = 1 / 2;
const MAX_ASPECT = 2;

const JPEG_QUALITY = 78; // as the seed's pool

function sizeInWords(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`
    : `${Math.round(bytes / 1024)} kB`;
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/**
 * Whether a host is allowed: an exact name, or `*.example.com` for any name under example.com
 * (not example.com itself). Names compare case-insensitively.
 */
function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Runs at most `limit` tasks at once; the others wait their turn, in order. */
export function createLimiter(limit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active < limit) active++;
    // The slot of a finished task is handed over as is, so none is taken in between.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

/** Drops an answer's body unread; undici reports the abort as an error, expected here. */
function discard(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}

class PhotoRefused extends Error {}

/** A photo already stored, as its feed_photos row says: no work. */
function reusedPhoto(known: { photo_id: number; width: number; height: number }): PhotoResult {
  return {
    ok: true,
    photoId: known.photo_id,
    width: known.width,
    height: known.height,
    reused: true,
  };
}

type Download = { ok: true; bytes: Buffer; contentType: string } | { ok: false; reason: string };

export function createPhotoStore(db: Db, options: PhotoStoreOptions): PhotoStore {
  const photosDir = options.photosDir;
  const allowedHosts = options.allowedHosts;
  const timeoutMs = options.fetchTimeoutMs ?? PHOTO_STORE_DEFAULTS.fetchTimeoutMs;
  const maxBytes = options.maxBytes ?? PHOTO_STORE_DEFAULTS.maxBytes;
  const maxPixels = options.maxPixels ?? PHOTO_STORE_DEFAULTS.maxPixels;
  const concurrency = Math.max(1, options.concurrency ?? PHOTO_STORE_DEFAULTS.concurrency);
  const refusedAddresses = options.refusedAddresses ?? NON_PUBLIC_ADDRESSES;
  // Each connection resolves the host through the check.
  const dispatcher = new Agent({ connect: { lookup: checkedLookup(refusedAddresses) } });
  const imageWork = createLimiter(concurrency);
  // Photos held in memory at once, from their read or download to their storing: downloads wait
  // on the network, not the CPU, so a few more than the image work; bounded, for an import that
  // asks for every photo of its feed together (up to maxBytes each).
  const inMemory = createLimiter(concurrency * 4);
  // The same new photo asked twice at once (two rows sharing it) is stored once.
  const storing = new Map<string, { label: string; work: Promise<PhotoResult> }>();
  let dirReady: Promise<unknown> | undefined;

  const filesExist = (id: number) =>
    PHOTO_WIDTHS.every((w) => existsSync(path.join(photosDir, photoFileName(id, w))));

  async function storeBytes(
    label: string,
    bytes: Buffer,
    sha256: string,
    contentType = '',
  ): Promise<PhotoResult> {
    const pending = storing.get(sha256);
    if (pending) {
      const r = await pending.work;
      return r.ok
        ? { ...r, reused: true }
        : { ok: false, reason: r.reason.replace(pending.label, label) };
    }
    const work = (async (): Promise<PhotoResult> => {
      const known = await db.kysely
        .selectFrom('feed_photos')
        .select(['photo_id', 'width', 'height'])
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      // A known photo whose files are there costs nothing; one whose files went missing (a photo
      // folder restored from an older backup) is drawn again under its id.
      if (known && filesExist(known.photo_id)) {
        return reusedPhoto(known);
      }
      try {
        return await imageWork(() => render(label, bytes, contentType, sha256, known?.photo_id));
      } catch (err) {
        if (err instanceof PhotoRefused) return { ok: false, reason: err.message };
        throw err;
      }
    })();
    storing.set(sha256, { label, work });
    try {
      return await work;
    } finally {
      storing.delete(sha256);
    }
  }

  async function render(
    label: string,
    bytes: Buffer,
    contentType: string,
    sha256: string,
    knownId: number | undefined,
  ): Promise<PhotoResult> {
    // limitInputPixels makes sharp refuse to decode more pixels than that; the header, read
    // without decoding, first gives the reason in words.
    // failOn 'error': a camera's JPEG with a harmless flaw (bytes after its end) still reads.
    const input = { limitInputPixels: maxPixels, autoOrient: true, failOn: 'error' } as const;
    let meta: Metadata;
    try {
      meta = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
    } catch {
      throw new PhotoRefused(
        `${label} is not an image${contentType ? ` (${contentType.split(';')[0]})` : ''}`,
      );
    }
    const format = formatName(meta);
    if (!format) {
      const name = meta.format === 'heif' ? 'HEIC' : (meta.format ?? 'these').toUpperCase();
      throw new PhotoRefused(`${label}: ${name} images are not accepted (JPEG, PNG, WebP or AVIF)`);
    }
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) throw new PhotoRefused(`${label} is not an image`);
    if (width * height > maxPixels) {
      throw new PhotoRefused(
        `${label}: ${width}×${height} pixels is over the limit (${Number((maxPixels / 1e6).toFixed(1))} MP)`,
      );
    }

    const aspect = Math.min(MAX_ASPECT, Math.max(MIN_ASPECT, width / height));
    const largest = PHOTO_MAX.width;
    const sizes = PHOTO_WIDTHS.map((w) => ({ width: w, height: Math.round(w / aspect) }));
    const top = sizes.find((s) => s.width === largest) ?? (sizes[sizes.length - 1] as never);

    // Decoded once, at the largest width; the smaller widths are drawn from those pixels. Alpha
    // is flattened on white (JPEG has none), metadata dropped (EXIF may hold a position).
    let raw: { data: Buffer; info: OutputInfo };
    try {
      raw = await sharp(bytes, input)
        .resize(top.width, top.height, { fit: 'cover', position: 'centre' })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch (err) {
      throw new PhotoRefused(
        `${label}: the ${format} image cannot be read (${(err as Error).message})`,
      );
    }

    const id =
      knownId ??
      (await sql<{ id: number }>`SELECT nextval('feed_photo_ids')::int AS id`.execute(db.kysely))
        .rows[0]!.id;
    dirReady ??= mkdir(photosDir, { recursive: true });
    await dirReady;
    const files: string[] = [];
    try {
      for (const size of sizes) {
        const file = path.join(photosDir, photoFileName(id, size.width));
        // Written under a temporary name and renamed: a page never loads half a file.
        const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
        await sharp(raw.data, {
          raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels },
        })
          .resize(size.width, size.height)
          .jpeg({ quality: JPEG_QUALITY })
          .toFile(tmp);
        await rename(tmp, file);
        files.push(file);
      }
    } catch (err) {
      await Promise.all(files.map((f) => rm(f, { force: true })));
      throw err;
    }

    if (knownId !== undefined) {
      return { ok: true, photoId: id, width: top.width, height: top.height, reused: true };
    }
    await db.kysely
      .insertInto('feed_photos')
      .values({ sha256, photo_id: id, width: top.width, height: top.height })
      .onConflict((oc) => oc.column('sha256').doNothing())
      .execute();
    const row = await db.kysely
      .selectFrom('feed_photos')
      .select(['photo_id', 'width', 'height'])
      .where('sha256', '=', sha256)
      .executeTakeFirstOrThrow();
    if (row.photo_id !== id) {
      // Another import stored the same photo meanwhile (its files are written before its row):
      // ours are of no use.
      await Promise.all(files.map((f) => rm(f, { force: true })));
      return {
        ok: true,
        photoId: row.photo_id,
        width: row.width,
        height: row.height,
        reused: true,
      };
    }
    return { ok: true, photoId: id, width: top.width, height: top.height, reused: false };
  }

  async function fromFile(file: string): Promise<PhotoResult> {
    const label = path.basename(file);
    let size: number;
    try {
      const info = await stat(file);
      if (!info.isFile()) return { ok: false, reason: `${label} is not a file` };
      size = info.size;
    } catch {
      return { ok: false, reason: `${label}: no such file in the feed` };
    }
    if (size > maxBytes)
      return { ok: false, reason: `${label}: larger than ${sizeInWords(maxBytes)}` };
    if (size === 0) return { ok: false, reason: `${label} is empty` };
    return inMemory(async () => {
      const bytes = await readFile(file);
      return storeBytes(label, bytes, sha256Of(bytes));
    });
  }

  /** Checks a URL of the feed or of a redirect; the reason of a refusal, or null. */
  function refusal(original: string, url: URL, redirected: boolean): string | null {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return `${original}: ${redirected ? 'redirected to ' : ''}${url.protocol.slice(0, -1)} URLs are not fetched (http or https only)`;
    }
    if (!isHostAllowed(url.hostname, allowedHosts)) {
      return `${original}: ${redirected ? `redirected to ${url.hostname}, a ` : ''}host not allowed (FEEDS_PHOTO_HOSTS)`;
    }
    // An address written in the URL is connected to without a lookup: checked here.
    const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(literal) && isRefusedAddress(literal, refusedAddresses)) {
      return `${original}: ${redirected ? 'redirected to ' : ''}${literal}, not a public address`;
    }
    return null;
  }

  async function download(original: string, first: URL): Promise<Download> {
    const signal = AbortSignal.timeout(timeoutMs);
    let url = first;
    try {
      for (let redirects = 0; ; redirects++) {
        const res = await request(url, {
          method: 'GET',
          signal,
          dispatcher,
          headers: { accept: 'image/avif,image/webp,image/jpeg,image/png,image/*;q=0.8' },
        });
        if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
          discard(res.body);
          if (redirects >= MAX_REDIRECTS) {
            return { ok: false, reason: `${original}: more than ${MAX_REDIRECTS} redirects` };
          }
          const location = String(res.headers.location);
          let next: URL;
          try {
            next = new URL(location, url);
          } catch {
            return { ok: false, reason: `${original}: redirected to an invalid URL` };
          }
          const refused = refusal(original, next, true);
          if (refused) return { ok: false, reason: refused };
          url = next;
          continue;
        }
        if (res.statusCode < 200 || res.statusCode >= 300) {
          discard(res.body);
          return { ok: false, reason: `${original}: the server answered ${res.statusCode}` };
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          discard(res.body);
          return { ok: false, reason: `${original}: larger than ${sizeInWords(maxBytes)}` };
        }
        // Counted as it arrives: a length header can be absent or false.
        const chunks: Buffer[] = [];
        let received = 0;
        for await (const chunk of res.body as AsyncIterable<Buffer>) {
          received += chunk.length;
          if (received > maxBytes) {
            discard(res.body);
            return { ok: false, reason: `${original}: larger than ${sizeInWords(maxBytes)}` };
          }
          chunks.push(chunk);
        }
        const contentType = String(res.headers['content-type'] ?? '');
        return { ok: true, bytes: Buffer.concat(chunks), contentType };
      }
    } catch (err) {
      if (signal.aborted) {
        return { ok: false, reason: `${original}: timed out after ${seconds(timeoutMs)}` };
      }
      if (err instanceof RefusedAddressError)
        return { ok: false, reason: `${original}: ${err.message}` };
      const code = (err as { code?: string }).code;
      return {
        ok: false,
        reason: `${original}: cannot be fetched (${code ?? (err as Error).message})`,
      };
    }
  }

  async function fromUrl(original: string): Promise<PhotoResult> {
    let url: URL;
    try {
      url = new URL(original);
    } catch {
      return { ok: false, reason: `${original}: not a valid URL` };
    }
    const refused = refusal(original, url, false);
    if (refused) return { ok: false, reason: refused };

    const known = await db.kysely
      .selectFrom('feed_photo_urls as u')
      .innerJoin('feed_photos as p', 'p.sha256', 'u.sha256')
      .select(['p.photo_id', 'p.width', 'p.height'])
      .where('u.url', '=', original)
      .executeTakeFirst();
    if (known && filesExist(known.photo_id)) {
      return reusedPhoto(known);
    }

    return inMemory(async () => {
      const fetched = await download(original, url);
      if (!fetched.ok) return fetched;
      const sha256 = sha256Of(fetched.bytes);
      const result = await storeBytes(original, fetched.bytes, sha256, fetched.contentType);
      if (result.ok) {
        await db.kysely
          .insertInto('feed_photo_urls')
          .values({ url: original, sha256 })
          .onConflict((oc) =>
            oc.column('url').doUpdateSet({ sha256, fetched_at: sql<string>`now()` }),
          )
          .execute();
      }
      return result;
    });
  }

  return { fromFile, fromUrl };
}
