import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { LANGS, LangSchema, type Lang } from '../shared/contract';

// The visitor's language preference (spec sections 4 and 9): the language chosen on the site,
// kept in the i18n_redirected cookie, else the browser's Accept-Language. The language routes
// redirect and store by it; error answers and mails outside a page speak it.

export const LANG_COOKIE = 'i18n_redirected';
export const LANG_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The preferred supported language of an Accept-Language header, if any. */
export function preferredLanguage(header: string | undefined): Lang | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, position) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        lang: tag.trim().toLowerCase().split('-')[0] ?? '',
        quality: Number.isFinite(quality) ? quality : 0,
        position,
      };
    })
    .filter((entry) => entry.quality > 0 && (LANGS as readonly string[]).includes(entry.lang))
    .sort((a, b) => b.quality - a.quality || a.position - b.position);
  return ranked[0]?.lang as Lang | undefined;
}

/** The language chosen on the site (the cookie), if any. */
export function cookieLanguage(request: FastifyRequest): Lang | undefined {
  const parsed = v.safeParse(LangSchema, request.cookies?.[LANG_COOKIE]);
  return parsed.success ? parsed.output : undefined;
}
