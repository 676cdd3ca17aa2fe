import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import {
  askMetrics,
  fetchMetrics,
  hasMetric,
  metricValue,
  scrapeMetrics,
} from '../../fixtures/metrics';
import { buildWebApp, deadUrl, startListingsApi } from './helpers';

// The web app's Prometheus metrics: on a metrics server of their own (METRICS_PORT), never on the
// visitors' port; to loopback callers or bearers of METRICS_TOKEN only; request durations by
// route (pages by screen) and status, upstream calls by endpoint, their failures, the page cache
// and edge purge counters, the process's own metrics.

const TOKEN = 'metrics-token-0123456789';
const ELSEWHERE = '203.0.113.9';
const METRICS = { port: 0, host: '127.0.0.1', token: TOKEN, process: '0' };

describe('web app metrics', () => {
  let listings: Awaited<ReturnType<typeof startListingsApi>>;
  let app: FastifyInstance;
  let metrics: FastifyInstance;

  beforeAll(async () => {
    listings = await startListingsApi('pglite');
    app = await buildWebApp(listings.url, { metrics: METRICS, upstreamTimeoutMs: 30_000 });
    metrics = app.metricsServer!;
    // Warm-up: the screens' code is compiled once (another page than the one measured: the
    // answers of the listings API are kept a while). A busy machine may need more than one try
    // before a first render ends within the app's time limit.
    for (let tries = 0; tries < 4; tries++) {
      if ((await app.inject('/fr/vente/')).statusCode === 200) break;
    }
  });
  afterAll(async () => {
    await app?.close();
    await listings?.close();
  });

  const scrape = () => scrapeMetrics(metrics);

  it("is not on the visitors' port, whoever asks", async () => {
    for (const remoteAddress of [ELSEWHERE, '127.0.0.1']) {
      const res = await askMetrics(app, remoteAddress, `Bearer ${TOKEN}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('# TYPE');
    }
  });

  it('refuses a visitor: a caller from elsewhere without the token, or with another one', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token-0123456', `Basic ${TOKEN}`]) {
      const res = await askMetrics(metrics, ELSEWHERE, authorization);
      expect(res.statusCode, String(authorization)).toBe(403);
      expect(res.body).not.toContain('# TYPE');
    }
    expect((await metrics.inject({ url: '/', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
  });

  it('answers the Prometheus text to a bearer of the token and to loopback', async () => {
    const res = await askMetrics(metrics, ELSEWHERE, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'portal_http_request_duration_seconds',
      'portal_upstream_request_duration_seconds',
      'portal_upstream_failures_total',
      'portal_page_cache_hits_total',
      'portal_page_cache_misses_total',
      'portal_page_cache_bytes',
      'portal_edge_purges_total',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(hasMetric(res.body, name), name).toBe(true);
    }
    expect(res.body).toMatch(/^portal_edge_purges_total\{[^}]*outcome="failed"[^}]*\} \d+$/m);
  });

  it('times pages by screen and status, and the upstream calls they made by endpoint', async () => {
    const pages = (text: string, route: string, status: string) =>
      metricValue(text, 'portal_http_request_duration_seconds_count', {
        method: 'GET',
        route,
        status,
      });
    const upstream = (text: string) =>
      metricValue(text, 'portal_upstream_request_duration_seconds_count', { outcome: 'ok' });
    const before = await scrape();
    expect((await app.inject('/en/sale/')).statusCode).toBe(200);
    expect((await app.inject('/fr/nulle-part/')).statusCode).toBe(404);
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    const after = await scrape();
    expect(pages(after, 'page:nature', '200')).toBe(pages(before, 'page:nature', '200') + 1);
    expect(pages(after, 'page:error', '404') + pages(after, 'page:home', '404')).toBe(
      pages(before, 'page:error', '404') + pages(before, 'page:home', '404') + 1,
    );
    expect(pages(after, '/healthz', '200')).toBe(pages(before, '/healthz', '200') + 1);
    expect(upstream(after)).toBeGreaterThan(upstream(before));
    expect(
      metricValue(after, 'portal_upstream_request_duration_seconds_count', {
        endpoint: '/offre',
        method: 'GET',
      }),
    ).toBeGreaterThan(0);
    // Routes and endpoints are patterns: no page path, no slug, no query.
    expect(after).not.toContain('/en/sale/');
    expect(after).not.toContain('nulle-part');
    expect(after).toContain('web_process="0"');
  });

  it('serves the metrics on METRICS_PORT once the app listens', async () => {
    const other = await buildWebApp(listings.url, { metrics: { ...METRICS, token: undefined } });
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetchMetrics(other.metricsServer!);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE portal_http_request_duration_seconds histogram');
    } finally {
      await other.close();
    }
  });
});

describe('web app metrics when the listings API is down', () => {
  it('counts the failed upstream calls by endpoint and kind', async () => {
    const app = await buildWebApp(await deadUrl(), { metrics: METRICS });
    try {
      const failures = (text: string) =>
        metricValue(text, 'portal_upstream_failures_total', { kind: 'unavailable' });
      const scrape = async () => (await askMetrics(app.metricsServer!, '::1')).body;
      const before = failures(await scrape());
      // A first render may run out of time compiling the screens on a busy machine (its calls
      // are then cut, not failed): a few tries.
      let after = '';
      for (let tries = 0; tries < 4 && failures(after) <= before; tries++) {
        expect((await app.inject('/fr/')).statusCode).toBeGreaterThanOrEqual(500);
        after = await scrape();
      }
      expect(failures(after)).toBeGreaterThan(before);
      expect(
        metricValue(after, 'portal_upstream_failures_total', {
          endpoint: '/config',
          kind: 'unavailable',
          web_process: '0',
        }),
      ).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});

describe('metrics configuration', () => {
  it('has no metrics server without METRICS_PORT', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
  });

  it('puts web process n of a cluster on METRICS_PORT + n, labelled n', () => {
    expect(
      loadConfig({ METRICS_PORT: '9464', WEB_PROCESS_SLOT: '2', METRICS_TOKEN: TOKEN }).metrics,
    ).toEqual({ port: 9466, host: '127.0.0.1', token: TOKEN, process: '2' });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
      token: undefined,
      process: '0',
    });
  });

  it.each([
    [{ METRICS_PORT: 'abc' }, /METRICS_PORT/],
    [{ METRICS_PORT: '9464', METRICS_TOKEN: 'short' }, /METRICS_TOKEN: must be 16 characters/],
    [{ METRICS_PORT: '65535', WEB_PROCESS_SLOT: '1' }, /METRICS_PORT/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
