import * as v from 'valibot';
import { LangSchema } from '../../shared/contract';
import {
  ID_TEXT,
  LOWER_SLUG,
  MAX_ID,
  SLUG_MAX_LENGTH,
  noControlChars,
} from '../../shared/validation';

// Query-string building blocks. Query values arrive as strings (or arrays of strings when a key
// is repeated); lists are comma-separated (`rubrique=3,7`), and a repeated key is accepted too.

/** A whole number in [min, max], sent as a decimal string (at most an integer column's, as ids). */
export function intParam(min = 0, max = MAX_ID) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^-?\d{1,10}$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );
}

/** A positive database id. */
export const idParam = intParam(1);

/** A list of ids: `3,7` (or `id=3&id=7`), at most `max` of them, deduplicated, in order given. */
export function idListParam(max = 100) {
  return v.pipe(
    v.union([v.string(), v.array(v.string())], 'must be a comma-separated list of ids'),
    v.transform((raw) => (Array.isArray(raw) ? raw.join(',') : raw)),
    v.transform((s) =>
      s
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    ),
    v.array(v.pipe(v.string(), v.regex(ID_TEXT, 'must list whole numbers'))),
    v.transform((parts) => [...new Set(parts.map(Number))]),
    v.everyItem((n) => n >= 1 && n <= MAX_ID, 'must list positive ids'),
    v.minLength(1, 'must list at least one id'),
    v.maxLength(max, `must list at most ${max} ids`),
  );
}

/** A list of keywords from a vocabulary: `piscine,vue_mer`. */
export function keywordListParam<const T extends readonly [string, ...string[]]>(allowed: T) {
  return v.pipe(
    v.union([v.string(), v.array(v.string())], 'must be a comma-separated list'),
    v.transform((raw) => (Array.isArray(raw) ? raw.join(',') : raw)),
    v.transform((s) =>
      s
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    ),
    v.array(v.picklist(allowed, `must list values among ${allowed.join(', ')}`)),
    v.transform((items) => [...new Set(items)]),
    v.maxLength(allowed.length),
  );
}

/** A boolean flag: 1/0/true/false. */
export const flagParam = v.pipe(
  v.picklist(['1', '0', 'true', 'false'], 'must be 1, 0, true or false'),
  v.transform((s) => s === '1' || s === 'true'),
);

/** A free text of bounded length (trimmed). */
export function textParam(min: number, max: number) {
  return v.pipe(
    v.string(),
    noControlChars,
    v.trim(),
    v.minLength(min, `must have at least ${min} characters`),
    v.maxLength(max, `must have at most ${max} characters`),
  );
}

/** A slug as the API issues them. */
export const slugParam = v.pipe(
  v.string(),
  v.maxLength(SLUG_MAX_LENGTH, 'is too long'),
  v.regex(LOWER_SLUG, 'must be a slug (lowercase letters, digits, hyphens)'),
);

export const langParam = v.optional(LangSchema, 'fr');

export const pageParam = v.optional(intParam(1, 10_000), '1');

export function limitParam(defaultLimit: number, max = 100) {
  return v.optional(intParam(1, max), String(defaultLimit));
}
