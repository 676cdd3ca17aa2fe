import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import {
  DEFAULT_ZIP_LIMITS,
  extractFeedZip,
  FeedArchiveError,
  isZip,
  type FeedArchiveErrorCode,
} from './archive';

// Archives are built with yazl in the test; those yazl refuses to write (paths climbing out,
// encrypted entries, headers that lie) are built from a good one by patching its bytes.

const CSV = Buffer.from('"AG1";"REF-1";"Vente";"Maison"\n', 'latin1');

interface ZipItem {
  name: string;
  data?: Buffer | (() => Readable);
  mode?: number;
  dir?: boolean;
}

function buildZip(items: ZipItem[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const item of items) {
    if (item.dir) zip.addEmptyDirectory(item.name);
    else if (typeof item.data === 'function') zip.addReadStream(item.data(), item.name);
    else zip.addBuffer(item.data ?? Buffer.alloc(0), item.name, { mode: item.mode });
  }
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** Replaces every occurrence of a name's bytes (local header and central directory alike). */
function patchName(zip: Buffer, from: string, to: string): Buffer {
  expect(to.length).toBe(from.length);
  const out = Buffer.from(zip);
  const needle = Buffer.from(from, 'latin1');
  let at = out.indexOf(needle);
  expect(at).toBeGreaterThan(-1);
  while (at !== -1) {
    out.write(to, at, 'latin1');
    at = out.indexOf(needle, at + needle.length);
  }
  return out;
}

/** Offsets of the central directory headers (PK\x01\x02). */
function centralHeaders(zip: Buffer): number[] {
  const sig = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  const found: number[] = [];
  for (let at = zip.indexOf(sig); at !== -1; at = zip.indexOf(sig, at + 4)) found.push(at);
  return found;
}

function zeros(bytes: number): () => Readable {
  const chunk = Buffer.alloc(1024 ** 2);
  return () =>
    Readable.from(
      (function* () {
        for (let sent = 0; sent < bytes; sent += chunk.length) yield chunk;
      })(),
    );
}

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'feed-archive-'));
});
afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

function writeZip(bytes: Buffer, name = 'feed.zip'): string {
  const file = path.join(work, name);
  writeFileSync(file, bytes);
  return file;
}

async function expectRefused(
  zipFile: string,
  code: FeedArchiveErrorCode,
  message: RegExp,
  limits = {},
): Promise<void> {
  const dest = path.join(work, 'out');
  const err = await extractFeedZip(zipFile, dest, limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FeedArchiveError);
  expect((err as FeedArchiveError).code).toBe(code);
  expect((err as FeedArchiveError).message).toMatch(message);
  // Nothing is left of the extraction, and nothing was written beside the archive.
  expect(existsSync(dest) ? readdirSync(dest) : []).toEqual([]);
  expect(readdirSync(work).sort()).toEqual([path.basename(zipFile)]);
}

describe('extractFeedZip', () => {
  it('writes annonces.csv and its photos into the folder', async () => {
    const photo = randomBytes(20_000);
    const zip = writeZip(
      await buildZip([
        { name: 'annonces.csv', data: CSV },
        { name: 'REF-1-a.jpg', data: photo },
      ]),
    );
    const dest = path.join(work, 'out');
    const result = await extractFeedZip(zip, dest);
    expect(result.files.sort()).toEqual(['REF-1-a.jpg', 'annonces.csv']);
    expect(result.csv).toBe(path.join(dest, 'annonces.csv'));
    expect(readFileSync(path.join(dest, 'annonces.csv'))).toEqual(CSV);
    expect(readFileSync(path.join(dest, 'REF-1-a.jpg'))).toEqual(photo);
  });

  it('flattens a single top-level folder and skips folders and macOS junk', async () => {
    const zip = writeZip(
      await buildZip([
        { name: 'agence/', dir: true },
        { name: 'agence/Annonces.CSV', data: CSV },
        { name: 'agence/photos/REF-1-a.jpg', data: Buffer.from('jpeg') },
        { name: '__MACOSX/agence/._Annonces.CSV', data: Buffer.from('fork') },
        { name: 'agence/.DS_Store', data: Buffer.from('junk') },
      ]),
    );
    const dest = path.join(work, 'out');
    const result = await extractFeedZip(zip, dest);
    expect(result.files.sort()).toEqual(['REF-1-a.jpg', 'annonces.csv']);
    expect(readdirSync(dest).sort()).toEqual(['REF-1-a.jpg', 'annonces.csv']);
    expect(readFileSync(path.join(dest, 'annonces.csv'))).toEqual(CSV);
  });

  it.each([
    ['../evil.jpg', 'XX/evil.jpg', 'XX/', '../', /"\.\.\/evil\.jpg" climbs out/],
    ['an absolute path', 'Xtmp/evil.jpg', 'Xtmp', '/tmp', /"\/tmp\/evil\.jpg" is an absolute path/],
    ['a drive letter', 'CX/evil.jpg', 'CX/', 'C:/', /"C:\/evil\.jpg" is an absolute path/],
    ['a backslash', 'aX..X..Xevil.jpg', 'X..X..X', '\\..\\..\\', /contains a backslash/],
  ])('refuses an entry with %s', async (_case, written, from, to, message) => {
    const good = await buildZip([
      { name: 'annonces.csv', data: CSV },
      { name: written, data: Buffer.from('evil') },
    ]);
    await expectRefused(writeZip(patchName(good, from, to)), 'path-traversal', message);
  });

  it('refuses a symbolic link entry', async () => {
    const zip = await buildZip([
      { name: 'annonces.csv', data: CSV },
      { name: 'photo.jpg', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
    ]);
    await expectRefused(writeZip(zip), 'path-traversal', /"photo\.jpg" is a symbolic link/);
  });

  it('refuses a bomb of 200 MB of zeros quickly, without writing it', async () => {
    const zip = writeZip(
      await buildZip([
        { name: 'annonces.csv', data: CSV },
        { name: 'zeros.jpg', data: zeros(200 * 1024 ** 2) },
      ]),
    );
    const started = performance.now();
    await expectRefused(zip, 'zip-bomb', /"zeros\.jpg" inflates more than 100 times/);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('counts the bytes actually inflated, not the size the header declares', async () => {
    const good = await buildZip([
      { name: 'annonces.csv', data: CSV },
      { name: 'zeros.jpg', data: zeros(64 * 1024 ** 2) },
    ]);
    // The central directory now says the photo holds 1,000 bytes.
    const zip = Buffer.from(good);
    const header = centralHeaders(zip)[1] as number;
    zip.writeUInt32LE(1000, header + 24);
    await expectRefused(
      writeZip(zip),
      'zip-bomb',
      /"zeros\.jpg" inflates beyond the 1000 bytes its header declares/,
    );
  });

  it('refuses an entry larger than the limit', async () => {
    const zip = await buildZip([
      { name: 'annonces.csv', data: CSV },
      { name: 'big.jpg', data: randomBytes(50_000) },
    ]);
    await expectRefused(writeZip(zip), 'too-large', /"big\.jpg" is larger than/, {
      maxEntryBytes: 40_000,
    });
  });

  it('takes annonces.csv up to its own, larger limit', async () => {
    const rows = Buffer.from(randomBytes(30_000).toString('base64'));
    const zip = writeZip(await buildZip([{ name: 'annonces.csv', data: rows }]));
    await expectRefused(zip, 'too-large', /"annonces\.csv" is larger than/, {
      maxCsvBytes: 30_000,
    });
    const out = path.join(work, 'out');
    await extractFeedZip(zip, out, { maxEntryBytes: 20_000, maxCsvBytes: 50_000 });
    expect(readFileSync(path.join(out, 'annonces.csv'))).toEqual(rows);
    // A network's feed of 100,000 rows (about 2.7 kB each) fits the default.
    expect(DEFAULT_ZIP_LIMITS.maxCsvBytes).toBeGreaterThan(100_000 * 2700);
  });

  it('refuses an archive larger in total than the limit', async () => {
    const zip = await buildZip([
      { name: 'annonces.csv', data: CSV },
      { name: 'a.jpg', data: randomBytes(30_000) },
      { name: 'b.jpg', data: randomBytes(30_000) },
    ]);
    await expectRefused(writeZip(zip), 'too-large', /feed\.zip inflates to more than/, {
      maxTotalBytes: 50_000,
    });
  });

  it('refuses a file that is not a zip', async () => {
    await expectRefused(
      writeZip(CSV, 'annonces.zip'),
      'not-zip',
      /annonces\.zip is not a zip archive/,
    );
  });

  it('refuses a file that starts like a zip but is not one', async () => {
    const bytes = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), randomBytes(2000)]);
    await expectRefused(writeZip(bytes), 'not-zip', /feed\.zip is not a readable zip archive/);
  });

  it('refuses an archive without annonces.csv', async () => {
    const zip = await buildZip([{ name: 'photo.jpg', data: Buffer.from('jpeg') }]);
    await expectRefused(writeZip(zip), 'no-csv', /feed\.zip holds no annonces\.csv/);
  });

  it('refuses annonces.csv two folders deep', async () => {
    const zip = await buildZip([{ name: 'a/b/annonces.csv', data: CSV }]);
    await expectRefused(writeZip(zip), 'no-csv', /a\/b\/annonces\.csv is not at the root/);
  });

  it('refuses an archive with too many entries', async () => {
    const zip = await buildZip([
      { name: 'annonces.csv', data: CSV },
      ...Array.from({ length: 10 }, (_, i) => ({ name: `${i}.jpg`, data: Buffer.from('x') })),
    ]);
    await expectRefused(writeZip(zip), 'too-many-entries', /11 entries; at most 10/, {
      maxEntries: 10,
    });
  });

  it('refuses two entries that flatten to the same name', async () => {
    const zip = await buildZip([
      { name: 'annonces.csv', data: CSV },
      { name: 'a/1.jpg', data: Buffer.from('x') },
      { name: 'b/1.jpg', data: Buffer.from('y') },
    ]);
    await expectRefused(writeZip(zip), 'duplicate-name', /"a\/1\.jpg" and "b\/1\.jpg"/);
  });

  it('refuses an encrypted entry', async () => {
    const zip = await buildZip([
      { name: 'annonces.csv', data: CSV },
      { name: 'photo.jpg', data: Buffer.from('jpeg') },
    ]);
    const patched = Buffer.from(zip);
    const header = centralHeaders(patched)[1] as number;
    patched.writeUInt16LE(patched.readUInt16LE(header + 8) | 1, header + 8);
    await expectRefused(writeZip(patched), 'encrypted', /"photo\.jpg" is encrypted/);
  });
});

describe('isZip', () => {
  it('knows a zip, an empty zip and anything else by their first bytes', async () => {
    const full = writeZip(await buildZip([{ name: 'a.txt', data: Buffer.from('a') }]), 'a.zip');
    const empty = writeZip(await buildZip([]), 'empty.zip');
    const text = writeZip(CSV, 'annonces.csv');
    expect(await isZip(full)).toBe(true);
    expect(await isZip(empty)).toBe(true);
    expect(await isZip(text)).toBe(false);
    expect(await isZip(path.join(work, 'missing.zip'))).toBe(false);
  });
});
