import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { firstFilePart, MultipartError, multipartBoundary } from './multipart';

// The file of a form upload, whatever the chunks the body arrives in.

const BOUNDARY = '----formdata-portal-7MA4YWxkTrZu0gW';

function form(file: Buffer, type = 'application/zip'): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="lang"\r\n\r\nfr\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="feed"; filename="stock.zip"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(
      `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--${BOUNDARY}--\r\n`,
    ),
  ]);
}

async function* chunks(body: Buffer, size: number) {
  for (let at = 0; at < body.length; at += size) yield body.subarray(at, at + size);
}

describe('firstFilePart', () => {
  const file = Buffer.concat([randomBytes(5_000), Buffer.from(`\r\n--${BOUNDARY.slice(0, 10)}`)]);

  it.each([1, 7, 37, 1024, 65_536, 1_000_000])(
    'streams the file exactly, the body in chunks of %i bytes',
    async (size) => {
      const part = await firstFilePart(chunks(form(file), size), BOUNDARY);
      expect(part).toMatchObject({ filename: 'stock.zip', type: 'application/zip' });
      expect((await buffer(part.body)).equals(file)).toBe(true);
    },
  );

  it('gives the type the browser named', async () => {
    const part = await firstFilePart(chunks(form(file, 'text/csv'), 4096), BOUNDARY);
    expect(part.type).toBe('text/csv');
    part.body.resume();
  });

  it('fails on a form without a file, and on a body cut off in its file', async () => {
    const noFile = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="lang"\r\n\r\nfr\r\n--${BOUNDARY}--\r\n`,
    );
    await expect(firstFilePart(chunks(noFile, 10), BOUNDARY)).rejects.toThrow(MultipartError);
    const cut = form(file).subarray(0, 3_000);
    const part = await firstFilePart(chunks(cut, 512), BOUNDARY);
    await expect(buffer(part.body)).rejects.toThrow(/cut off/);
  });

  it('reads the boundary of the content type, quoted or not', () => {
    expect(multipartBoundary(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/zip')).toBeNull();
    expect(multipartBoundary('multipart/form-data')).toBeNull();
  });
});
