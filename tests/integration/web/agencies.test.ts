import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  AgencyDetail,
  AgencyList,
  Lang,
  LieuSuggestionList,
  LieuWithAncestors,
  Network,
  OfferList,
  ReviewList,
} from '../../../shared/contract';
import { href } from '../../../shared/routes';
import { testDbKinds } from '../../fixtures/db';
import { buildWebApp, deadUrl, startFake, textOf, upstreamJson, type FakeServer } from './helpers';
import { startOfferWorld, type OfferWorld } from './offer-fixture';

// The agency directory, agency and network pages against the real listings API on the seeded
// test database: search by name and place, sorts, paging, reset, the place typed without
// JavaScript, an agency with and without offers, the nature chosen by the query, reviews,
// fee scale, JSON-LD, cache tags, inactive and unknown agencies, the network page. Expected
// values come from the listings API itself. The only fakes are a reviews service that is down
// or never answers.

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/<!-- -->/g, '');

/** Agency names of the directory's cards, in order. */
function cardNames(html: string): string[] {
  return [...html.matchAll(/class="agency-card__name"><a[^>]*>([^<]*)<\/a>/g)].map((m) =>
    decode(m[1]!),
  );
}

function offerIds(html: string): number[] {
  return [...html.matchAll(/data-offer-id="(\d+)"/g)].map((m) => Number(m[1]));
}

function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!.replace(/\\u003c/g, '<')) as Record<string, unknown>,
  );
}

const EMPTY_TEXT: Record<Lang, string> = {
  fr: "Il semble que cette agence n'ait aucun bien d'exception à présenter ici",
  en: 'It seems that this agency has no exceptional properties to present here',
};
const NOT_FOUND: Record<Lang, string> = {
  fr: "La page que vous visitez n'existe pas.",
  en: 'The page you are visiting does not exist.',
};

describe.each(testDbKinds)('agency screens on %s', (kind) => {
  let world: OfferWorld;
  const api = <T>(path: string) => upstreamJson<T>(world.apiUrl, path);
  const get = (url: string) =>
    world.web.inject({ method: 'GET', url, headers: { host: 'localhost' } });
  const dir = (lang: Lang, lieu?: string, query?: string) =>
    href('agencyDirectory', { lieu }, lang, world.config, { query });
  const agencyPath = (slug: string, lang: Lang, query?: string) =>
    href('agency', { agence: slug }, lang, world.config, { query });

  /** An active agency with offers of at least two natures. */
  let busy: AgencyDetail;
  /** An active agency without any active offer. */
  let idle: AgencyDetail;
  let inactive: AgencyDetail;
  /** An agency whose latest reviews include a response. */
  let reviewed: AgencyDetail;
  let place: LieuWithAncestors;

  async function agencyWhere(where: ReturnType<typeof sql<boolean>>): Promise<AgencyDetail> {
    const row = (
      await sql<{ slug: string }>`
        SELECT a.slug FROM agencies a WHERE ${where} ORDER BY a.id LIMIT 1`.execute(world.db.kysely)
    ).rows[0];
    if (!row) throw new Error('the test seed has no such agency');
    return api<AgencyDetail>(`/agence?slug=${row.slug}&with_inactives=1&lang=fr`);
  }

  beforeAll(async () => {
    world = await startOfferWorld(kind);
    busy = await agencyWhere(
      sql<boolean>`a.active AND (SELECT count(DISTINCT o.nature) FROM offers o
        WHERE o.agency_id = a.id AND o.status = 'active') >= 2`,
    );
    idle = await agencyWhere(
      sql<boolean>`a.active AND NOT EXISTS (SELECT 1 FROM offers o
        WHERE o.agency_id = a.id AND o.status = 'active')`,
    );
    inactive = await agencyWhere(sql<boolean>`NOT a.active`);
    reviewed = await agencyWhere(
      sql<boolean>`a.active AND EXISTS (SELECT 1 FROM (SELECT r.response FROM reviews r
        WHERE r.agency_id = a.id ORDER BY r.created_at DESC, r.id DESC LIMIT 4) latest
        WHERE latest.response IS NOT NULL)`,
    );
    place = await api<LieuWithAncestors>(`/lieu?id=${busy.lieu_id}&lang=fr`);
  });
  afterAll(async () => {
    await world?.close();
  });

  describe('directory', () => {
    it('lists the active agencies, 24 a page, with total and cards as the API', async () => {
      const expected = await api<AgencyList>('/agence?limit=24&lang=fr');
      const res = await get(dir('fr'));
      expect(res.statusCode).toBe(200);
      expect(cardNames(res.body)).toEqual(expected.items.map((a) => a.name));
      expect(textOf(res.body)).toContain(`${expected.total} agences`);
      const first = expected.items[0]!;
      expect(textOf(res.body)).toContain(`${first.cp} ${first.ville}`);
      expect(res.headers['cache-tag']).toContain(`agence-${first.id}`);
    });

    it('searches by name', async () => {
      const word = busy.name.split(' ')[0]!;
      const expected = await api<AgencyList>(
        `/agence?search=${encodeURIComponent(word)}&limit=24&lang=fr`,
      );
      const all = await api<AgencyList>('/agence?limit=1&lang=fr');
      expect(expected.total).toBeGreaterThan(0);
      expect(expected.total).toBeLessThan(all.total);
      const res = await get(dir('fr', undefined, `search=${encodeURIComponent(word)}`));
      expect(res.statusCode).toBe(200);
      expect(cardNames(res.body)).toEqual(expected.items.map((a) => a.name));
      expect(res.body).toContain(`value="${word}"`);
      expect(res.body).toContain('name="robots" content="noindex, follow"');
    });

    it.each([
      { sort: 'az', ordered: (a: string, b: string) => a <= b },
      { sort: 'za', ordered: (a: string, b: string) => a >= b },
    ])('sorts by name ($sort)', async ({ sort, ordered }) => {
      const expected = await api<AgencyList>(`/agence?sort=${sort}&limit=24&lang=fr`);
      const res = await get(dir('fr', undefined, `sort=${sort}`));
      const names = cardNames(res.body);
      expect(names).toEqual(expected.items.map((a) => a.name));
      // First letters, accents and case folded, follow the sort.
      const initials = names.map((n) =>
        n.normalize('NFD').replace(/\p{M}/gu, '')[0]!.toLowerCase(),
      );
      expect(initials.every((c, i) => i === 0 || ordered(initials[i - 1]!, c))).toBe(true);
    });

    it('pages with the page in the query, only above 1', async () => {
      const expected = await api<AgencyList>('/agence?sort=az&page=2&limit=24&lang=fr');
      const res = await get(dir('fr', undefined, 'sort=az&page=2'));
      expect(cardNames(res.body)).toEqual(expected.items.map((a) => a.name));
      // Links to page 1 carry no page; page 3 is linked.
      expect(decode(res.body)).toContain(`href="${dir('fr', undefined, 'sort=az')}"`);
      expect(decode(res.body)).toContain(`href="${dir('fr', undefined, 'sort=az&page=3')}"`);
    });

    it('goes back to the first page for a page past the end', async () => {
      const res = await get(dir('fr', undefined, 'search=an&page=999'));
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(dir('fr', undefined, 'search=an'));
    });

    it('ignores a name search shorter than two letters', async () => {
      const expected = await api<AgencyList>('/agence?limit=24&lang=fr');
      const res = await get(dir('fr', undefined, 'search=a'));
      expect(res.statusCode).toBe(200);
      expect(cardNames(res.body)).toEqual(expected.items.map((a) => a.name));
    });

    it('drops bad query values and renders the default list', async () => {
      const expected = await api<AgencyList>('/agence?limit=24&lang=fr');
      const res = await get(dir('fr', undefined, 'sort=bogus&page=-2&search=%20%20'));
      expect(res.statusCode).toBe(200);
      expect(cardNames(res.body)).toEqual(expected.items.map((a) => a.name));
    });

    it('offers a reset to the defaults', async () => {
      const res = await get(dir('en', place.slug, 'search=zz&sort=za'));
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(
        new RegExp(`href="${dir('en')}"[^>]*>Reset the search<`.replace(/\//g, '\\/')),
      );
    });

    it('searches the place of the path', async () => {
      const expected = await api<AgencyList>(`/agence?lieu=${place.id}&limit=24&lang=en`);
      expect(expected.total).toBeGreaterThan(0);
      const res = await get(dir('en', place.slug));
      expect(res.statusCode).toBe(200);
      expect(cardNames(res.body)).toEqual(expected.items.map((a) => a.name));
      const en = await api<LieuWithAncestors>(`/lieu?id=${place.id}&lang=en`);
      expect(textOf(res.body)).toContain(`Luxury real estate agencies ${en.libelle_prep}`);
      expect(res.headers['cache-tag']).toContain(`lieu-${place.id}`);
    });

    it('answers 404 for an unknown place', async () => {
      const res = await get(dir('fr', 'no-such-place-xyz'));
      expect(res.statusCode).toBe(404);
      expect(textOf(res.body)).toContain(NOT_FOUND.fr);
    });

    it('turns a place typed without JavaScript into the place path', async () => {
      const found = await api<LieuSuggestionList>(
        `/search-lieu?q=${encodeURIComponent(place.libelle)}&lang=fr&limit=1`,
      );
      const res = await get(
        dir('fr', undefined, `lieu=${encodeURIComponent(place.libelle)}&search=ab&sort=za`),
      );
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(dir('fr', found.items[0]!.slug, 'search=ab&sort=za'));
    });

    it('says so when the place typed matches nothing, and lists every agency', async () => {
      const all = await api<AgencyList>('/agence?limit=1&lang=fr');
      const res = await get(dir('fr', undefined, 'lieu=qqqqzzzzxxxx'));
      expect(res.statusCode).toBe(200);
      const text = textOf(res.body);
      expect(text).toContain('Aucun lieu ne correspond à « qqqqzzzzxxxx »');
      expect(text).toContain(`${all.total} agences`);
    });

    it('shows network and review summary on the cards', async () => {
      const expected = await api<AgencyList>(
        `/agence?search=${encodeURIComponent(reviewed.name)}&limit=24&lang=fr`,
      );
      const card = expected.items.find((a) => a.id === reviewed.id)!;
      const res = await get(dir('fr', undefined, `search=${encodeURIComponent(reviewed.name)}`));
      const text = textOf(res.body);
      if (card.network) expect(text).toContain(`Réseau ${card.network.name}`);
      else expect(text).toContain('Agence indépendante');
      expect(text).toMatch(new RegExp(`${card.reviews.total} avis`));
    });
  });

  describe('agency page', () => {
    it.each(['fr', 'en'] as Lang[])('shows the agency and its offers (%s)', async (lang) => {
      const natures = (['V', 'L', 'S'] as const).filter((n) => busy.offerCounts[n] > 0);
      const first = natures[0]!;
      const expected = await api<OfferList>(
        `/offre?agency=${busy.id}&nature=${first}&limit=12&lang=${lang}`,
      );
      const res = await get(agencyPath(busy.slug, lang));
      expect(res.statusCode).toBe(200);
      const text = textOf(res.body);
      expect(text).toContain(busy.name);
      expect(text).toContain(busy.address);
      expect(offerIds(res.body)).toEqual(expected.items.map((o) => o.id));
      expect(text).not.toContain(EMPTY_TEXT[lang]);
      const tags = String(res.headers['cache-tag']);
      expect(tags).toContain(`agence-${busy.id}`);
      if (busy.network) expect(tags).toContain(`reseau-${busy.network.id}`);
      const ld = jsonLdOf(res.body).find((item) => item['@type'] === 'RealEstateAgent');
      expect(ld).toMatchObject({
        name: busy.name,
        address: { postalCode: busy.cp, addressLocality: busy.ville },
      });
    });

    it('opens the nature given in the query, paged', async () => {
      const natures = (['V', 'L', 'S'] as const).filter((n) => busy.offerCounts[n] > 0);
      const second = natures[1]!;
      const slug = world.config.natures.find((n) => n.id === second)!.slug.fr;
      const expected = await api<OfferList>(
        `/offre?agency=${busy.id}&nature=${second}&limit=12&lang=fr`,
      );
      const res = await get(agencyPath(busy.slug, 'fr', `nature=${slug}`));
      expect(res.statusCode).toBe(200);
      expect(offerIds(res.body)).toEqual(expected.items.map((o) => o.id));
      expect(res.body).toMatch(/aria-current="true"[^>]*>/);
    });

    it('links the natures that have offers when the nature asked has none', async () => {
      const agency = await agencyWhere(
        sql<boolean>`a.active AND (SELECT count(DISTINCT o.nature) FROM offers o
          WHERE o.agency_id = a.id AND o.status = 'active') = 1`,
      );
      const has = (['V', 'L', 'S'] as const).find((n) => agency.offerCounts[n] > 0)!;
      const missing = (['V', 'L', 'S'] as const).find((n) => agency.offerCounts[n] === 0)!;
      const slugOf = (n: string) => world.config.natures.find((x) => x.id === n)!.slug.en;
      const res = await get(agencyPath(agency.slug, 'en', `nature=${slugOf(missing)}`));
      expect(res.statusCode).toBe(200);
      expect(textOf(res.body)).toContain(EMPTY_TEXT.en);
      expect(offerIds(res.body)).toEqual([]);
      // The nature that has offers is one link away, without JavaScript.
      const nav = /<nav class="nature-links"[\s\S]*?<\/nav>/.exec(res.body)?.[0] ?? '';
      const target = decode(
        /href="([^"]+)"/.exec(nav)?.[1] ?? '(no link to the agency’s other nature)',
      );
      expect(nav).not.toContain('aria-current');
      const other = await get(target);
      expect(other.statusCode).toBe(200);
      const expected = await api<OfferList>(
        `/offre?agency=${agency.id}&nature=${has}&limit=12&lang=en`,
      );
      expect(offerIds(other.body)).toEqual(expected.items.map((o) => o.id));
    });

    it.each(['fr', 'en'] as Lang[])('says when the agency has no offers (%s)', async (lang) => {
      const res = await get(agencyPath(idle.slug, lang));
      expect(res.statusCode).toBe(200);
      expect(textOf(res.body)).toContain(EMPTY_TEXT[lang]);
      expect(offerIds(res.body)).toEqual([]);
    });

    it('shows the latest four reviews with their source and response', async () => {
      const reviews = await api<ReviewList>(`/client-survey?agency=${reviewed.id}&limit=4&lang=fr`);
      const res = await get(agencyPath(reviewed.slug, 'fr'));
      const text = textOf(res.body);
      expect(text).toContain('Avis clients');
      expect(text).toMatch(new RegExp(`\\(${reviews.total} avis\\)`));
      expect(reviews.items.length).toBeGreaterThan(0);
      expect(reviews.items.length).toBeLessThanOrEqual(4);
      for (const review of reviews.items) {
        expect(text).toContain(decode(review.title));
        expect(text).toContain(`Source : ${review.source}`);
        if (review.response) expect(text).toContain(review.response);
      }
      expect((res.body.match(/class="review"/g) ?? []).length).toBe(reviews.items.length);
    });

    it.each(['fr', 'en'] as Lang[])(
      'shows the reviews newest first, marking those in the other language (%s)',
      async (lang) => {
        const other = lang === 'fr' ? 'en' : 'fr';
        // One in the page's language and one in the other among the latest four at least.
        const agency = await agencyWhere(
          sql<boolean>`a.active AND (SELECT count(DISTINCT latest.lang) FROM (SELECT r.lang
            FROM reviews r WHERE r.agency_id = a.id ORDER BY r.created_at DESC, r.id DESC
            LIMIT 4) latest) = 2`,
        );
        const reviews = await api<ReviewList>(
          `/client-survey?agency=${agency.id}&limit=4&lang=${lang}`,
        );
        const dates = reviews.items.map((r) => r.date);
        expect(dates).toEqual([...dates].sort().reverse());
        const res = await get(agencyPath(agency.slug, lang));
        const titles = [
          ...res.body.matchAll(/class="review__title"[^>]*?(?: lang="(fr|en)")?>([^<]*)</g),
        ].map((m) => [m[1] ?? lang, decode(m[2]!)]);
        expect(titles).toEqual(reviews.items.map((r) => [r.lang, r.title]));
        const label = { fr: 'Avis en anglais', en: 'Review in French' }[lang];
        expect((res.body.match(/class="review__lang"/g) ?? []).length).toBe(
          reviews.items.filter((r) => r.lang === other).length,
        );
        expect(textOf(res.body)).toContain(label);
      },
    );

    it('shows four more reviews at each ?avis=n, and the last ones past the end', async () => {
      const agency = await agencyWhere(
        sql<boolean>`a.active AND (SELECT count(*) FROM reviews r WHERE r.agency_id = a.id) > 8`,
      );
      const all = await api<ReviewList>(`/client-survey?agency=${agency.id}&limit=48&lang=fr`);
      const count = (body: string) => (body.match(/class="review"/g) ?? []).length;
      const first = await get(agencyPath(agency.slug, 'fr'));
      expect(count(first.body)).toBe(4);
      expect(decode(first.body)).toContain(`href="${agencyPath(agency.slug, 'fr')}?avis=2#avis-5"`);
      const second = await get(`${agencyPath(agency.slug, 'fr')}?avis=2`);
      expect(second.statusCode).toBe(200);
      expect(count(second.body)).toBe(8);
      const past = await get(`${agencyPath(agency.slug, 'fr')}?avis=12`);
      expect(past.statusCode).toBe(302);
      const last = Math.ceil(all.total / 4);
      expect(past.headers.location).toBe(`${agencyPath(agency.slug, 'fr')}?avis=${last}`);
    });

    it('shows the fee scale and the contact form for the agency', async () => {
      const res = await get(agencyPath(busy.slug, 'fr'));
      const text = textOf(res.body);
      expect(text).toContain('Barème des honoraires');
      const sale = busy.feeScale.find((e) => e.nature === 'V' && e.percent !== null);
      if (sale) expect(text).toContain(String(sale.percent).replace('.', ','));
      expect(res.body).toMatch(new RegExp(`name="agency_id" value="${busy.id}"`));
    });

    it('shows an inactive agency as such', async () => {
      const res = await get(agencyPath(inactive.slug, 'en'));
      expect(res.statusCode).toBe(200);
      expect(textOf(res.body)).toContain(inactive.name);
      expect(textOf(res.body)).toContain('no longer active');
      expect(res.body).toContain('name="robots" content="noindex, follow"');
      expect(res.body).not.toContain('name="agency_id"');
    });

    it('answers 404 for an unknown agency', async () => {
      const res = await get(agencyPath('no-such-agency-xyz', 'en'));
      expect(res.statusCode).toBe(404);
      expect(textOf(res.body)).toContain(NOT_FOUND.en);
    });
  });

  describe('network page', () => {
    it.each(['fr', 'en'] as Lang[])(
      'shows the network, its agencies and offers (%s)',
      async (lang) => {
        const network = await api<Network>(`/reseau/${busy.network!.slug}?lang=${lang}`);
        const agencies = await api<AgencyList>(
          `/agence?network=${network.id}&sort=az&limit=12&lang=${lang}`,
        );
        const res = await get(href('network', { reseau: network.slug }, lang, world.config));
        expect(res.statusCode).toBe(200);
        expect(cardNames(res.body)).toEqual(agencies.items.map((a) => a.name));
        expect(textOf(res.body)).toContain(network.name);
        expect(res.headers['cache-tag']).toContain(`reseau-${network.id}`);
        const counts = await Promise.all(
          (['V', 'L', 'S'] as const).map((n) =>
            api<OfferList>(`/offre?network=${network.id}&nature=${n}&limit=12&lang=${lang}`),
          ),
        );
        const shown = counts.find((list) => list.total > 0);
        expect(offerIds(res.body)).toEqual(shown ? shown.items.map((o) => o.id) : []);
      },
    );

    it('gives the agency links the nature shown, in the query and the hash', async () => {
      const network = await api<Network>(`/reseau/${busy.network!.slug}?lang=fr`);
      const totals = await Promise.all(
        (['V', 'L', 'S'] as const).map(async (n) => {
          const list = await api<OfferList>(
            `/offre?network=${network.id}&nature=${n}&limit=1&lang=fr`,
          );
          return [n, list.total] as const;
        }),
      );
      const withOffers = totals.filter(([, total]) => total > 0).map(([n]) => n);
      expect(withOffers.length).toBeGreaterThanOrEqual(2);
      const networkPath = (query?: string) =>
        href('network', { reseau: network.slug }, 'fr', world.config, { query });
      // The first nature with offers is the page's default: the links carry none.
      const plain = await get(networkPath());
      const links = (html: string) =>
        [...html.matchAll(/class="agency-card__name"><a href="([^"]*)"/g)].map((m) =>
          decode(m[1]!),
        );
      expect(links(plain.body).length).toBeGreaterThan(0);
      for (const link of links(plain.body)) expect(link).not.toMatch(/[?#]/);

      const second = withOffers[1]!;
      const slug = world.config.natures.find((n) => n.id === second)!.slug.fr;
      const res = await get(networkPath(`nature=${slug}`));
      expect(res.statusCode).toBe(200);
      const agencies = await api<AgencyList>(
        `/agence?network=${network.id}&sort=az&limit=12&lang=fr`,
      );
      expect(links(res.body)).toEqual(
        agencies.items.map((a) => agencyPath(a.slug, 'fr', `nature=${slug}`) + `#${slug}`),
      );
      // Without JavaScript the query opens that nature on the agency page.
      const card = agencies.items[0]!;
      const page = await get(agencyPath(card.slug, 'fr', `nature=${slug}`));
      expect(page.statusCode).toBe(200);
      const detail = await api<AgencyDetail>(`/agence?slug=${card.slug}&with_inactives=1&lang=fr`);
      const expected = await api<OfferList>(
        `/offre?agency=${card.id}&nature=${second}&limit=12&lang=fr`,
      );
      expect(offerIds(page.body)).toEqual(
        detail.offerCounts[second] > 0 ? expected.items.map((o) => o.id) : [],
      );
    });

    it('pages the agencies', async () => {
      const network = await api<Network>(`/reseau/${busy.network!.slug}?lang=fr`);
      const page2 = await api<AgencyList>(
        `/agence?network=${network.id}&sort=az&page=2&limit=12&lang=fr`,
      );
      const res = await get(
        href('network', { reseau: network.slug }, 'fr', world.config, { query: 'page=2' }),
      );
      if (page2.items.length === 0) {
        expect(res.statusCode).toBe(302);
      } else {
        expect(res.statusCode).toBe(200);
        expect(cardNames(res.body)).toEqual(page2.items.map((a) => a.name));
      }
    });

    it('answers 404 for an unknown network', async () => {
      const res = await get(href('network', { reseau: 'no-such-network' }, 'fr', world.config));
      expect(res.statusCode).toBe(404);
      expect(textOf(res.body)).toContain(NOT_FOUND.fr);
    });
  });
});

describe('agency page when the reviews service fails', () => {
  let world: OfferWorld;
  let web: FastifyInstance | undefined;
  let fake: FakeServer | undefined;
  beforeAll(async () => {
    world = await startOfferWorld(testDbKinds[0]!);
  });
  afterEach(async () => {
    await web?.close();
    await fake?.close();
    web = undefined;
    fake = undefined;
  });
  afterAll(async () => {
    await world?.close();
  });

  const faults: { name: string; start: () => Promise<string> }[] = [
    { name: 'is down', start: () => deadUrl() },
    {
      name: 'never answers',
      start: async () => (fake = await startFake(() => {})).url,
    },
    {
      name: 'answers garbage',
      start: async () =>
        (fake = await startFake((_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"total":"many"}');
        })).url,
    },
  ];

  it.each(faults)('hides the reviews block, not the page, when it $name', async ({ start }) => {
    web = await buildWebApp(world.apiUrl, { reviewsApiUrl: await start() });
    const agency = (
      await upstreamJson<AgencyList>(world.apiUrl, '/agence?limit=48&lang=fr')
    ).items.find((a) => a.reviews.total > 0)!;
    const res = await web.inject({
      method: 'GET',
      url: href('agency', { agence: agency.slug }, 'fr', world.config),
      headers: { host: 'localhost' },
    });
    expect(res.statusCode).toBe(200);
    const text = textOf(res.body);
    expect(text).toContain(agency.name);
    expect(text).toContain('Barème des honoraires');
    expect(text).not.toContain('Avis clients');
    expect(res.body).not.toContain('class="review"');
  });

  it('shows the block when the reviews service answers', async () => {
    web = await buildWebApp(world.apiUrl, { reviewsApiUrl: world.apiUrl });
    const agency = (
      await upstreamJson<AgencyList>(world.apiUrl, '/agence?limit=48&lang=fr')
    ).items.find((a) => a.reviews.total > 0)!;
    const res = await web.inject({
      method: 'GET',
      url: href('agency', { agence: agency.slug }, 'fr', world.config),
      headers: { host: 'localhost' },
    });
    expect(textOf(res.body)).toContain('Avis clients');
  });
});
