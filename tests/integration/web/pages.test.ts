import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config, OmrData, OfferList } from '../../../shared/contract';
import { indexConfig } from '../../../shared/config-index';
import { testDbKinds } from '../../fixtures/db';
import { textOf, upstreamJson, useWebApp } from './helpers';

// The web app against the real listings API on the seeded test database: home pages with their
// data, redirects, not-found pages, headers, language switch, health, /api and /media.

const YEAR = new Date().getFullYear();

function mosaicOf(config: Config, omr: OmrData) {
  const index = indexConfig(config);
  return omr.mosaicRubs.flatMap((id) => {
    const rubrique = index.rubriques.get(id);
    const nature = rubrique && index.enabledNatures.find((n) => rubrique.nature.includes(n));
    return rubrique && nature ? [{ rubrique, nature: index.natures.get(nature)! }] : [];
  });
}

describe.each(testDbKinds)('home pages on %s', (kind) => {
  let listings: { url: string };
  let app: FastifyInstance;
  let config: Config;
  let omr: OmrData;

  useWebApp(kind, (web) => {
    ({ listings, app } = web);
  });
  beforeAll(async () => {
    config = await upstreamJson<Config>(listings.url, '/config');
    omr = await upstreamJson<OmrData>(listings.url, '/omr-data');
  });

  it('has a mosaic to show (seeded editorial configuration)', () => {
    expect(mosaicOf(config, omr).length).toBeGreaterThanOrEqual(3);
  });

  it.each(['fr', 'en'] as const)('renders /%s/ with the mosaic of the database', async (lang) => {
    const res = await app.inject(`/${lang}/`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const text = textOf(html);
    expect(html).toContain(`<html lang="${lang}"`);
    expect(html).toMatch(
      new RegExp(
        `<title>${config.settings.title[lang].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</title>`,
      ),
    );
    expect(text).toContain(config.settings.title[lang]);
    for (const { rubrique, nature } of mosaicOf(config, omr)) {
      expect(text).toContain(rubrique.plural[lang]);
      expect(html).toContain(`href="/${lang}/${nature.slug[lang]}/${rubrique.slug[lang]}/"`);
      expect(html).toMatch(
        new RegExp(
          `<img class="mosaic__image" src="/media/mosaic/${rubrique.id}\\.jpg" width="800" height="600" alt="[^"]+"`,
        ),
      );
    }
    // Tiles below the first row wait until they are scrolled to.
    expect(html).toContain('loading="lazy"');
    expect(text).toContain(`© 2003- ${YEAR}`);
  });

  it('shows the promoted place groups in the footer, in order, linking to their hubs', async () => {
    const res = await app.inject('/fr/');
    const footer = res.body.slice(res.body.indexOf('<footer'));
    const text = textOf(footer);
    const groups = omr.footer.promoteLieux;
    expect(groups.length).toBeGreaterThan(0);
    const nature = indexConfig(config).natures.get(indexConfig(config).defaultNature)!;
    let last = -1;
    for (const group of groups) {
      const at = text.indexOf(group.title.fr);
      expect(at, group.title.fr).toBeGreaterThan(last);
      last = at;
      for (const lieu of group.lieux) {
        expect(footer).toContain(`href="/fr/${nature.slug.fr}/demeures-luxe/${lieu.slug}/"`);
      }
    }
  });

  it('sets the language, cache and edge cache tag headers', async () => {
    const res = await app.inject('/fr/');
    expect(res.headers['content-language']).toBe('fr');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(
      /^public, .*s-maxage=\d+, stale-while-revalidate=\d+$/,
    );
    const tags = String(res.headers['cache-tag']).split(',');
    expect(omr.cache_tags.length).toBeGreaterThan(0);
    for (const tag of omr.cache_tags) expect(tags).toContain(tag);
    expect(tags).toContain('config');
    for (const { rubrique } of mosaicOf(config, omr))
      expect(tags).toContain(`rubrique-${rubrique.id}`);
  });
});

describe('web routes', () => {
  let listings: { url: string };
  let app: FastifyInstance;

  useWebApp('pglite', (web) => {
    ({ listings, app } = web);
  });

  it.each([
    [undefined, undefined, '/fr/'],
    [undefined, 'en-US,en;q=0.9', '/en/'],
    [undefined, 'de-DE,de;q=0.9', '/fr/'],
    ['en', 'fr-FR', '/en/'],
    ['fr', 'en-GB', '/fr/'],
    ['de', 'en', '/en/'],
  ])(
    'redirects / with cookie %j and Accept-Language %j to %s',
    async (cookie, acceptLanguage, location) => {
      const headers: Record<string, string> = {};
      if (cookie) headers.cookie = `i18n_redirected=${cookie}`;
      if (acceptLanguage) headers['accept-language'] = acceptLanguage;
      const res = await app.inject({ url: '/', headers });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(location);
      expect(res.headers.vary).toContain('Accept-Language');
    },
  );

  it('keeps the query string when redirecting /', async () => {
    const res = await app.inject('/?utm_source=mail');
    expect(res.headers.location).toBe('/fr/?utm_source=mail');
  });

  it.each([
    ['/fr', '/fr/'],
    ['/en', '/en/'],
    ['/fr/vente', '/fr/vente/'],
    ['/en/sale?sort=new', '/en/sale/?sort=new'],
  ])('redirects %s to %s (301)', async (url, location) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(location);
  });

  it.each([
    ['/fr/nope/', 'fr', "La page que vous visitez n'existe pas.", 'Cette page est introuvable'],
    [
      '/en/nope/',
      'en',
      'The page you are visiting does not exist.',
      'This page could not be found',
    ],
    ['/fr/achat/', 'fr', "La page que vous visitez n'existe pas.", 'Cette page est introuvable'],
    [
      '/en/vente/',
      'en',
      'The page you are visiting does not exist.',
      'This page could not be found',
    ],
    ['/fr/nope', 'fr', "La page que vous visitez n'existe pas.", 'Cette page est introuvable'],
    ['/de/', 'fr', "La page que vous visitez n'existe pas.", 'Cette page est introuvable'],
  ])('answers 404 on %s with the not-found page', async (url, lang, title, detail) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-language']).toBe(lang);
    expect(res.headers['cache-control']).toMatch(/^public, .*s-maxage=60/);
    const text = textOf(res.body);
    expect(text).toContain(title);
    expect(text).toContain(detail);
    expect(res.body).toContain(`href="/${lang}/"`);
    expect(res.body).toContain('<meta name="robots" content="noindex"/>');
    // The language switch leads to the other language's not-found page, not its home page.
    const other = lang === 'fr' ? 'en' : 'fr';
    const path = new URL(url, 'http://x').pathname;
    const rest = /^\/(?:fr|en)(\/.+)$/.exec(path)?.[1];
    if (rest) {
      expect(res.body).toContain(
        `href="/lang/${other}?to=${encodeURIComponent(`/${other}${rest}`)}"`,
      );
    }
  });

  it('keeps the frame on a not-found page (header and footer from the config)', async () => {
    const res = await app.inject('/fr/nope/');
    expect(res.body).toContain('class="site-header"');
    expect(res.body).toContain('class="site-footer"');
  });

  it("answers 500 'Unknown middleware' for a route table guard nobody answers to", async () => {
    const guardsModule = (await app.vite!.ssrLoadModule('/client/app/guards.ts')) as {
      guards: Record<string, unknown>;
    };
    const saved = guardsModule.guards.validNature;
    delete guardsModule.guards.validNature;
    try {
      const en = await app.inject('/en/sale/');
      expect(en.statusCode).toBe(500);
      expect(en.headers['cache-control']).toBe('no-store');
      expect(textOf(en.body)).toContain('Unknown middleware');
      const fr = await app.inject('/fr/vente/');
      expect(fr.statusCode).toBe(500);
      expect(textOf(fr.body)).toContain('Middleware inconnu');
    } finally {
      guardsModule.guards.validNature = saved;
    }
    // The guard back, the page is no longer an error of the server.
    expect((await app.inject('/en/sale/')).statusCode).toBeLessThan(500);
  });

  it.each([
    ['/lang/en?to=/fr/', '/en/'],
    ['/lang/en?to=%2Ffr%2Fvente%2F', '/en/sale/'],
    ['/lang/fr?to=%2Fen%2Fsale%2F%3Fsort%3Dnew', '/fr/vente/?sort=new'],
    ['/lang/en?to=/en/', '/en/'],
    // An unknown page: the other language's not-found page.
    ['/lang/en?to=/fr/nope/', '/en/nope/'],
    ['/lang/en', '/en/'],
  ])('switches language with %s → %s, storing the choice for 365 days', async (url, location) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^i18n_redirected=${url.slice(6, 8)};`));
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
  });

  it.each([
    ['/lang/en?to=//evil.example/', 'to'],
    ['/lang/en?to=https%3A%2F%2Fevil.example%2F', 'to'],
    ['/lang/en?to=%2F%5Cevil.example', 'to'],
    ['/lang/en?to=fr%2F', 'to'],
    ['/lang/de?to=/fr/', 'lang'],
  ])('refuses %s naming the field %s', async (url, field) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, field });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('links the header language switch to the same page in the other language', async () => {
    const res = await app.inject('/fr/');
    expect(res.body).toContain('href="/lang/en?to=%2Fen%2F"');
    const notFound = await app.inject('/fr/vente/');
    expect(notFound.body).toContain('href="/lang/en?to=%2Fen%2Fsale%2F"');
  });

  it('is alive and ready', async () => {
    const health = await app.inject('/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ ready: true });
  });

  it('serves the config and the place autocomplete on /api', async () => {
    const config = await app.inject('/api/config');
    expect(config.statusCode).toBe(200);
    expect(config.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(config.json()).toMatchObject({
      natures: expect.any(Array),
      settings: expect.any(Object),
    });
    const search = await app.inject('/api/search-lieu?q=paris&lang=fr');
    expect(search.statusCode).toBe(200);
    expect(search.json().items[0]).toMatchObject({ libelle: expect.stringMatching(/paris/i) });
  });

  it.each([
    ['/api/search-lieu?lang=fr', 'q'],
    ['/api/search-lieu?q=paris&lang=de', 'lang'],
    [`/api/search-lieu?q=${'x'.repeat(101)}&lang=fr`, 'q'],
  ])('refuses %s naming %s', async (url, field) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      statusCode: 400,
      field,
      message: expect.stringContaining(field),
    });
  });

  it('answers JSON 404 on an unknown /api path', async () => {
    const res = await app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('records a stat through POST /api/stat, rate limited per visitor', async () => {
    const offers = await upstreamJson<OfferList>(listings.url, '/offre?limit=1');
    const id = offers.items[0]!.id;
    const ok = await app.inject({
      method: 'POST',
      url: '/api/stat',
      payload: { type: 'detail', id },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ counted: expect.any(Number) });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/stat',
      payload: { type: 'vue', id },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'type' });
    let status = 0;
    for (let i = 0; i < 40 && status !== 429; i++) {
      status = (
        await app.inject({
          method: 'POST',
          url: '/api/stat',
          payload: { type: 'detail', id },
          remoteAddress: '10.9.9.9',
        })
      ).statusCode;
    }
    expect(status).toBe(429);
  });

  it('refuses a body over the size limit of /api writes', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/stat',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'liste', id: [1], padding: 'x'.repeat(20_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413 });
  });

  it('streams photos and mosaic images from the listings API with long caching', async () => {
    const omr = await upstreamJson<OmrData>(listings.url, '/omr-data');
    const mosaic = await app.inject(`/media/mosaic/${omr.mosaicRubs[0]}.jpg`);
    expect(mosaic.statusCode).toBe(200);
    expect(mosaic.headers['content-type']).toBe('image/jpeg');
    expect(mosaic.headers['cache-control']).toMatch(/^public, max-age=86400/);
    expect(mosaic.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    const photo = await app.inject('/media/1-400.jpg');
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    '/media/999999-400.jpg',
    '/media/..%2F..%2Fetc%2Fpasswd',
    '/media/1-400.png',
    '/media/mosaic/x.jpg',
  ])('answers 404 for %s', async (url) => {
    expect((await app.inject(url)).statusCode).toBe(404);
  });
});
