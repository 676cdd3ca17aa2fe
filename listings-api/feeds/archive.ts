import { createWriteStream } from 'node:fs';
import { mkdir, open, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

// A feed uploaded or dropped as a .zip: annonces.csv and its photos, at the root or in one
// top-level folder. The archive comes from outside, so it is read as hostile: names are checked
// before anything is written, sizes are counted as the entries are actually inflated (a header
// can lie), and the whole archive is never held in memory. Entries are flattened to their base
// names, so the photos sit beside annonces.csv whatever folder they were zipped in.

export interface ZipLimits {
  /** Bytes of all entries once inflated. */
  maxTotalBytes: number;
  /** Entries of the central directory, folders and junk included. */
  maxEntries: number;
  /** Inflated bytes per compressed byte, per entry and over the whole archive. */
  maxRatio: number;
  /** Bytes of one entry once inflated (annonces.csv aside). */
  maxEntryBytes: number;
  /** Bytes of annonces.csv once inflated. */
  maxCsvBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxTotalBytes: 2 * 1024 ** 3,
  maxEntries: 5000,
  maxRatio: 100,
  maxEntryBytes: 50 * 1024 ** 2,
  // A network's feed of 100,000 rows and more (about 2.7 kB a row); it is read as a stream.
  maxCsvBytes: 1024 ** 3,
};

// Below this many inflated bytes the ratio is not judged: a small text file or a blank image can
// legitimately shrink a hundredfold, and a megabyte is no threat.
const RATIO_FLOOR_BYTES = 1024 ** 2;

export type FeedArchiveErrorCode =
  | 'not-zip'
  | 'corrupt'
  | 'zip-bomb'
  | 'path-traversal'
  | 'too-many-entries'
  | 'too-large'
  | 'no-csv'
  | 'duplicate-name'
  | 'encrypted'
  | 'unsupported';

/** Why an archive was refused; the message names the archive and the entry at fault. */
export class FeedArchiveError extends Error {
  override name = 'FeedArchiveError';
  constructor(
    readonly code: FeedArchiveErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The name of the feed's listing file (matched case-insensitively, written in lower case). */
export const FEED_CSV_NAME = 'annonces.csv';

const ZIP_MAGIC = [
  Buffer.from([0x50, 0x4b, 0x03, 0x04]), // a local file header: an archive with entries
  Buffer.from([0x50, 0x4b, 0x05, 0x06]), // an end of central directory: an empty archive
];

/** Whether the bytes start like a zip archive (PK\x03\x04, or PK\x05\x06 when empty). */
export function hasZipMagic(head: Uint8Array): boolean {
  return ZIP_MAGIC.some((magic) => Buffer.from(head.subarray(0, 4)).equals(magic));
}

/** Whether the file starts like a zip archive; false when it cannot be read. */
export async function isZip(file: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(file, 'r');
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && hasZipMagic(head);
  } catch {
    return false;
  } finally {
    await handle?.close();
  }
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1024 ** 2)} MB`;
}

// --- names ---------------------------------------------------------------------------------------

interface PlannedEntry {
  entry: Entry;
  /** The name as stored, for messages. */
  name: string;
  /** The name written in destDir. */
  base: string;
  /** The top-level folder the entry sits in ('' at the root). */
  folder: string;
  depth: number;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;

// Files that archivers add and no feed means: macOS resource forks and folder settings.
function isJunk(segments: string[]): boolean {
  const base = segments[segments.length - 1] ?? '';
  return (
    segments.includes('__MACOSX') ||
    base === '.DS_Store' ||
    base === 'Thumbs.db' ||
    base.startsWith('._')
  );
}

/**
 * The entry's name as it would be written, or why it is refused. Names are decoded without
 * yauzl's own check (which would fail the whole archive with a bare message), backslashes kept so
 * that a Windows path is seen for what it is.
 */
function planEntry(zipName: string, entry: Entry): PlannedEntry | 'skip' {
  const raw = entry.fileName as unknown as Buffer; // decodeStrings: false
  const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true);
  const traversal = (why: string) =>
    new FeedArchiveError(
      'path-traversal',
      `${zipName}: entry "${name}" ${why}; files must sit at the root of the archive or in one folder`,
    );
  if (name.includes('\\')) throw traversal('contains a backslash');
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) throw traversal('is an absolute path');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(name)) throw traversal('contains control characters');
  const segments = name.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) throw traversal('climbs out of the archive with ".."');

  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  // Unix archivers record the file type in the high half of the external attributes.
  if (mode === S_IFLNK) throw traversal('is a symbolic link');
  if (name.endsWith('/') || mode === S_IFDIR || segments.length === 0) return 'skip';
  if (isJunk(segments)) return 'skip';

  if (entry.isEncrypted()) {
    throw new FeedArchiveError(
      'encrypted',
      `${zipName}: entry "${name}" is encrypted; send the archive without a password`,
    );
  }
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw new FeedArchiveError(
      'unsupported',
      `${zipName}: entry "${name}" uses compression method ${entry.compressionMethod}; only stored and deflated entries are read`,
    );
  }
  return {
    entry,
    name,
    base: segments[segments.length - 1] as string,
    folder: segments.length > 1 ? (segments[0] as string) : '',
    depth: segments.length - 1,
  };
}

// --- reading -------------------------------------------------------------------------------------

function openZip(zipPath: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      zipPath,
      // Entries are read one at a time on demand; the file is closed by us once extraction ends.
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false },
      (err, zipfile) => (err ? reject(err) : resolve(zipfile)),
    );
  });
}

/** Reads the central directory, entry by entry, stopping at the first refused one. */
function readDirectory(zipfile: ZipFile, onEntry: (entry: Entry) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zipfile.removeAllListeners('entry');
      zipfile.removeAllListeners('end');
      zipfile.removeAllListeners('error');
    };
    zipfile.on('entry', (entry: Entry) => {
      try {
        onEntry(entry);
      } catch (err) {
        cleanup();
        reject(err);
        return;
      }
      zipfile.readEntry();
    });
    zipfile.on('end', () => {
      cleanup();
      resolve();
    });
    zipfile.on('error', (err: Error) => {
      cleanup();
      reject(err);
    });
    zipfile.readEntry();
  });
}

function openEntryStream(zipfile: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zipfile.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream)));
  });
}

/**
 * Extracts a feed archive into destDir, flattened to base names (annonces.csv in lower case).
 * Refuses with a FeedArchiveError, deleting whatever it wrote, an archive that is not a zip,
 * escapes its folder, holds symbolic links or encrypted entries, inflates beyond the limits, or
 * has no annonces.csv at its root or in its single top-level folder. Files are created, never
 * overwritten: destDir should hold none of the archive's names.
 *
 * @example
 *   const { files, csv } = await extractFeedZip('/inbox/agence-12.zip', '/tmp/run-42');
 *   // files: ['annonces.csv', 'photo-1.jpg', …], csv: '/tmp/run-42/annonces.csv'
 */
export async function extractFeedZip(
  zipPath: string,
  destDir: string,
  limits: Partial<ZipLimits> = {},
): Promise<{ files: string[]; csv: string }> {
  const max: ZipLimits = { ...DEFAULT_ZIP_LIMITS, ...limits };
  const zipName = path.basename(zipPath);
  if (!(await isZip(zipPath))) {
    throw new FeedArchiveError('not-zip', `${zipName} is not a zip archive`);
  }
  const archiveBytes = (await stat(zipPath)).size;

  let zipfile: ZipFile;
  try {
    zipfile = await openZip(zipPath);
  } catch (err) {
    throw new FeedArchiveError(
      'not-zip',
      `${zipName} is not a readable zip archive (${(err as Error).message})`,
    );
  }

  const written: string[] = [];
  let createdDir: string | undefined;
  try {
    if (zipfile.entryCount > max.maxEntries) {
      throw new FeedArchiveError(
        'too-many-entries',
        `${zipName} holds ${zipfile.entryCount} entries; at most ${max.maxEntries} are accepted`,
      );
    }

    // First pass, on the central directory only: names, flags and declared sizes, so that most
    // refusals come before a single byte is written.
    const planned: PlannedEntry[] = [];
    const byBase = new Map<string, PlannedEntry>();
    let declaredTotal = 0;
    let seen = 0;
    try {
      await readDirectory(zipfile, (entry) => {
        if (++seen > max.maxEntries) {
          throw new FeedArchiveError(
            'too-many-entries',
            `${zipName} holds more than ${max.maxEntries} entries`,
          );
        }
        const plan = planEntry(zipName, entry);
        if (plan === 'skip') return;
        const clash = byBase.get(plan.base.toLowerCase());
        if (clash) {
          throw new FeedArchiveError(
            'duplicate-name',
            `${zipName}: entries "${clash.name}" and "${plan.name}" would both be ${plan.base}; file names must be unique`,
          );
        }
        byBase.set(plan.base.toLowerCase(), plan);
        checkEntrySize(zipName, plan, entry.uncompressedSize, entry.compressedSize, max);
        declaredTotal += entry.uncompressedSize;
        checkTotalSize(zipName, declaredTotal, archiveBytes, max);
        planned.push(plan);
      });
    } catch (err) {
      if (err instanceof FeedArchiveError) throw err;
      throw new FeedArchiveError(
        'corrupt',
        `${zipName} is a damaged zip archive (${(err as Error).message})`,
      );
    }

    const csv = byBase.get(FEED_CSV_NAME);
    const folders = new Set(planned.map((p) => p.folder));
    if (!csv || csv.depth > 1 || (csv.folder !== '' && folders.size > 1)) {
      throw new FeedArchiveError(
        'no-csv',
        csv
          ? `${zipName}: ${csv.name} is not at the root of the archive nor in its single top-level folder`
          : `${zipName} holds no ${FEED_CSV_NAME}`,
      );
    }

    // Second pass: inflate each entry to its file, counting the bytes that actually come out.
    try {
      await stat(destDir);
    } catch {
      createdDir = destDir;
    }
    await mkdir(destDir, { recursive: true });
    let total = 0;
    for (const plan of planned) {
      const target = path.join(destDir, plan === csv ? FEED_CSV_NAME : plan.base);
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          counter.bytes += chunk.length;
          total += chunk.length;
          try {
            checkEntrySize(zipName, plan, counter.bytes, plan.entry.compressedSize, max);
            checkTotalSize(zipName, total, archiveBytes, max);
            if (counter.bytes > plan.entry.uncompressedSize) {
              throw new FeedArchiveError(
                'zip-bomb',
                `${zipName}: entry "${plan.name}" inflates beyond the ${plan.entry.uncompressedSize} bytes its header declares`,
              );
            }
          } catch (err) {
            done(err as Error);
            return;
          }
          done(null, chunk);
        },
      }) as Transform & { bytes: number };
      counter.bytes = 0;

      let source: Readable;
      try {
        source = await openEntryStream(zipfile, plan.entry);
      } catch (err) {
        throw new FeedArchiveError(
          'corrupt',
          `${zipName}: entry "${plan.name}" cannot be read (${(err as Error).message})`,
        );
      }
      // 'wx': never overwrite, nor follow a link planted where the file is to go.
      const out = createWriteStream(target, { flags: 'wx' });
      written.push(target);
      try {
        await pipeline(source, counter, out);
      } catch (err) {
        if (err instanceof FeedArchiveError) throw err;
        throw new FeedArchiveError(
          'corrupt',
          `${zipName}: entry "${plan.name}" cannot be extracted (${(err as Error).message})`,
        );
      }
      if (counter.bytes !== plan.entry.uncompressedSize) {
        throw new FeedArchiveError(
          'corrupt',
          `${zipName}: entry "${plan.name}" holds ${counter.bytes} bytes where its header declares ${plan.entry.uncompressedSize}`,
        );
      }
    }
    return {
      files: planned.map((p) => (p === csv ? FEED_CSV_NAME : p.base)),
      csv: path.join(destDir, FEED_CSV_NAME),
    };
  } catch (err) {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    if (createdDir) await rmdir(createdDir).catch(() => {});
    throw err;
  } finally {
    zipfile.close();
  }
}

function checkEntrySize(
  zipName: string,
  plan: { name: string; base: string },
  bytes: number,
  compressed: number,
  max: ZipLimits,
): void {
  const name = plan.name;
  const limit = plan.base.toLowerCase() === FEED_CSV_NAME ? max.maxCsvBytes : max.maxEntryBytes;
  if (bytes > RATIO_FLOOR_BYTES && bytes > max.maxRatio * Math.max(compressed, 1)) {
    throw new FeedArchiveError(
      'zip-bomb',
      `${zipName}: entry "${name}" inflates more than ${max.maxRatio} times its compressed size`,
    );
  }
  if (bytes > limit) {
    throw new FeedArchiveError(
      'too-large',
      `${zipName}: entry "${name}" is larger than ${megabytes(limit)}`,
    );
  }
}

function checkTotalSize(zipName: string, total: number, archiveBytes: number, max: ZipLimits) {
  if (total > max.maxTotalBytes) {
    throw new FeedArchiveError(
      'too-large',
      `${zipName} inflates to more than ${megabytes(max.maxTotalBytes)}`,
    );
  }
  if (total > RATIO_FLOOR_BYTES && total > max.maxRatio * Math.max(archiveBytes, 1)) {
    throw new FeedArchiveError(
      'zip-bomb',
      `${zipName} inflates more than ${max.maxRatio} times its size`,
    );
  }
}
