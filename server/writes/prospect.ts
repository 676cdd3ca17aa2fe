import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { parsePhone } from '../../shared/contact-forms';
import { PortalApiError, type ProspectBody } from '../../shared/portal-api';
import { prospectRateLimited } from '../../shared/prospect-state';
import { translate } from '../api/messages';
import { storedQuota } from './stored-quota';

// The duties of the prospect write (the `prospect` action of the professional contact page,
// client/routes/pro-contact.server.ts), beside those of every form posted to a page
// (server/ssr/page-actions.ts: cross-site refusal, form bodies only, the pages' own limit):
// - a per-connection (IP) limit of its own, tighter than the pages' one, in Redis when REDIS_URL
//   is set;
// - a double submit (two clicks, a form posted again) is stored, and its confirmation mailed,
//   once: the same request from the same person the same day has one idempotency key, and the
//   listings API keeps one row per key.

/** Professional requests per connection (IP). */
export const PROSPECT_IP_LIMIT = { max: 30, timeWindow: 60 * 1000 } as const;

/**
 * The key of a request: the same fields (the same number however written), in the same language,
 * the same day.
 */
export function prospectKey(body: ProspectBody, now = Date.now()): string {
  const digest = createHash('sha256')
    .update(
      JSON.stringify([
        body.lastname,
        body.firstname,
        body.company,
        body.city,
        body.lieu_id ?? null,
        parsePhone(body.phone)?.number ?? body.phone,
        body.email.toLowerCase(),
        body.message,
        body.lang,
        new Date(now).toISOString().slice(0, 10),
      ]),
    )
    .digest('base64url');
  return `p:${digest.slice(0, 32)}`;
}

async function prospectWrite(app: FastifyInstance) {
  const quota = storedQuota(app, 'prospect', PROSPECT_IP_LIMIT);

  app.addWrite('prospect', async ({ request, reply }, body, send) => {
    const hold = await quota.hold(request);
    if ('retryAfter' in hold) {
      // When the visitor's address may send again.
      reply?.header('retry-after', String(hold.retryAfter));
      throw new PortalApiError(429, translate(prospectRateLimited, body.lang), {
        status: 'rate-limited',
      });
    }
    let sent;
    try {
      sent = await send({ ...body, idempotency_key: body.idempotency_key ?? prospectKey(body) });
    } catch (error) {
      hold.release();
      request.log.warn({ err: error }, 'prospect request not sent');
      throw error;
    }
    await hold.use();
    return sent;
  });
}

export default fp(prospectWrite, {
  name: 'prospect',
  dependencies: ['@fastify/rate-limit', 'upstream'],
});
