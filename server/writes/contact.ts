import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contactRateLimited, contactRefused } from '../../shared/messages';
import { PortalApiError, type ContactBody } from '../../shared/portal-api';
import { translate } from '../api/messages';
import { storedQuota } from './stored-quota';

// The duties of the contact write (the `contact` action of offer and agency pages, client/
// routes/offer.server.ts), the spam guard the spec asks of the BFF:
// - a signed per-visitor counter cookie lasting one day from the first request; once it reaches
//   settings.maxContact, requests are refused with a clear message and the visitor is flagged
//   isSpammer;
// - behind it, a per-connection (IP) allowance of stored requests (./stored-quota.ts), in Redis
//   when REDIS_URL is set: a request that fails upstream does not use it up;
// - a double submit is stored once: the listings API keeps one row per idempotency key, given by
//   the browser or derived from the request.
// A sent request about an offer counts as an e-mail contact (POST /stat type email).

export const CONTACT_COOKIE = 'contact_counter';
/** The counter's window: one day from the visitor's first request. */
export const CONTACT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Requests per connection (IP) behind the cookie counter, which a visitor can drop. */
export const CONTACT_IP_LIMIT = { max: 30, timeWindow: 60 * 60 * 1000 } as const;

// -------------------------------------------------------------------------------------------------
// The counter cookie

export interface ContactCounter {
  count: number;
  /** When the window started (ms). */
  since: number;
  /** A short hash of the last stored request's key: the same request again does not count. */
  last: string;
}

const COUNTER_VALUE = /^(\d{1,4})\.(\d{10,16})\.([A-Za-z0-9_-]{0,16})$/;

/** The visitor's counter: a fresh one when absent, tampered with or older than a day. */
export function readCounter(request: FastifyRequest, now = Date.now()): ContactCounter {
  const fresh = { count: 0, since: now, last: '' };
  const raw = request.cookies[CONTACT_COOKIE];
  if (!raw) return fresh;
  const unsigned = request.unsignCookie(raw);
  const match = unsigned.valid && unsigned.value ? COUNTER_VALUE.exec(unsigned.value) : null;
  if (!match) return fresh;
  const counter = { count: Number(match[1]), since: Number(match[2]), last: match[3] ?? '' };
  if (counter.since > now || now - counter.since >= CONTACT_WINDOW_MS) return fresh;
  return counter;
}

function writeCounter(
  request: FastifyRequest,
  reply: FastifyReply,
  counter: ContactCounter,
  now: number,
) {
  const left = Math.max(1, Math.ceil((counter.since + CONTACT_WINDOW_MS - now) / 1000));
  reply.setCookie(CONTACT_COOKIE, `${counter.count}.${counter.since}.${counter.last}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: left,
  });
}

const shortHash = (text: string) =>
  createHash('sha256').update(text).digest('base64url').slice(0, 16);

/** The key of a request the browser did not key: the same visitor sending the same text the same day. */
function derivedKey(body: ContactBody, now: number) {
  const day = new Date(now).toISOString().slice(0, 10);
  return `d:${shortHash(
    JSON.stringify([
      body.offer_id ?? null,
      body.agency_id ?? null,
      body.name,
      body.phone,
      body.email.toLowerCase(),
      body.message,
      body.reco ?? false,
      day,
    ]),
  )}`;
}

async function contactWrite(app: FastifyInstance) {
  const quota = storedQuota(app, 'contact', CONTACT_IP_LIMIT);

  app.addWrite('contact', async ({ request, reply, api }, body, send) => {
    const now = Date.now();
    const counter = readCounter(request, now);
    const { maxContact } = (await api.get('config', {})).settings;
    if (counter.count >= maxContact) {
      request.log.info({ count: counter.count }, 'contact refused: counter at its maximum');
      throw new PortalApiError(429, translate(contactRefused, body.lang), {
        status: 'refused',
        isSpammer: true,
      });
    }
    const hold = await quota.hold(request);
    if ('retryAfter' in hold) {
      // When the visitor's address may send again.
      reply?.header('retry-after', String(hold.retryAfter));
      throw new PortalApiError(429, translate(contactRateLimited, body.lang), {
        status: 'rate-limited',
        isSpammer: false,
      });
    }
    const key = body.idempotency_key ?? derivedKey(body, now);
    let created;
    try {
      created = await send({ ...body, idempotency_key: key });
    } catch (error) {
      hold.release();
      throw error;
    }

    const last = shortHash(key);
    const repeated = counter.last === last;
    const next = repeated ? counter : { count: counter.count + 1, since: counter.since, last };
    if (repeated) hold.release();
    else await hold.use();
    if (reply) writeCounter(request, reply, next, now);
    if (body.offer_id !== undefined) {
      // The stat is worth a log line, not a failed request (the contact is stored), nor a wait:
      // the answer does not depend on it. It goes on after the answer, so not with the page's
      // calls (aborted once the page is sent).
      void app
        .portalApi(request)
        .send('stat', { type: 'email', id: body.offer_id })
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'stat email not recorded');
        });
    }
    return { ...created, isSpammer: next.count >= maxContact };
  });
}

export default fp(contactWrite, {
  name: 'contact',
  dependencies: ['@fastify/rate-limit', '@fastify/cookie', 'upstream'],
});
