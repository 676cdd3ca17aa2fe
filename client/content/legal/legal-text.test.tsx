import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PUBLISHER,
  DEFAULT_SITE_NAME,
  type Lang,
  type Publisher,
} from '../../../shared/contract';
import { testConfig } from '../../../shared/test-config';
import { linkBuilder } from '../../app/links';
import { cguEn } from './cgu.en';
import { cguFr } from './cgu.fr';
import { CNIL, COMPANY, HOST, LEGAL_UPDATED, MEDIATOR } from './company';
import { cookiesEn } from './cookies.en';
import { cookiesFr } from './cookies.fr';
import type { LegalDocument } from './legal-screen';
import { legalsEn } from './legals.en';
import { legalsFr } from './legals.fr';
import { personalDataEn } from './personal-data.en';
import { personalDataFr } from './personal-data.fr';
import { findPlaceholders } from './placeholders';
import { rankingEn } from './ranking.en';
import { rankingFr } from './ranking.fr';

// Every legal text in both languages, rendered: no placeholder left, and the publisher's
// identifiers complete and consistent with one another.

// Lingui's macros are compiled by Vite's build, not by the test runner: a pass-through `t` (the
// French source text) stands in for them (the cookies page's cookie-choices button uses one).
vi.mock('@lingui/react/macro', () => ({
  useLingui: () => ({
    t: (strings: TemplateStringsArray, ...values: unknown[]) => String.raw(strings, ...values),
  }),
}));

const DOCUMENTS: Record<string, Record<Lang, LegalDocument>> = {
  cgu: { fr: cguFr, en: cguEn },
  legals: { fr: legalsFr, en: legalsEn },
  personalData: { fr: personalDataFr, en: personalDataEn },
  cookies: { fr: cookiesFr, en: cookiesEn },
  ranking: { fr: rankingFr, en: rankingEn },
};

/** A site name of the settings, other than the default one. */
const SITE_NAME = 'Maison Lumière Immobilier';

/** The visible text of a rendered legal document (markup, entities and comments removed). */
function textOf(
  doc: LegalDocument,
  lang: Lang,
  siteName = SITE_NAME,
  publisher: Publisher = DEFAULT_PUBLISHER,
): string {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <doc.Body
        to={linkBuilder(lang, testConfig)}
        lang={lang}
        siteName={siteName}
        publisher={publisher}
      />
    </MemoryRouter>,
  );
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '‹')
    .replace(/&gt;/g, '›')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  return [doc.title, doc.description, text].join('\n');
}

const rows = Object.entries(DOCUMENTS).flatMap(([name, docs]) =>
  (['fr', 'en'] as Lang[]).map((lang) => ({ name, lang, doc: docs[lang] })),
);

const luhn = (digits: string) =>
  [...digits].reverse().reduce((sum, c, i) => {
    const n = Number(c) * (i % 2 === 1 ? 2 : 1);
    return sum + (n > 9 ? n - 9 : n);
  }, 0) %
    10 ===
  0;
const digitsOf = (s: string) => s.replace(/\D/g, '');

describe('legal texts', () => {
  it.each(rows)('$name ($lang) has no placeholder left', ({ doc, lang }) => {
    const text = textOf(doc, lang);
    expect(text.length).toBeGreaterThan(1500);
    expect(findPlaceholders(text)).toEqual([]);
  });

  it.each(rows)('$name ($lang) names the publisher', ({ doc, lang }) => {
    expect(textOf(doc, lang)).toMatch(new RegExp(`${SITE_NAME}|${COMPANY.name}`));
  });

  it.each(
    (['cgu', 'personalData', 'cookies', 'ranking'] as const).flatMap((name) =>
      (['fr', 'en'] as Lang[]).map((lang) => ({ name, lang, doc: DOCUMENTS[name]![lang] })),
    ),
  )("$name ($lang) names the site by the settings' siteName", ({ doc, lang }) => {
    const text = textOf(doc, lang);
    expect(text).toContain(SITE_NAME);
    // The company (Prestige Portal SAS) keeps its name; the site is never named by the default.
    expect(text.replaceAll(COMPANY.name, '')).not.toContain(DEFAULT_SITE_NAME);
    expect(textOf(doc, lang, 'Autre Nom')).toContain('Autre Nom');
  });

  it.each(['fr', 'en'] as const)(
    "names the settings' publisher, director and host in the legal notice (%s)",
    (lang) => {
      const publisher: Publisher = {
        name: 'Maison Lumière SAS',
        address: '8 quai des Chartrons, 33000 Bordeaux, France',
        rcs: 'RCS Bordeaux 912 345 675',
        siret: '912 345 675 00017',
        vat: 'FR65 912345675',
        phone: '+33 5 36 49 12 34',
        email: 'contact@maison-lumiere.example',
        director: 'Anne Vasseur',
        host: {
          name: 'Nuage Sud SAS',
          address: '3 allée des Serveurs, 31000 Toulouse, France',
          rcs: 'RCS Toulouse 923 456 784',
          phone: '+33 5 36 49 56 78',
        },
      };
      const doc = DOCUMENTS.legals![lang];
      const text = textOf(doc, lang, SITE_NAME, publisher);
      for (const value of [
        publisher.name,
        publisher.address,
        publisher.rcs,
        publisher.email,
        publisher.director,
        publisher.host.name,
        publisher.host.address,
      ])
        expect(text).toContain(value);
      for (const value of [
        DEFAULT_PUBLISHER.name,
        DEFAULT_PUBLISHER.director,
        DEFAULT_PUBLISHER.host.name,
      ])
        expect(text).not.toContain(value);
      expect(text).not.toMatch(/example\.com/);
    },
  );

  it('finds the placeholders it is meant to find', () => {
    for (const text of [
      'Directeur : TODO',
      'SIRET XXX XXX XXX',
      'Lorem ipsum dolor sit amet',
      'Hébergeur : [nom de l’hébergeur]',
      'Capital : {capital} €',
      'Adresse : à compléter',
      'Phone: undefined',
      'Host: to be confirmed',
      'RCS Paris 000 000 000',
    ])
      expect(findPlaceholders(text), text).not.toEqual([]);
    expect(findPlaceholders(textOf(legalsFr, 'fr') + ' TODO')).toEqual(['TODO']);
  });

  it('gives the publisher consistent French company identifiers', () => {
    const siren = digitsOf(COMPANY.siren);
    expect(siren).toMatch(/^\d{9}$/);
    expect(luhn(siren)).toBe(true);
    const siret = digitsOf(COMPANY.siret);
    expect(siret).toMatch(/^\d{14}$/);
    expect(siret.startsWith(siren)).toBe(true);
    expect(luhn(siret)).toBe(true);
    expect(COMPANY.rcs).toBe(`RCS ${COMPANY.rcsCity} ${COMPANY.siren}`);
    expect(COMPANY.address).toContain(COMPANY.rcsCity);
    // French VAT number: FR, a two-digit key, the SIREN; key = (12 + 3 × (SIREN mod 97)) mod 97.
    const key = (12 + 3 * (Number(siren) % 97)) % 97;
    expect(COMPANY.vat.replace(/\s/g, '')).toBe(`FR${String(key).padStart(2, '0')}${siren}`);
    expect(COMPANY.naf).toMatch(/^\d{2}\.\d{2}[A-Z]$/);
    expect(digitsOf(COMPANY.capital.fr)).toBe(digitsOf(COMPANY.capital.en));
    expect(Number(digitsOf(COMPANY.capital.fr))).toBeGreaterThanOrEqual(1);
    for (const address of [COMPANY.address, HOST.address, MEDIATOR.address])
      expect(address).toMatch(/^\d+ .+, \d{5} [^,]+, France$/);
    expect(COMPANY.director).toMatch(/^\p{Lu}\p{L}+ \p{Lu}\p{L}+$/u);
    expect(COMPANY.dpo.name).toMatch(/^\p{Lu}\p{L}+ \p{Lu}\p{L}+$/u);
    expect(COMPANY.dpo.address.fr).toContain(COMPANY.address);
    expect(COMPANY.dpo.address.en).toContain(COMPANY.address);
  });

  it('gives the host its registration, and everyone reachable contact details', () => {
    const hostSiren = digitsOf(HOST.rcs);
    expect(hostSiren).toMatch(/^\d{9}$/);
    expect(luhn(hostSiren)).toBe(true);
    // Numbers in the ranges the French regulator (ARCEP) keeps for fiction, by zone.
    const fiction = /^\+33 (1 99 00|2 61 91|3 53 01|4 65 71|5 36 49) \d\d \d\d$/;
    expect(COMPANY.phone).toMatch(fiction);
    expect(HOST.phone).toMatch(fiction);
    const domain = COMPANY.email.split('@')[1];
    expect(COMPANY.email).toMatch(/^[a-z]+@[a-z-]+\.example$/);
    expect(COMPANY.dpo.email).toBe(`dpo@${domain}`);
    expect(MEDIATOR.url).toMatch(/^https:\/\/[a-z.-]+$/);
    expect(MEDIATOR.delayMonths).toBeGreaterThan(0);
    expect(CNIL.url).toBe('https://www.cnil.fr');
    expect(LEGAL_UPDATED).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number.isNaN(Date.parse(LEGAL_UPDATED))).toBe(false);
  });

  it('names the consumer mediator in the legal notice and the terms of use', () => {
    for (const doc of [legalsFr, legalsEn, cguFr, cguEn]) {
      const text = textOf(doc, doc === legalsFr || doc === cguFr ? 'fr' : 'en');
      expect(text).toContain(MEDIATOR.name);
      expect(text).toContain(MEDIATOR.address);
    }
  });
});
