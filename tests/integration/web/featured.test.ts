import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config, Lang, OfferList } from '../../../shared/contract';
import { href } from '../../../shared/routes';
import { upstreamJson, useWebApp } from './helpers';

// Paid placement is visible where it ranks: in the default sort, featured offers come first and
// each of their cards says so; no other card does.

const MENTION: Record<Lang, string> = { fr: 'Annonce mise en avant', en: 'Featured listing' };

describe('featured offers in result lists', () => {
  let listings: { url: string };
  let app: FastifyInstance;
  let config: Config;

  useWebApp('pglite', (web) => {
    ({ listings, app } = web);
  });
  beforeAll(async () => {
    config = await upstreamJson<Config>(listings.url, '/config');
  });

  it.each<Lang>(['fr', 'en'])('labels exactly the featured cards (%s)', async (lang) => {
    // The page of the default sort where featured offers end and the others begin.
    let page = 1;
    let api: OfferList;
    for (;;) {
      api = await upstreamJson<OfferList>(
        listings.url,
        `/offre?nature=V&sort=default&limit=24&page=${page}&lang=${lang}`,
      );
      if (api.items.some((o) => !o.premium)) break;
      expect(api.items.length, 'a page with offers that are not featured').toBeGreaterThan(0);
      page += 1;
    }
    // Featured offers filling whole pages end on a page boundary: take their last page.
    if (page > 1 && !api.items.some((o) => o.premium)) {
      page -= 1;
      api = await upstreamJson<OfferList>(
        listings.url,
        `/offre?nature=V&sort=default&limit=24&page=${page}&lang=${lang}`,
      );
    }
    const featured = api.items.filter((o) => o.premium).map((o) => o.id);
    expect(featured.length).toBeGreaterThan(0);

    const path = href('nature', { nature: 'V' }, lang, config);
    const res = await app.inject(page > 1 ? `${path}?page=${page}` : path);
    expect(res.statusCode).toBe(200);
    const cards = [
      ...res.body.matchAll(
        /<article class="offer-card[^"]*" data-offer-id="(\d+)"[\s\S]*?<\/article>/g,
      ),
    ];
    expect(cards.map((m) => Number(m[1]))).toEqual(api.items.map((o) => o.id));
    const labelled = cards.filter((m) => m[0].includes(MENTION[lang])).map((m) => Number(m[1]));
    expect(labelled).toEqual(featured);
  });
});
