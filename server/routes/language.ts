import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { LANGUAGE_SWITCH_ROUTE } from '../../shared/bff-paths';
import { LANGS, LangSchema, type Lang } from '../../shared/contract';
import { resolvePath, unknownPageIn, switchLanguage } from '../../shared/routes';
import { badRequest } from '../http-errors';
import {
  cookieLanguage,
  LANG_COOKIE,
  LANG_COOKIE_MAX_AGE_S,
  preferredLanguage,
} from '../language-preference';

// The language choice (spec sections 4 and 9): `/` goes to /fr/ or /en/ by the visitor's
// preference (server/language-preference.ts), else French. /lang/{lang}?to=PATH stores the choice in that
// cookie (365 days) and goes to the page in that language: a plain link, so it works without
// JavaScript.

/** A path of this site (not another origin, not a protocol-relative URL). */
export function isLocalPath(to: string): boolean {
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return false;
  // Control characters and backslashes can turn a path into another origin in some browsers.
  for (const ch of to) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || ch === '\\') return false;
  }
  try {
    return new URL(to, 'http://local.invalid').origin === 'http://local.invalid';
  } catch {
    return false;
  }
}

const LangSwitchQuery = v.object({
  to: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(2000, 'is too long'),
      v.check(isLocalPath, 'must be a local path'),
    ),
  ),
});

export async function languageRoutes(app: FastifyInstance): Promise<void> {
  app.get('/', async (request, reply) => {
    const lang =
      cookieLanguage(request) ?? preferredLanguage(request.headers['accept-language']) ?? 'fr';
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply
      .code(302)
      .header('vary', 'Cookie, Accept-Language')
      .header('cache-control', 'private, no-cache')
      .redirect(`/${lang}/${search}`, 302);
  });

  app.get(LANGUAGE_SWITCH_ROUTE, async (request, reply) => {
    const params = v.safeParse(v.object({ lang: LangSchema }), request.params);
    if (!params.success) {
      throw badRequest(`lang: must be one of ${LANGS.join(', ')}`, 'lang');
    }
    const query = v.safeParse(LangSwitchQuery, request.query ?? {});
    if (!query.success) {
      const issue = query.issues[0];
      throw badRequest(`to: ${issue?.message ?? 'is invalid'}`, 'to');
    }
    const lang = params.output.lang;
    const to = query.output.to ?? `/${lang}/`;
    let target = `/${lang}/`;
    if (to.startsWith(`/${lang}/`)) {
      target = to;
    } else {
      // A page of the other language: the same page in this one, when the route table knows it.
      try {
        const config = await app.portalApi(request).get('config', {});
        const url = new URL(to, 'http://local.invalid');
        const resolved = resolvePath(url.pathname, config);
        if (resolved.kind === 'screen')
          target = switchLanguage(resolved, lang, config, url.search.slice(1));
        else if (resolved.kind === 'not-found') target = unknownPageIn(url.pathname, lang);
      } catch (error) {
        request.log.warn({ err: error }, 'language switch without the config: going home');
      }
    }
    reply.setCookie(LANG_COOKIE, lang, {
      path: '/',
      maxAge: LANG_COOKIE_MAX_AGE_S,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      httpOnly: false,
    });
    return reply.header('cache-control', 'no-store').redirect(locationOf(target, lang), 302);
  });
}

/**
 * A local path as a Location header: percent-encoded (a header carries ASCII only; `?q=日`
 * becomes `?q=%E6%97%A5`) and kept on this site (else the home page of the language).
 */
export function locationOf(path: string, lang: Lang): string {
  const base = 'http://local.invalid';
  const url = new URL(path, base);
  if (url.origin !== base) return `/${lang}/`;
  const location = `${url.pathname}${url.search}${url.hash}`;
  return isLocalPath(location) ? location : `/${lang}/`;
}
