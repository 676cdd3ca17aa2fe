import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { parsePo } from '../shared/catalogs.server';
import type { AlertCriteria, Lang, NatureId } from '../shared/contract';
import { RUB, testConfig } from '../shared/test-config';
import {
  describeSearch,
  dropPercent,
  formatOfferFacts,
  formatOfferPrice,
  renderConfirmMail,
  renderDigestMail,
  toDigestDrop,
  toDigestOffer,
  type MailOffer,
  type MailPriceDrop,
} from './alerts';
import * as messages from './messages';
import { renderProspectMail } from './prospect';
import { mailHtml } from './render';

// Intl writes French thousands with a narrow no-break space and the euro sign after a no-break
// space; compare on text with every kind of space made plain.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

function offer(over: Partial<MailOffer> = {}): MailOffer {
  return {
    slug: 'villa-contemporaine-cannes-501',
    nature: 'V',
    rubriqueId: RUB.villa,
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
  const rows: [Partial<MailOffer>, Lang, string][] = [
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
  const rows: [Partial<MailOffer>, Lang, string][] = [
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
    expect(toDigestOffer(offer(over), lang, '', testConfig).url).toBe(expected);
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

const searchLabels = {
  nature: { fr: 'Vente', en: 'Sale' },
  rubriques: [{ fr: 'Villas', en: 'Villas' }],
  lieu: { fr: 'à Cannes', en: 'in Cannes' },
};

describe('search descriptions', () => {
  const labels = searchLabels;
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
    [
      { ...base, nb_pieces: 4, atouts: ['piscine', 'vue_mer'], prix_max: 2_000_000 },
      'fr',
      'Vente · Villas à Cannes, 4 pièces, Piscine, Vue mer, jusqu’à 2 000 000 €',
    ],
    [
      { ...base, nb_pieces: 4, nb_chambres: 2, atouts: ['piscine'] },
      'en',
      'Sale · Villas in Cannes, 4 rooms, 2 bedrooms, Swimming pool',
    ],
  ];
  it.each(rows)('%j in %s → %s', (criteria, lang, expected) => {
    expect(plain(describeSearch(labels, criteria, lang))).toBe(expected);
  });

  it.each([
    ['fr', 'Vente · Villas, zone dessinée à Antibes, Piscine'],
    ['en', 'Sale · Villas, drawn area in Antibes, Swimming pool'],
  ] as const)('names a drawn area by its nearest town (%s)', (lang, expected) => {
    const area = { ...labels, lieu: null, area: { fr: 'à Antibes', en: 'in Antibes' } };
    const criteria: AlertCriteria = { nature: 'V', bbox: '7,43.5,7.2,43.6', atouts: ['piscine'] };
    expect(plain(describeSearch(area, criteria, lang))).toBe(expected);
    const mail = renderConfirmMail({
      lang,
      siteName: 'Portail',
      search: describeSearch(area, criteria, lang),
      confirmUrl: 'https://www.example.com/c',
      unsubscribeUrl: 'https://www.example.com/u',
    });
    expect(plain(mail.subject)).toContain(expected);
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
      toDigestOffer(offer({ slug: `o-${i + 1}` }), lang, 'https://x.test', testConfig),
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

function drop(over: Partial<MailPriceDrop> = {}): MailPriceDrop {
  return {
    ...offer({ slug: 'villa-baisse-900', amount: 2_200_000 }),
    oldAmount: 2_500_000,
    newAmount: 2_200_000,
    ...over,
  };
}

describe('price drops in digests', () => {
  const links = {
    alertsUrl: 'https://x.test/alerts',
    unsubscribeUrl: 'https://x.test/alerts/unsubscribe?token=1.def',
  };
  const digest = (lang: Lang, newOffers: number, drops: number) =>
    renderDigestMail({
      lang,
      siteName: 'Maisons',
      search: lang === 'fr' ? 'Vente' : 'Sale',
      offers: Array.from({ length: newOffers }, (_, i) =>
        toDigestOffer(offer({ slug: `o-${i + 1}` }), lang, 'https://x.test', testConfig),
      ),
      total: newOffers,
      drops: Array.from({ length: drops }, (_, i) =>
        toDigestDrop(drop({ slug: `d-${i}` }), lang, 'https://x.test', testConfig),
      ),
      ...links,
    });

  it.each([
    [2_500_000, 2_200_000, 12],
    [1_000_000, 999_000, 1],
    [8_000, 6_000, 25],
  ])('rounds a drop from %d to %d to %d %%, at least 1', (before, after, pct) => {
    expect(dropPercent(before, after)).toBe(pct);
  });

  it.each<[Lang, string, string, RegExp]>([
    ['fr', 'Prix en baisse', '−12 %', /^Prix en baisse\s: 2 500 000 € → 2 200 000 € \(−12 %\)$/m],
    ['en', 'Price reduced', '−12%', /^Price reduced: €2,500,000 → €2,200,000 \(−12%\)$/m],
  ])('labels a drop in %s, the old price struck', (lang, label, pct, textLine) => {
    const mail = digest(lang, 1, 1);
    expect(plain(mail.text)).toMatch(textLine);
    expect(plain(mail.html)).toContain(`${label}</span> ${pct}`);
    const [before, after] =
      lang === 'fr' ? ['2 500 000 €', '2 200 000 €'] : ['€2,500,000', '€2,200,000'];
    expect(plain(mail.html)).toMatch(
      new RegExp(`<s [^>]*>${before}</s> <strong>${after}</strong>`),
    );
  });

  const subjects: [Lang, number, number, RegExp][] = [
    ['fr', 0, 1, /^1 baisse de prix pour votre alerte\s: Vente$/],
    ['fr', 2, 3, /^2 nouveaux biens et 3 baisses de prix pour votre alerte\s: Vente$/],
    ['en', 0, 2, /^2 price reductions for your alert: Sale$/],
    ['en', 1, 1, /^1 new property and 1 price reduction for your alert: Sale$/],
  ];
  it.each(subjects)('says so in the %s subject (%d new, %d drops)', (lang, n, d, subject) => {
    const mail = digest(lang, n, d);
    expect(mail.subject).toMatch(subject);
    expect(mail.text.includes('Voici') || mail.text.includes('Here')).toBe(n > 0);
  });
});

describe('mail texts from the catalogs', () => {
  const english = parsePo(readFileSync('locales/en/messages.po', 'utf8'));
  const descriptors = Object.values(messages) as MessageDescriptor[];

  it('has every mail text in the English catalog', () => {
    expect(descriptors.length).toBeGreaterThan(40);
    expect(descriptors.filter((d) => !english.get(d.id!)).map((d) => d.id)).toEqual([]);
  });

  it('writes every mail in English without a French text', () => {
    const links = {
      confirmUrl: 'https://x.test/alerts/confirm?token=1.abc',
      unsubscribeUrl: 'https://x.test/alerts/unsubscribe?token=1.def',
      alertsUrl: 'https://x.test/alerts',
    };
    const shown = toDigestOffer(
      offer({ rooms: 1, bedrooms: 2 }),
      'en',
      'https://x.test',
      testConfig,
    );
    const hidden = toDigestOffer(offer({ prixCache: true }), 'en', 'https://x.test', testConfig);
    const dropped = toDigestDrop(drop(), 'en', 'https://x.test', testConfig);
    const base = { lang: 'en' as const, siteName: 'Maisons', search: 'Sale', ...links };
    const mails = [
      renderConfirmMail(base),
      renderDigestMail({ ...base, offers: [shown, hidden], total: 3 }),
      renderDigestMail({ ...base, offers: [], total: 0, drops: [dropped, dropped] }),
      renderDigestMail({ ...base, offers: [shown], total: 1, drops: [dropped], dropTotal: 4 }),
      renderProspectMail({
        lang: 'en',
        siteName: 'Maisons',
        publicUrl: 'https://x.test',
        lastname: 'Doe',
        firstname: 'Jane',
        company: 'Acme',
        city: 'Nice',
        phone: '+33 6 00 00 00 00',
        email: 'jane@example.com',
        message: 'Hi',
      }),
      { subject: describeSearch(searchLabels, { nature: 'V', prix_min: 1, prix_max: 2 }, 'en') },
      { subject: describeSearch(searchLabels, { nature: 'V', prix_min: 1 }, 'en') },
      { subject: describeSearch(searchLabels, { nature: 'V', prix_max: 2 }, 'en') },
    ];
    const written = plain(mails.map((mail) => Object.values(mail).join('\n')).join('\n'));
    // The words of each French text (between its placeholders) that its English text lacks.
    const french = descriptors.flatMap((d) =>
      plain(d.message!)
        .split(/[{}#]|\b(?:plural|one|other|count|drops|search|siteName|label|value|text)\b|,/)
        .map((part) => part.trim())
        .filter(
          (part) => /\p{L}{3}/u.test(part) && !plain(english.get(d.id!) ?? '').includes(part),
        ),
    );
    expect(french.length).toBeGreaterThan(40);
    expect(french.filter((part) => written.includes(part))).toEqual([]);
  });

  it('escapes the text and the values of a message in HTML, but not the HTML it is given', () => {
    expect(
      mailHtml(messages.confirmIntro, 'en', {
        siteName: 'A & <B>',
        search: { html: '<strong>x</strong>' },
      }),
    ).toBe(
      'You asked to receive by e-mail the new properties published on A &amp; &lt;B&gt; that match your search <strong>x</strong>.',
    );
  });
});

describe('the prospect confirmation', () => {
  const request = {
    siteName: 'Maisons',
    publicUrl: 'https://x.test',
    lastname: 'Dupont <b>',
    firstname: 'Jean',
    company: 'Durand & Fils',
    city: 'Nice',
    phone: '04 93 00 00 00',
    email: 'jean@example.com',
    message: '',
  };

  it('repeats the request, escaped in the HTML part, without an empty message', () => {
    const mail = renderProspectMail({ ...request, lang: 'fr' });
    expect(mail.subject).toBe('Votre demande a bien été reçue\u00a0: Maisons');
    expect(mail.text).toContain('Bonjour Jean Dupont <b>,');
    expect(mail.text).toContain('Société\u00a0: Durand & Fils\n');
    expect(mail.text).not.toContain('Message\u00a0:');
    expect(mail.text).toContain('https://x.test/fr/personal-data/');
    expect(mail.html).toContain('Bonjour Jean Dupont &lt;b&gt;,');
    expect(mail.html).toContain('>Durand &amp; Fils</td>');
    expect(mail.html).not.toContain('<b>');
  });

  it('links the English personal data page in English', () => {
    const mail = renderProspectMail({ ...request, lang: 'en', message: 'Hello' });
    expect(mail.text).toContain('Message: Hello');
    expect(mail.text).toContain('https://x.test/en/personal-data/');
  });
});

describe('where mails are rendered', () => {
  it('names the mails as the source of every mail text in both catalogs', () => {
    // What `npm run i18n:extract` collects (lingui.config.ts): a mail text left out of it would
    // lose its references, then its translations.
    const ids = (Object.values(messages) as MessageDescriptor[]).map((d) => d.id!);
    for (const lang of ['fr', 'en']) {
      const entries = readFileSync(`locales/${lang}/messages.po`, 'utf8').split(/\n\s*\n/);
      const sources = new Map(
        entries.map((entry) => [
          /^msgid "(.*)"$/m.exec(entry)?.[1],
          [...entry.matchAll(/^#: (\S+):\d+$/gm)].map((ref) => ref[1]),
        ]),
      );
      expect(ids.filter((id) => sources.get(id)?.join() !== 'mails/messages.ts')).toEqual([]);
    }
  });

  it('ships the mails in the production image, beside the listings API that renders them', () => {
    const copies = readFileSync('Dockerfile', 'utf8').match(/^COPY --from=build .*$/gm) ?? [];
    expect(copies.some((line) => line.endsWith(' /app/listings-api ./listings-api'))).toBe(true);
    expect(copies.some((line) => line.endsWith(' /app/mails ./mails'))).toBe(true);
  });

  it('reads the catalogs where the listings API runs, without a compile step', () => {
    // The listings API runs under tsx, without Vite: the .po files are read as they are.
    const script = `import { renderDigestMail } from './mails/index';
const mail = renderDigestMail({ lang: 'en', siteName: 'Maisons', search: 'Sale', offers: [],
  total: 0, drops: [], dropTotal: 2, alertsUrl: 'https://x.test/a', unsubscribeUrl: 'https://x.test/u' });
process.stdout.write(mail.subject);`;
    const subject = execFileSync('node_modules/.bin/tsx', ['--eval', script], {
      encoding: 'utf8',
    });
    expect(subject).toBe('2 price reductions for your alert: Sale');
  });
});
