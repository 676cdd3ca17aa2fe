import * as v from 'valibot';
import { noControlChars } from '../../shared/validation';

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
