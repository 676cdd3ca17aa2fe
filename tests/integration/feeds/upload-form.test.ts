import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildListingsApp } from '../../../listings-api/app';
import type { Db } from '../../../listings-api/db/connection';
import { issueFeedKey } from '../../../listings-api/feeds/keys';
import { createTestDb, testDbKinds } from '../../fixtures/db';
import {
  agencyWithoutOffers,
  bearer,
  buildZip,
  feedConfig,
  filesUnder,
  tempDir,
  VALID_CSV,
  validFeedFiles,
  type SeedAgency,
} from './helpers';

// POST /feeds/{agency} with a form (multipart/form-data, the professional space's form without
// JavaScript): the form's first file is the feed, read as the body arrives whatever its chunks,
// fields before it skipped and whatever follows dropped; a form that is not one, holds no file,
// is cut off in its file, holds another type of file or too large a one is refused, leaving
// nothing behind.

const MAX_BYTES = 200 * 1024;
const BOUNDARY = '----formdata-portal-7MA4YWxkTrZu0gW';

type Part = { name: string; value: Buffer | string; filename?: string; type?: string };

function form(parts: Part[], boundary = BOUNDARY): Buffer {
  return Buffer.concat([
    ...parts.flatMap((p) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
          (p.filename !== undefined ? `; filename="${p.filename}"` : '') +
          (p.type ? `\r\nContent-Type: ${p.type}` : '') +
          '\r\n\r\n',
      ),
      Buffer.from(p.value),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
}

const chunked = (body: Buffer, size: number) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < body.length; at += size) yield body.subarray(at, at + size);
    })(),
  );

describe.each(testDbKinds)('feed uploads as a form on %s', (kind) => {
  let db: Db;
  let app: FastifyInstance;
  let dir: string;
  let agency: SeedAgency;
  let key: string;
  let zip: Buffer;

  const upload = (body: Buffer | Readable, type = `multipart/form-data; boundary=${BOUNDARY}`) =>
    app.inject({
      method: 'POST',
      url: `/feeds/${agency.slug}`,
      headers: {
        'content-type': type,
        ...bearer(key),
        ...(Buffer.isBuffer(body) ? {} : { 'transfer-encoding': 'chunked' }),
      },
      payload: body,
    });

  async function expectRefused(
    response: Awaited<ReturnType<typeof upload>>,
    status: number,
    message: RegExp,
  ) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect(filesUnder(app.feedRunner.config.workDir)).toEqual([]);
  }

  beforeAll(async () => {
    db = await createTestDb(kind);
    dir = tempDir('feed-upload-form');
    app = await buildListingsApp({
      db,
      photosDir: path.join(dir, 'photos'),
      feeds: feedConfig(path.join(dir, 'feeds'), { FEEDS_MAX_BYTES: String(MAX_BYTES) }),
      countsRefreshMs: 0,
      jobs: false,
    });
    agency = await agencyWithoutOffers(db);
    key = await issueFeedKey(db, agency.id);
    zip = await buildZip(await validFeedFiles());
  });

  afterAll(async () => {
    await app?.close();
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each([1, 37, 4096, 1_000_000])(
    "takes the form's first file, the body in chunks of %i bytes, and imports it",
    async (size) => {
      const body = form([
        { name: 'lang', value: 'fr' },
        { name: 'feed', value: zip, filename: 'stock.zip', type: 'application/zip' },
        { name: 'other', value: randomBytes(2048), filename: 'other.zip', type: 'application/zip' },
        { name: 'x', value: 'y' },
      ]);
      const sent = await upload(chunked(body, size));
      expect(sent.statusCode, sent.body).toBe(202);
      const { runId } = sent.json<{ runId: string }>();
      await app.feedRunner.idle();
      const run = await app.inject({ url: `/feeds/runs/${runId}`, headers: bearer(key) });
      expect(run.json<{ status: string; counts: { rows: number } }>()).toMatchObject({
        status: 'done',
        counts: { rows: VALID_CSV.toString('latin1').trim().split('\n').length },
      });
    },
  );

  it('takes a zip named .zip sent as application/octet-stream', async () => {
    const body = form([
      { name: 'feed', value: zip, filename: 'stock.zip', type: 'application/octet-stream' },
    ]);
    expect((await upload(body)).statusCode).toBe(202);
    await app.feedRunner.idle();
  });

  it('refuses a form without a file', async () => {
    await expectRefused(await upload(form([{ name: 'lang', value: 'fr' }])), 400, /no file/);
  });

  it('refuses a form cut off in its file', async () => {
    const body = form([
      { name: 'feed', value: zip, filename: 'stock.zip', type: 'application/zip' },
    ]);
    await expectRefused(
      await upload(body.subarray(0, Math.floor(zip.length / 2))),
      400,
      /cut off|form/,
    );
  });

  it('refuses a body that is not the form its content type announces', async () => {
    await expectRefused(await upload(randomBytes(4096)), 400, /form/);
    await expectRefused(await upload(zip, 'multipart/form-data'), 400, /form/);
  });

  it('refuses a file of another type', async () => {
    const body = form([
      { name: 'feed', value: VALID_CSV, filename: 'annonces.csv', type: 'text/csv' },
    ]);
    await expectRefused(
      await upload(body),
      415,
      /must be a zip file \(annonces\.csv is text\/csv\)/,
    );
  });

  it('refuses a file larger than FEEDS_MAX_BYTES', async () => {
    const big = await buildZip({ 'annonces.csv': VALID_CSV, 'x.jpg': randomBytes(MAX_BYTES) });
    const body = form([
      { name: 'feed', value: big, filename: 'stock.zip', type: 'application/zip' },
    ]);
    await expectRefused(await upload(chunked(body, 16_384)), 413, /larger than/);
  });
});
