import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang, OfferDetail, OfferList } from '../../../shared/contract';
import { formatDate, formatPrice } from '../../../shared/format';
import { href } from '../../../shared/routes';
import { testDbKinds } from '../../fixtures/db';
import { textOf, upstreamJson } from './helpers';
import { offerDetail, offerPathOf, startOfferWorld, type OfferWorld } from './offer-fixture';

// What a visitor sees of a re-priced offer, through the web app on the real listings API: the
// 'price reduced' label beside the price on the offer page and on its result card, and the
// offer page's price history table, in both languages. The import's writes (history rows and
// offers.price_reduced_at) are made directly in the test database.

const DAY = 24 * 3600 * 1000;
const flat = (s: string) => s.replace(/\s+/g, ' ');
const LABEL = { fr: 'Prix en baisse', en: 'Price reduced' };
const HEADING = { fr: 'Historique des prix', en: 'Price history' };
const CHANGES = {
  fr: ['\u22125,0\u00a0%', '+3,2\u00a0%', '\u22125,0\u00a0%'],
  en: ['\u22125.0%', '+3.2%', '\u22125.0%'],
};

/** The cells of each row of the first table after a heading, as text. */
function tableAfter(html: string, heading: string): string[][] {
  const at = html.indexOf(`>${heading}</h2>`);
  expect(at).toBeGreaterThan(0);
  const table = html.slice(at).match(/<table[\s\S]*?<\/table>/)![0];
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) =>
      flat(textOf(cell[1]!)).trim(),
    ),
  );
}

describe.each(testDbKinds)('price history on the web app on %s', (kind) => {
  let world: OfferWorld;
  let cityId: number;
  let citySlug: string;
  let reducedId: number;
  let otherId: number;
  let published: string;
  const changedAt = [40, 3, 2].map((days) => new Date(Date.now() - days * DAY));

  beforeAll(async () => {
    world = await startOfferWorld(kind);
    const { db } = world;
    // The sale city with the most offers; its first card (default order) is the one re-priced.
    const city = await sql<{ lieu_id: number; slug: string }>`
      SELECT o.lieu_id, l.slug FROM offers o JOIN lieux l ON l.id = o.lieu_id
      WHERE o.status = 'active' AND o.nature = 'V' AND NOT o.prix_cache AND o.price IS NOT NULL
      GROUP BY o.lieu_id, l.slug ORDER BY count(*) DESC, o.lieu_id LIMIT 1`.execute(db.kysely);
    cityId = city.rows[0]!.lieu_id;
    citySlug = city.rows[0]!.slug;
    const list = await upstreamJson<OfferList>(
      world.apiUrl,
      `/offre?nature=V&lieu=${cityId}&limit=24&lang=fr`,
    );
    const shown = list.items.filter((item) => !item.prixCache && item.price !== null);
    reducedId = shown[0]!.id;
    otherId = shown[1]!.id;
    const row = await sql<{ published_at: Date }>`
      SELECT published_at FROM offers WHERE id = ${reducedId}`.execute(db.kysely);
    published = new Date(row.rows[0]!.published_at).toISOString();
    // 1,000,000 → 950,000 → 980,000 → 931,000 (the price the offer now shows).
    const amounts = [1_000_000, 950_000, 980_000, 931_000];
    for (const [i, at] of changedAt.entries()) {
      await sql`INSERT INTO offer_price_history (offer_id, old_amount, new_amount, changed_at)
        VALUES (${reducedId}, ${amounts[i]!}, ${amounts[i + 1]!}, ${at})`.execute(db.kysely);
    }
    await sql`UPDATE offers SET price = 931000, price_reduced_at = ${changedAt[2]!}
      WHERE id = ${reducedId}`.execute(db.kysely);
  });
  afterAll(async () => {
    await world?.close();
  });

  describe.each<Lang>(['fr', 'en'])('in %s', (lang) => {
    let offer: OfferDetail;
    let html: string;

    beforeAll(async () => {
      offer = await offerDetail(world, reducedId, lang);
      const res = await world.web.inject(offerPathOf(offer, lang, world.config));
      expect(res.statusCode).toBe(200);
      html = res.body;
    });

    it('labels the price as reduced beside it', () => {
      const price = html.match(/<p class="offer__price">([\s\S]*?)<\/p>/)![1]!;
      expect(flat(textOf(price)).trim()).toBe(
        `${flat(formatPrice(931_000, 'V', lang))} ${LABEL[lang]}`,
      );
    });

    it('shows the price history as a table, oldest first, with dates, prices and changes', () => {
      expect(html).toMatch(
        new RegExp(
          `<section[^>]*aria-labelledby="offer-price-history"[^>]*><h2 id="offer-price-history">${HEADING[lang]}</h2>`,
        ),
      );
      const rows = tableAfter(html, HEADING[lang]);
      const firstDate = new Date(Math.min(Date.parse(published), changedAt[0]!.getTime()));
      expect(rows).toEqual([
        lang === 'fr' ? ['Date', 'Prix', 'Évolution'] : ['Date', 'Price', 'Change'],
        [
          formatDate(firstDate, lang, 'medium'),
          flat(formatPrice(1_000_000, 'V', lang)),
          lang === 'fr' ? '— Premier prix connu' : '— First known price',
        ],
        ...[950_000, 980_000, 931_000].map((amount, i) => [
          formatDate(changedAt[i]!, lang, 'medium'),
          flat(formatPrice(amount, 'V', lang)),
          flat(CHANGES[lang][i]!),
        ]),
      ]);
      // Signed with a true minus; in French a no-break space before %.
      for (const change of CHANGES[lang]) expect(html).toContain(`>${change}</td>`);
      // Real headers: columns, and each row's date as its header; a caption.
      expect(html).toMatch(
        /<table class="price-history"><caption>[^<]+<\/caption><thead><tr><th scope="col">/,
      );
      const table = /<table class="price-history">[\s\S]*?<\/table>/.exec(html)![0];
      expect(table.match(/<th scope="row">/g)).toHaveLength(4);
    });

    it('shows no history and no label on an offer never re-priced', async () => {
      const other = await offerDetail(world, otherId, lang);
      const res = await world.web.inject(offerPathOf(other, lang, world.config));
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(HEADING[lang]);
      expect(res.body).not.toContain(LABEL[lang]);
    });

    it("labels the offer's card on the result list of its place, and no other", async () => {
      const path = href('list', { nature: 'V', lieu: citySlug }, lang, world.config);
      const res = await world.web.inject(path);
      expect(res.statusCode).toBe(200);
      const cards = [
        ...res.body.matchAll(
          /<article class="offer-card"[^>]*data-offer-id="(\d+)"[\s\S]*?<\/article>/g,
        ),
      ];
      const card = cards.find((m) => Number(m[1]) === reducedId);
      expect(card).toBeDefined();
      const price = card![0].match(/<p class="offer-card__price">([\s\S]*?)<\/p>/)![1]!;
      expect(flat(textOf(price)).trim()).toBe(
        `${flat(formatPrice(931_000, 'V', lang))} ${LABEL[lang]}`,
      );
      const labelled = cards.filter((m) => m[0].includes(LABEL[lang])).map((m) => Number(m[1]));
      expect(labelled).toEqual([reducedId]);
      // The list's cache tags: its place's list tag and each offer's.
      const tags = String(res.headers['cache-tag']).split(',');
      expect(tags).toContain(`liste-V-lieu-${cityId}`);
      expect(tags).toContain(`offre-${reducedId}`);
    });
  });
});
