import { describe, expect, it } from 'vitest';
import type { Lang, NatureId } from './contract';
import {
  formatAmount,
  formatChangePct,
  formatDate,
  formatNumber,
  formatPrice,
  formatPricePerM2,
  pricePerM2,
  formatSurface,
  priceSuffixMessage,
} from './format';

// Intl separates French thousands with a narrow no-break space and puts a no-break space
// before the euro sign; spell them out so the expectations are readable.
const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('formatPrice', () => {
  it.each<[number, NatureId, Lang, string]>([
    [1250000, 'V', 'fr', `1${NNBSP}250${NNBSP}000${NBSP}€`],
    [1250000, 'V', 'en', '€1,250,000'],
    [3500, 'L', 'fr', `3${NNBSP}500${NBSP}€/mois`],
    [3500, 'L', 'en', '€3,500/month'],
    [12000, 'S', 'fr', `12${NNBSP}000${NBSP}€/semaine`],
    [12000, 'S', 'en', '€12,000/week'],
    [2500.5, 'L', 'en', '€2,501/month'],
    [999.4, 'V', 'fr', `999${NBSP}€`],
    [0, 'V', 'en', '€0'],
  ])('formats %d for %s in %s', (amount, nature, lang, expected) => {
    expect(formatPrice(amount, nature, lang)).toBe(expected);
  });

  it('formats an amount without a suffix', () => {
    expect(formatAmount(4200, 'en')).toBe('€4,200');
  });
});

describe('priceSuffixMessage', () => {
  it.each<[NatureId, string | null]>([
    ['V', null],
    ['L', '/mois'],
    ['S', '/semaine'],
  ])('gives the %s suffix', (nature, expected) => {
    expect(priceSuffixMessage(nature)?.message ?? null).toBe(expected);
  });
});

describe('formatSurface', () => {
  it.each<[number, Lang, string]>([
    [120, 'fr', `120${NBSP}m²`],
    [120, 'en', `120${NBSP}m²`],
    [1250.5, 'fr', `1${NNBSP}250,5${NBSP}m²`],
    [1250.5, 'en', `1,250.5${NBSP}m²`],
    [85.04, 'en', `85${NBSP}m²`],
  ])('formats %d m² in %s', (m2, lang, expected) => {
    expect(formatSurface(m2, lang)).toBe(expected);
  });

  it('formats a plain number', () => {
    expect(formatNumber(12345, 'en')).toBe('12,345');
  });
});

describe('formatDate', () => {
  it.each<[string | number | Date, Lang, 'long' | 'medium' | 'short' | undefined, string]>([
    ['2026-03-12', 'fr', undefined, '12 mars 2026'],
    ['2026-03-12', 'en', undefined, '12 March 2026'],
    ['2026-03-12', 'fr', 'short', '12/03/2026'],
    ['2026-03-12', 'en', 'short', '12/03/2026'],
    ['2026-11-12', 'fr', 'medium', '12 nov. 2026'],
    ['2026-11-12', 'en', 'medium', '12 Nov 2026'],
    // 23:30 UTC on 31 December is already 1 January in Paris.
    ['2025-12-31T23:30:00Z', 'en', undefined, '1 January 2026'],
    [new Date(Date.UTC(2026, 6, 14, 12)), 'fr', undefined, '14 juillet 2026'],
    ['not a date', 'fr', undefined, ''],
  ])('formats %s in %s', (date, lang, style, expected) => {
    expect(formatDate(date, lang, style)).toBe(expected);
  });
});

describe('formatChangePct', () => {
  it.each<[number, Lang, string]>([
    [-5, 'fr', `\u22125,0${NBSP}%`],
    [-5, 'en', '\u22125.0%'],
    [3.2, 'fr', `+3,2${NBSP}%`],
    [3.2, 'en', '+3.2%'],
    [-12.35, 'en', '\u221212.4%'],
    [0, 'fr', `0,0${NBSP}%`],
  ])('formats a change of %d %% in %s, signed with one decimal', (pct, lang, expected) => {
    expect(formatChangePct(pct, lang)).toBe(expected);
  });
});

describe('formatPricePerM2', () => {
  it.each<[number, NatureId, Lang, string]>([
    [10000, 'V', 'fr', `10${NNBSP}000${NBSP}€/m²`],
    [10000, 'V', 'en', '€10,000/m²'],
    [50, 'L', 'fr', `50${NBSP}€/m²/mois`],
    [50, 'L', 'en', '€50/m²/month'],
  ])('formats %d for %s in %s', (amount, nature, lang, expected) => {
    expect(formatPricePerM2(amount, nature, lang)).toBe(expected);
  });
});

describe('pricePerM2', () => {
  it.each<[number | null, number | null, number | null]>([
    [1_000_000, 100, 10_000],
    [1_000_000, 150, 6_667],
    [3_500, 70, 50],
    [null, 100, null],
    [1_000_000, null, null],
    [1_000_000, 0, null],
  ])('%s € over %s m² → %s', (amount, surface, expected) => {
    expect(pricePerM2(amount, surface)).toBe(expected);
  });
});
