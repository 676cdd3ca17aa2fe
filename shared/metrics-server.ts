import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Histogram, Registry } from 'prom-client';

// Prometheus metrics of a process (the web app, the listings API), served apart from what
// visitors reach: `GET /metrics` on a port of its own (never the port an edge or the web app
// forwards to), answering only callers on the same host (loopback) or presenting
// `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets 403. Node only.

export interface MetricsServerConfig {
  /** Port of the metrics server (0 picks a free one). */
  port: number;
  /** Address it listens on (default 127.0.0.1). */
  host: string;
  /** Callers from elsewhere than loopback present it as a bearer token; none: loopback only. */
  token: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics server of this app, when METRICS_PORT (or the API's) is set. */
    metricsServer?: FastifyInstance;
  }
  interface FastifyRequest {
    /** Route label of the request duration metric, when the route pattern says too little. */
    metricsRoute: string;
  }
}

/** Whether a socket's remote address is this host (IPv4, IPv6 or IPv4-mapped loopback). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}

function tokenMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header) return false;
  const match = /^Bearer (.+)$/i.exec(header.trim());
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The metrics server: GET /metrics of `registry` to loopback callers or bearers of the token. */
export function buildMetricsServer(
  registry: Registry,
  options: { token: string | undefined },
): FastifyInstance {
  // Never behind a proxy: the socket's own address decides, no forwarded header.
  const server = Fastify({ logger: false, trustProxy: false });
  server.get('/metrics', async (request, reply) => {
    const allowed =
      isLoopback(request.socket.remoteAddress) ||
      tokenMatches(request.headers.authorization, options.token);
    if (!allowed) {
      return reply
        .code(403)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Forbidden\n');
    }
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
  server.setNotFoundHandler((_request, reply) =>
    reply.code(404).type('text/plain; charset=utf-8').send('Not found\n'),
  );
  return server;
}

/**
 * Gives `app` its metrics server: built now (app.metricsServer, for inject()), listening once the
 * app listens, closed with it. Nothing when `config` is undefined.
 */
export function attachMetricsServer(
  app: FastifyInstance,
  registry: Registry,
  config: MetricsServerConfig | undefined,
): void {
  if (!config) return;
  const server = buildMetricsServer(registry, { token: config.token });
  app.decorate('metricsServer', server);
  app.addHook('onListen', async () => {
    const address = await server.listen({ port: config.port, host: config.host });
    app.log.info({ address }, 'metrics server listening');
  });
  app.addHook('onClose', async () => {
    await server.close();
  });
}

/**
 * Observes every answer of `app` in `histogram` (labels method, route, status). The route is the
 * request's metricsRoute when a handler set one, else the route pattern, never the raw URL; an
 * answer no route took (404s of unknown paths) counts as `unmatched`.
 */
export function observeRequests(
  app: FastifyInstance,
  histogram: Histogram<'method' | 'route' | 'status'>,
): void {
  if (!app.hasRequestDecorator('metricsRoute')) app.decorateRequest('metricsRoute', '');
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const pattern = request.routeOptions.url;
    const route = request.metricsRoute || (pattern === undefined ? 'unmatched' : pattern);
    histogram.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
