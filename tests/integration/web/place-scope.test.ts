import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LieuWithAncestors, OfferList } from '../../../shared/contract';
import { testDbKinds } from '../../fixtures/db';
import { buildWebApp, startListingsApi, textOf, upstreamJson } from './helpers';

// A place's search shows that place: a place pointing to an omr list (Megève → its resorts) lists
// its own offers, with its own count, and offers its wider list as a labelled choice; every count
// of a hub link is the total of the list it leads to.

/** Places of the seed: resorts of an omr list and cities without one. */
const PLACES = ['megeve', 'courchevel', 'cannes', 'saint-tropez'];

/** The total of a list page, or of the list a place's hub leads to ('Voir les 13 biens'). */
function totalOf(html: string): number {
  const m =
    /class="search-page__total"[^>]*>([^<]*)</.exec(html) ??
    /class="hub-page__all"><a[^>]*>([^<]*)</.exec(html);
  if (!m) throw new Error('no total on the page');
  return Number(m[1]!.replace(/\D/g, ''));
}

/** The links of a page with a count, after them or in them: `<a href="…">Chalets</a> (123)`. */
function countedLinks(html: string): { href: string; label: string; count: number }[] {
  const n = '([\\d\\s\\u202f.,]+)';
  const pattern = new RegExp(
    `<a href="([^"]+)"[^>]*>([^<]+?)(?: \\(${n}\\))?</a>(?:<!-- -->)?(?: \\(${n}\\))?`,
    'g',
  );
  const links: { href: string; label: string; count: number }[] = [];
  for (const m of html.matchAll(pattern)) {
    const count = m[3] ?? m[4];
    if (count === undefined) continue;
    links.push({
      href: m[1]!.replace(/&amp;/g, '&'),
      label: m[2]!,
      count: Number(count.replace(/\D/g, '')),
    });
  }
  return links;
}

/** The hub links of a page (its categories and places with their counts). */
function hubLinksOf(html: string) {
  const start = html.indexOf('class="hub-links"');
  if (start < 0) return [];
  const end = html.indexOf('<footer', start);
  return countedLinks(html.slice(start, end < 0 ? undefined : end));
}

describe.each(testDbKinds)('a place search shows that place, on %s', (kind) => {
  let listings: Awaited<ReturnType<typeof startListingsApi>>;
  let app: FastifyInstance;
  const api = <T>(path: string) => upstreamJson<T>(listings.url, path);
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
  let resort: LieuWithAncestors;

  beforeAll(async () => {
    listings = await startListingsApi(kind);
    app = await buildWebApp(listings.url);
    // A resort whose list reaches beyond its own offers.
    for (const slug of PLACES) {
      const lieu = await api<LieuWithAncestors>(`/lieu?slug=${slug}&lang=fr`);
      if (lieu.omr_list_id == null) continue;
      const own = await api<OfferList>(`/offre?nature=V&lieu=${lieu.id}&limit=1&lang=fr`);
      const wide = await api<OfferList>(
        `/offre?nature=V&omr_list_id=${lieu.omr_list_id}&limit=1&lang=fr`,
      );
      if (own.total > 0 && wide.total > own.total) {
        resort = lieu;
        break;
      }
    }
    expect(resort!, 'a resort of an omr list with offers beyond its own').toBeDefined();
  });
  afterAll(async () => {
    await app?.close();
    await listings?.close();
  });

  it.each([
    ['fr', '/fr/vente/', 'et stations voisines', 'biens?'],
    ['en', '/en/sale/', 'and nearby resorts', 'propert(?:y|ies)'],
  ] as const)(
    'lists the resort’s own offers first, its wider list a labelled choice (%s)',
    async (lang, base, nearby, unit) => {
      const own = await api<OfferList>(`/offre?nature=V&lieu=${resort.id}&limit=1&lang=${lang}`);
      const wide = await api<OfferList>(
        `/offre?nature=V&omr_list_id=${resort.omr_list_id}&limit=1&lang=${lang}`,
      );
      const slug =
        lang === 'fr'
          ? resort.slug
          : (await api<LieuWithAncestors>(`/lieu?id=${resort.id}&lang=en`)).slug;
      const page = await get(`${base}${slug}/`);
      expect(page.statusCode).toBe(200);
      expect(totalOf(page.body)).toBe(own.total);
      const wider = countedLinks(page.body).find((l) => l.label.includes(nearby));
      expect(wider, 'the wider list is offered by name').toBeDefined();
      expect(wider!.count).toBe(wide.total);
      expect(wider!.href).toContain('nearby=1');
      const widePage = await get(wider!.href);
      expect(totalOf(widePage.body)).toBe(wide.total);
      expect(textOf(widePage.body)).toMatch(new RegExp(`${nearby}`));
      // And back: the place alone, with its own count.
      const back = countedLinks(widePage.body).find((l) => l.label === resort.libelle);
      expect(back?.count).toBe(own.total);
      expect(textOf(page.body)).toMatch(new RegExp(`${own.total} ${unit}`));
    },
  );

  it('gives every hub link of a few places the total of the list it leads to', async () => {
    let checked = 0;
    for (const slug of PLACES) {
      for (const path of [`/fr/vente/demeures-luxe/${slug}/`, `/fr/vente/${slug}/`]) {
        const hub = await get(path);
        if (hub.statusCode !== 200) continue;
        const links = hubLinksOf(hub.body);
        for (const link of links) {
          const list = await get(link.href);
          expect(list.statusCode, link.href).toBe(200);
          expect(totalOf(list.body), `${path} → ${link.label} ${link.href}`).toBe(link.count);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(5);
  });
});
