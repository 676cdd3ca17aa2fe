import type { MessageDescriptor } from '@lingui/core';
import type { Lang, NatureId } from './contract';
import { perMonth, perWeek } from './messages';

// Formatters shared by the server render and the browser, so both print the same text (no
// hydration mismatch): fixed locales per language and a fixed time zone for dates.

export const INTL_LOCALES: Record<Lang, string> = { fr: 'fr-FR', en: 'en-GB' };
/** Dates are shown in the portal's time zone, whatever the machine's or the visitor's. */
export const TIME_ZONE = 'Europe/Paris';

/**
 * Price suffix per nature (spec section 9): none for sale, per month for rent, per week for
 * seasonal rent. `formatPrice` uses these exact strings; `priceSuffixMessage` gives the same as
 * a translatable descriptor for a caller that renders the suffix apart (e.g. smaller).
 */
export const PRICE_SUFFIX: Record<NatureId, Record<Lang, string>> = {
  V: { fr: '', en: '' },
  L: { fr: '/mois', en: '/month' },
  S: { fr: '/semaine', en: '/week' },
};

/** The suffix of a nature as a descriptor, null for sale. */
export function priceSuffixMessage(nature: NatureId): MessageDescriptor | null {
  return nature === 'L' ? perMonth : nature === 'S' ? perWeek : null;
}

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(lang: Lang, key: string, options: Intl.NumberFormatOptions) {
  const id = `n:${lang}:${key}`;
  let f = formatters.get(id) as Intl.NumberFormat | undefined;
  if (!f) formatters.set(id, (f = new Intl.NumberFormat(INTL_LOCALES[lang], options)));
  return f;
}

function dateFormat(lang: Lang, style: DateStyle) {
  const id = `d:${lang}:${style}`;
  let f = formatters.get(id) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_LOCALES[lang], { dateStyle: style, timeZone: TIME_ZONE });
    formatters.set(id, f);
  }
  return f;
}

/**
 * An amount in euros without decimals.
 * @example formatAmount(1250000, 'fr') // '1 250 000 €' (narrow no-break spaces); 'en' → '€1,250,000'
 */
export function formatAmount(amount: number, lang: Lang): string {
  return numberFormat(lang, 'eur', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(amount);
}

/**
 * A price with the suffix of its nature. A hidden price (`prixCache`) is the caller's business.
 * @example formatPrice(3500, 'L', 'fr') // '3 500 €/mois'; in English '€3,500/month'
 */
export function formatPrice(amount: number, nature: NatureId, lang: Lang): string {
  return formatAmount(amount, lang) + PRICE_SUFFIX[nature][lang];
}

/** The amount of an offer per m² (sale price or monthly rent), to the euro; null without one. */
export function pricePerM2(amount: number | null, surface: number | null): number | null {
  if (amount === null || surface === null || surface <= 0) return null;
  return Math.round(amount / surface);
}

/**
 * An amount per square metre, with the nature's suffix for rents.
 * @example formatPricePerM2(10000, 'V', 'fr') // '10 000 €/m²'; formatPricePerM2(50, 'L', 'en') // '€50/m²/month'
 */
export function formatPricePerM2(amount: number, nature: NatureId, lang: Lang): string {
  return `${formatAmount(amount, lang)}/m²${PRICE_SUFFIX[nature][lang]}`;
}

/** A number in the language's digits grouping, up to one decimal. */
export function formatNumber(value: number, lang: Lang): string {
  return numberFormat(lang, 'num', { maximumFractionDigits: 1 }).format(value);
}

/**
 * A count written short from a thousand, as on a map's markers.
 * @example formatCompact(5751, 'fr') // '5,8 k'; in English '5.8K'; formatCompact(980, 'en') // '980'
 */
export function formatCompact(value: number, lang: Lang): string {
  return numberFormat(lang, 'compact', { notation: 'compact', maximumFractionDigits: 1 }).format(
    value,
  );
}

/**
 * A surface in square metres, up to one decimal.
 * @example formatSurface(1250.5, 'fr') // '1 250,5 m²'; in English '1,250.5 m²'
 */
export function formatSurface(m2: number, lang: Lang): string {
  return `${formatNumber(m2, lang)}\u00a0m²`;
}

export type DateStyle = 'long' | 'medium' | 'short';

/**
 * A rate in percent, up to two decimals, in the language's typography.
 * @example formatPercent(4.3, 'fr') // '4,3 %' (no-break space); in English '4.3%'
 */
export function formatPercent(pct: number, lang: Lang): string {
  return numberFormat(lang, 'rate', { style: 'percent', maximumFractionDigits: 2 }).format(
    pct / 100,
  );
}

/**
 * What goes between a label and what it introduces: a no-break space and a colon in French, a
 * colon alone in English.
 * @example `Bien suivant${colon('fr')}Villa` // 'Bien suivant : Villa'; in English 'Next property: Villa'
 */
export function colon(lang: Lang): string {
  return lang === 'fr' ? '\u00a0: ' : ': ';
}

/**
 * A change in percent, signed (a true minus sign), one decimal; French puts a no-break space
 * before the sign %.
 * @example formatChangePct(-5, 'fr') // '−5,0 %'; in English '−5.0%'; formatChangePct(3.2, 'en') // '+3.2%'
 */
export function formatChangePct(pct: number, lang: Lang): string {
  return numberFormat(lang, 'pct', {
    style: 'percent',
    signDisplay: 'exceptZero',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })
    .format(pct / 100)
    .replace('-', '\u2212');
}

/**
 * A date in the portal's time zone; an empty string for an invalid date.
 * @example formatDate('2026-03-12', 'fr') // '12 mars 2026'; in English '12 March 2026'
 * @example formatDate('2026-11-12', 'fr', 'medium') // '12 nov. 2026'; in English '12 Nov 2026'
 */
export function formatDate(date: string | number | Date, lang: Lang, style: DateStyle = 'long') {
  const d = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(d.getTime())) return '';
  return dateFormat(lang, style).format(d);
}
