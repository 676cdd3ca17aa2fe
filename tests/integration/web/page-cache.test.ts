import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig, type AppConfig } from '../../../server/config';
import type { SsrModule } from '../../../server/ssr/renderer';
import type { Config, OfferList } from '../../../shared/contract';
import { ALERT_COOKIE } from '../../../server/writes/alerts';
import { href } from '../../../shared/routes';
import { pageCacheBytes, pageCacheHits, pageCacheMisses } from '../../../server/metrics';
import { buildWebApp, startListingsApi, upstreamJson } from './helpers';
import { offerPathOf } from './offer-fixture';

// The in-process page cache on the real web app and the real listings API: what is stored, under
// which key, for how long, what is never stored, and how it is emptied. Renders are counted at the
// server entry; the cache's clock is the test's.

const MIB = 1024 * 1024;

/** A web app whose renders are counted, its page cache on its own clock. */
async function countedApp(
  listingsUrl: string,
  overrides: Partial<AppConfig> = {},
  setup?: (app: FastifyInstance) => void,
) {
  const counter = { renders: 0, clock: 1_000_000 };
  const wrapRenderer = (module: SsrModule): SsrModule => ({
    ...module,
    render: (request, options) => {
      counter.renders++;
      return module.render(request, options);
    },
  });
  const options = { wrapRenderer, pageCacheClock: () => counter.clock };
  let app: FastifyInstance;
  if (setup) {
    const config: AppConfig = {
      ...loadConfig({ LOG_LEVEL: 'silent' }),
      renderer: 'vite',
      pageCacheChangesIntervalMs: 0,
      ...overrides,
      listingsApiUrl: listingsUrl,
    };
    app = await buildApp(config, { logger: pino({ level: 'silent' }), hmr: false, ...options });
    setup(app);
    await app.ready();
  } else {
    app = await buildWebApp(
      listingsUrl,
      { pageCacheBytes: 64 * MIB, pageCacheChangesIntervalMs: 0, ...overrides },
      options,
    );
  }
  return Object.assign(counter, { app });
}

const LEGALS = '/fr/legals/';
const CGU = '/fr/cgu/';
const HOME = '/fr/';

describe('page cache', () => {
  let listings: Awaited<ReturnType<typeof startListingsApi>>;
  let web: Awaited<ReturnType<typeof countedApp>>;
  let offerPath: string;
  let offerId: number;
  let config: Config;

  beforeAll(async () => {
    listings = await startListingsApi('pglite');
    web = await countedApp(listings.url);
    config = await upstreamJson<Config>(listings.url, '/config');
    const list = await upstreamJson<OfferList>(listings.url, '/offre?nature=V&limit=1&lang=fr');
    offerId = list.items[0]!.id;
    offerPath = offerPathOf(list.items[0]!, 'fr', config);
  });
  afterAll(async () => {
    await web?.app.close();
    await listings?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    web.app.inject({ url, headers: { 'accept-encoding': 'identity', ...headers } });

  it('answers a page from memory the second time: same status, headers and bytes', async () => {
    web.app.pageCache!.clear();
    const before = web.renders;
    const first = await get(LEGALS);
    const second = await get(LEGALS);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('MISS');
    expect(second.headers['x-page-cache']).toBe('HIT');
    expect(web.renders - before).toBe(1);
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    for (const name of ['content-type', 'content-language', 'cache-control', 'vary', 'cache-tag'])
      expect(second.headers[name], name).toBe(first.headers[name]);
    expect(second.headers['content-security-policy']).toBe(
      first.headers['content-security-policy'],
    );
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(second.headers.age).toBe('0');
    expect(second.headers['set-cookie']).toBeUndefined();
    // HEAD: the same answer without its body.
    const head = await web.app.inject({ method: 'HEAD', url: LEGALS });
    expect(head.headers['x-page-cache']).toBe('HIT');
    expect(head.body).toBe('');
    expect(web.renders - before).toBe(1);
  });

  it('keeps another query and another encoding apart, and another host out of the page', async () => {
    web.app.pageCache!.clear();
    const before = web.renders;
    const plain = await get(HOME);
    expect(plain.headers['x-page-cache']).toBe('MISS');
    expect((await get(`${HOME}?a=1`)).headers['x-page-cache']).toBe('MISS');
    expect((await get(`${HOME}?a=1`)).headers['x-page-cache']).toBe('HIT');
    expect((await get(`${HOME}?a=2`)).headers['x-page-cache']).toBe('MISS');
    // Canonical links come from PUBLIC_URL, never from the Host header: another host gets the
    // same page, and nothing of its name.
    const other = await get(HOME, { host: 'other.example' });
    expect(other.headers['x-page-cache']).toBe('HIT');
    expect(other.body).not.toContain('other.example');
    expect(web.renders - before).toBe(3);

    // Each encoding is its own entry, compressed once from the page rendered.
    const br = await get(HOME, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['x-page-cache']).toBe('HIT');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gz = await get(HOME, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    const bytes = web.app.pageCache!.stats.bytes;
    const brAgain = await get(HOME, { 'accept-encoding': 'br' });
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);
    expect(web.app.pageCache!.stats.bytes).toBe(bytes);
    expect(web.renders - before).toBe(3);
  });

  it('serves a page fresh for its s-maxage, then stale while one background render replaces it', async () => {
    web.app.pageCache!.clear();
    const before = web.renders;
    const first = await get(CGU);
    const cacheControl = String(first.headers['cache-control']);
    const sMaxAge = Number(/s-maxage=(\d+)/.exec(cacheControl)![1]);
    const swr = Number(/stale-while-revalidate=(\d+)/.exec(cacheControl)![1]);
    expect(sMaxAge).toBeGreaterThan(0);
    expect(swr).toBeGreaterThan(0);

    web.clock += sMaxAge * 1000;
    const fresh = await get(CGU);
    expect(fresh.headers['x-page-cache']).toBe('HIT');
    expect(fresh.headers.age).toBe(String(sMaxAge));
    web.clock += 1000;
    // Stale: served at once, and rendered again in the background once for them all.
    const stale = await Promise.all([get(CGU), get(CGU), get(CGU)]);
    for (const answer of stale) {
      expect(answer.headers['x-page-cache']).toBe('STALE');
      expect(answer.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    await web.app.pageCache!.idle();
    expect(web.renders - before).toBe(2);
    const renewed = await get(CGU);
    expect(renewed.headers['x-page-cache']).toBe('HIT');
    expect(renewed.headers.age).toBe('0');

    // Past the stale window, the page is gone: the next request renders it.
    web.clock += (sMaxAge + swr) * 1000 + 1000;
    expect((await get(CGU)).headers['x-page-cache']).toBe('MISS');
    expect(web.renders - before).toBe(3);
  });

  it('renders a missing page once for many requests at the same time', async () => {
    web.app.pageCache!.clear();
    const before = web.renders;
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(offerPath)));
    expect(web.renders - before).toBe(1);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.filter((a) => a.headers['x-page-cache'] === 'MISS')).toHaveLength(1);
    expect(answers.filter((a) => a.headers['x-page-cache'] === 'HIT')).toHaveLength(7);
    for (const answer of answers)
      expect(answer.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
  });

  it('counts its hits, misses and bytes in the metrics', async () => {
    const value = async (metric: { get(): Promise<{ values: { value: number }[] }> }) =>
      (await metric.get()).values[0]?.value ?? 0;
    web.app.pageCache!.clear();
    expect(await value(pageCacheBytes)).toBe(0);
    const [hits, misses] = [await value(pageCacheHits), await value(pageCacheMisses)];
    await get(LEGALS);
    await get(LEGALS);
    await get(LEGALS, { 'accept-encoding': 'br' });
    expect(await value(pageCacheMisses)).toBe(misses + 1);
    expect(await value(pageCacheHits)).toBe(hits + 2);
    expect(await value(pageCacheBytes)).toBe(web.app.pageCache!.stats.bytes);
    expect(web.app.pageCache!.stats.entries).toBe(2);
    web.app.pageCache!.purgeTags(['no-such-tag']);
    web.app.pageCache!.clear();
    expect(await value(pageCacheBytes)).toBe(0);
  });

  it('keeps not-found pages for their own short lifetime', async () => {
    web.app.pageCache!.clear();
    const first = await get('/fr/no-such-page/');
    expect(first.statusCode).toBe(404);
    expect(first.headers['cache-control']).toMatch(/^public/);
    const second = await get('/fr/no-such-page/');
    expect(second.statusCode).toBe(404);
    expect(second.headers['x-page-cache']).toBe('HIT');
  });

  it('never stores the alerts page', async () => {
    const before = web.renders;
    for (let i = 0; i < 2; i++) {
      const page = await get('/fr/alertes/');
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.headers['x-page-cache']).toBe('MISS');
    }
    expect(web.renders - before).toBe(2);
  });

  it("never stores a render made with the visitor's alert tokens, yet serves them public pages", async () => {
    web.app.pageCache!.clear();
    const token = 'A'.repeat(43);
    const cookie = `${ALERT_COOKIE}=${encodeURIComponent(web.app.signCookie(token))}`;
    const before = web.renders;
    expect((await get(LEGALS, { cookie })).headers['x-page-cache']).toBe('MISS');
    expect((await get(LEGALS)).headers['x-page-cache']).toBe('MISS');
    expect((await get(LEGALS, { cookie })).headers['x-page-cache']).toBe('HIT');
    // Cookies the server does not read (consent, language) change nothing.
    const other = 'cookie_consent=maps%3A1; i18n_redirected=en';
    expect((await get(LEGALS, { cookie: other })).headers['x-page-cache']).toBe('HIT');
    expect(web.renders - before).toBe(2);
  });

  it('empties the pages of purged tags, and those only', async () => {
    web.app.pageCache!.clear();
    const saleList = href('nature', { nature: 'V' }, 'fr', config);
    const rentList = href('nature', { nature: 'L' }, 'fr', config);
    const tagsOf = async (url: string) => {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      return String(page.headers['cache-tag']).split(',');
    };
    const offerTags = await tagsOf(offerPath);
    expect(offerTags).toContain(`offre-${offerId}`);
    const saleTags = await tagsOf(saleList);
    expect(saleTags).toContain('liste-V');
    expect(await tagsOf(rentList)).not.toContain(`offre-${offerId}`);
    await tagsOf(LEGALS);

    // The offer's page goes, and the sale list too when it shows the offer.
    const shown = saleTags.includes(`offre-${offerId}`);
    expect(web.app.pageCache!.purgeTags([`offre-${offerId}`])).toBe(shown ? 2 : 1);
    expect((await get(offerPath)).headers['x-page-cache']).toBe('MISS');
    expect((await get(saleList)).headers['x-page-cache']).toBe(shown ? 'MISS' : 'HIT');
    expect((await get(rentList)).headers['x-page-cache']).toBe('HIT');
    expect((await get(LEGALS)).headers['x-page-cache']).toBe('HIT');
    expect(web.app.pageCache!.purgeTags(['liste-L', 'no-such-tag'])).toBe(1);
    expect((await get(rentList)).headers['x-page-cache']).toBe('MISS');
    expect((await get(saleList)).headers['x-page-cache']).toBe('HIT');
    expect((await get(offerPath)).headers['x-page-cache']).toBe('HIT');
  });

  it('holds no more bytes than PAGE_CACHE_BYTES, dropping the least recently used page', async () => {
    // The size of each page's entry, read on the large cache.
    const sizes: number[] = [];
    for (const url of [LEGALS, CGU, HOME]) {
      web.app.pageCache!.clear();
      await get(url);
      sizes.push(web.app.pageCache!.stats.bytes);
    }
    const small = await countedApp(listings.url, {
      pageCacheBytes: sizes[0]! + sizes[1]! + sizes[2]! - 1,
    });
    try {
      const at = (url: string) =>
        small.app
          .inject({ url, headers: { 'accept-encoding': 'identity' } })
          .then((r) => r.headers['x-page-cache']);
      expect(await at(LEGALS)).toBe('MISS');
      expect(await at(CGU)).toBe('MISS');
      expect(await at(LEGALS)).toBe('HIT');
      expect(await at(HOME)).toBe('MISS');
      // CGU was the least recently used: it went to make room.
      expect(small.app.pageCache!.stats.bytes).toBeLessThanOrEqual(
        sizes[0]! + sizes[1]! + sizes[2]! - 1,
      );
      expect(await at(LEGALS)).toBe('HIT');
      expect(await at(HOME)).toBe('HIT');
      expect(await at(CGU)).toBe('MISS');
    } finally {
      await small.app.close();
    }
  });

  it('never stores a page sent with Set-Cookie', async () => {
    const withCookie = await countedApp(listings.url, {}, (app) => {
      app.addHook('onRequest', async (request, reply) => {
        if (request.url.includes('visit=1')) reply.setCookie('visit', '1', { path: '/' });
      });
    });
    try {
      const url = `${LEGALS}?visit=1`;
      for (let i = 0; i < 2; i++) {
        const page = await withCookie.app.inject({ url });
        expect(page.statusCode).toBe(200);
        expect(String(page.headers['set-cookie'])).toContain('visit=1');
        expect(page.headers['x-page-cache']).toBe('MISS');
      }
      expect(withCookie.renders).toBe(2);
      // Without the cookie, the same app stores the page.
      await withCookie.app.inject({ url: LEGALS });
      expect((await withCookie.app.inject({ url: LEGALS })).headers['x-page-cache']).toBe('HIT');
    } finally {
      await withCookie.app.close();
    }
  });

  it('is off with PAGE_CACHE_BYTES=0', async () => {
    expect(loadConfig({ PAGE_CACHE_BYTES: '0' }).pageCacheBytes).toBe(0);
    const off = await countedApp(listings.url, { pageCacheBytes: 0 });
    try {
      expect(off.app.pageCache).toBeUndefined();
      for (let i = 0; i < 2; i++) {
        const page = await off.app.inject({ url: LEGALS });
        expect(page.statusCode).toBe(200);
        expect(page.headers['x-page-cache']).toBeUndefined();
      }
      expect(off.renders).toBe(2);
    } finally {
      await off.app.close();
    }
  });
});
