import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { LangSchema, type AlertMailAction, type Lang } from '../../shared/contract';
import { alertsPagePath, visitorLang } from '../writes/alerts';
import { HttpError } from '../http-errors';
import { isPortalApiError } from '../../shared/portal-api';
import { BFF_PATHS } from '../../shared/bff-paths';

// The links of alert mails (listings-api/alerts): their token is a signed alert id, checked by
// the listings API (POST /alerte/confirm, POST /alerte/unsubscribe). A GET never changes
// anything: mail scanners and link previews fetch links on their own, and would otherwise
// confirm addresses nobody confirmed or stop alerts nobody stopped. Each link opens the alerts
// page, in the language of the link (the alert's; else the visitor's), with one button posting
// the page's `alert-confirm` or `alert-unsubscribe` action (client/routes/alerts.server.ts).
//
//   GET  /alerts/confirm?token=…&lang=…      303 to the alerts page asking for the click on
//                                            "confirm" (confirm={token})
//   GET  /alerts/unsubscribe?token=…&lang=…  303 to the alerts page asking for the click on
//                                            "unsubscribe" (unsubscribe={token})
//   POST /alerts/unsubscribe?token=…         the one-click POST of a mail provider (body
//                                            List-Unsubscribe=One-Click, RFC 8058) → 200 text;
//                                            any other POST changes nothing: 303 as the GET
//
// The one-click unsubscribe stays a route of its own rather than a page action: mail providers
// post it from their own site to the URL of the mail's List-Unsubscribe header, which has no
// language and no page, url-encoded or multipart, without the `_form` field of page forms, and
// expect a short answer, not a page. Its token authenticates it; nothing else is read or written
// (no cookie). A malformed or forged token answers 400, an alert that no longer exists is done
// already (no mail will come): 200, in plain text.

const MailToken = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(),
  v.maxLength(100),
  v.regex(/^[A-Za-z0-9._-]+$/),
);

const TokenQuery = v.object({ token: v.optional(v.string()), lang: v.optional(v.string()) });

type Outcome =
  | { ok: true; action: AlertMailAction }
  | { ok: false; status: number; code: 'link-invalid' | 'link-gone' | 'unavailable' };

const ONE_CLICK_TEXTS: Record<
  'done' | 'link-invalid' | 'link-gone' | 'unavailable',
  Record<Lang, string>
> = {
  done: {
    fr: 'Vous ne recevrez plus les e-mails de cette alerte.',
    en: 'You will no longer receive the e-mails of this alert.',
  },
  'link-invalid': { fr: "Ce lien n'est pas valide.", en: 'This link is not valid.' },
  'link-gone': { fr: "Cette alerte n'existe plus.", en: 'This alert no longer exists.' },
  unavailable: {
    fr: 'Le service est momentanément indisponible. Veuillez réessayer plus tard.',
    en: 'The service is temporarily unavailable. Please try again later.',
  },
};

const UNREADABLE: Record<Lang, string> = {
  fr: 'body : doit être un formulaire.',
  en: 'body: must be a form.',
};

/** A body that is not a form (JSON null, a list, a string): a 400 in the visitor's language. */
function refuseUnreadable(request: FastifyRequest) {
  const body: unknown = request.body;
  if (body === undefined || (typeof body === 'object' && body !== null && !Array.isArray(body)))
    return;
  throw new HttpError(400, UNREADABLE[visitorLang(request)], { field: 'body' });
}

function tokenOf(request: FastifyRequest): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  const fromBody = body && typeof body === 'object' ? body.token : undefined;
  const query = v.safeParse(TokenQuery, request.query ?? {});
  const raw = typeof fromBody === 'string' ? fromBody : query.success ? query.output.token : '';
  const token = v.safeParse(MailToken, raw ?? '');
  return token.success ? token.output : undefined;
}

/** The language of a link or of its page's form, else the visitor's. */
function linkLang(request: FastifyRequest): Lang {
  const body = request.body as Record<string, unknown> | undefined;
  const query = v.safeParse(TokenQuery, request.query ?? {});
  const given =
    (body && typeof body === 'object' ? body.lang : undefined) ??
    (query.success ? query.output.lang : undefined);
  const lang = v.safeParse(LangSchema, given);
  return lang.success ? lang.output : visitorLang(request);
}

/** Fields of a small multipart/form-data body (text fields only). */
export function parseMultipartFields(body: string, contentType: string): Record<string, string> {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const out: Record<string, string> = {};
  if (!boundary) return out;
  for (const part of body.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const name = /name="([^"]*)"/i.exec(part.slice(0, split))?.[1];
    if (name && !(name in out)) out[name] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return out;
}

export async function alertLinkRoutes(app: FastifyInstance): Promise<void> {
  // One-click POSTs come as a form, url-encoded or multipart (RFC 8058 section 3.1).
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
  }
  if (!app.hasContentTypeParser('multipart/form-data')) {
    app.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'string', bodyLimit: 4096 },
      (request, body, done) => {
        done(null, parseMultipartFields(String(body), request.headers['content-type'] ?? ''));
      },
    );
  }

  async function unsubscribe(request: FastifyRequest, token: string | undefined): Promise<Outcome> {
    if (!token) return { ok: false, status: 400, code: 'link-invalid' };
    try {
      const action = await app.portalApi(request).send('alertUnsubscribe', { token });
      return { ok: true, action };
    } catch (error) {
      if (!isPortalApiError(error)) throw error;
      if (error.status === 400) return { ok: false, status: 400, code: 'link-invalid' };
      if (error.status === 404) return { ok: false, status: 404, code: 'link-gone' };
      request.log.warn({ err: error }, 'one-click unsubscribe not handled');
      return { ok: false, status: error.status >= 500 ? error.status : 502, code: 'unavailable' };
    }
  }

  const redirect = (reply: FastifyReply, to: string) =>
    reply.code(303).header('cache-control', 'no-store').redirect(to, 303);

  /** The alerts page asking for the click that confirms or unsubscribes. */
  const askClick = (
    request: FastifyRequest,
    reply: FastifyReply,
    purpose: 'confirm' | 'unsubscribe',
  ) => {
    const token = tokenOf(request);
    const lang = linkLang(request);
    return redirect(
      reply,
      alertsPagePath(lang, token ? { [purpose]: token } : { status: 'link-invalid' }),
    );
  };

  app.get(BFF_PATHS.alertConfirm, async (request, reply) => askClick(request, reply, 'confirm'));
  app.get(BFF_PATHS.alertUnsubscribe, async (request, reply) =>
    askClick(request, reply, 'unsubscribe'),
  );

  app.post(BFF_PATHS.alertUnsubscribe, { bodyLimit: 4096 }, async (request, reply) => {
    refuseUnreadable(request);
    const body = request.body as Record<string, unknown> | undefined;
    const oneClick =
      body != null && typeof body === 'object' && body['List-Unsubscribe'] === 'One-Click';
    // Not the one-click POST: the page asks for the click, as the link does.
    if (!oneClick) return askClick(request, reply, 'unsubscribe');
    const outcome = await unsubscribe(request, tokenOf(request));
    // An alert deleted since (by its owner, or by the purge once unsubscribed) sends nothing more.
    const done = outcome.ok || outcome.code === 'link-gone';
    const lang = outcome.ok ? outcome.action.alert.lang : linkLang(request);
    return reply
      .code(done ? 200 : outcome.status)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(ONE_CLICK_TEXTS[done ? 'done' : outcome.code][lang]);
  });
}
