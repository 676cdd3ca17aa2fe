import fp from 'fastify-plugin';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formCrossSite, formTooMany, formUnknown } from '../../shared/messages';
import { FORM_FIELD, FORM_NAME } from '../../shared/page-actions';
import { HttpError } from '../http-errors';

// Forms post to their page's own URL (shared/page-actions.ts); the page's route action does the
// write (client/app/routes.tsx, run by server/ssr/page.ts). Before any action runs, the BFF's
// duties are enforced here, once for every form:
// - a POST from another site (a forged form) is refused: browsers say where a request comes from
//   (Sec-Fetch-Site, Origin);
// - only form bodies (application/x-www-form-urlencoded), at most PAGE_FORM_BODY_LIMIT bytes;
// - a form name in `_form`;
// - a per-connection (IP) limit of form posts, in Redis when REDIS_URL is set.
// The answer of a form post is never cached. A form's own duties (the contact counter cookie,
// idempotency keys) are the server PortalApi's, through the request (server/plugins/upstream.ts).

/**
 * Form posts per connection (IP): well above what a visitor sends, well below a flood. Forms
 * with a tighter limit of their own (contact) keep it behind this one.
 */
export const PAGE_FORM_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

/** Largest form body a page takes (bytes). */
export const PAGE_FORM_BODY_LIMIT = 32 * 1024;

/** The page route's pattern (server/ssr/page.ts). */
const PAGE_ROUTE = '/*';

/** A POST from another site (a forged form) is refused; browsers say where a request comes from. */
export function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === 'null') return origin === 'null';
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}

export function isPagePost(request: FastifyRequest): boolean {
  return request.method === 'POST' && request.routeOptions.url === PAGE_ROUTE;
}

async function pageActions(app: FastifyInstance) {
  // Repeated fields become arrays; the form schemas take the first value.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);
  const limit = app.createRateLimit({
    ...PAGE_FORM_RATE_LIMIT,
    keyGenerator: (request) => `page-form:${request.ip}`,
  });

  app.addHook('preHandler', async (request) => {
    if (!isPagePost(request)) return;
    if (isCrossSite(request)) {
      throw new HttpError(403, formCrossSite);
    }
    const type = request.headers['content-type'] ?? '';
    if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      throw new HttpError(415, formUnknown);
    }
    const fields = request.body;
    const name =
      typeof fields === 'object' && fields !== null && !Array.isArray(fields)
        ? (fields as Record<string, unknown>)[FORM_FIELD]
        : undefined;
    if (typeof name !== 'string' || !FORM_NAME.test(name)) {
      throw new HttpError(400, formUnknown, { field: FORM_FIELD });
    }
    const allowed = await limit(request);
    if (!allowed.isAllowed && allowed.isExceeded) {
      const seconds = String(Math.max(1, Math.ceil(allowed.ttlInSeconds)));
      throw new HttpError(429, formTooMany, { headers: { 'retry-after': seconds } });
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (isPagePost(request)) reply.header('cache-control', 'no-store');
    return payload;
  });
}

export default fp(pageActions, {
  name: 'page-actions',
  dependencies: ['@fastify/rate-limit'],
});
