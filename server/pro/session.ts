import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PortalApiError } from '../../shared/portal-api';
import { PRO_SESSION_COOKIE } from '../../shared/pro';
import { proSignInTooMany } from '../../shared/pro-messages';
import { translate } from '../api/messages';
import { storedQuota } from '../writes/stored-quota';

// The web app's side of the professional space's sessions. The session is the listings API's
// (listings-api/pro/session.ts); the browser holds its random id alone, in the PRO_SESSION_COOKIE
// cookie (HttpOnly, SameSite=Lax, Secure in production or over HTTPS, path /), which the server
// PortalApi forwards with the endpoints marked `session` (server/plugins/upstream.ts). Writes of
// the space are page actions: the page actions' duties (origin check, form bodies, per-IP limit)
// apply to them. This plugin gives the space's writes their own duties:
// - proSignIn: a per-connection (IP) limit of sign-in requests (the listings API limits them per
//   address);
// - proSignInConfirm: the new session's cookie (a new id at each sign-in);
// - proSignOut, proSignOutEverywhere: the cookie cleared.

/** Sign-in requests per connection (IP). */
export const PRO_SIGN_IN_IP_LIMIT = { max: 10, timeWindow: 15 * 60 * 1000 } as const;

/** A session id: 32 random bytes, base64url. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** The session id of the request's cookie; undefined when absent or malformed. */
export function proSessionId(request: FastifyRequest): string | undefined {
  const raw = request.cookies?.[PRO_SESSION_COOKIE];
  return typeof raw === 'string' && SESSION_ID.test(raw) ? raw : undefined;
}

export interface ProCookieOptions {
  /** Secure cookies whatever the request's scheme (production). */
  secure: boolean;
}

export function setProSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  expiresAt: Date,
  options: ProCookieOptions,
): void {
  reply.setCookie(PRO_SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure || request.protocol === 'https',
    path: '/',
    expires: expiresAt,
  });
}

export function clearProSessionCookie(reply: FastifyReply, options: ProCookieOptions): void {
  reply.clearCookie(PRO_SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: '/',
  });
}

async function proSessionWrites(app: FastifyInstance, options: ProCookieOptions) {
  const quota = storedQuota(app, 'pro-sign-in', PRO_SIGN_IN_IP_LIMIT);

  app.addWrite('proSignIn', async ({ request, reply }, body, send) => {
    const hold = await quota.hold(request);
    if ('retryAfter' in hold) {
      reply?.header('retry-after', String(hold.retryAfter));
      throw new PortalApiError(429, translate(proSignInTooMany, body.lang ?? 'fr'));
    }
    try {
      const sent = await send(body);
      await hold.use();
      return sent;
    } catch (error) {
      hold.release();
      throw error;
    }
  });

  app.addWrite('proSignInConfirm', async ({ request, reply }, body, send) => {
    const created = await send(body);
    if (reply) {
      setProSessionCookie(request, reply, created.session, new Date(created.expires_at), options);
    }
    // The id goes into the cookie alone: the page's action never sees it.
    return { ...created, session: '' };
  });

  for (const name of ['proSignOut', 'proSignOutEverywhere'] as const) {
    app.addWrite(name, async ({ reply }, body, send) => {
      try {
        return await send(body);
      } finally {
        if (reply) clearProSessionCookie(reply, options);
      }
    });
  }
}

export default fp(proSessionWrites, {
  name: 'pro-session',
  dependencies: ['@fastify/rate-limit', 'upstream', '@fastify/cookie'],
});
