import { normalizeForSearch } from '../../listings-api/lib/text';

// Text helpers of the seed: search names, number formatting, French prepositions.

/** The search name of a place: its French name, plus its English name when different. */
export function searchName(fr: string, en: string): string {
  const a = normalizeForSearch(fr);
  const b = normalizeForSearch(en);
  return a === b ? a : `${a} ${b}`;
}

const frNumber = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const enNumber = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** 2500 → '2 500' (fr, narrow no-break space) or '2,500' (en). */
export function formatNumber(n: number, lang: 'fr' | 'en'): string {
  return (lang === 'fr' ? frNumber : enNumber).format(n);
}

/** ['a', 'b', 'c'] → 'a, b et c' / 'a, b and c'. */
export function joinList(items: readonly string[], lang: 'fr' | 'en'): string {
  if (items.length <= 1) return items.join('');
  const last = items[items.length - 1];
  return `${items.slice(0, -1).join(', ')} ${lang === 'fr' ? 'et' : 'and'} ${last}`;
}

/** 'apartment' → 'an apartment', 'villa' → 'a villa'. */
export function englishIndefinite(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}

export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * The French "in" for a commune, from INSEE's article code (typeLiaison / TNCC):
 * 2 'Le Cannet' → 'au Cannet', 4 'Les Gets' → 'aux Gets', otherwise 'à Saint-Tropez', 'à La Baule'.
 */
export function communePrepFr(name: string, typeLiaison: number): string {
  if (typeLiaison === 2 && /^Le /.test(name)) return `au ${name.slice(3)}`;
  if (typeLiaison === 4 && /^Les /.test(name)) return `aux ${name.slice(4)}`;
  return `à ${name}`;
}

/**
 * The French "in" for a department from INSEE's article code: 2 'dans le Var', 3 'en Savoie',
 * 4 'dans les Alpes-Maritimes', 5 "dans l'Ain", 0/1 (no article) 'en Seine-et-Marne'.
 */
export function departementPrepFr(name: string, typeLiaison: number): string {
  switch (typeLiaison) {
    case 2:
      return `dans le ${name}`;
    case 4:
      return `dans les ${name}`;
    case 5:
      return `dans l'${name}`;
    default:
      return `en ${name}`;
  }
}

/** Regions: 'dans le Grand Est', 'dans les Hauts-de-France', otherwise 'en Occitanie'. */
export function regionPrepFr(name: string, typeLiaison: number): string {
  if (typeLiaison === 2) return `dans le ${name}`;
  if (typeLiaison === 4) return `dans les ${name}`;
  return `en ${name}`;
}
