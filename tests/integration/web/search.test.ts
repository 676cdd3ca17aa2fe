import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Compteur,
  Config,
  LieuSuggestionList,
  LieuWithAncestors,
  OfferList,
  RubriqueCount,
} from '../../../shared/contract';
import { indexConfig } from '../../../shared/config-index';
import { testDbKinds } from '../../fixtures/db';
import { buildWebApp, startFaultProxy, startListingsApi, textOf, upstreamJson } from './helpers';

// The search screens against the real listings API on the seeded test database: filters change
// the results, sorts order them, paging, the enlarged-search fallback texts, 404s, head and cache
// tags, the search form's endpoint (the form without JavaScript), hub pages and the sitemap.
// Expected values come from the listings API itself, never from hard-coded counts.

const ORIGIN = 'http://localhost';

function totalOf(html: string): number {
  const m = /class="search-page__total"[^>]*>([^<]*)</.exec(html);
  if (!m) throw new Error('no total on the page');
  return Number(m[1]!.replace(/\D/g, ''));
}

function offerIds(html: string): number[] {
  return [...html.matchAll(/data-offer-id="(\d+)"/g)].map((m) => Number(m[1]));
}

/** Prices of the cards in order; null for a hidden price. */
function cardPrices(html: string): (number | null)[] {
  return [...html.matchAll(/class="offer-card__price">(.*?)<\/p>/g)].map((m) =>
    m[1]!.includes('offer-card__price-hidden') ? null : Number(m[1]!.replace(/\D/g, '')),
  );
}

/** The "(n)" counts of hub links (text after the link) and substitute links. */
function linkCounts(html: string): number[] {
  return [
    ...html
      .replace(/<!-- -->/g, '')
      .matchAll(/(?:class="link-list__count">|<\/a> )\((\d[\d\s\u202f,.]*)[^)]*\)/g),
  ].map((m) => Number(m[1]!.replace(/\D/g, '')));
}

/** A GET over HTTP with the request target exactly as given (no URL normalisation on the way). */
function rawGet(
  base: string,
  target: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: hostname, port, path: target, method: 'GET', headers: { host: 'localhost' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function headOf(html: string) {
  return html.slice(0, html.indexOf('</head>'));
}

function attr(html: string, re: RegExp): string | undefined {
  return re.exec(html)?.[1]?.replace(/&amp;/g, '&');
}

function isSorted(values: number[], dir: 'asc' | 'desc'): boolean {
  return values.every(
    (v, i) => i === 0 || (dir === 'asc' ? values[i - 1]! <= v : values[i - 1]! >= v),
  );
}

describe.each(testDbKinds)('search screens on %s', (kind) => {
  let listings: Awaited<ReturnType<typeof startListingsApi>>;
  let app: FastifyInstance;
  let config: Config;
  /** The place with the most sale offers among the promoted ones. */
  let place: LieuWithAncestors;
  let villaPlace: LieuWithAncestors;
  const api = <T>(path: string) => upstreamJson<T>(listings.url, path);
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
  /** The web app over HTTP, for request targets inject() would normalise. */
  let webUrl: string;
  const getRaw = (target: string) => rawGet(webUrl, target);

  /** A sale rubrique with offers elsewhere and none at the place. */
  async function rubriqueMissingAtPlace() {
    const here = await api<RubriqueCount[]>(`/compteur/rubriques?nature=V&lieu=${place.id}`);
    const everywhere = await api<RubriqueCount[]>('/compteur/rubriques?nature=V');
    const index = indexConfig(config);
    const present = new Set(here.map((r) => r.rubrique_id));
    const missing = everywhere
      .filter((r) => !present.has(r.rubrique_id) && r.count > 0)
      .map((r) => index.rubriques.get(r.rubrique_id)!)
      .find((r) => r.nature.includes('V'));
    expect(missing, 'a rubrique with offers elsewhere and none at the place').toBeDefined();
    return missing!;
  }

  beforeAll(async () => {
    listings = await startListingsApi(kind);
    app = await buildWebApp(listings.url);
    webUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    config = await api<Config>('/config');
    const promoted = config.omr.footer.promoteLieux.flatMap((g) => g.lieux);
    let best = { id: 0, total: -1 };
    for (const lieu of promoted) {
      const list = await api<OfferList>(`/offre?nature=V&lieu=${lieu.id}&limit=1&lang=fr`);
      if (list.total > best.total) best = { id: lieu.id, total: list.total };
    }
    place = await api<LieuWithAncestors>(`/lieu?id=${best.id}&lang=fr`);
    // The promoted place with the most villas for sale: its villa list is indexable.
    let villas = { id: 0, total: -1 };
    for (const lieu of promoted) {
      const list = await api<OfferList>(
        `/offre?nature=V&rubrique=11&lieu=${lieu.id}&limit=1&lang=fr`,
      );
      if (list.total > villas.total) villas = { id: lieu.id, total: list.total };
    }
    villaPlace = await api<LieuWithAncestors>(`/lieu?id=${villas.id}&lang=fr`);
  });
  afterAll(async () => {
    await app?.close();
    await listings?.close();
  });

  describe('filters change the results', () => {
    const rows: { name: string; query: string; apiQuery: string }[] = [
      { name: 'price maximum', query: 'price_max=900000', apiQuery: 'prix_max=900000' },
      {
        name: 'price range',
        query: 'price_min=500000&price_max=2000000',
        apiQuery: 'prix_min=500000&prix_max=2000000',
      },
      { name: 'rooms', query: 'nb_rooms=5', apiQuery: 'nb_pieces=5' },
      { name: 'bedrooms', query: 'nb_bedrooms=4', apiQuery: 'nb_chambres=4' },
      { name: 'surface', query: 'area_min=200', apiQuery: 'surface_min=200' },
      { name: 'land', query: 'field_area_min=1000', apiQuery: 'surface_terrain_min=1000' },
      { name: 'assets', query: 'assets=piscine', apiQuery: 'atouts=piscine' },
      { name: 'several rubriques', query: 'rubs=11,20', apiQuery: 'rubrique=11,20' },
      { name: 'maximum DPE class', query: 'dpe_max=C', apiQuery: 'dpe_max=C' },
    ];

    it.each(rows)('$name: the list shows what the search finds', async ({ query, apiQuery }) => {
      const all = await api<OfferList>('/offre?nature=V&limit=24&lang=fr');
      const expected = await api<OfferList>(`/offre?nature=V&${apiQuery}&limit=24&lang=fr`);
      expect(expected.total).toBeGreaterThan(0);
      expect(expected.total).toBeLessThan(all.total);
      const res = await get(`/fr/vente/?${query}`);
      expect(res.statusCode).toBe(200);
      expect(totalOf(res.body)).toBe(expected.total);
      expect(offerIds(res.body)).toEqual(expected.items.map((o) => o.id));
    });

    it('shows the maximum DPE class in the form, counted among the filters, in both languages', async () => {
      const fr = textOf((await get('/fr/vente/?dpe_max=C')).body);
      expect(fr).toContain('Filtres (1)');
      expect(fr).toContain('Performance énergétique');
      const page = (await get('/en/sale/?dpe_max=c')).body;
      expect(page).toMatch(/<option value="C" selected="">DPE A to C<\/option>/);
      expect(textOf(page)).toContain('Filters (1)');
    });

    it('keeps every shown price within the bounds', async () => {
      const res = await get('/fr/vente/?price_min=1000000&price_max=3000000');
      const prices = cardPrices(res.body).filter((p): p is number => p !== null);
      expect(prices.length).toBeGreaterThan(0);
      for (const price of prices) {
        expect(price).toBeGreaterThanOrEqual(1_000_000);
        expect(price).toBeLessThanOrEqual(3_000_000);
      }
    });

    it('searches the rubrique and the place of the path', async () => {
      const expected = await api<OfferList>(`/offre?nature=V&lieu=${place.id}&limit=24&lang=en`);
      const res = await get(`/en/sale/${place.slug}/`);
      expect(res.statusCode).toBe(200);
      expect(totalOf(res.body)).toBe(expected.total);
      expect(offerIds(res.body)).toEqual(expected.items.map((o) => o.id));
      const villas = await api<OfferList>('/offre?nature=V&rubrique=11&limit=24&lang=fr');
      const page = await get('/fr/vente/villas/');
      expect(totalOf(page.body)).toBe(villas.total);
      expect(textOf(page.body)).toContain('Villas de luxe à vendre');
    });

    it.each([
      ['fr', '/fr/vente/', ['pièce', 'pièces'], ['chambre', 'chambres']],
      ['en', '/en/sale/', ['room', 'rooms'], ['bedroom', 'bedrooms']],
    ] as const)(
      'gives each card its surface, rooms and bedrooms on one line (%s)',
      async (lang, url, rooms, bedrooms) => {
        const expected = await api<OfferList>(`/offre?nature=V&limit=24&lang=${lang}`);
        const res = await get(url);
        const lines = [
          ...res.body.matchAll(/<article[^>]*data-offer-id="(\d+)"[\s\S]*?<\/article>/g),
        ].map((m) => ({
          id: Number(m[1]),
          facts: /class="offer-card__facts">([^<]*)<\/p>/.exec(m[0])?.[1] ?? null,
        }));
        expect(lines.map((l) => l.id)).toEqual(expected.items.map((o) => o.id));
        const count = (n: number, [one, other]: readonly [string, string]) =>
          `${n} ${n === 1 ? one : other}`;
        for (const [i, offer] of expected.items.entries()) {
          // Sale offers: the price per m² follows the surface, unless the price is withheld.
          const perM2 =
            !offer.prixCache && offer.price !== null && offer.surface !== null && offer.surface > 0
              ? Math.round(offer.price / offer.surface)
              : null;
          // The surface is said once: left out of the facts when the subtitle gives it
          // ('Cannes – 1 250 m²').
          const inSubtitle = /(\d[\d\u00a0\u202f ,.]*)\s?m²/.exec(offer.titre2)?.[1];
          const surface =
            offer.surface !== null &&
            inSubtitle?.replace(/\D/g, '') !== String(offer.surface).replace(/\D/g, '')
              ? offer.surface
              : null;
          const parts = [
            ...(surface !== null ? [`${surface}`] : []),
            ...(perM2 !== null ? [`${perM2}`] : []),
            ...(offer.rooms !== null ? [count(offer.rooms, rooms)] : []),
            ...(offer.bedrooms !== null ? [count(offer.bedrooms, bedrooms)] : []),
          ];
          const shown = lines[i]!.facts?.split(' · ') ?? [];
          expect(shown).toHaveLength(parts.length);
          for (const [k, part] of parts.entries()) {
            // The surface is formatted (thousands separator, m²): compare its digits.
            if (k === 0 && surface !== null) {
              expect(shown[k]!.replace(/\D/g, '').startsWith(part)).toBe(true);
            } else if (k === (surface !== null ? 1 : 0) && perM2 !== null) {
              // Formatted too (€, thousands separator, /m²): its digits and its unit.
              expect(shown[k]).toContain('/m²');
              expect(shown[k]!.replace(/\D/g, '').startsWith(part)).toBe(true);
            } else expect(shown[k]).toBe(part);
          }
        }
        expect(lines.filter((l) => l.facts?.includes(' · ')).length).toBeGreaterThan(0);
      },
    );

    it('renders a page for a malformed query, dropping the bad values', async () => {
      const res = await get(
        '/fr/vente/?price_max=abc&nb_rooms=-3&assets=nope,piscine&sort=bogus&rubs=99999,zz&unknown=1',
      );
      expect(res.statusCode).toBe(200);
      const expected = await api<OfferList>('/offre?nature=V&atouts=piscine&limit=24&lang=fr');
      expect(totalOf(res.body)).toBe(expected.total);
      expect(attr(headOf(res.body), /<link rel="canonical" href="([^"]+)"/)).toBe(
        `${ORIGIN}/fr/vente/?assets=piscine`,
      );
    });
  });

  describe('sorts order the results', () => {
    it.each([
      ['price_asc', 'asc'],
      ['price_desc', 'desc'],
    ] as const)('%s', async (sort, dir) => {
      const expected = await api<OfferList>(`/offre?nature=V&sort=${sort}&limit=24&lang=fr`);
      const res = await get(`/fr/vente/?sort=${sort}`);
      expect(offerIds(res.body)).toEqual(expected.items.map((o) => o.id));
      const prices = cardPrices(res.body);
      const shown = prices.filter((p): p is number => p !== null);
      expect(shown.length).toBeGreaterThan(1);
      expect(isSorted(shown, dir)).toBe(true);
      // Hidden prices come last.
      const firstHidden = prices.indexOf(null);
      if (firstHidden !== -1) expect(prices.slice(firstHidden).every((p) => p === null)).toBe(true);
    });

    it('newest first follows the listings API order', async () => {
      const expected = await api<OfferList>('/offre?nature=L&sort=new&limit=24&lang=en');
      const res = await get('/en/rent/?sort=new');
      expect(offerIds(res.body)).toEqual(expected.items.map((o) => o.id));
    });

    it('offers the sort options of the nature only', async () => {
      const sale = await get('/en/sale/');
      const sort = sale.body.slice(sale.body.indexOf('class="sort-select"'));
      const options = sort.slice(0, sort.indexOf('</select>'));
      expect(options).toContain('value="price_asc"');
      expect(options).not.toContain('value="rent_asc"');
      expect(textOf(options)).toContain('Price: low to high');
    });
  });

  describe('paging', () => {
    it('shows the second page with crawlable links and rel prev/next', async () => {
      const expected = await api<OfferList>('/offre?nature=V&page=2&limit=24&lang=fr');
      expect(expected.total).toBeGreaterThan(48);
      const res = await get('/fr/vente/?page=2');
      expect(res.statusCode).toBe(200);
      expect(offerIds(res.body)).toEqual(expected.items.map((o) => o.id));
      const head = headOf(res.body);
      expect(head).toContain('<link rel="prev" href="/fr/vente/"/>');
      expect(head).toContain('<link rel="next" href="/fr/vente/?page=3"/>');
      // Each page of a list is its own page: canonical to itself, indexable.
      expect(attr(head, /<link rel="canonical" href="([^"]+)"/)).toBe(`${ORIGIN}/fr/vente/?page=2`);
      expect(head).not.toContain('name="robots"');
      expect(head).toMatch(/<title>[^<]*– page 2<\/title>/);
      // Page 1 never carries the page parameter.
      expect(res.body).not.toMatch(/[?&]page=1["&]/);
      expect(res.body).toContain('href="/fr/vente/?page=3"');
    });

    it('keeps the filters and the sort in paging links', async () => {
      const res = await get('/fr/vente/?price_max=5000000&sort=price_desc');
      expect(res.body).toContain(
        'href="/fr/vente/?price_max=5000000&amp;page=2&amp;sort=price_desc"',
      );
    });

    it('sends a page beyond the last one to the last one', async () => {
      const list = await api<OfferList>('/offre?nature=V&limit=1&lang=fr');
      const last = Math.ceil(list.total / 24);
      const res = await get('/fr/vente/?page=9999');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/fr/vente/?page=${last}`);
    });
  });

  it.each([
    ['fr', '/fr/vente/paris/', 'Fil d&#x27;Ariane'],
    ['en', '/en/sale/paris/', 'Breadcrumb'],
  ])(
    'names Paris once in the trail of its list, not as department and city (%s)',
    async (_lang, url, label) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const trail = res.body.match(
        new RegExp(`<nav class="breadcrumbs" aria-label="${label}">([\\s\\S]*?)</nav>`),
      );
      expect(trail, 'the breadcrumbs').not.toBeNull();
      const steps = [...trail![1]!.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) =>
        m[1]!.replace(/<[^>]+>/g, '').trim(),
      );
      expect(steps.filter((step) => step === 'Paris')).toHaveLength(1);
    },
  );

  describe('head, JSON-LD and cache tags', () => {
    it('describes a list by nature, rubrique and place in each language', async () => {
      const fr = await get(`/fr/vente/villas/${villaPlace.slug}/`);
      const en = await get(`/en/sale/villas/${villaPlace.slug}/`);
      const lieuEn = await api<LieuWithAncestors>(`/lieu?id=${villaPlace.id}&lang=en`);
      expect(headOf(fr.body)).toContain(
        `<title>Villas de luxe à vendre ${villaPlace.libelle_prep}</title>`,
      );
      expect(headOf(en.body)).toContain(
        `<title>Luxury villas for sale ${lieuEn.libelle_prep}</title>`,
      );
      expect(headOf(en.body)).toMatch(
        /<meta name="description" content="Prestige villas for sale [^"]+"/,
      );
      expect(headOf(fr.body)).toContain(
        `<link rel="alternate" hrefLang="en" href="${ORIGIN}/en/sale/villas/${villaPlace.slug}/"/>`,
      );
      expect(headOf(fr.body)).not.toContain('name="robots"');
    });

    it('leaves sort and page out of the canonical URL and keeps variants out of the index', async () => {
      const res = await get(`/fr/vente/${place.slug}/?sort=price_asc&price_max=4000000&page=1`);
      const head = headOf(res.body);
      expect(attr(head, /<link rel="canonical" href="([^"]+)"/)).toBe(
        `${ORIGIN}/fr/vente/${place.slug}/?price_max=4000000`,
      );
      expect(head).toContain('<meta name="robots" content="noindex, follow"/>');
    });

    it('builds the hreflang alternates from the criteria read, never from the raw query', async () => {
      const res = await get(
        `/fr/vente/villas/${place.slug}/?price_max=abc&price_min=5000000&area_min=120` +
          `&area_min=9&assets=piscine,licorne&nb_rooms=zz&sort=price_asc&utm_source=x`,
      );
      expect(res.statusCode).toBe(200);
      const head = headOf(res.body);
      const canonical = attr(head, /<link rel="canonical" href="([^"]+)"/);
      const alternate = (lang: string) =>
        attr(head, new RegExp(`<link rel="alternate" hrefLang="${lang}" href="([^"]+)"`));
      // The pipeline keeps the minimum (no valid maximum), the first surface, the known asset.
      const url = new URL(canonical!);
      expect(url.pathname).toBe(`/fr/vente/villas/${place.slug}/`);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        price_min: '5000000',
        area_min: '120',
        assets: 'piscine',
      });
      expect(alternate('fr')).toBe(canonical);
      expect(alternate('x-default')).toBe(canonical);
      expect(alternate('en')).toBe(
        canonical!.replace(`/fr/vente/villas/${place.slug}/`, `/en/sale/villas/${place.slug}/`),
      );
    });

    it('gives a hub page its bare path as canonical and alternates, whatever its query', async () => {
      const res = await get(`/fr/vente/demeures-luxe/${place.slug}/?price_max=abc&rubs=9999`);
      expect(res.statusCode).toBe(200);
      const head = headOf(res.body);
      expect(attr(head, /<link rel="canonical" href="([^"]+)"/)).toBe(
        `${ORIGIN}/fr/vente/demeures-luxe/${place.slug}/`,
      );
      expect(attr(head, /<link rel="alternate" hrefLang="en" href="([^"]+)"/)).toBe(
        `${ORIGIN}/en/sale/luxury-homes/${place.slug}/`,
      );
      expect(attr(head, /<link rel="alternate" hrefLang="x-default" href="([^"]+)"/)).toBe(
        `${ORIGIN}/fr/vente/demeures-luxe/${place.slug}/`,
      );
    });

    it('has a schema.org BreadcrumbList from home to the place', async () => {
      const res = await get(`/fr/vente/villas/${place.slug}/`);
      const json = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/.exec(res.body)?.[1];
      const ld = JSON.parse(json!) as {
        '@type': string;
        itemListElement: { name: string; position: number }[];
      };
      expect(ld['@type']).toBe('BreadcrumbList');
      const names = ld.itemListElement.map((i) => i.name);
      expect(names.slice(0, 3)).toEqual(['Accueil', 'Vente', 'Villas']);
      expect(names.at(-1)).toBe(place.libelle);
      for (const ancestor of place.ancestors.filter(
        (a) => a.type === 'Pays' || a.type === 'Departements',
      )) {
        expect(names).toContain(ancestor.libelle);
      }
      expect(textOf(res.body)).toContain(`Accueil Vente Villas`);
    });

    it('tags the page with its nature, rubrique, place and every offer shown', async () => {
      const res = await get(`/fr/vente/villas/${place.slug}/`);
      const tags = String(res.headers['cache-tag']).split(',');
      expect(tags).toEqual(expect.arrayContaining(['nature-V', 'rubrique-11', `lieu-${place.id}`]));
      const ids = offerIds(res.body);
      for (const id of ids) expect(tags).toContain(`offre-${id}`);
      expect(String(res.headers['cache-control'])).toMatch(/public, .*s-maxage=\d+/);
    });
  });

  describe('nothing matches', () => {
    it.each(['fr', 'en'] as const)(
      'enlarges the search when the section has nothing at the place (%s)',
      async (lang) => {
        const missing = await rubriqueMissingAtPlace();
        const index = indexConfig(config);
        const lieu = await api<LieuWithAncestors>(`/lieu?id=${place.id}&lang=${lang}`);
        const nature = index.natures.get('V')!.slug[lang];
        const res = await get(`/${lang}/${nature}/${missing!.slug[lang]}/${place.slug}/`);
        expect(res.statusCode).toBe(200);
        const text = textOf(res.body);
        const compteur = await api<Compteur>(
          `/compteur?nature=V&rubrique=${missing!.id}&lieu=${place.id}&rayon=30&limit=6&lang=${lang}`,
        );
        expect(compteur.nearby.length + compteur.parents.length).toBeGreaterThan(0);
        if (lang === 'en') {
          expect(text).toContain(
            `The section "${missing!.plural.en}" does not contain any prestige properties on your search location (${lieu.libelle}).`,
          );
          expect(text).toContain('Here are the nearest exceptional properties.');
        } else {
          expect(text).toContain(
            `La rubrique « ${missing!.plural.fr} » ne contient aucun bien de prestige sur votre lieu de recherche (${lieu.libelle}).`,
          );
          expect(text).toContain("Voici les biens d'exception les plus proches.");
        }
        // The nearest offers are shown, with links to the substitute searches.
        expect(offerIds(res.body).length).toBeGreaterThan(0);
        const first = compteur.nearby[0]?.lieu ?? compteur.parents[0]!.lieu;
        expect(res.body).toContain(`/${first.slug}/"`);
        expect(headOf(res.body)).toContain('<meta name="robots" content="noindex, follow"/>');
      },
    );

    it('still answers the page when the substitute searches fail', async () => {
      const missing = await rubriqueMissingAtPlace();
      // A listings API whose /compteur fails (the fault), everything else answered for real.
      const fake = await startFaultProxy(listings.url, (req, res) => {
        if (!req.url?.startsWith('/compteur?')) return false;
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"statusCode":500,"error":"Internal Server Error","message":"boom"}');
        return true;
      });
      const faulty = await buildWebApp(fake.url);
      try {
        const res = await faulty.inject(`/fr/vente/${missing.slug.fr}/${place.slug}/`);
        expect(res.statusCode).toBe(200);
        expect(textOf(res.body)).toContain("Aucun bien n'a été trouvé.");
        expect(fake.requests.some((url) => url.startsWith('/compteur?'))).toBe(true);
      } finally {
        await faulty.close();
        await fake.close();
      }
    });

    it('links each card to its offer with the search', async () => {
      const res = await get(`/fr/vente/${place.slug}/?sort=price_asc`);
      const list = await api<OfferList>(
        `/offre?nature=V&lieu=${place.id}&sort=price_asc&limit=1&lang=fr`,
      );
      const from = encodeURIComponent(`/fr/vente/${place.slug}/?sort=price_asc`);
      expect(res.body).toContain(`/?from=${from}&amp;sk=${list.search_key}"`);
    });

    it.each([
      [
        'fr',
        '/fr/vente/?area_min=99999999',
        "Aucun bien n'a été trouvé.",
        "Modifiez vos critères de recherche pour trouver d'autres biens.",
      ],
      [
        'en',
        '/en/sale/?area_min=99999999',
        'No property was found.',
        'Change your search criteria to find other properties.',
      ],
    ] as const)('says no property was found, with a hint (%s)', async (_lang, url, title, hint) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(totalOf(res.body)).toBe(0);
      const text = textOf(res.body);
      expect(text).toContain(title);
      expect(text).toContain(hint);
    });
  });

  describe('not found', () => {
    it.each([
      ['an unknown nature', '/fr/achat/'],
      ['an unknown place', '/fr/vente/nulle-part-xyz/'],
      ['an unknown place after a rubrique', '/en/sale/villas/nowhere-xyz/'],
      ['a rubrique of another nature', '/fr/location/domaines-viticoles/'],
      ['an unknown place of a hub', '/fr/vente/demeures-luxe/nulle-part-xyz/'],
      ['a place slug of the wrong shape', '/fr/vente/caf%C3%A9!/'],
    ])('answers 404 for %s', async (_name, url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    });

    // URL parsing would resolve these segments (`/fr/vente/%2e%2e/` is `/fr/`): the path as sent
    // has a segment no slug matches, and answers the not-found page, never the page it climbs to.
    it.each([
      ['a percent-encoded parent segment', '/fr/vente/%2e%2e/'],
      ['a parent segment in capitals without its slash', '/fr/vente/%2E%2E'],
      ['a parent segment after a rubrique', '/fr/vente/villas/%2e%2e/'],
      ['a mixed-case parent segment in a query URL', '/fr/vente/.%2E/?price_max=1000000'],
      ['a raw parent segment', '/fr/vente/../'],
      ['a current-directory segment', '/fr/vente/./'],
      ['backslashes', '/fr/vente\\..\\'],
      ['a protocol-relative path', '//elsewhere.example/fr/'],
    ])('answers the not-found page for %s', async (_name, url) => {
      const res = await getRaw(url);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(textOf(res.body)).toContain("La page que vous visitez n'existe pas.");
    });

    it('says the page does not exist for an unknown place', async () => {
      const res = await get('/en/sale/nowhere-xyz/');
      expect(res.statusCode).toBe(404);
      expect(textOf(res.body)).toContain('The page you are visiting does not exist.');
    });
  });

  describe('the search form without JavaScript', () => {
    it('redirects a chosen place to the result list', async () => {
      const q = new URLSearchParams({
        nature: 'V',
        lieu_q: place.libelle,
        lieu: place.slug,
        lieu_label: place.libelle,
        rubs: '11',
        price_max: '3000000',
        price_min: '',
        page: '3',
      });
      const res = await get(`/fr/search/?${q}`);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/fr/vente/villas/${place.slug}/?price_max=3000000`);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('resolves a typed place to the first suggestion', async () => {
      const text = place.libelle.slice(0, 5);
      const found = await api<LieuSuggestionList>(
        `/search-lieu?q=${encodeURIComponent(text)}&lang=en&limit=1`,
      );
      const res = await get(
        `/en/search/?nature=L&lieu_q=${encodeURIComponent(text)}&sort=rent_desc`,
      );
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/en/rent/${found.items[0]!.slug}/?sort=rent_desc`);
    });

    it('searches everywhere without a place', async () => {
      const res = await get('/fr/search/?nature=S&lieu_q=&assets=piscine');
      expect(res.headers.location).toBe(`/fr/location-saisonniere/?assets=piscine`);
      const page = await get(res.headers.location as string);
      expect(page.statusCode).toBe(200);
      expect(attr(headOf(page.body), /<link rel="canonical" href="([^"]+)"/)).toBe(
        `${ORIGIN}/fr/location-saisonniere/?assets=piscine`,
      );
    });

    it.each([
      ['fr', 'Le prix minimum doit être inférieur au prix maximum'],
      ['en', 'Min price must be lower than max price'],
    ] as const)('shows the rule a form broke (%s)', async (lang, message) => {
      const res = await get(
        `/${lang}/search/?nature=V&lieu_q=${encodeURIComponent(place.libelle)}&lieu=${place.slug}&lieu_label=${encodeURIComponent(place.libelle)}&price_min=900000&price_max=500000`,
      );
      expect(res.statusCode).toBe(302);
      const page = await get(res.headers.location as string);
      expect(page.statusCode).toBe(200);
      expect(textOf(page.body)).toContain(message);
      expect(page.body).toMatch(
        /name="price_min"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="price_min"/,
      );
      // The refused minimum is left out of the search.
      const expected = await api<OfferList>(
        `/offre?nature=V&lieu=${place.id}&prix_max=500000&limit=1&lang=${lang}`,
      );
      expect(totalOf(page.body)).toBe(expected.total);
    });

    it('answers 404 for an unknown language', async () => {
      const res = await get('/de/search/?nature=V');
      expect(res.statusCode).toBe(404);
    });
  });

  describe('hub pages', () => {
    it.each(['fr', 'en'] as const)(
      'links a place to its categories and sub-places (%s)',
      async (lang) => {
        const hub = lang === 'fr' ? 'demeures-luxe' : 'luxury-homes';
        const nature = indexConfig(config).natures.get('V')!.slug[lang];
        const res = await get(`/${lang}/${nature}/${hub}/${place.slug}/`);
        expect(res.statusCode).toBe(200);
        const lieu = await api<LieuWithAncestors>(`/lieu?id=${place.id}&lang=${lang}`);
        expect(textOf(res.body)).toContain(
          lang === 'fr'
            ? `Immobilier de luxe à vendre ${lieu.libelle_prep}`
            : `Luxury real estate for sale ${lieu.libelle_prep}`,
        );
        const min = config.settings.minHubLinkCount;
        const counts = linkCounts(res.body);
        expect(counts.length).toBeGreaterThan(0);
        for (const count of counts) expect(count).toBeGreaterThanOrEqual(min);
        const rubs = await api<RubriqueCount[]>(
          `/compteur/rubriques?nature=V&lieu=${place.id}&min_nb=${min}`,
        );
        const top = indexConfig(config).rubriques.get(rubs[0]!.rubrique_id)!;
        expect(res.body).toContain(`href="/${lang}/${nature}/${top.slug[lang]}/${place.slug}/"`);
      },
    );

    it('links the nature page to places with at least the minimum count of offers', async () => {
      const res = await get('/fr/vente/');
      const min = config.settings.minHubLinkCount;
      const block = res.body.slice(res.body.indexOf('id="hub-places"'));
      const counts = linkCounts(block);
      expect(counts.length).toBeGreaterThan(0);
      for (const count of counts) expect(count).toBeGreaterThanOrEqual(min);
    });
  });

  describe('sitemap and robots.txt', () => {
    it('points robots to the sitemap and keeps variants out', async () => {
      const res = await get('/robots.txt');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
      for (const key of ['sort', 'page', 'price_max', 'assets']) {
        expect(res.body).toContain(`Disallow: /*?*${key}=`);
      }
    });

    it('indexes child sitemaps with every URL in both languages and its alternates', async () => {
      const index = await get('/sitemap.xml');
      expect(index.statusCode).toBe(200);
      expect(index.headers['content-type']).toMatch(/^application\/xml/);
      const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
        (m) => new URL(m[1]!).pathname,
      );
      for (const kind of ['pages', 'hubs-1', 'lists-1', 'offers-1', 'agencies-1', 'networks-1']) {
        expect(files).toContain(`/sitemaps/${kind}.xml`);
      }
      const offers = await api<OfferList>('/offre?nature=V&sort=new&limit=1&lang=fr');
      const offer = offers.items[0]!;
      const seen = new Map<string, string>();
      for (const file of files) {
        const child = await get(file);
        expect(child.statusCode, file).toBe(200);
        const urls = child.body.split('<url>').slice(1);
        expect(urls.length, file).toBeGreaterThan(0);
        expect(urls.length).toBeLessThanOrEqual(50_000);
        for (const url of urls) expect(url.match(/<xhtml:link rel="alternate"/g)).toHaveLength(3);
        seen.set(file, child.body);
      }
      expect(seen.get('/sitemaps/pages.xml')).toContain('/en/</loc>');
      expect(seen.get('/sitemaps/lists-1.xml')).toContain(`/fr/vente/${place.slug}/</loc>`);
      expect(seen.get('/sitemaps/hubs-1.xml')).toContain(
        `/en/sale/luxury-homes/${place.slug}/</loc>`,
      );
      const offersXml = files
        .filter((f) => f.startsWith('/sitemaps/offers-'))
        .map((f) => seen.get(f))
        .join('');
      expect(offersXml).toContain(`/${offer.lieu.slug}/${offer.slug}/</loc>`);
    });

    it('answers 404 for a child sitemap beyond the last', async () => {
      expect((await get('/sitemaps/offers-999.xml')).statusCode).toBe(404);
      expect((await get('/sitemaps/nope.xml')).statusCode).toBe(404);
    });
  });

  describe('/api search reads', () => {
    it('answers offers, hub counts and substitute searches', async () => {
      const offers = await get(
        '/api/offre?nature=V&lieu=' + place.id + '&sort=price_asc&limit=3&lang=fr',
      );
      expect(offers.statusCode).toBe(200);
      expect((offers.json() as OfferList).items.length).toBeLessThanOrEqual(3);
      const children = await get(
        `/api/lieu-enfants?id=${config.genericLieu.id}&nature=V&min_count=1&lang=en`,
      );
      expect(children.statusCode).toBe(200);
      expect(Array.isArray(children.json())).toBe(true);
      const counts = await get(`/api/compteur-rubriques?nature=V&lieu=${place.id}`);
      expect(counts.statusCode).toBe(200);
      const compteur = await get(
        `/api/compteur?nature=V&rubrique=14&lieu=${place.id}&rayon=30&lang=fr`,
      );
      expect(compteur.statusCode).toBe(200);
      expect(Object.keys(compteur.json() as object).sort()).toEqual([
        'nearby',
        'parents',
        'rubriques',
      ]);
    });

    it.each([
      ['/api/offre?nature=X&lang=fr', 'nature'],
      ['/api/offre?nature=V&lang=fr&prix_max=abc', 'prix_max'],
      ['/api/offre?nature=V&lang=fr&limit=500', 'limit'],
      ['/api/lieu-enfants?id=abc&lang=fr', 'id'],
      ['/api/compteur?lang=fr&rayon=0', 'rayon'],
    ])('refuses %s naming the field', async (url, field) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect((res.json() as { field: string }).field).toBe(field);
    });
  });
});
