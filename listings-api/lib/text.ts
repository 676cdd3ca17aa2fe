import * as v from 'valibot';
import { noControlChars } from '../../shared/validation';

/** 'Côte d’Azur' → 'Cote d’Azur' (drops combining accents; œ/æ become oe/ae). */
function stripAccents(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'Oe')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'Ae')
    .replace(/ß/g, 'ss');
}

/** ASCII kebab-case: "Val-d'Isère" → 'val-d-isere', 'Paris 16e Arrondissement' → 'paris-16e-arrondissement'. */
export function kebab(s: string): string {
  return stripAccents(s)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Lowercase, accent-free, punctuation as spaces: the text a trigram index searches. */
export function normalizeForSearch(s: string): string {
  return searchText(stripAccents(s).toLowerCase());
}

/**
 * User text as search_name columns are written (places, agencies): punctuation (apostrophes,
 * hyphens, dots, slashes, brackets) as single spaces. Accents and case are folded in SQL with
 * lower(unaccent(...)).
 */
export function searchText(text: string): string {
  return text
    .replace(/[’'`\-_.,/()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Escapes LIKE wildcards in user text. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Search text of 2 to 100 characters, punctuation aside. */
export const searchTextParam = v.pipe(
  v.string(),
  noControlChars,
  v.maxLength(100, 'must have at most 100 characters'),
  v.check((text) => searchText(text).length >= 2, 'must have at least 2 letters or digits'),
);
