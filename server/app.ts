import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { Logger } from 'pino';
import type { AppConfig } from './config';
import { ClusterRateLimitStore } from './cluster-rate-limit';
import { createLogger } from './logger';
import security, { tileOrigin } from './plugins/security';
import { httpsSources } from '../shared/host-list';
import { attachMetricsServer, observeRequests } from '../shared/metrics-server';
import { edgePurges, httpRequestDuration, webRegistry } from './metrics';
import upstream from './plugins/upstream';
import { mapConfigOf } from './api/offer-map';
import { apiRoutes } from './api/routes';
import { registerErrorHandler, tooManyRequests } from './http-errors';
import alertWrites from './writes/alerts';
import { alertLinkRoutes } from './routes/alert-links';
import { mediaRoutes } from './routes/media';
import { healthRoutes } from './routes/health';
import { languageRoutes } from './routes/language';
import { STATUS_PAGE_HEADER, pageRoutes } from './ssr/page';
import { ACTION_HEADER } from '../shared/page-actions';
import { langOfPath } from '../shared/routes';
import { ROOT, buildRenderer, viteRenderer, type Renderer, type SsrModule } from './ssr/renderer';
import { createViteDevServer } from './ssr/vite';
import type { PurgeTarget } from './edge/changes-plugin';

// The web process: the BFF and the page renderer. buildApp registers everything and never
// listens (main.ts does); tests build it and call inject() or supertest.

export interface AppOptions {
  logger?: Logger;
  /** Vite's hot reload over the app's HTTP server (development). */
  hmr?: boolean;
  /** Wraps the server entry: tests use it to inject a renderer fault. */
  wrapRenderer?: (module: SsrModule) => SsrModule;
  /** Where the production build is (default dist/). */
  distDir?: string;
  /** Clock of the page cache in milliseconds (tests move it). */
  pageCacheClock?: () => number;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;
/** Brotli level of answers compressed per response, and of the page cache's stored pages. */
const BROTLI_QUALITY = 4;
/** Answers smaller than this are sent as they are (bytes). */
const COMPRESS_THRESHOLD = 1024;
/** The page route's URL pattern (server/ssr/page.ts). */
const PAGE_ROUTE = '/*';

/**
 * Refusals of a request to a page URL before its page runs that answer the portal's error page
 * (client/app/error-page.tsx says why), not JSON: a form too large, not a form, too many posts.
 */
const PAGE_REFUSALS = new Set([413, 415, 429]);

/** An answer of the app to itself (app.inject), as a status page is copied from it. */
interface StatusPage {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  rawPayload: Buffer;
}

/** Headers of an injected answer that do not belong to the answer it is copied into. */
const HOP_HEADERS = new Set([
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'date',
]);

/** The language of a raw request's path, from the first line of its bytes (French by default). */
function langOfRawRequest(raw: Buffer | undefined): 'fr' | 'en' {
  const line = raw?.subarray(0, 200).toString('latin1') ?? '';
  const target = /^[A-Z]+ (\/\S*)/.exec(line)?.[1] ?? '/';
  return langOfPath(target.split('?')[0]!);
}

/** One log line per request: id, method, route, status, duration. No IP, no query string. */
class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const status = reply.statusCode;
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? null,
      path: request.url.split('?')[0],
      status,
      ms: Math.round(reply.elapsedTime),
    };
    if (error || status >= 500) request.log.error({ ...line, err: error ?? undefined }, 'request');
    else request.log.info(line, 'request');
  }
}

/** Believes the X-Forwarded-For entries added by the `hops` proxies nearest to this server. */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

export async function buildApp(
  config: AppConfig,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const serverOptions: FastifyServerOptions = {
    loggerInstance: logger,
    logController: new RequestLog(),
    // A list trusts those proxies' addresses; a number, that many hops in front of this server
    // (Fastify itself turns a bare number into "no proxy", hence the function).
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 64 * 1024,
    // A request whose headers or body trickle in (slowloris) is cut with a 408.
    requestTimeout: config.requestTimeoutMs,
    // Use a sane incoming request id (from the load balancer), else a new one.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 500 },
    // A request the router cannot read (a malformed percent-encoding in the path): the portal's
    // error page in the path's language, not the framework's JSON.
    frameworkErrors: (error, request, frameworkReply) => {
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      void sendStatusPage(request, frameworkReply as FastifyReply, status);
    },
    // A request Node's parser refuses before any route (headers or query beyond maxHeaderSize:
    // 431; a malformed request: 400): the same error page, written to the socket.
    clientErrorHandler: (connectionError, socket) => {
      const error = connectionError as NodeJS.ErrnoException & { rawPacket?: unknown };
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const status =
        error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : error.code === 'HPE_HEADER_OVERFLOW'
            ? 431
            : 400;
      const write = (head: string[], body: Buffer) => {
        if (!socket.writable) {
          socket.destroy();
          return;
        }
        socket.end(
          Buffer.concat([
            Buffer.from(
              [
                `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
                ...head,
                `Content-Length: ${body.length}`,
                'Connection: close',
                '',
                '',
              ].join('\r\n'),
              'latin1',
            ),
            body,
          ]),
        );
      };
      const plain = () =>
        write(['Content-Type: text/plain; charset=utf-8'], Buffer.from(STATUS_CODES[status] ?? ''));
      if (status === 408) {
        plain();
        return;
      }
      const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket : undefined;
      void statusPage(langOfRawRequest(raw), status).then((page) => {
        const head: string[] = [];
        for (const [name, value] of Object.entries(page.headers)) {
          if (value === undefined || HOP_HEADERS.has(name)) continue;
          for (const v of Array.isArray(value) ? value : [value]) head.push(`${name}: ${v}`);
        }
        write(head, page.rawPayload);
      }, plain);
    },
  };
  // The app's own request for the error page of a status, in a language (server/ssr/page.ts).
  const statusPageToken = randomUUID();
  const statusPage = async (lang: 'fr' | 'en', status: number): Promise<StatusPage> => {
    const page = await app.inject({
      method: 'GET',
      url: `/${lang}/`,
      headers: { [STATUS_PAGE_HEADER]: `${statusPageToken} ${status}` },
    });
    if (page.statusCode !== status) throw new Error(`status page answered ${page.statusCode}`);
    return page;
  };
  /** The error page of a status, in the language of the request's path. */
  const sendStatusPage = (request: FastifyRequest, reply: FastifyReply, status: number) =>
    statusPage(langOfPath(request.url.split('?')[0]!), status).then(
      (page) => {
        reply.code(page.statusCode);
        for (const [name, value] of Object.entries(page.headers)) {
          if (value !== undefined && !HOP_HEADERS.has(name)) reply.header(name, value);
        }
        return reply.send(page.rawPayload);
      },
      (err: unknown) => {
        request.log.error({ err }, 'status page failed');
        return reply.code(status).type('text/plain; charset=utf-8').send(String(status));
      },
    );
  // Node's options of the HTTP server (Fastify passes them on; its types leave them out): the
  // headers' own limit, and how often both limits are checked.
  (serverOptions as { http?: object }).http = {
    requestTimeout: config.requestTimeoutMs,
    headersTimeout: config.headersTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, config.headersTimeoutMs / 2)),
  };
  const app = Fastify(serverOptions) as unknown as FastifyInstance;

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // One error handler: routes throw typed HTTP errors (server/http-errors.ts), answered as JSON in
  // the visitor's language; anything else is a 500 whose details stay in the log.
  // A page URL's request refused before its page runs (a form without JavaScript too large, of
  // another type, past the rate limit...) gets the portal's error page of that status; the
  // browser's router (ACTION_HEADER) and /api get JSON.
  registerErrorHandler(app, (request, reply, error) => {
    if (!PAGE_REFUSALS.has(error.status) || request.routeOptions.url !== PAGE_ROUTE)
      return undefined;
    if (request.headers[ACTION_HEADER] !== undefined) return undefined;
    for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    return sendStatusPage(request, reply, error.status);
  });

  // Prometheus metrics: every answer timed by route and status; served on METRICS_PORT only.
  webRegistry.setDefaultLabels({ web_process: config.metrics?.process ?? '0' });
  observeRequests(app, httpRequestDuration);
  attachMetricsServer(app, webRegistry, config.metrics);

  // External plugins, then the app's, then routes.
  await app.register(security, {
    dev: config.renderer === 'vite',
    imgSources: [tileOrigin(config.mapTileUrl)].filter((s): s is string => Boolean(s)),
    frameSources: httpsSources(config.mediaEmbedHosts),
  });
  await app.register(cookie, { secret: config.cookieSecret });
  // Pages and JSON compressed per response at a quick brotli level; build files are compressed
  // once at build time and sent as they are (preCompressed below).
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
  let redis: import('ioredis').Redis | undefined;
  if (config.redisUrl) {
    const { Redis } = await import('ioredis');
    redis = new Redis(config.redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
    });
    redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  // Counters in Redis (shared by every machine), else in the main process when several web
  // processes share this machine's port, else in this process.
  await app.register(rateLimit, {
    global: false,
    ...(redis
      ? { redis, nameSpace: 'portal-rl:', skipOnError: true }
      : cluster.isWorker
        ? { store: ClusterRateLimitStore, skipOnError: true }
        : {}),
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
  });
  await app.register(upstream, {
    baseUrl: config.listingsApiUrl,
    timeoutMs: config.upstreamTimeoutMs,
    reviewsUrl: config.reviewsApiUrl,
    mapConfig: mapConfigOf(config.mapTileUrl),
  });

  await app.register(healthRoutes);
  await app.register(apiRoutes);
  await app.register(mediaRoutes);
  await app.register(languageRoutes);
  await app.register(alertWrites);
  await app.register(alertLinkRoutes);
  await app.register((await import('./routes/sitemap')).sitemapRoutes, {
    publicUrl: config.publicUrl,
  });
  await app.register((await import('./routes/search')).searchRoutes);
  // Forms posted to pages; the duties of the contact and prospect writes; the offer map.
  await app.register((await import('./ssr/page-actions')).default);
  await app.register((await import('./writes/contact')).default);
  await app.register((await import('./writes/prospect')).default);
  await app.register((await import('./pro/session')).default, { secure: config.isProduction });
  await app.register((await import('./pro/leads-csv')).proLeadsCsvRoute);
  // A feed sent from the professional space, relayed as it arrives to the listings API.
  await app.register((await import('./routes/pro-feed-upload')).feedUploadRoutes);
  await app.register((await import('./api/offer-map')).offerMapRoutes, {
    tileUrl: config.mapTileUrl,
  });

  let renderer: Renderer;
  if (config.renderer === 'vite') {
    const vite = await createViteDevServer(app, ROOT, options.hmr ?? false);
    renderer = viteRenderer(vite);
  } else {
    const distDir = options.distDir ?? path.join(ROOT, 'dist');
    renderer = await buildRenderer(distDir);
    await app.register(fastifyStatic, {
      root: path.join(distDir, 'client'),
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      allowedPath: (pathname) => !pathname.startsWith('/.vite'),
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
    // A missing build file is a plain 404, not a page.
    app.get('/assets/*', async (_request, reply) =>
      reply.code(404).type('text/plain; charset=utf-8').send('Not found'),
    );
  }
  if (options.wrapRenderer) {
    const wrap = options.wrapRenderer;
    const inner = renderer;
    renderer = { ...inner, load: async () => wrap(await inner.load()) };
  }
  // Rendered public pages kept in this process, in front of the page route (PAGE_CACHE_BYTES).
  const purgeTargets: PurgeTarget[] = [];
  if (config.pageCacheBytes > 0) {
    const { PageCache } = await import('./ssr/page-cache');
    const cache = new PageCache({
      maxBytes: config.pageCacheBytes,
      now: options.pageCacheClock,
      brotliQuality: BROTLI_QUALITY,
      compressThreshold: COMPRESS_THRESHOLD,
    });
    await app.register((await import('./ssr/page-cache-hooks')).default, {
      cache,
      pageRoute: PAGE_ROUTE,
      cacheTagHeader: config.cacheTagHeader,
      publicUrl: config.publicUrl,
    });
    if (config.pageCacheChangesIntervalMs > 0) {
      purgeTargets.push({
        name: 'page cache',
        purge: (tags) => void cache.purgeTags(tags),
        intervalMs: config.pageCacheChangesIntervalMs,
        repeatMs: config.pageCachePurgeRepeatMs,
        clear: () => cache.clear(),
      });
    }
  }
  // The edge, in the one process that purges it (EDGE_PURGE_URL, EDGE_PURGER): with Redis, the
  // holder of the lease among every web process of every machine.
  const edgeTargets: PurgeTarget[] = [];
  if (config.edgePurge) {
    const { createEdgePurger } = await import('./edge/purgers');
    const { target, intervalMs, repeatMs } = config.edgePurge;
    const purger = createEdgePurger(target, {
      onRequest: (outcome) => edgePurges.inc({ outcome }),
    });
    edgeTargets.push({
      name: purger.kind,
      purge: (tags) => purger.purge(tags),
      intervalMs,
      repeatMs: repeatMs > 0 ? [repeatMs] : [],
    });
  }
  const lease =
    config.edgePurge && redis
      ? (await import('./edge/purge-lease')).createPurgeLease(redis, config.edgePurge.lease)
      : undefined;
  // One follower of the listings API's changes in this process hands each batch to every target
  // (the edge's own while this process holds the lease).
  if (purgeTargets.length > 0 || edgeTargets.length > 0) {
    await app.register((await import('./edge/changes-plugin')).default, {
      targets: lease ? purgeTargets : [...purgeTargets, ...edgeTargets],
      cursorFile: config.edgePurge?.cursorFile,
      leased: lease ? { lease, targets: edgeTargets } : undefined,
    });
  }
  await app.register(pageRoutes, {
    renderer,
    cacheTagHeader: config.cacheTagHeader,
    publicUrl: config.publicUrl,
    // Vite's renderer transforms each module on its first use, inside the first renders: they get
    // the time of a cold start on a busy machine; the built renderer has it all loaded at boot.
    renderTimeoutMs: config.renderer === 'vite' ? 60_000 : 15_000,
    statusPageToken,
  });

  return app;
}
