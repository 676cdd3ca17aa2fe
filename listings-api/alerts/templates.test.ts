import { describe, expect, it } from 'vitest';
import type { AlertCriteria, Lang, NatureId } from '../../shared/contract';
import { RUB, testConfig } from '../../shared/test-config';
import type { MatchedOffer } from './match';
import {
  describeSearch,
  formatOfferFacts,
  formatOfferPrice,
  offerPath,
  renderConfirmMail,
  renderDigestMail,
  toDigestOffer,
} from './templates';

// Intl writes French thousands with a narrow no-break space and the euro sign after a no-break
// space; compare on text with every kind of space made plain.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

function offer(over: Partial<MatchedOffer> = {}): MatchedOffer {
  return {
    id: 501,
    slug: 'villa-contemporaine-cannes-501',
    nature: 'V',
    rubriqueId: RUB.villa,
    lieuId: 10,
    lieuSlug: 'cannes',
    lieuLibelle: { fr: 'Cannes', en: 'Cannes' },
    titre1: { fr: 'Villa contemporaine', en: 'Contemporary villa' },
    titre2: { fr: 'Vue mer panoramique', en: 'Panoramic sea view' },
    amount: 2_450_000,
    prixCache: false,
    surface: 320,
    fieldSurface: 1500,
    rooms: 7,
    bedrooms: 5,
    photoId: 77,
    photoAlt: { fr: 'La piscine', en: 'The pool' },
    publishedAt: new Date('2026-05-01T10:00:00Z'),
    ...over,
  };
}

describe('price lines', () => {
  const rows: [NatureId, number, boolean, Lang, string][] = [
    ['V', 2_450_000, false, 'fr', '2 450 000 €'],
    ['V', 2_450_000, false, 'en', '€2,450,000'],
    ['L', 8_500, false, 'fr', '8 500 €/mois'],
    ['L', 8_500, false, 'en', '€8,500/month'],
    ['S', 12_000, false, 'fr', '12 000 €/semaine'],
    ['S', 12_000, false, 'en', '€12,000/week'],
    ['V', 2_450_000, true, 'fr', 'Prix sur demande'],
    ['L', 8_500, true, 'en', 'Price on request'],
  ];
  it.each(rows)(
    'nature %s, %d, hidden %s, in %s → %s',
    (nature, amount, hidden, lang, expected) => {
      expect(plain(formatOfferPrice(amount, nature, hidden, lang))).toBe(expected);
    },
  );

  it('says price on request when the offer has no amount', () => {
    expect(formatOfferPrice(null, 'V', false, 'fr')).toBe('Prix sur demande');
  });
});

describe('offer facts', () => {
  const rows: [Partial<MatchedOffer>, Lang, string][] = [
    [{}, 'fr', '320 m² · 7 pièces · 5 chambres · terrain de 1 500 m²'],
    [{}, 'en', '320 m² · 7 rooms · 5 bedrooms · 1,500 m² of land'],
    [{ rooms: 1, bedrooms: 1, fieldSurface: null }, 'fr', '320 m² · 1 pièce · 1 chambre'],
    [{ rooms: 1, bedrooms: 1, fieldSurface: null }, 'en', '320 m² · 1 room · 1 bedroom'],
    [{ surface: null, rooms: null, bedrooms: null, fieldSurface: null }, 'fr', ''],
  ];
  it.each(rows)('%j in %s → %s', (over, lang, expected) => {
    expect(plain(formatOfferFacts(offer(over), lang))).toBe(expected);
  });
});

describe('links', () => {
  const rows: [Partial<MatchedOffer>, Lang, string][] = [
    [{}, 'fr', '/fr/vente/villa/cannes/villa-contemporaine-cannes-501/'],
    [{}, 'en', '/en/sale/villa/cannes/villa-contemporaine-cannes-501/'],
    [
      { nature: 'L', rubriqueId: RUB.appartement },
      'en',
      '/en/rent/apartment/cannes/villa-contemporaine-cannes-501/',
    ],
    [{ rubriqueId: RUB.generic }, 'fr', '/fr/vente/cannes/villa-contemporaine-cannes-501/'],
  ];
  it.each(rows)('offer %j in %s → %s', (over, lang, expected) => {
    expect(offerPath(offer(over), lang, testConfig)).toBe(expected);
  });

  it('gives absolute offer and photo URLs on the public site', () => {
    const shown = toDigestOffer(offer(), 'en', 'https://www.example.com', testConfig);
    expect(shown.url).toBe(
      'https://www.example.com/en/sale/villa/cannes/villa-contemporaine-cannes-501/',
    );
    expect(shown.photoUrl).toBe('https://www.example.com/media/77-400.jpg');
    expect(shown.photoAlt).toBe('The pool');
  });
});

describe('search descriptions', () => {
  const labels = {
    nature: { fr: 'Vente', en: 'Sale' },
    rubriques: [{ fr: 'Villas', en: 'Villas' }],
    lieu: { fr: 'à Cannes', en: 'in Cannes' },
  };
  const base: AlertCriteria = { nature: 'V' };
  const rows: [AlertCriteria, Lang, string][] = [
    [{ ...base, prix_max: 2_000_000 }, 'fr', 'Vente · Villas à Cannes, jusqu’à 2 000 000 €'],
    [{ ...base, prix_max: 2_000_000 }, 'en', 'Sale · Villas in Cannes, up to €2,000,000'],
    [{ ...base, prix_min: 500_000 }, 'fr', 'Vente · Villas à Cannes, à partir de 500 000 €'],
    [
      { ...base, prix_min: 500_000, prix_max: 900_000 },
      'en',
      'Sale · Villas in Cannes, €500,000 to €900,000',
    ],
    [{ nature: 'L', prix_max: 6000 }, 'fr', 'Vente · Villas à Cannes, jusqu’à 6 000 €/mois'],
    [base, 'en', 'Sale · Villas in Cannes'],
  ];
  it.each(rows)('%j in %s → %s', (criteria, lang, expected) => {
    expect(plain(describeSearch(labels, criteria, lang))).toBe(expected);
  });
});

describe('mail texts', () => {
  const links = {
    confirmUrl: 'https://www.example.com/alerts/confirm?token=1.abc',
    unsubscribeUrl: 'https://www.example.com/alerts/unsubscribe?token=1.def',
  };
  it.each<[Lang, RegExp, RegExp]>([
    [
      'fr',
      /^Confirmez votre alerte\s: Vente/,
      /Pour activer cette alerte, ouvrez ce lien et confirmez votre adresse e-mail d’un clic sur le bouton de la page/,
    ],
    [
      'en',
      /^Confirm your alert: Sale/,
      /To activate this alert, open this link and confirm your e-mail address with the button on the page/,
    ],
  ])('writes the %s confirmation with the link in both parts', (lang, subject, body) => {
    const mail = renderConfirmMail({
      lang,
      siteName: 'Maisons',
      search: lang === 'fr' ? 'Vente · Villas' : 'Sale · Villas',
      ...links,
    });
    expect(mail.subject).toMatch(subject);
    expect(mail.text).toMatch(body);
    expect(mail.text).toContain(links.confirmUrl);
    expect(mail.html).toContain(`href="${links.confirmUrl}"`);
    expect(mail.html).toContain(`<html lang="${lang}">`);
    expect(mail.html).toContain(`href="${links.unsubscribeUrl}"`);
  });

  const subjects: [Lang, number, number, RegExp][] = [
    ['fr', 1, 1, /^1 nouveau bien pour votre alerte\s: Vente$/],
    ['fr', 3, 3, /^3 nouveaux biens pour votre alerte\s: Vente$/],
    ['en', 1, 1, /^1 new property for your alert: Sale$/],
    ['en', 2, 25, /^25 new properties for your alert: Sale$/],
  ];
  it.each(subjects)('digest subject in %s for %d listed of %d', (lang, listed, total, subject) => {
    const offers = Array.from({ length: listed }, (_, i) =>
      toDigestOffer(offer({ id: i + 1, slug: `o-${i + 1}` }), lang, 'https://x.test', testConfig),
    );
    const mail = renderDigestMail({
      lang,
      siteName: 'Maisons',
      search: lang === 'fr' ? 'Vente' : 'Sale',
      offers,
      total,
      alertsUrl: 'https://x.test/alerts',
      ...links,
    });
    expect(mail.subject).toMatch(subject);
    for (const o of offers) {
      expect(mail.text).toContain(o.url);
      expect(mail.html).toContain(`href="${o.url}"`);
    }
    expect(mail.text.includes('autres biens') || mail.text.includes('more properties')).toBe(
      total > listed,
    );
  });

  it('escapes offer texts in the HTML part', () => {
    const shown = toDigestOffer(
      offer({ titre1: { fr: 'Villa <b>"Les Pins"</b> & parc', en: 'x' } }),
      'fr',
      'https://x.test',
      testConfig,
    );
    const mail = renderDigestMail({
      lang: 'fr',
      siteName: 'Maisons',
      search: 'Vente',
      offers: [shown],
      total: 1,
      alertsUrl: 'https://x.test/fr/alertes/',
      ...links,
    });
    expect(mail.html).toContain('Villa &lt;b&gt;&quot;Les Pins&quot;&lt;/b&gt; &amp; parc');
    expect(mail.html).not.toContain('<b>"Les Pins"</b>');
    expect(mail.text).toContain('Villa <b>"Les Pins"</b> & parc');
  });
});
