import { Readable } from 'node:stream';

// The file of a multipart/form-data upload (RFC 7578), as a stream: a feed sent from the
// professional space's form without JavaScript arrives this way (with JavaScript it is sent as
// the zip itself). Only the first part with a file name is read; fields before it are skipped,
// whatever follows it is drained. The part's bytes flow through as they arrive: a feed of
// hundreds of megabytes is never held in memory.

/** Bytes of the parts' headers and of the fields before the file, at most. */
const MAX_PREAMBLE = 64 * 1024;

export class MultipartError extends Error {
  override name = 'MultipartError';
}

export interface FilePart {
  /** The part's file name as the browser sent it. */
  filename: string;
  /** The part's media type (lower case, without parameters; '' when not given). */
  type: string;
  body: Readable;
}

/** The boundary of a multipart/form-data content type, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function headerValue(headers: string, name: string): string | null {
  const line = headers.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

/**
 * The first file part of a multipart body; throws MultipartError when the body ends before one
 * or is not multipart as announced. The returned stream fails when the body is cut off.
 */
export async function firstFilePart(
  input: AsyncIterable<Buffer>,
  boundary: string,
): Promise<FilePart> {
  const iterator = input[Symbol.asyncIterator]();
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The body starts with the first delimiter without its CRLF: prefix one to find them alike.
  let buffer = Buffer.from('\r\n');
  let ended = false;

  async function more(): Promise<boolean> {
    if (ended) return false;
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      return false;
    }
    buffer = Buffer.concat([buffer, next.value]);
    if (buffer.length > MAX_PREAMBLE + delimiter.length + 4) {
      throw new MultipartError('the form holds no file within its first 64 kB');
    }
    return true;
  }

  async function until(needle: Buffer, from: number): Promise<number> {
    for (;;) {
      const at = buffer.indexOf(needle, from);
      if (at !== -1) return at;
      if (!(await more())) throw new MultipartError('the form ends before its file');
    }
  }

  let at = await until(delimiter, 0);
  for (;;) {
    // After a delimiter: "--" closes the body, else CRLF and the part's headers.
    const headersStart = at + delimiter.length;
    const headersEnd = await until(Buffer.from('\r\n\r\n'), headersStart);
    const head = buffer.subarray(headersStart, headersEnd).toString('utf8');
    if (head.startsWith('--')) throw new MultipartError('the form holds no file');
    const disposition = headerValue(head, 'content-disposition') ?? '';
    const filename = /;\s*filename="([^"]*)"/i.exec(disposition)?.[1];
    const bodyStart = headersEnd + 4;
    if (filename !== undefined) {
      const type = (headerValue(head, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      const rest = buffer.subarray(bodyStart);
      return { filename, type, body: Readable.from(fileBytes(rest)) };
    }
    at = await until(delimiter, bodyStart);
  }

  // The file's bytes up to the next delimiter; the rest of the body is read and dropped.
  async function* fileBytes(start: Buffer): AsyncGenerator<Buffer> {
    let pending = start;
    for (;;) {
      const end = pending.indexOf(delimiter);
      if (end !== -1) {
        if (end > 0) yield pending.subarray(0, end);
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
          // Drained so that the request ends normally.
        }
        return;
      }
      // Keep what could be the start of a delimiter cut between two chunks.
      const keep = Math.min(pending.length, delimiter.length - 1);
      if (pending.length > keep) yield pending.subarray(0, pending.length - keep);
      pending = pending.subarray(pending.length - keep);
      const next = await iterator.next();
      if (next.done) throw new MultipartError('the upload was cut off before the end of its file');
      pending = Buffer.concat([pending, next.value]);
    }
  }
}
