import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parse as parseStream, type Options as CsvOptions } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { COL, POLIRIS_COLUMNS } from './columns';
import { mapPolirisRow, type MappingReference } from './mapping';
import { NotPolirisError, type FeedLine } from './types';

// Reading a Poliris feed (annonces.csv) as a stream: bytes are cut into lines, each line is
// decoded on its own (UTF-8, or Windows-1252 when its bytes are not UTF-8: feeds mix both after
// hand edits), and the decoded text goes through one streaming csv-parse parser on '!#' with '"'
// quotes (quotes left inside a field by a hand edit are kept as text), then mapped. The file is never read
// whole: 10,000 rows of 333 columns take a few tens of megabytes.
//
// A bad row is reported and skipped; a file that is not Poliris at all is rejected as a whole,
// as soon as its first lines show it: the first non-empty lines are held back (at most
// NOT_POLIRIS_LINES) until one of them has the format's 333 columns.

export type FeedInput = NodeJS.ReadableStream | Readable;

/** Non-empty lines without 333 columns after which a file is declared not Poliris. */
export const NOT_POLIRIS_LINES = 20;
/** A longer line is reported and skipped (a binary or truncated file, not a listing). */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

interface ByteLine {
  line: number;
  bytes: Buffer;
  tooLong: boolean;
}

/** Share of NUL bytes in a file's first 8 KB from which it is binary, not text with stray bytes. */
const BINARY_NUL_SHARE = 0.01;

async function* byteLines(input: FeedInput): AsyncGenerator<ByteLine> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let tooLong = false;
  let line = 0;
  let first = true;
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    if (first && buf.length > 0) {
      first = false;
      rejectBinary(buf);
    }
    let start = 0;
    for (;;) {
      const end = buf.indexOf(0x0a, start);
      if (end === -1) break;
      const piece = buf.subarray(start, end);
      const bytes = pending.length === 0 ? piece : Buffer.concat([...pending, piece]);
      line++;
      yield { line, bytes: tooLong ? Buffer.alloc(0) : bytes, tooLong };
      pending = [];
      pendingBytes = 0;
      tooLong = false;
      start = end + 1;
    }
    if (start < buf.length && !tooLong) {
      pending.push(buf.subarray(start));
      pendingBytes += buf.length - start;
      if (pendingBytes > MAX_LINE_BYTES) {
        tooLong = true;
        pending = [];
        pendingBytes = 0;
      }
    }
  }
  if (pending.length > 0 || tooLong) {
    line++;
    yield { line, bytes: tooLong ? Buffer.alloc(0) : Buffer.concat(pending), tooLong };
  }
}

function rejectBinary(head: Buffer): void {
  if (head[0] === 0x50 && head[1] === 0x4b)
    throw new NotPolirisError('not a Poliris feed: it is a zip archive, not annonces.csv');
  if (head[0] === 0x1f && head[1] === 0x8b)
    throw new NotPolirisError('not a Poliris feed: it is a gzip file');
  const start = head.subarray(0, 8192);
  const nuls = start.reduce((n, byte) => (byte === 0 ? n + 1 : n), 0);
  if (nuls > 0 && nuls >= start.length * BINARY_NUL_SHARE)
    throw new NotPolirisError('not a Poliris feed: it is a binary file, not text');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A line's text: UTF-8 (its BOM stripped), else Windows-1252. */
export function decodeLine(bytes: Uint8Array): string {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    text = iconv.decode(Buffer.from(bytes), 'win1252');
  }
  return text.replace(/^\uFEFF/, '').replace(/\r$/, '');
}

/** How csv-parse reads the format: '!#' between fields, every field in '"'. */
const CSV_OPTIONS: CsvOptions = {
  delimiter: '!#',
  quote: '"',
  relax_column_count: true,
  // The format never escapes '"' (writers replace it with "'"): one a hand edit left inside a
  // field is kept as text rather than failing the line.
  relax_quotes: true,
};

/** A field as csv-parse gives it under relax_quotes: its stray outer quotes dropped. */
function cleanCell(cell: string): string {
  return cell.includes('"') ? cell.replace(/^"/, '').replace(/"$/, '') : cell;
}

/** One line's fields (for tests and messages; the feed itself is read by readPolirisRows). */
export function splitLine(text: string): string[] {
  const records = parse(text, CSV_OPTIONS) as string[][];
  return (records[0] ?? []).map(cleanCell);
}

export interface FeedRow {
  line: number;
  cells: string[];
  /** Why the row cannot be imported although its fields could be read (a stray NUL byte). */
  problem?: string;
}

/** The reason of a row holding NUL bytes (read without them, to keep its reference). */
export const NUL_BYTE_REASON = 'the row holds a NUL byte (a stray byte, not text)';
export type RawFeedLine = FeedRow | { line: number; tooLong: true };

/**
 * The rows of a feed, split into fields, empty lines skipped. Throws NotPolirisError when the
 * first NOT_POLIRIS_LINES non-empty lines (or all of them, in a shorter file) lack the format's
 * 333 columns.
 */
export async function* readPolirisRows(input: FeedInput): AsyncGenerator<RawFeedLine> {
  // Lines longer than MAX_LINE_BYTES reach the parser empty and are reported in their place.
  const tooLong: number[] = [];
  // Lines holding NUL bytes reach the parser without them; their rows are reported.
  const withNul: number[] = [];
  const text = Readable.from(
    (async function* () {
      for await (const { line, bytes, tooLong: long } of byteLines(input)) {
        if (long) tooLong.push(line);
        let clean = bytes;
        if (!long && bytes.includes(0)) {
          withNul.push(line);
          clean = Buffer.from(bytes.filter((byte) => byte !== 0));
        }
        yield long ? '\n' : `${decodeLine(clean)}\n`;
      }
    })(),
    // A line at a time: a file found not to be Poliris is not read on.
    { highWaterMark: 1 },
  );
  // The parser is a stream Transform and takes its options too: little text held ahead.
  const streamOptions: CsvOptions & { highWaterMark: number } = {
    ...CSV_OPTIONS,
    info: true,
    highWaterMark: 1,
  };
  const parser = parseStream(streamOptions);
  text.on('error', (err) => parser.destroy(err));
  text.pipe(parser);

  let confirmed = false;
  const held: RawFeedLine[] = [];
  const heldTexts: string[] = [];
  function* take(item: RawFeedLine, source: string | null): Generator<RawFeedLine> {
    if (confirmed) {
      yield item;
      return;
    }
    if ('cells' in item && item.cells.length >= POLIRIS_COLUMNS) {
      confirmed = true;
      yield* held;
      held.length = 0;
      yield item;
      return;
    }
    held.push(item);
    if (source !== null) heldTexts.push(source);
    if (held.length >= NOT_POLIRIS_LINES) throw new NotPolirisError(notPolirisReason(heldTexts));
  }
  const longBefore = function* (line: number): Generator<RawFeedLine> {
    while (tooLong.length > 0 && (tooLong[0] ?? 0) <= line) {
      yield* take({ line: tooLong.shift() ?? 0, tooLong: true }, null);
    }
  };

  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      yield* longBefore(info.lines);
      // A record may span lines (a field with a line break): any of its lines counts.
      let stray = false;
      while (withNul.length > 0 && (withNul[0] ?? 0) <= info.lines) {
        withNul.shift();
        stray = true;
      }
      // An empty or blank line.
      if (record.length <= 1 && (record[0] ?? '').trim() === '') continue;
      const cells = record.map(cleanCell);
      const row: FeedRow = stray
        ? { line: info.lines, cells, problem: NUL_BYTE_REASON }
        : { line: info.lines, cells };
      yield* take(row, confirmed ? null : cells.join('!#'));
    }
  } finally {
    // Stopped early (not Poliris, or the reader gave up): the file is closed.
    text.destroy();
  }
  yield* longBefore(Number.MAX_SAFE_INTEGER);
  if (!confirmed && held.length > 0) throw new NotPolirisError(notPolirisReason(heldTexts));
}

function notPolirisReason(texts: readonly string[]): string {
  const head = texts[0]?.trimStart() ?? '';
  if (head.startsWith('{') || head.startsWith('[')) return 'not a Poliris feed: it looks like JSON';
  if (head.startsWith('<')) return 'not a Poliris feed: it looks like XML or HTML';
  const most = Math.max(0, ...texts.map((t) => splitLine(t).length));
  if (head.includes('!#'))
    return `not a Poliris feed: no line has the format's ${POLIRIS_COLUMNS} columns (at most ${most})`;
  const separators: Array<[string, string]> = [
    [',', "','"],
    [';', "';'"],
    ['\t', 'tabs'],
    ['|', "'|'"],
  ];
  const counts = separators.map(([sep, name]) => [head.split(sep).length - 1, name] as const);
  const [count, name] = counts.reduce((a, b) => (b[0] > a[0] ? b : a));
  if (count > 0)
    return `not a Poliris feed: fields are separated by ${name}, not by '!#', and no line has the format's ${POLIRIS_COLUMNS} columns`;
  return `not a Poliris feed: no line has the format's ${POLIRIS_COLUMNS} columns separated by '!#'`;
}

/**
 * The feed's offers, one FeedLine per non-empty line: the mapped offer, or the problem that
 * skipped the row. An empty file yields nothing. Throws NotPolirisError for a file that is not
 * Poliris at all.
 */
export async function* readPolirisFeed(
  input: FeedInput,
  reference: MappingReference,
): AsyncGenerator<FeedLine> {
  for await (const row of readPolirisRows(input)) {
    if ('tooLong' in row)
      yield {
        line: row.line,
        problem: {
          line: row.line,
          reference: null,
          position: null,
          column: null,
          reason: `the line is longer than ${MAX_LINE_BYTES / 1024 / 1024} MB`,
        },
      };
    else if (row.problem) {
      const ref = referenceOf(row.cells);
      yield {
        line: row.line,
        problem: {
          line: row.line,
          reference: ref || null,
          position: null,
          column: null,
          reason: row.problem,
        },
      };
    } else yield mapPolirisRow(row.cells, row.line, reference);
  }
}

/**
 * A cheap first pass: the reference (col 2) of every row that has one, without mapping. Rows
 * that the full pass will skip are included (a row with an unknown city still names an offer the
 * agency means to keep). Throws NotPolirisError like readPolirisFeed.
 */
export async function* readPolirisReferences(
  input: FeedInput,
): AsyncGenerator<{ line: number; reference: string }> {
  for await (const row of readPolirisRows(input)) {
    if ('tooLong' in row) continue;
    const reference = referenceOf(row.cells);
    if (reference) yield { line: row.line, reference };
  }
}

/** A row's agency reference (col 2), spaces collapsed. */
function referenceOf(cells: string[]): string {
  return (cells[COL.agencePropertyRef - 1] ?? '').replace(/\s+/g, ' ').trim();
}

/** The feed file of a folder: annonces.csv in any case ('Annonces.csv'), or null. */
export async function findFeedFile(dir: string): Promise<string | null> {
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isFile() && e.name.toLowerCase() === 'annonces.csv')
    .map((e) => e.name)
    .sort();
  return names[0] === undefined ? null : path.join(dir, names[0]);
}
