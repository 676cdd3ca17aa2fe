import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { AlertMailActionSchema, type AlertMailAction, type Lang } from '../../shared/contract';
import { alertsPagePath, visitorLang } from '../api/alerts';
import { isUpstreamError } from '../upstream/errors';

// The links of alert mails (listings-api/alerts): their token is a signed alert id, checked by
// the listings API (POST /alerte/confirm, POST /alerte/unsubscribe).
//
//   GET  /alerts/confirm?token=…      confirms the address (double opt-in), then 303 to the
//                                     alerts page in the alert's language: status=confirmed
//   GET  /alerts/unsubscribe?token=…  changes nothing (mail software fetches links on its own,
//                                     the reason for RFC 8058): 303 to the alerts page, which
//                                     asks for one click on a button posting to the route below
//   POST /alerts/unsubscribe?token=…  the page's button → 303 to the alerts page in the alert's
//                                     language (status=unsubscribed); the one-click POST of a
//                                     mail provider (body List-Unsubscribe=One-Click, RFC 8058)
//                                     → 200 text
// A malformed or forged token goes to the alerts page with status=link-invalid (the page answers
// 400), an alert that no longer exists with status=link-gone (404); the one-click POST gets those
// statuses itself, in plain text.

const MailToken = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(),
  v.maxLength(100),
  v.regex(/^[A-Za-z0-9._-]+$/),
);

const TokenQuery = v.object({ token: v.optional(v.string()) });

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

function tokenOf(request: FastifyRequest): string | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  const fromBody = body && typeof body === 'object' ? body.token : undefined;
  const query = v.safeParse(TokenQuery, request.query ?? {});
  const raw = typeof fromBody === 'string' ? fromBody : query.success ? query.output.token : '';
  const token = v.safeParse(MailToken, raw ?? '');
  return token.success ? token.output : undefined;
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

  async function act(
    request: FastifyRequest,
    purpose: 'confirm' | 'unsubscribe',
    token: string | undefined,
  ): Promise<Outcome> {
    if (!token) return { ok: false, status: 400, code: 'link-invalid' };
    try {
      const action = await app.upstream.send('POST', `/alerte/${purpose}`, AlertMailActionSchema, {
        body: { token },
        requestId: request.id,
      });
      return { ok: true, action };
    } catch (error) {
      if (!isUpstreamError(error)) throw error;
      if (error.status === 400) return { ok: false, status: 400, code: 'link-invalid' };
      if (error.status === 404) return { ok: false, status: 404, code: 'link-gone' };
      request.log.warn({ err: error, purpose }, 'alert link not handled');
      return { ok: false, status: error.status >= 500 ? error.status : 502, code: 'unavailable' };
    }
  }

  const redirect = (reply: FastifyReply, to: string) =>
    reply.code(303).header('cache-control', 'no-store').redirect(to, 303);

  app.get('/alerts/confirm', async (request, reply) => {
    const outcome = await act(request, 'confirm', tokenOf(request));
    if (outcome.ok) {
      return redirect(reply, alertsPagePath(outcome.action.alert.lang, { status: 'confirmed' }));
    }
    return redirect(reply, alertsPagePath(visitorLang(request), { status: outcome.code }));
  });

  app.get('/alerts/unsubscribe', async (request, reply) => {
    const token = tokenOf(request);
    const lang = visitorLang(request);
    return redirect(
      reply,
      alertsPagePath(lang, token ? { unsubscribe: token } : { status: 'link-invalid' }),
    );
  });

  app.post('/alerts/unsubscribe', { bodyLimit: 4096 }, async (request, reply) => {
    const body = request.body as Record<string, unknown> | undefined;
    const oneClick =
      body !== undefined && typeof body === 'object' && body['List-Unsubscribe'] === 'One-Click';
    const outcome = await act(request, 'unsubscribe', tokenOf(request));
    if (oneClick) {
      const lang = outcome.ok ? outcome.action.alert.lang : visitorLang(request);
      return reply
        .code(outcome.ok ? 200 : outcome.status)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(ONE_CLICK_TEXTS[outcome.ok ? 'done' : outcome.code][lang]);
    }
    if (outcome.ok) {
      return redirect(reply, alertsPagePath(outcome.action.alert.lang, { status: 'unsubscribed' }));
    }
    return redirect(reply, alertsPagePath(visitorLang(request), { status: outcome.code }));
  });
}
