import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang, OfferList } from '../../../shared/contract';
import { formatAmount } from '../../../shared/format';
import { testDbKinds } from '../../fixtures/db';
import { textOf, upstreamJson } from './helpers';
import { findOffer, offerWithPath, startOfferWorld, type OfferWorld } from './offer-fixture';

// The energy mentions of offer pages and cards (shared/energy-rules.ts) on the real listings API
// and the seeded test database: a sale offer of class F and a rent offer of class G in mainland
// France, a property not subject to the DPE, and the cards of a result list, in both languages.

const LANGS: Lang[] = ['fr', 'en'];
const flat = (s: string) => s.replace(/\s+/g, ' ');

/** Active offers of a nature and class in mainland France, with a yearly cost range. */
const MAINLAND = sql`EXISTS (SELECT 1 FROM lieux l WHERE l.id = o.lieu_id AND NOT l.is_foreign_country
  AND cardinality(l.postcodes) > 0 AND NOT EXISTS (SELECT 1 FROM unnest(l.postcodes) p WHERE p LIKE '97%'))`;

describe.each(testDbKinds)('energy mentions of offers on %s', (kind) => {
  let world: OfferWorld;
  let saleF: number;
  let rentG: number;
  let exempt: number;

  beforeAll(async () => {
    world = await startOfferWorld(kind);
    const { db } = world;
    saleF = await findOffer(
      db,
      sql<boolean>`o.nature = 'V' AND o.dpe_class = 'F' AND o.dpe_cost_max IS NOT NULL AND ${MAINLAND}`,
    );
    rentG = await findOffer(
      db,
      sql<boolean>`o.nature = 'L' AND o.dpe_class = 'G' AND o.dpe_cost_max IS NOT NULL AND ${MAINLAND}`,
    );
    exempt = await findOffer(db, sql<boolean>`o.dpe_absence = 'NS'`);
  });
  afterAll(async () => {
    await world?.close();
  });

  async function page(id: number, lang: Lang) {
    const { offer, path } = await offerWithPath(world, id, lang);
    const res = await world.web.inject(path);
    expect(res.statusCode).toBe(200);
    return { offer, text: flat(textOf(res.body)), html: res.body };
  }

  it.each(LANGS)(
    'a sale offer of class F: excessive, its yearly cost, letting ends in 2028 (%s)',
    async (lang) => {
      const { offer, text } = await page(saleF, lang);
      const cost = offer.dpeReport.cost!;
      const min = flat(formatAmount(cost.min, lang));
      const max = flat(formatAmount(cost.max, lang));
      if (lang === 'fr') {
        expect(text).toContain('Logement à consommation énergétique excessive : classe F');
        expect(text).toContain(
          `Montant estimé des dépenses annuelles d'énergie pour un usage standard : entre ${min} et ${max} par an. Prix moyens des énergies indexés au 1er janvier ${cost.year} (abonnements compris).`,
        );
        expect(text).toContain('Location interdite à partir du 1er janvier 2028 (classe F)');
        expect(text).not.toContain('Un nouveau bail ne peut pas être signé');
      } else {
        expect(text).toContain('Housing with excessive energy consumption: class F');
        expect(text).toContain(
          `Estimated yearly energy costs for standard use: between ${min} and ${max} a year. Average energy prices indexed on 1 January ${cost.year} (subscriptions included).`,
        );
        expect(text).toContain('Letting banned from 1 January 2028 (class F)');
        expect(text).not.toContain('No new lease can be signed');
      }
    },
  );

  it.each(LANGS)(
    'a rent offer of class G: no new lease can be signed since 2025 (%s)',
    async (lang) => {
      const { text } = await page(rentG, lang);
      if (lang === 'fr') {
        expect(text).toContain('Logement à consommation énergétique excessive : classe G');
        expect(text).toContain('Un nouveau bail ne peut pas être signé pour ce logement');
        expect(text).toContain('Location interdite à partir du 1er janvier 2025 (classe G)');
      } else {
        expect(text).toContain('Housing with excessive energy consumption: class G');
        expect(text).toContain('No new lease can be signed for this home');
        expect(text).toContain('Letting banned from 1 January 2025 (class G)');
      }
    },
  );

  it.each(LANGS)(
    'a property not subject to the DPE says so instead of a scale (%s)',
    async (lang) => {
      const { text, html } = await page(exempt, lang);
      const said = lang === 'fr' ? 'Non soumis au DPE' : 'Not subject to the DPE';
      expect(text).toMatch(new RegExp(`\\(DPE\\)\\s*:\\s*${said}`));
      expect(html).not.toContain('energy__scale');
      expect(text).not.toMatch(/Location interdite|Letting banned/);
    },
  );

  it.each(LANGS)(
    'cards of class F and G carry the excessive mention, others not (%s)',
    async (lang) => {
      const list = await upstreamJson<OfferList>(
        world.apiUrl,
        `/offre?nature=L&sort=default&page=1&limit=24&lang=${lang}`,
      );
      const res = await world.web.inject(lang === 'fr' ? '/fr/location/' : '/en/rent/');
      expect(res.statusCode).toBe(200);
      const cards = res.body.split('<article class="offer-card').slice(1);
      expect(cards).toHaveLength(list.items.length);
      const excessive = list.items.filter((o) => o.dpeClass === 'F' || o.dpeClass === 'G');
      expect(excessive.length).toBeGreaterThan(0);
      const mention =
        lang === 'fr'
          ? 'Logement à consommation énergétique excessive'
          : 'Housing with excessive energy consumption';
      list.items.forEach((item, i) => {
        const card = cards[i]!;
        expect(card).toContain(`data-offer-id="${item.id}"`);
        expect(card.includes(mention), `card of offer ${item.id} (class ${item.dpeClass})`).toBe(
          item.dpeClass === 'F' || item.dpeClass === 'G',
        );
      });
    },
  );
});
