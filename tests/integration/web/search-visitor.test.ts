import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config, LieuSuggestionList, OfferList } from '../../../shared/contract';
import { testDbKinds } from '../../fixtures/db';
import { buildWebApp, startListingsApi, textOf, upstreamJson } from './helpers';

// What a visitor trips over on the search screens, server side: the page parameter (too far or
// garbage), the canonical URL of pages 2 and beyond, a typed place that names no place (the form
// without JavaScript), the generic place's URL in English, and grouped digits in price fields.

const ORIGIN = 'http://localhost';

function headOf(html: string) {
  return html.slice(0, html.indexOf('</head>'));
}

function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]+)"/.exec(headOf(html))?.[1]?.replace(/&amp;/g, '&');
}

function totalOf(html: string): number {
  const m = /class="search-page__total"[^>]*>([^<]*)</.exec(html);
  if (!m) throw new Error('no total on the page');
  return Number(m[1]!.replace(/\D/g, ''));
}

describe.each(testDbKinds)('search screens a visitor trips over, on %s', (kind) => {
  let listings: Awaited<ReturnType<typeof startListingsApi>>;
  let app: FastifyInstance;
  let config: Config;
  let lastPage: number;
  const api = <T>(path: string) => upstreamJson<T>(listings.url, path);
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'localhost' } });

  beforeAll(async () => {
    listings = await startListingsApi(kind);
    app = await buildWebApp(listings.url);
    config = await api<Config>('/config');
    const list = await api<OfferList>('/offre?nature=V&limit=1&lang=fr');
    lastPage = Math.ceil(list.total / 24);
    expect(lastPage).toBeGreaterThan(2);
    // The first page compiles the screen's modules: not a test's time.
    expect((await get('/fr/vente/')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await listings?.close();
  });

  describe('the page parameter', () => {
    it.each(['99', '100000', '99999999999'])('sends page %s to the last page', async (page) => {
      const res = await get(`/fr/vente/?price_min=1&page=${page}`);
      expect(res.statusCode).toBe(302);
      const list = await api<OfferList>('/offre?nature=V&prix_min=1&limit=1&lang=fr');
      expect(res.headers.location).toBe(
        `/fr/vente/?price_min=1&page=${Math.ceil(list.total / 24)}`,
      );
    });

    it.each(['abc', '0', '-1', '2.5', ''])(
      'sends page=%s to page 1, the rest of the query kept',
      async (page) => {
        const res = await get(`/en/sale/?price_max=5000000&page=${page}&sort=price_desc`);
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe('/en/sale/?price_max=5000000&sort=price_desc');
      },
    );

    it('gives page 2 and beyond their own canonical URL, indexable, in both languages', async () => {
      for (const [lang, path] of [
        ['fr', '/fr/vente/'],
        ['en', '/en/sale/'],
      ] as const) {
        const res = await get(`${path}?page=3`);
        expect(res.statusCode).toBe(200);
        const head = headOf(res.body);
        expect(canonicalOf(res.body)).toBe(`${ORIGIN}${path}?page=3`);
        expect(head).not.toContain('name="robots"');
        const other = lang === 'fr' ? 'en' : 'fr';
        const otherPath = lang === 'fr' ? '/en/sale/' : '/fr/vente/';
        expect(head).toContain(
          `<link rel="alternate" hrefLang="${other}" href="${ORIGIN}${otherPath}?page=3"/>`,
        );
      }
      // A sorted page stays out of the index, canonical to its unsorted self.
      const sorted = await get('/fr/vente/?page=2&sort=price_asc');
      expect(canonicalOf(sorted.body)).toBe(`${ORIGIN}/fr/vente/?page=2`);
      expect(headOf(sorted.body)).toContain('<meta name="robots" content="noindex, follow"/>');
    });
  });

  describe('a typed place that names no place, without JavaScript', () => {
    it.each([
      ['fr', 'Lieu introuvable\u00a0: «\u00a0Xyzzyville\u00a0»', '/fr/vente/'],
      ['en', 'Place not found: "Xyzzyville"', '/en/sale/'],
    ] as const)(
      'says so next to the field and keeps the text (%s)',
      async (lang, message, path) => {
        const res = await get(`/${lang}/search/?nature=V&lieu_q=Xyzzyville&price_max=5000000`);
        expect(res.statusCode).toBe(302);
        const location = res.headers.location as string;
        expect(location).toBe(`${path}?price_max=5000000&lieu_q=Xyzzyville`);
        const page = await get(location);
        expect(page.statusCode).toBe(200);
        expect(textOf(page.body)).toContain(message.replace(/\s+/g, ' '));
        expect(page.body).toContain(message.replace(/"/g, '&quot;'));
        expect(page.body).toMatch(
          /name="lieu_q"[^>]*value="Xyzzyville"|value="Xyzzyville"[^>]*name="lieu_q"/,
        );
        expect(page.body).toMatch(/aria-invalid="true"[^>]*aria-describedby="[^"]*-unknown"/);
        expect(headOf(page.body)).toContain('<meta name="robots" content="noindex, follow"/>');
        // Not a silent search elsewhere: no French slug in an English URL either.
        expect(location).not.toContain(config.genericLieu.slug);
      },
    );

    it('offers the closest places, each a link to the same search there', async () => {
      const found = await api<LieuSuggestionList>('/search-lieu?q=Paris&lang=en&limit=5');
      expect(found.items.length).toBeGreaterThan(0);
      const text = 'Parisxyzzyville';
      const none = await api<LieuSuggestionList>(
        `/search-lieu?q=${encodeURIComponent(text)}&lang=en&limit=1`,
      );
      expect(none.items).toEqual([]);
      const res = await get(`/en/search/?nature=V&lieu_q=${text}&price_max=5000000`);
      const page = await get(res.headers.location as string);
      expect(textOf(page.body)).toContain(`Place not found: "${text}"`);
      expect(textOf(page.body)).toContain('Closest places:');
      const paris = found.items.find((p) => p.slug === 'paris') ?? found.items[0]!;
      expect(page.body).toContain(`href="/en/sale/${paris.slug}/?price_max=5000000"`);
    });
  });

  describe('the generic place', () => {
    it.each([
      ['fr', '/fr/vente/villas/'],
      ['en', '/en/sale/villas/'],
    ] as const)('has no place segment; its old URL redirects (%s)', async (lang, path) => {
      const old = await get(
        `/${lang}/${lang === 'fr' ? 'vente' : 'sale'}/villas/${config.genericLieu.slug}/?price_max=5000000`,
      );
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe(`${path}?price_max=5000000`);
      const search = await get(`/${lang}/search/?nature=V&rubs=11&lieu_q=`);
      expect(search.headers.location).toBe(path);
    });
  });

  describe('grouped digits in price fields', () => {
    it.each([
      ['fr', '/fr/vente/', '3\u202f000\u202f000'],
      ['fr', '/fr/vente/', '3\u00a0000\u00a0000'],
      ['fr', '/fr/vente/', '3 000 000'],
      ['en', '/en/sale/', '3,000,000'],
    ] as const)('reads %s %s', async (lang, path, typed) => {
      const expected = await api<OfferList>(
        `/offre?nature=V&prix_max=3000000&limit=1&lang=${lang}`,
      );
      // The form without JavaScript: the endpoint lands on plain digits.
      const res = await get(
        `/${lang}/search/?nature=V&lieu_q=&price_max=${encodeURIComponent(typed)}`,
      );
      expect(res.headers.location).toBe(`${path}?price_max=3000000`);
      // The list read with grouped digits straight in its query.
      const page = await get(`${path}?price_max=${encodeURIComponent(typed)}`);
      expect(page.statusCode).toBe(200);
      expect(totalOf(page.body)).toBe(expected.total);
    });

    it.each([
      ['fr', '/fr/vente/?price_max=3000000', 'value="3\u202f000\u202f000"'],
      ['en', '/en/sale/?price_max=3000000', 'value="3,000,000"'],
    ] as const)('shows the digits grouped in the language (%s)', async (_lang, url, value) => {
      const page = await get(url);
      expect(page.body).toMatch(
        new RegExp(`name="price_max"[^>]*${value}|${value}[^>]*name="price_max"`),
      );
    });
  });
});
