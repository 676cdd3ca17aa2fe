import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { langOfPath } from '../../shared/routes';
import { BFF_PATHS } from '../../shared/bff-paths';
import { notFound, serviceUnavailable } from '../http-errors';
import { ACTION_HEADER, type ActionAnswer } from '../../shared/page-actions';
import { PAGE_FORM_BODY_LIMIT } from './page-actions';
import type { Renderer, SsrModule } from './renderer';
import { cacheTagValue, pageCacheControl } from './cache';

// Every other GET is a page: a Fetch Request (aborted when the visitor goes away) goes through
// react-router's static handler in the server entry, and the HTML goes out with Content-Language,
// Cache-Control and the edge cache tag header. The data is loaded before React renders and no
// screen suspends, so the document is rendered whole and sent as one body with its length.

export interface PageRouteOptions {
  renderer: Renderer;
  cacheTagHeader: string;
  /** Public origin for canonical URLs; the request's own origin when absent. */
  publicUrl: string | undefined;
  /** Longest time a page may take (data and render) before it is cut (ms). */
  renderTimeoutMs: number;
  /**
   * The secret of the app's own requests for an error page (STATUS_PAGE_HEADER): a request the
   * server could not read gets the portal's error page through one (server/app.ts).
   */
  statusPageToken?: string;
}

/** Header of the app's own request for the error page of a status: `<token> <status>`. */
export const STATUS_PAGE_HEADER = 'x-portal-status-page';

/** The status of an error page the app asked for itself, else undefined. */
function askedStatus(request: FastifyRequest, token: string | undefined): number | undefined {
  const value = request.headers[STATUS_PAGE_HEADER];
  if (!token || typeof value !== 'string') return undefined;
  const [given, status] = value.split(' ');
  if (given !== token || !/^4\d\d$/.test(status ?? '')) return undefined;
  return Number(status);
}

const RENDER_TIMEOUT = new Error('render timeout');

/** `.` and `..` path segments, plain or percent-encoded (any case). */
const DOT_SEGMENT = /(?<=\/)(?:\.|%2e){1,2}(?=\/|$)/gi;

/**
 * The URL of a page request, with its path as the visitor sent it. URL parsing would remove dot
 * segments (`/fr/vente/%2e%2e/` is `/fr/`), read backslashes as slashes and take `//host/...` for
 * another host: such segments are kept as literal text instead, which no slug matches (404).
 */
export function pageUrl(rawUrl: string, origin: string): URL {
  const cut = rawUrl.search(/[?#]/);
  const path = cut === -1 ? rawUrl : rawUrl.slice(0, cut);
  const rest = cut === -1 ? '' : rawUrl.slice(cut);
  const literal = path
    .replace(/\\/g, '%5C')
    .replace(DOT_SEGMENT, (segment) => segment.replace(/\.|%2e/gi, '%252E'));
  return new URL(`${new URL(origin).origin}${literal.startsWith('/') ? '' : '/'}${literal}${rest}`);
}

/** A posted form's fields (@fastify/formbody: repeated fields are arrays) as a form body. */
function formBody(fields: unknown): URLSearchParams {
  const body = new URLSearchParams();
  if (typeof fields !== 'object' || fields === null) return body;
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') body.append(name, item);
    }
  }
  return body;
}

function toFetchRequest(request: FastifyRequest, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === STATUS_PAGE_HEADER) continue;
    // The body is passed on parsed, with its own length.
    if (name === 'content-length' || name === 'transfer-encoding') continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else headers.set(name, value);
  }
  // A form posted to the page (server/ssr/page-actions.ts has checked it): its action runs.
  const post = request.method === 'POST';
  return new Request(pageUrl(request.url, origin), {
    method: post ? 'POST' : 'GET',
    headers,
    signal,
    ...(post ? { body: formBody(request.body) } : {}),
  });
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
    const timer = setTimeout(() => controller.abort(RENDER_TIMEOUT), options.renderTimeoutMs);
    try {
      ssr = await renderer.load();
      result = await ssr.render(toFetchRequest(request, origin, controller.signal), {
        api: app.portalApi(request, { signal: controller.signal, tags, reply }),
        actionOnly: request.method === 'POST' && request.headers[ACTION_HEADER] === '1',
        assets: renderer.assets,
        origin,
        tags,
        onError: (error) => request.log.error({ err: error }, 'page render error'),
        errorStatus: askedStatus(request, options.statusPageToken),
      });
    } catch (error) {
      if (controller.signal.aborted && controller.signal.reason !== RENDER_TIMEOUT) {
        return reply.hijack();
      }
      request.log.error({ err: error }, 'error page failed');
      return sendFallback(reply, ssr, pathname);
    } finally {
      clearTimeout(timer);
    }

    if (result.kind === 'action') {
      request.metricsRoute = 'page:action';
      if (result.status >= 500) request.log.error({ status: result.status }, 'page action failed');
      const answer: ActionAnswer =
        result.data !== undefined ? { data: result.data } : { message: result.message };
      return reply.code(result.status).header('cache-control', 'no-store').send(answer);
    }
    // Metrics: the page's screen stands for its route (every page is the route /*).
    request.metricsRoute = result.kind === 'html' ? `page:${result.screen ?? 'error'}` : 'page';
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

    reply
      .code(result.status)
      .type('text/html; charset=utf-8')
      .header('content-language', result.lang)
      .header('cache-control', pageCacheControl(result.status, result.cache))
      // Lower case, as the compression adds it: one token, not two.
      .header('vary', 'accept-encoding');
    const tagValue = cacheTagValue(options.cacheTagHeader, tags);
    if (tagValue && result.status < 500) reply.header(options.cacheTagHeader, tagValue);
    return reply.send(result.body);
  };
  // The frame file of pages (client/app/hydration.ts): named after its content, kept for good.
  const FrameParams = v.object({ file: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22}\.json$/)) });
  app.get(`${BFF_PATHS.frame}:file`, async (request, reply) => {
    const params = v.safeParse(FrameParams, request.params);
    if (!params.success) throw notFound('no such frame file');
    const api = app.portalApi(request);
    let json: string | null;
    try {
      const ssr = await renderer.load();
      json = await ssr.frameJson(params.output.file.slice(0, -'.json'.length), async () => {
        const [config, omr] = await Promise.all([api.get('config', {}), api.get('omrData', {})]);
        // The same fields as the root loader's (client/app/routes.tsx).
        return { config, promoteLieux: omr.footer.promoteLieux };
      });
    } catch (error) {
      request.log.warn({ err: error }, 'frame file unavailable');
      throw serviceUnavailable({ cause: error });
    }
    if (json === null) throw notFound('no such frame file');
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type('application/json; charset=utf-8')
      .send(json);
  });
  app.get('/*', sendPage);
  // A form posted to the page: server/ssr/page-actions.ts checks it first.
  app.post('/*', { bodyLimit: PAGE_FORM_BODY_LIMIT }, sendPage);
}
