import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  AlertCreatedSchema,
  AlertCriteriaSchema,
  LANGS,
  type AlertCriteria,
  type Lang,
} from '../../shared/contract';
import { AlertFormSchema, parseForm } from '../../shared/forms';
import { emailInvalid, emailRequired } from '../../shared/messages';
import {
  ALERT_TOKENS_HEADER,
  ALERT_TOKEN_PATTERN,
  API_PATHS,
  HEADER_PARAMS,
  isPortalApiError,
} from '../../shared/portal-api';
import { ROUTE_BY_SCREEN } from '../../shared/routes';
import { LANG_COOKIE, isLocalPath, preferredLanguage } from '../routes/language';
import { isUpstreamError } from '../upstream/errors';
import { ownEndpoints, upstreamRequest } from './endpoints';
import { isCrossSite } from '../ssr/page-forms';
import { FORM_RATE_LIMIT, errorBody, sendInvalid } from './routes';

// The alerts of a visitor without an account (spec sections 3 and 7). POST /alerte answers an
// unguessable token, the only key to the alert: the browser keeps it (localStorage) and this BFF
// keeps it too, in a signed httpOnly cookie, so the alerts page rendered without JavaScript knows
// the visitor's alerts. Nobody can list or delete an alert without its token.
//
//   GET    /api/alerts            the alerts of the cookie and of the tokens in x-alert-tokens
//                                  (never in the URL: a token there is refused)
//   POST   /api/alerts            create (JSON → 201 {token, alert}; form → 303 to the alerts page)
//   DELETE /api/alerts            delete one: JSON {token, lang} → 204
//   POST   /api/alerts/delete     delete one from a form (no JavaScript) → 303 to the alerts page
//
// Errors are 4xx JSON bodies with a message in the visitor's language and a `code`; a form post
// goes back to its page with `alert_error={code}` (create) or `status={code}` (delete) instead.

export const ALERT_COOKIE = 'alert_tokens';
/** Tokens the cookie keeps (the newest): 30 × 44 characters stays far below 4 KB. */
export const COOKIE_MAX_TOKENS = 30;
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export type AlertErrorCode =
  | 'email-required'
  | 'email-invalid'
  | 'criteria'
  | 'duplicate'
  | 'token'
  | 'unknown-alert'
  | 'unavailable'
  | 'cross-site';

const TEXTS: Record<AlertErrorCode, Record<Lang, string>> = {
  'email-required': { fr: emailRequired.message!, en: 'Please enter an email address' },
  'email-invalid': { fr: emailInvalid.message!, en: 'Please enter a valid email address' },
  criteria: {
    fr: 'Les critères de cette recherche ne peuvent pas être enregistrés.',
    en: 'The criteria of this search cannot be saved.',
  },
  duplicate: {
    fr: 'Une alerte existe déjà pour cette recherche avec cette adresse e-mail.',
    en: 'An alert already exists for this search with this email address.',
  },
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
  'cross-site': {
    fr: 'Ce formulaire n’est accepté que depuis ce site.',
    en: 'This form is only accepted from this site.',
  },
};

const FIELD: Partial<Record<AlertErrorCode, string>> = {
  'email-required': 'email',
  'email-invalid': 'email',
  criteria: 'criteria',
  duplicate: 'criteria',
  token: 'token',
};

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

/** The search criteria of a new alert: an object (JSON) or its JSON text (form). */
const CriteriaInput = v.pipe(
  v.union([
    v.pipe(
      v.string(),
      v.maxLength(4000),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        try {
          return JSON.parse(dataset.value) as unknown;
        } catch {
          addIssue({ message: 'must be the JSON of the search criteria' });
          return NEVER;
        }
      }),
    ),
    v.looseObject({}),
  ]),
  AlertCriteriaSchema,
);

const CreateExtras = v.object({
  lang: v.optional(v.picklist(LANGS)),
  criteria: CriteriaInput,
  /** The page the form was on (no JavaScript: where errors are shown). */
  back: v.optional(v.pipe(v.string(), v.maxLength(2000), v.check(isLocalPath))),
});

const DeleteBody = v.object({ token: Token, lang: v.optional(v.picklist(LANGS)) });

function isForm(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

// ---------------------------------------------------------------------------------------------
// Answers

/**
 * A write posted from another site (a forged form or script) is refused with a 403 in the
 * visitor's language: it would create or delete alerts, and change the visitor's alert cookie.
 */
export function refuseCrossSite(request: FastifyRequest, reply: FastifyReply, lang: Lang) {
  return isCrossSite(request) ? sendAlertError(reply, 403, 'cross-site', lang) : undefined;
}

function sendAlertError(
  reply: FastifyReply,
  status: number,
  code: AlertErrorCode,
  lang: Lang,
  extra: Record<string, unknown> = {},
) {
  const body = errorBody(status, alertErrorText(code, lang), FIELD[code]);
  if (status === 409) body.error = 'Conflict';
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ ...body, code, ...extra });
}

/** The code and status of a failed listings-API call of this file. */
function classify(
  error: unknown,
  notFound: AlertErrorCode,
): { status: number; code: AlertErrorCode } | undefined {
  if (!isUpstreamError(error) && !isPortalApiError(error)) return undefined;
  const status = error.status;
  if (status === 409) return { status, code: 'duplicate' };
  if (status === 404) return { status, code: notFound };
  if (status === 400) {
    const field = (error.body as { field?: unknown } | undefined)?.field;
    if (typeof field === 'string' && field.startsWith('email'))
      return { status, code: 'email-invalid' };
    if (typeof field === 'string' && /token/.test(field)) return { status, code: 'token' };
    return { status, code: 'criteria' };
  }
  return { status: status >= 500 ? status : 502, code: 'unavailable' };
}

/**
 * `/fr/alertes/?status=…`: the alerts page in a language with a status message. A static path of
 * the route table, so it needs no configuration (and works while the listings API is down).
 */
export function alertsPagePath(lang: Lang, query: Record<string, string>): string {
  return `${ROUTE_BY_SCREEN.alerts.paths[lang]}?${new URLSearchParams(query)}`;
}

function withQuery(path: string, key: string, value: string, hash?: string): string {
  const url = new URL(path, 'http://local.invalid');
  url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${hash ? `#${hash}` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Routes

async function alertRoutes(app: FastifyInstance): Promise<void> {
  // Forms posted without JavaScript.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => {
        const params = new URLSearchParams(String(body));
        const out: Record<string, string> = {};
        // The first value of a repeated key wins.
        for (const [key, value] of params) if (!(key in out)) out[key] = value;
        done(null, out);
      },
    );
  }

  app.get(API_PATHS.alerts, async (request, reply) => {
    const lang = visitorLang(request);
    const url = (request.query ?? {}) as Record<string, unknown>;
    const inUrl = url.tokens !== undefined || url.token !== undefined;
    const query = v.safeParse(ListQuery, { tokens: request.headers[TOKENS_HEADER] });
    if (inUrl || !query.success) return sendAlertError(reply, 400, 'token', lang);
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
      const failure = classify(error, 'unknown-alert');
      if (!failure) throw error;
      return sendAlertError(reply, failure.status, failure.code, lang);
    }
  });

  app.post(
    API_PATHS.alerts,
    { config: { rateLimit: FORM_RATE_LIMIT }, bodyLimit: 16 * 1024 },
    async (request, reply) => {
      const form = isForm(request);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const lang = visitorLang(request, body.lang);
      const refused = refuseCrossSite(request, reply, lang);
      if (refused) return refused;
      const back = typeof body.back === 'string' && isLocalPath(body.back) ? body.back : undefined;

      const fail = async (status: number, code: AlertErrorCode) => {
        if (!form) return sendAlertError(reply, status, code, lang);
        const target = back
          ? withQuery(back, 'alert_error', code, 'alert-form')
          : alertsPagePath(lang, { status: code });
        return reply.code(303).header('cache-control', 'no-store').redirect(target, 303);
      };

      if (typeof body !== 'object' || Array.isArray(body)) return fail(400, 'criteria');
      const fields = parseForm(AlertFormSchema, {
        email: body.email,
        contactProximite: body.contactProximite,
      });
      if (!fields.ok) {
        return fail(
          400,
          fields.errors.email?.id === emailRequired.id ? 'email-required' : 'email-invalid',
        );
      }
      const extras = v.safeParse(CreateExtras, body);
      if (!extras.success) {
        if (!form) return sendInvalid(reply, extras.issues, 'criteria');
        return fail(400, 'criteria');
      }

      try {
        const api = app.portalApi(request);
        const config = await api.get('config', {});
        const criteria: AlertCriteria = { ...extras.output.criteria };
        // A place that points to an omr list is searched through the list (shared/criteria
        // toApiParams): the alert must search what the result list showed, whatever page (or
        // page of an older version) sent it.
        if (criteria.lieu != null && criteria.omr_list_id == null) {
          const lieu = await api
            .get('lieu', { id: criteria.lieu, lang })
            .catch((error: unknown) => {
              // An unknown place is the listings API's to judge, as before.
              if (isPortalApiError(error) && error.status === 404) return null;
              throw error;
            });
          if (lieu?.omr_list_id != null) criteria.omr_list_id = lieu.omr_list_id;
        }
        const created = await app.upstream.send('POST', '/alerte', AlertCreatedSchema, {
          body: {
            email: fields.value.email,
            // The consent is only asked (and only kept) where the portal offers it.
            contactProximite: config.settings.enableContactProximite
              ? fields.value.contactProximite
              : false,
            lang,
            criteria,
          },
          requestId: request.id,
        });
        setCookieTokens(request, reply, [...cookieTokens(request), created.token]);
        reply.header('cache-control', 'no-store');
        if (form) {
          return reply.code(303).redirect(alertsPagePath(lang, { status: 'created' }), 303);
        }
        return reply.code(201).send(created);
      } catch (error) {
        const failure = classify(error, 'criteria');
        if (!failure) throw error;
        if (failure.status >= 500) request.log.warn({ err: error }, 'alert not created');
        return fail(failure.status, failure.code);
      }
    },
  );

  async function deleteAlert(request: FastifyRequest, token: string): Promise<void> {
    const def = ownEndpoints.alertDelete;
    // The token goes as a header: never in a URL that access logs keep.
    const { query, headers } = upstreamRequest({ token }, def.upstreamHeaders);
    await app.upstream.send(def.method, def.upstream, def.answer, {
      query,
      headers,
      requestId: request.id,
    });
  }

  app.delete(
    API_PATHS.alerts,
    { config: { rateLimit: FORM_RATE_LIMIT }, bodyLimit: 4 * 1024 },
    async (request, reply) => {
      const given = (request.body ?? {}) as Record<string, unknown>;
      const lang = visitorLang(request, given.lang);
      const refused = refuseCrossSite(request, reply, lang);
      if (refused) return refused;
      const body = v.safeParse(DeleteBody, given);
      if (!body.success) return sendAlertError(reply, 400, 'token', lang);
      try {
        await deleteAlert(request, body.output.token);
      } catch (error) {
        const failure = classify(error, 'unknown-alert');
        if (!failure) throw error;
        return sendAlertError(reply, failure.status, failure.code, lang);
      }
      setCookieTokens(
        request,
        reply,
        cookieTokens(request).filter((token) => token !== body.output.token),
      );
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );

  app.post(
    `${API_PATHS.alerts}/delete`,
    { config: { rateLimit: FORM_RATE_LIMIT }, bodyLimit: 4 * 1024 },
    async (request, reply) => {
      const given = (request.body ?? {}) as Record<string, unknown>;
      const lang = visitorLang(request, given.lang);
      const refused = refuseCrossSite(request, reply, lang);
      if (refused) return refused;
      const body = v.safeParse(DeleteBody, given);
      let status = 'deleted';
      if (!body.success) status = 'token';
      else {
        try {
          await deleteAlert(request, body.output.token);
          setCookieTokens(
            request,
            reply,
            cookieTokens(request).filter((token) => token !== body.output.token),
          );
        } catch (error) {
          const failure = classify(error, 'unknown-alert');
          if (!failure) throw error;
          status = failure.code;
        }
      }
      return reply
        .code(303)
        .header('cache-control', 'no-store')
        .redirect(alertsPagePath(lang, { status }), 303);
    },
  );
}

/**
 * The alerts API, and a hook that hands the tokens of the visitor's (verified) alert cookie to
 * the page renderer in the ALERT_TOKENS_HEADER request header; a header of that name sent by a
 * browser is dropped first.
 */
async function alertsPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    delete request.headers[ALERT_TOKENS_HEADER];
    if (request.method !== 'GET' || request.url.startsWith('/api/')) return;
    const tokens = cookieTokens(request);
    if (tokens.length > 0) request.headers[ALERT_TOKENS_HEADER] = tokens.join(',');
  });
  await app.register(alertRoutes);
}

export default fp(alertsPlugin, {
  name: 'alerts-api',
  dependencies: ['@fastify/cookie', 'upstream'],
});
