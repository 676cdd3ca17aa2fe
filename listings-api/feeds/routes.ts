import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Busboy, { type BusboyHeaders } from '@fastify/busboy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import * as v from 'valibot';
import { ApiErrorSchema } from '../../shared/contract';
import { HttpError } from '../lib/errors';
import type { ValibotTypeProvider } from '../lib/validation';
import { selectAgencyBySlug } from '../repositories/agencies';
import { selectCacheChanges, selectFeedRun } from '../repositories/feed-runs';
import { extractFeedZip, FeedArchiveError } from './archive';
import { PRO_SESSION_UPSTREAM_HEADER } from '../../shared/pro';
import { resolveProSession } from '../pro/session';
import { feedZipLimits } from './config';
import { checkFeedKey } from './keys';
import {
  emptyCounts,
  FeedReportSchema,
  FeedRowReportSchema,
  FeedRunSummarySchema,
  readRowReports,
  summarize,
  type FeedRunSummary,
} from './report';
import { rowsFileOf } from './pro';
import { newRunId, type FeedRunner } from './runner';

// POST /feeds/{agency}: an agency's software uploads its Poliris feed as a zip (annonces.csv and
// its photos), with the agency's feed key; the feed is checked (a zip, no path leaving the
// folder, sizes and compression ratios within limits, an annonces.csv) before 202 answers a run
// id, then imported in the background. GET /feeds/runs/{id} gives the run's report (same key).
// GET /changes?since=<cursor>: the cache tags invalidated by imports, for edge cache purgers.

const AgencyParams = v.object({
  agency: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'must be an agency slug')),
});
const RunParams = v.object({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be a feed run id')),
});
const UploadQuery = v.object({
  force: v.optional(v.picklist(['0', '1', 'true', 'false'], 'must be 1 or 0')),
});
const ChangesQuery = v.object({
  since: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,15}$/, 'must be a cursor given by an earlier answer (a whole number)'),
      v.transform(Number),
    ),
    '0',
  ),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, 'must be between 1 and 1000'),
      v.transform(Number),
      v.minValue(1, 'must be between 1 and 1000'),
      v.maxValue(1000, 'must be between 1 and 1000'),
    ),
    '100',
  ),
});

/** Most row reports in one page of GET /feeds/runs/{id}/rows. */
export const ROWS_PAGE_MAX = 1000;

const RowsQuery = v.object({
  offset: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/, 'must be a whole number (rows to skip)'),
      v.transform(Number),
    ),
    '0',
  ),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, `must be between 1 and ${ROWS_PAGE_MAX}`),
      v.transform(Number),
      v.minValue(1, `must be between 1 and ${ROWS_PAGE_MAX}`),
      v.maxValue(ROWS_PAGE_MAX, `must be between 1 and ${ROWS_PAGE_MAX}`),
    ),
    '100',
  ),
});

const RowsPageSchema = v.object({
  /** Row reports of the run in all. */
  total: v.number(),
  offset: v.number(),
  limit: v.number(),
  /** The row reports from offset on, in line order. */
  rows: v.array(FeedRowReportSchema),
});

const RunAcceptedSchema = v.object({
  runId: v.string(),
  status: v.literal('queued'),
  /** Where the report will be. */
  report: v.string(),
});

const ChangesSchema = v.object({
  /** Each import's invalidated tags, oldest first. */
  changes: v.array(v.object({ id: v.number(), at: v.string(), tags: v.array(v.string()) })),
  /** Every tag of those changes, once. */
  tags: v.array(v.string()),
  /** The cursor to pass as since= next time (the same when nothing changed). */
  next: v.string(),
});

/**
 * Wrong feed keys allowed in a window, per client address and per agency: past either, key
 * attempts answer 429 until the window ends, the right key too (so guessing learns nothing).
 * Counted by each process of the listings API.
 */
export const FEED_KEY_FAILURES = { perAddress: 10, perAgency: 30, windowMs: 60_000 } as const;

/** Failed attempts by `address:<ip>` and `agency:<id>`, each forgotten when its window ends. */
function failedKeyAttempts() {
  const counts = new LRUCache<string, number>({ max: 50_000, ttl: FEED_KEY_FAILURES.windowMs });
  const limits = (ip: string, agencyId: number) =>
    [
      [`address:${ip}`, FEED_KEY_FAILURES.perAddress],
      [`agency:${agencyId}`, FEED_KEY_FAILURES.perAgency],
    ] as const;
  return {
    /** Seconds until attempts are taken again, or 0 when they are. */
    blockedFor(ip: string, agencyId: number): number {
      let wait = 0;
      for (const [key, max] of limits(ip, agencyId)) {
        if ((counts.get(key) ?? 0) >= max)
          wait = Math.max(wait, Math.ceil(counts.getRemainingTTL(key) / 1000));
      }
      return wait;
    },
    failed(ip: string, agencyId: number): void {
      for (const [key] of limits(ip, agencyId)) {
        const count = counts.get(key);
        // The window starts at the first failure: later ones keep its end.
        if (count === undefined) counts.set(key, 1);
        else counts.set(key, count + 1, { ttl: counts.getRemainingTTL(key) });
      }
    },
  };
}

/** Media types of a zip: browsers on Windows name it application/x-zip-compressed. */
const ZIP_TYPES = new Set(['application/zip', 'application/x-zip-compressed']);

/** Bytes of a form's fields before its file (and of each part's headers), at most. */
const FORM_PREAMBLE_BYTES = 64 * 1024;
/** Parts of a form before its file, at most. */
const FORM_PARTS = 32;

interface FormFile {
  /** The part's file name as the browser sent it. */
  filename: string;
  /** The part's media type (lower case, without parameters; '' when not given). */
  type: string;
  body: Readable;
}

/**
 * The first file of a multipart/form-data body (the professional space's form without
 * JavaScript), read by @fastify/busboy as the request arrives: fields before it are skipped,
 * whatever follows it is read and dropped, and its bytes flow through as they come, never held.
 * 400 for a body that is not the form it announces, holds no file, or is cut off in its file;
 * 413 past `maxBytes` (with the fields before the file).
 */
function formFile(request: FastifyRequest, maxBytes: number): Promise<FormFile> {
  const malformed = (message: string) => new HttpError(400, message, 'body');
  let form: InstanceType<typeof Busboy>;
  try {
    form = new Busboy({
      headers: request.headers as BusboyHeaders,
      limits: {
        files: 1,
        parts: FORM_PARTS,
        fieldSize: FORM_PREAMBLE_BYTES,
        headerSize: FORM_PREAMBLE_BYTES,
      },
    });
  } catch (err) {
    return Promise.reject(malformed(`the form cannot be read: ${(err as Error).message}`));
  }
  const input = request.body as Readable;
  let received = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > maxBytes + FORM_PREAMBLE_BYTES) {
        callback(
          new HttpError(413, `the feed is larger than ${maxBytes} bytes (FEEDS_MAX_BYTES)`, 'body'),
        );
      } else callback(null, chunk);
    },
  });
  return new Promise<FormFile>((resolve, reject) => {
    let file: PassThrough | null = null;
    const fail = (error: Error) => {
      if (file) file.destroy(error);
      else reject(error);
      // The rest of the body is read and dropped, so that the request ends normally.
      input.unpipe(counted);
      input.resume();
    };
    form.on('file', (_field, stream, filename, _encoding, mimetype) => {
      const body = new PassThrough();
      // A failure before the route reads the file stays in the stream (its `errored`), for
      // the route's pipeline to answer with.
      body.on('error', () => undefined);
      file = body;
      stream.on('error', () =>
        fail(malformed('the upload was cut off before the end of its file')),
      );
      stream.pipe(body);
      resolve({ filename: filename ?? '', type: (mimetype ?? '').toLowerCase(), body });
    });
    form.on('partsLimit', () => {
      if (!file) fail(malformed(`the form holds no file within its first ${FORM_PARTS} parts`));
    });
    form.on('error', (err: Error) =>
      fail(err instanceof HttpError ? err : malformed(`the form cannot be read: ${err.message}`)),
    );
    form.on('finish', () => {
      if (!file) fail(malformed('the form holds no file'));
    });
    counted.on('error', fail);
    input.on('error', fail);
    input.pipe(counted).pipe(form);
  });
}

/**
 * The zip's bytes of an upload: the body itself (application/zip), or the file of a form
 * (multipart/form-data, the professional space's form without JavaScript); 415 for another type.
 */
async function feedBody(request: FastifyRequest, maxBytes: number): Promise<Readable> {
  const header = request.headers['content-type'] ?? '';
  const type = header.split(';', 1).join('').trim().toLowerCase();
  if (ZIP_TYPES.has(type)) return request.body as Readable;
  if (type !== 'multipart/form-data') {
    throw new HttpError(415, 'the feed must be sent as application/zip', 'content-type');
  }
  const part = await formFile(request, maxBytes);
  const zipNamed = /\.zip$/i.test(part.filename);
  if (!ZIP_TYPES.has(part.type) && !(zipNamed && part.type === 'application/octet-stream')) {
    part.body.resume();
    throw new HttpError(
      415,
      `the feed must be a zip file (${part.filename || 'the file'} is ${part.type || 'of no type'})`,
      'content-type',
    );
  }
  return part.body;
}

function feedKeyOf(request: FastifyRequest): string | null {
  const auth = request.headers.authorization;
  if (typeof auth === 'string' && /^Bearer\s+/i.test(auth)) return auth.replace(/^Bearer\s+/i, '');
  const header = request.headers['x-feed-key'];
  return typeof header === 'string' ? header : null;
}

export interface FeedRouteOptions {
  runner: FeedRunner;
}

export async function feedRoutes(
  fastify: FastifyInstance,
  options: FeedRouteOptions,
): Promise<void> {
  const { runner } = options;
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const maxBytes = runner.config.maxBytes;

  // The zip is streamed to a file as it arrives, never held in memory.
  app.addContentTypeParser(
    ['application/zip', 'application/x-zip-compressed', 'multipart/form-data'],
    (_request, payload, done) => done(null, payload),
  );

  const failures = failedKeyAttempts();

  /**
   * The uploading agency: with a professional-space session (the web app relays the signed-in
   * user's), the user's agency, which must be the one named (another answers 404 as an unknown
   * one); else the agency whose feed key the request carries.
   */
  async function uploadingAgency(request: FastifyRequest, reply: FastifyReply, slug: string) {
    const session = request.headers[PRO_SESSION_UPSTREAM_HEADER];
    if (typeof session !== 'string') return agencyWithKey(request, reply, slug);
    const user = await resolveProSession(app.db.kysely, session);
    if (!user) throw new HttpError(401, 'session: sign in to the professional space', 'session');
    const agency = await selectAgencyBySlug(app.db, slug);
    if (!agency || agency.id !== user.agencyId) {
      throw new HttpError(404, `agency ${slug} not found`, 'agency');
    }
    return agency;
  }

  async function agencyWithKey(request: FastifyRequest, reply: FastifyReply, slug: string) {
    const agency = await selectAgencyBySlug(app.db, slug);
    if (!agency) throw new HttpError(404, `agency ${slug} not found`, 'agency');
    const wait = failures.blockedFor(request.ip, agency.id);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new HttpError(429, `too many wrong feed keys: try again in ${wait} s`, 'authorization');
    }
    const key = feedKeyOf(request);
    if (!key) {
      throw new HttpError(
        401,
        'a feed key is required: Authorization: Bearer <key>',
        'authorization',
      );
    }
    if (!(await checkFeedKey(app.db, agency.id, key))) {
      failures.failed(request.ip, agency.id);
      throw new HttpError(401, `this feed key is not the key of agency ${slug}`, 'authorization');
    }
    return agency;
  }

  app.post(
    '/feeds/:agency',
    {
      bodyLimit: maxBytes,
      schema: {
        description:
          "Uploads an agency's Poliris feed: a zip of annonces.csv and its photos (application/zip), with the agency's feed key as a bearer token (or the professional-space session of one of its users). The feed is the agency's full stock. Answers 202 with the run id; the report is at /feeds/runs/{id}.",
        params: AgencyParams,
        querystring: UploadQuery,
        response: {
          202: RunAcceptedSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
          413: ApiErrorSchema,
          415: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const agency = await uploadingAgency(request, reply, request.params.agency);
      const body = await feedBody(request, maxBytes);
      const runId = newRunId();
      const dir = path.join(runner.config.workDir, `${agency.slug}-${runId}`);
      await mkdir(dir, { recursive: true });
      const zip = path.join(dir, 'feed.zip');
      try {
        let received = 0;
        const limit = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            received += chunk.length;
            if (received > maxBytes) {
              callback(
                new HttpError(
                  413,
                  `the feed is larger than ${maxBytes} bytes (FEEDS_MAX_BYTES)`,
                  'body',
                ),
              );
            } else callback(null, chunk);
          },
        });
        await pipeline(body, limit, createWriteStream(zip));
        if (received === 0)
          throw new HttpError(400, 'the body is empty: send the feed zip', 'body');
        // Everything is checked before the run is accepted: nothing is imported from a bad zip.
        const handle = await open(zip);
        try {
          const { buffer } = await handle.read(Buffer.alloc(4), 0, 4, 0);
          if (buffer.readUInt32LE(0) !== 0x04034b50 && buffer.readUInt32LE(0) !== 0x06054b50)
            throw new HttpError(400, 'the body is not a zip file', 'body');
        } finally {
          await handle.close();
        }
        await extractFeedZip(zip, path.join(dir, 'extracted'), feedZipLimits(runner.config));
        await rm(zip, { force: true });
      } catch (err) {
        await rm(dir, { recursive: true, force: true });
        if (err instanceof FeedArchiveError) {
          const status = err.code === 'zip-bomb' || err.code === 'too-large' ? 413 : 400;
          throw new HttpError(status, err.message, 'body');
        }
        throw err;
      }
      const force = request.query.force === '1' || request.query.force === 'true';
      const { report } = runner.submit({ agency, dir, source: 'http', force, runId });
      report.catch(() => undefined);
      return reply
        .code(202)
        .send({ runId, status: 'queued' as const, report: `/feeds/runs/${runId}` });
    },
  );

  /** The run's summary, the key of its agency required. */
  async function runSummary(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
  ): Promise<FeedRunSummary> {
    const run = await selectFeedRun(app.db, id);
    if (!run) throw new HttpError(404, `feed run ${id} not found`, 'id');
    await agencyWithKey(request, reply, run.slug);
    if (run.report) {
      const stored: unknown = typeof run.report === 'string' ? JSON.parse(run.report) : run.report;
      // Runs recorded before summaries kept every row report.
      return typeof stored === 'object' && stored !== null && 'rows' in stored
        ? summarize(v.parse(FeedReportSchema, stored))
        : v.parse(FeedRunSummarySchema, stored);
    }
    return {
      runId: run.id,
      agency: run.slug,
      source: run.source,
      status: run.status,
      reason: null,
      forced: false,
      startedAt: null,
      finishedAt: null,
      counts: emptyCounts(),
      withdrawn: [],
      tags: 0,
      problems: [],
      problemCount: 0,
      rowCount: 0,
    };
  }

  app.get(
    '/feeds/runs/:id',
    {
      schema: {
        description:
          'The summary of a feed run: counts by outcome and the first problems (the key of its agency is required). Every row report is paged by /feeds/runs/{id}/rows.',
        params: RunParams,
        response: {
          200: FeedRunSummarySchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    (request, reply) => runSummary(request, reply, request.params.id),
  );

  app.get(
    '/feeds/runs/:id/rows',
    {
      schema: {
        description: `The row reports of a feed run in line order, a page at a time (at most ${ROWS_PAGE_MAX}; the key of its agency is required). 404 until the run is archived.`,
        params: RunParams,
        querystring: RowsQuery,
        response: {
          200: RowsPageSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { offset, limit } = request.query;
      const summary = await runSummary(request, reply, request.params.id);
      const file = await rowsFileOf(runner.config, summary.agency, summary.runId);
      if (!file) {
        throw new HttpError(404, `the rows of feed run ${summary.runId} are not written yet`, 'id');
      }
      const rows = await readRowReports(file, { offset, limit });
      return { total: summary.rowCount, offset, limit, rows };
    },
  );

  app.get(
    '/changes',
    {
      schema: {
        description:
          'Cache tags invalidated by feed imports since a cursor (0 for all), oldest first, for edge cache purgers: purge the tags, then ask again with since=next.',
        querystring: ChangesQuery,
        response: { 200: ChangesSchema, 400: ApiErrorSchema },
      },
    },
    async (request) => {
      const { since, limit } = request.query;
      const rows = await selectCacheChanges(app.db, since, limit);
      const changes = rows.map((r) => ({
        id: Number(r.id),
        at: new Date(r.created_at).toISOString(),
        tags: r.tags,
      }));
      return {
        changes,
        tags: [...new Set(changes.flatMap((c) => c.tags))].sort(),
        next: String(changes.at(-1)?.id ?? since),
      };
    },
  );
}
