import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildWebApp, deadUrl, startFake, textOf, type FakeServer } from './helpers';

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
    'answers JSON with $status on /api when the API is $name',
    async ({ start, status }) => {
      const web = await appOn(await start());
      const res = await web.inject({ method: 'GET', url: '/api/config' });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({
        statusCode: status,
        message: expect.stringContaining('listings service'),
      });
    },
  );

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
