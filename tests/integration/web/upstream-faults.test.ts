import { get as httpGet } from 'node:http';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../../shared/contract';
import { href } from '../../../shared/routes';
import {
  buildWebApp,
  deadUrl,
  startFake,
  startFaultProxy,
  startListingsApi,
  textOf,
  upstreamJson,
  type FakeServer,
} from './helpers';

// The listings API down, slow or answering garbage: a clear error page (or JSON error) with
// 503, 504 or 502, quickly, never a hang. The fake upstream is only here to produce the faults.

const TIMEOUT_MS = 400;

describe('listings API faults', () => {
  let fake: FakeServer | undefined;
  let app: FastifyInstance | undefined;

  afterEach(async () => {
    await app?.close();
    await fake?.close();
    app = undefined;
    fake = undefined;
  });

  async function appOn(url: string) {
    app = await buildWebApp(url, { upstreamTimeoutMs: TIMEOUT_MS });
    return app;
  }

  const cases: {
    name: string;
    start: () => Promise<string>;
    status: number;
  }[] = [
    { name: 'down', start: () => deadUrl(), status: 503 },
    {
      name: 'not answering',
      start: async () => (fake = await startFake(() => {})).url,
      status: 504,
    },
    {
      name: 'answering 500',
      start: async () =>
        (fake = await startFake((_req, res) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end('{"statusCode":500,"error":"Internal Server Error","message":"boom"}');
        })).url,
      status: 502,
    },
    {
      name: 'answering garbage',
      start: async () =>
        (fake = await startFake((_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('<html>not json</html>');
        })).url,
      status: 502,
    },
    {
      name: 'answering JSON of the wrong shape',
      start: async () =>
        (fake = await startFake((_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"natures":"nope"}');
        })).url,
      status: 502,
    },
    {
      name: 'cutting its answer off mid-body',
      start: async () =>
        (fake = await startFake((_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' });
          res.write('{"natures":[');
          setTimeout(() => res.destroy(), 20);
        })).url,
      status: 502,
    },
  ];

  it.each(cases)(
    'shows the error page with $status when the API is $name',
    async ({ start, status }) => {
      const web = await appOn(await start());
      // A hang would run into the test's own time limit: the page must answer by itself.
      const res = await web.inject({ method: 'GET', url: '/fr/' });
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-language']).toBe('fr');
      const text = textOf(res.body);
      expect(text).toContain('Une erreur est survenue');
      expect(text).toContain(`Erreur ${status}`);
    },
  );

  it.each(cases)(
    "answers JSON with $status on /api when the API is $name, in the visitor's language",
    async ({ start, status }) => {
      const web = await appOn(await start());
      const en = await web.inject({
        method: 'GET',
        url: '/api/config',
        headers: { 'accept-language': 'en-GB,en;q=0.8' },
      });
      expect(en.statusCode).toBe(status);
      expect(en.headers['cache-control']).toBe('no-store');
      expect(en.json()).toMatchObject({
        statusCode: status,
        message: expect.stringContaining('listings service'),
      });
      const fr = await web.inject({ method: 'GET', url: '/api/config' });
      expect(fr.statusCode).toBe(status);
      expect(fr.json()).toMatchObject({
        statusCode: status,
        message: expect.stringContaining('service des annonces'),
      });
      // Nothing internal in the body (error codes, the contract's words).
      expect(fr.body).not.toMatch(/ECONN|UND_ERR|contract|timed out/);
    },
  );

  it('answers an /api failure in the language the query names', async () => {
    const web = await appOn(await deadUrl());
    const res = await web.inject({
      method: 'GET',
      url: '/api/liens-externes?lang=en',
      headers: { 'accept-language': 'fr' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toContain('listings service');
  });

  it('shows the English error page on an English URL', async () => {
    const web = await appOn(await deadUrl());
    const res = await web.inject({ method: 'GET', url: '/en/' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-language']).toBe('en');
    expect(textOf(res.body)).toContain('An error occurred');
  });

  it('is not ready while the API is down, and alive all the same', async () => {
    const web = await appOn(await deadUrl());
    expect((await web.inject('/readyz')).statusCode).toBe(503);
    expect((await web.inject('/readyz')).json()).toEqual({ ready: false, listingsApi: 'down' });
    expect((await web.inject('/healthz')).statusCode).toBe(200);
  });

  it('lets a photo go when its visitor leaves, without an error in the log', async () => {
    // The photo never comes; the visitor closes the connection while the web app waits for it.
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    let asked!: () => void;
    const waiting = new Promise<void>((resolve) => (asked = resolve));
    fake = await startFake((req) => {
      if (!req.url?.startsWith('/photos/')) return;
      req.socket.once('close', upstreamClosed);
      asked();
    });
    const lines: { level: number; msg?: string }[] = [];
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    );
    app = await buildWebApp(fake.url, { upstreamTimeoutMs: 10_000 }, { logger });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const visitor = httpGet(`${address}/media/7-400.jpg`);
    visitor.on('error', () => {});
    await waiting;
    visitor.destroy();
    // The web app gives up its own call at once, long before its time limit.
    await closed;
    await app.close();
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('forwards the request id to the API', async () => {
    const seen: (string | undefined)[] = [];
    fake = await startFake((req, res) => {
      seen.push(req.headers['x-request-id'] as string | undefined);
      res.writeHead(500);
      res.end();
    });
    const web = await appOn(fake.url);
    const res = await web.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'x-request-id': 'req-42' },
    });
    expect(res.headers['x-request-id']).toBe('req-42');
    expect(seen).toContain('req-42');
  });
});

describe('a listings API that hangs', () => {
  // The real listings API behind a switch: answering, or taking every call and never answering.
  const TIMEOUT = 400;
  let listings: Awaited<ReturnType<typeof startListingsApi>>;
  let proxy: FakeServer;
  let hanging = false;
  let config: Config;

  beforeAll(async () => {
    listings = await startListingsApi('pglite');
    config = await upstreamJson<Config>(listings.url, '/config');
    proxy = await startFaultProxy(listings.url, () => hanging);
  });
  afterAll(async () => {
    await proxy?.close();
    await listings?.close();
  });

  afterEach(() => {
    hanging = false;
    vi.useRealTimers();
  });

  /** An app that has shown its pages once (the renderer's first compile is slow in tests). */
  async function warmApp(): Promise<FastifyInstance> {
    const web = await buildWebApp(proxy.url, { upstreamTimeoutMs: TIMEOUT });
    for (const url of ['/fr/', href('agencyDirectory', {}, 'fr', config)]) {
      let status = 0;
      for (let i = 0; i < 3 && status !== 200; i++) {
        status = (await web.inject({ method: 'GET', url })).statusCode;
      }
      expect(status).toBe(200);
    }
    return web;
  }

  /** An app that has kept the config and footer data of its pages, now past their lifetime. */
  async function appWithExpiredAnswers(): Promise<FastifyInstance> {
    const web = await warmApp();
    // Only the clock of kept answers moves: the time limits keep running in real time.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000);
    hanging = true;
    return web;
  }

  it('costs a page one time limit, not one per call', async () => {
    const web = await appWithExpiredAnswers();
    try {
      // The agency directory: the config (kept, expired), then its own list (never kept).
      const started = performance.now();
      const res = await web.inject({
        method: 'GET',
        url: href('agencyDirectory', {}, 'fr', config),
      });
      const elapsed = performance.now() - started;
      expect(res.statusCode).toBe(504);
      expect(elapsed).toBeLessThan(TIMEOUT * 1.5);
    } finally {
      await web.close();
    }
  });

  it('serves the kept config while it refreshes, and a cold one fails within the limit', async () => {
    const web = await appWithExpiredAnswers();
    try {
      const started = performance.now();
      const res = await web.inject({ method: 'GET', url: '/api/config' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(config);
      // Served at once, not after the refresh's time limit.
      expect(performance.now() - started).toBeLessThan(TIMEOUT / 2);
      const home = await web.inject({ method: 'GET', url: '/fr/' });
      expect(home.statusCode).toBe(200);
    } finally {
      await web.close();
    }
    hanging = false;
    const cold = await warmApp();
    cold.upstreamCache.clear();
    hanging = true;
    try {
      const started = performance.now();
      const res = await cold.inject({ method: 'GET', url: '/fr/' });
      expect(res.statusCode).toBe(504);
      expect(performance.now() - started).toBeLessThan(TIMEOUT * 1.5);
    } finally {
      await cold.close();
    }
  });
});

describe('a failing error page', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildWebApp(
      await deadUrl(),
      {},
      {
        wrapRenderer: (module) => ({
          ...module,
          render: async () => {
            throw new Error('the error page could not render');
          },
        }),
      },
    );
  });
  afterAll(() => app.close());

  it.each([
    [
      '/fr/',
      'fr',
      "Une erreur est survenue lors de l'affichage de la page d'erreur",
      "Retour à l'accueil",
    ],
    ['/en/', 'en', 'An error occurred while showing the error page', 'Back to the home page'],
  ])('answers the plain fallback page on %s', async (url, lang, title, link) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-language']).toBe(lang);
    expect(textOf(res.body)).toContain(title);
    expect(res.body).toContain(`<a href="/${lang}/">`);
    expect(textOf(res.body)).toContain(link);
    expect(res.body).not.toContain('<script');
  });
});
