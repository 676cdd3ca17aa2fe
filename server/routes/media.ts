import type { FastifyInstance } from 'fastify';
import { isUpstreamError } from '../upstream/errors';

// Photos: the browser only talks to the BFF. /media/{id}-{w}.jpg and /media/mosaic/{rubrique}.jpg
// stream the listings API's /photos/* files. Offer photos never change under a given id (a new
// photo gets a new id): cached as immutable. Mosaic images are named after the rubrique and may
// be replaced: cached for a day.

const PHOTO = /^(\d{1,10})-(\d{2,4})\.jpg$/;
const MOSAIC = /^mosaic\/(\d{1,10})\.jpg$/;
const PASS_HEADERS = ['content-type', 'content-length', 'etag', 'last-modified'] as const;

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  app.get('/media/*', async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    const mosaic = MOSAIC.test(path);
    if (!mosaic && !PHOTO.test(path)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const controller = new AbortController();
    reply.raw.on('close', () => controller.abort());
    const headers: Record<string, string> = {};
    const ifNoneMatch = request.headers['if-none-match'];
    if (typeof ifNoneMatch === 'string') headers['if-none-match'] = ifNoneMatch;
    let upstream;
    try {
      upstream = await app.upstream.raw(`/photos/${path}`, {
        requestId: request.id,
        signal: controller.signal,
        headers,
      });
    } catch (error) {
      // The visitor went away (a page left, a lazy image scrolled past): nobody to answer.
      if (controller.signal.aborted) return reply.hijack();
      if (!isUpstreamError(error)) throw error;
      return reply
        .code(error.status)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Photo unavailable');
    }
    if (upstream.statusCode === 304) {
      upstream.body.resume();
      return reply.code(304).send();
    }
    if (upstream.statusCode !== 200) {
      upstream.body.resume();
      const status = upstream.statusCode === 404 ? 404 : 502;
      return reply
        .code(status)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Photo unavailable');
    }
    for (const name of PASS_HEADERS) {
      const value = upstream.headers[name];
      if (typeof value === 'string') reply.header(name, value);
    }
    reply.header(
      'cache-control',
      mosaic
        ? 'public, max-age=86400, stale-while-revalidate=604800'
        : 'public, max-age=31536000, immutable',
    );
    return reply.send(upstream.body);
  });
}
