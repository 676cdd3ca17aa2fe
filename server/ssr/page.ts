import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { langOfPath } from '../../client/app/route-table';
import type { Renderer, SsrModule } from './renderer';
import { cacheTagValue, pageCacheControl } from './cache';

// Every other GET is a page: a Fetch Request (aborted when the visitor goes away) goes through
// react-router's static handler in the server entry, and the HTML streams out from the shell,
// with Content-Language, Cache-Control and the edge cache tag header.

export interface PageRouteOptions {
  renderer: Renderer;
  cacheTagHeader: string;
  /** Public origin for canonical URLs; the request's own origin when absent. */
  publicUrl: string | undefined;
  /** Longest time a page may take to render before it is cut (ms). */
  renderTimeoutMs: number;
}

const BOT =
  /bot|crawler|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link|whatsapp|lighthouse/i;

function toFetchRequest(request: FastifyRequest, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else headers.set(name, value);
  }
  return new Request(new URL(request.url, origin), { method: 'GET', headers, signal });
}

async function sendFallback(reply: FastifyReply, ssr: SsrModule | undefined, pathname: string) {
  const lang = langOfPath(pathname);
  let html: string;
  try {
    if (!ssr) throw new Error('no renderer');
    html = await ssr.renderFallbackHtml(lang);
  } catch {
    html =
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>An error occurred while showing the error page</title></head>' +
      '<body><h1>An error occurred while showing the error page</h1><p><a href="/">Home</a></p></body></html>';
  }
  return reply
    .code(500)
    .header('cache-control', 'no-store')
    .header('content-language', lang)
    .type('text/html; charset=utf-8')
    .send(html);
}

export async function pageRoutes(app: FastifyInstance, options: PageRouteOptions): Promise<void> {
  const { renderer } = options;

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = options.publicUrl ?? `${request.protocol}://${request.host}`;
    const pathname = request.url.split('?')[0] ?? '/';
    const controller = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort(new Error('client went away'));
    });
    const tags = new Set<string>();
    let ssr: SsrModule | undefined;
    let result: Awaited<ReturnType<SsrModule['render']>>;
    try {
      ssr = await renderer.load();
      result = await ssr.render(toFetchRequest(request, origin, controller.signal), {
        api: app.portalApi(request, { signal: controller.signal, tags }),
        nonce: request.cspNonce,
        assets: renderer.assets,
        origin,
        tags,
        waitForAll: BOT.test(request.headers['user-agent'] ?? ''),
        onError: (error) => request.log.error({ err: error }, 'page render error'),
      });
    } catch (error) {
      if (controller.signal.aborted) return reply.hijack();
      request.log.error({ err: error }, 'error page failed');
      return sendFallback(reply, ssr, pathname);
    }

    if (result.kind === 'response') {
      const { response } = result;
      const location = response.headers.get('location');
      if (location && response.status >= 300 && response.status < 400) {
        return reply
          .code(response.status)
          .header('cache-control', response.status === 301 ? 'public, max-age=3600' : 'no-store')
          .redirect(location, response.status);
      }
      reply.code(response.status);
      response.headers.forEach((value, name) => reply.header(name, value));
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
    }

    const timer = setTimeout(
      () => result.abort(new Error('render timeout')),
      options.renderTimeoutMs,
    );
    const body = new PassThrough();
    body.on('close', () => clearTimeout(timer));
    reply
      .code(result.status)
      .type('text/html; charset=utf-8')
      .header('content-language', result.lang)
      .header('cache-control', pageCacheControl(result.status, result.cache))
      .header('vary', 'Accept-Encoding');
    const tagValue = cacheTagValue(options.cacheTagHeader, tags);
    if (tagValue && result.status < 500) reply.header(options.cacheTagHeader, tagValue);
    result.pipe(body);
    return reply.send(body);
  };
  app.get('/*', sendPage);
  // A form posted to the page without JavaScript: server/ssr/page-forms.ts handles it first.
  app.post('/*', sendPage);
}
