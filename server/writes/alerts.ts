import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { LANGS, type Lang } from '../../shared/contract';
import {
  ALERT_TOKENS_HEADER,
  ALERT_TOKEN_PATTERN,
  API_PATHS,
  HEADER_PARAMS,
  isPortalApiError,
} from '../../shared/portal-api';
import { ROUTE_BY_SCREEN } from '../../shared/routes';
import { isUpstreamError } from '../upstream/errors';
import { HttpError } from '../http-errors';
import { LANG_COOKIE, preferredLanguage } from '../language-preference';

// The alerts of a visitor without an account (spec sections 3 and 7). Creating an alert answers
// an unguessable token, the only key to the alert: the browser keeps it (localStorage) and this
// BFF keeps it too, in a signed httpOnly cookie, so pages rendered without JavaScript know the
// visitor's alerts. Nobody can list or delete an alert without its token.
//
// The writes are actions of the pages that show their forms (client/routes/list.server.ts creates,
// client/routes/alerts.server.ts deletes); the BFF's page-action duties refuse forms from other
// sites before they run (server/ssr/page-actions.ts). Here the writes get the duty of
// keeping the cookie in step (app.addWrite): a created alert's token joins it, a deleted one
// leaves it. One JSON route stays, a read:
//
//   GET /api/alerts   the alerts of the cookie and of the tokens in x-alert-tokens (never in
//                     the URL: a token there is refused); errors are 4xx JSON bodies with a
//                     message in the visitor's language and a `code`.

export const ALERT_COOKIE = 'alert_tokens';
/** Tokens the cookie keeps (the newest): 30 × 44 characters stays far below 4 KB. */
export const COOKIE_MAX_TOKENS = 30;
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export type AlertErrorCode = 'token' | 'unknown-alert' | 'unavailable';

const TEXTS: Record<AlertErrorCode, Record<Lang, string>> = {
  token: {
    fr: "Ce jeton d'alerte n'est pas valide.",
    en: 'This alert token is not valid.',
  },
  'unknown-alert': {
    fr: "Cette alerte n'existe pas ou a déjà été supprimée.",
    en: 'This alert does not exist or has already been deleted.',
  },
  unavailable: {
    fr: 'Le service est momentanément indisponible. Veuillez réessayer plus tard.',
    en: 'The service is temporarily unavailable. Please try again later.',
  },
};

const FIELD: Partial<Record<AlertErrorCode, string>> = { token: 'token' };

export function alertErrorText(code: AlertErrorCode, lang: Lang): string {
  return TEXTS[code][lang];
}

/** The visitor's language: the one given, else the language cookie, Accept-Language, French. */
export function visitorLang(request: FastifyRequest, given?: unknown): Lang {
  if (typeof given === 'string' && (LANGS as readonly string[]).includes(given))
    return given as Lang;
  const cookie = request.cookies?.[LANG_COOKIE];
  if (cookie === 'fr' || cookie === 'en') return cookie;
  return preferredLanguage(request.headers['accept-language']) ?? 'fr';
}

// ---------------------------------------------------------------------------------------------
// The cookie

function splitTokens(raw: string): string[] {
  return raw.split(',').filter((token) => ALERT_TOKEN_PATTERN.test(token));
}

/** The tokens of the visitor's alert cookie; none when it is absent or its signature fails. */
export function cookieTokens(request: FastifyRequest): string[] {
  const raw = request.cookies?.[ALERT_COOKIE];
  if (!raw) return [];
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? splitTokens(unsigned.value) : [];
}

function setCookieTokens(request: FastifyRequest, reply: FastifyReply, tokens: string[]) {
  const kept = [...new Set(tokens)].slice(-COOKIE_MAX_TOKENS);
  if (kept.length === 0) {
    if (request.cookies?.[ALERT_COOKIE] !== undefined)
      reply.clearCookie(ALERT_COOKIE, { path: '/' });
    return;
  }
  reply.setCookie(ALERT_COOKIE, kept.join(','), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: COOKIE_MAX_AGE_S,
  });
}

// ---------------------------------------------------------------------------------------------
// Inputs

const Token = v.pipe(
  v.string('must be an alert token'),
  v.regex(ALERT_TOKEN_PATTERN, 'must be an alert token'),
);

const TOKENS_HEADER = HEADER_PARAMS.alerts!.tokens!;

const ListQuery = v.object({
  tokens: v.optional(
    v.pipe(
      v.union([v.string(), v.array(v.string())], 'must be a comma-separated list of alert tokens'),
      v.transform((raw) => (Array.isArray(raw) ? raw.join(',') : raw).split(',')),
      v.filterItems((token: string) => token !== ''),
      v.array(Token),
      v.maxLength(100, 'must list at most 100 alert tokens'),
    ),
  ),
});

// ---------------------------------------------------------------------------------------------
// Answers

function alertError(
  status: number,
  code: AlertErrorCode,
  lang: Lang,
  extra: Record<string, unknown> = {},
) {
  return new HttpError(status, alertErrorText(code, lang), { field: FIELD[code], code, extra });
}

/** The code and status of a failed listings-API call of this file. */
function classify(error: unknown): { status: number; code: AlertErrorCode } | undefined {
  if (!isUpstreamError(error) && !isPortalApiError(error)) return undefined;
  const status = error.status;
  if (status === 404) return { status, code: 'unknown-alert' };
  if (status === 400) return { status, code: 'token' };
  return { status: status >= 500 ? status : 502, code: 'unavailable' };
}

/**
 * `/fr/alertes/?status=…`: the alerts page in a language with a status message. A static path of
 * the route table, so it needs no configuration (and works while the listings API is down).
 */
export function alertsPagePath(lang: Lang, query: Record<string, string>): string {
  return `${ROUTE_BY_SCREEN.alerts.paths[lang]}?${new URLSearchParams(query)}`;
}

// ---------------------------------------------------------------------------------------------
// Routes

async function alertRoutes(app: FastifyInstance): Promise<void> {
  app.get(API_PATHS.alerts, async (request, reply) => {
    const lang = visitorLang(request);
    const url = (request.query ?? {}) as Record<string, unknown>;
    const inUrl = url.tokens !== undefined || url.token !== undefined;
    const query = v.safeParse(ListQuery, { tokens: request.headers[TOKENS_HEADER] });
    if (inUrl || !query.success) throw alertError(400, 'token', lang);
    const tokens = [...new Set([...cookieTokens(request), ...(query.output.tokens ?? [])])].slice(
      -100,
    );
    reply.header('cache-control', 'no-store');
    if (tokens.length === 0) return { items: [] };
    try {
      const list = await app.portalApi(request).get('alerts', { tokens });
      // The cookie follows what exists: deleted or unsubscribed alerts leave it, and alerts the
      // browser kept (localStorage) join it, so pages rendered without JavaScript know them too.
      setCookieTokens(
        request,
        reply,
        list.items.map((item) => item.token),
      );
      return list;
    } catch (error) {
      const failure = classify(error);
      if (!failure) throw error;
      throw alertError(failure.status, failure.code, lang);
    }
  });

  // A created alert's token joins the cookie, so that pages rendered without JavaScript know it.
  app.addWrite('alertCreate', async ({ request, reply }, body, send) => {
    const created = await send(body);
    if (reply) setCookieTokens(request, reply, [...cookieTokens(request), created.token]);
    return created;
  });

  // A deleted alert's token leaves the cookie, and so does the token of an alert that no longer
  // exists.
  app.addWrite('alertDelete', async ({ request, reply }, body, send) => {
    const forget = () => {
      if (reply) {
        setCookieTokens(
          request,
          reply,
          cookieTokens(request).filter((token) => token !== body.token),
        );
      }
    };
    try {
      const answer = await send(body);
      forget();
      return answer;
    } catch (error) {
      if (isPortalApiError(error) && error.status === 404) forget();
      throw error;
    }
  });
}

/**
 * The alerts read, the duties of the alert writes, and a hook that hands the tokens of the visitor's (verified) alert cookie to
 * the page renderer in the ALERT_TOKENS_HEADER request header; a header of that name sent by a
 * browser is dropped first.
 */
async function alertsPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    delete request.headers[ALERT_TOKENS_HEADER];
    // Pages, and the pages rendered after a form posted without JavaScript.
    if (request.method === 'HEAD' || request.url.startsWith('/api/')) return;
    const tokens = cookieTokens(request);
    if (tokens.length > 0) request.headers[ALERT_TOKENS_HEADER] = tokens.join(',');
  });
  await app.register(alertRoutes);
}

export default fp(alertsPlugin, {
  name: 'alerts',
  dependencies: ['@fastify/cookie', 'upstream'],
});
