import fp from 'fastify-plugin';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_FORM_HEADER } from '../../shared/portal-api';
import { errorBody } from '../api/routes';

// Forms posted to a page without JavaScript (contact, phone reveal...): the browser posts the
// form (application/x-www-form-urlencoded, a hidden `_form` field naming it) to the page's own
// URL. The handler of that form does the work (checks, spam guard, listings API) and answers the
// outcome as a header value; the page then renders as for a GET, its loader reading the outcome
// from PAGE_FORM_HEADER (set here only: any such header from outside is dropped). The answer is
// never cached. With JavaScript, the same forms post JSON to their /api route instead.

export type PageFormHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  fields: Record<string, unknown>,
) => Promise<string | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Registers the handler of a page form (field `_form`). It answers the value of
     * PAGE_FORM_HEADER for the page, or undefined when it has answered the request itself.
     */
    addPageForm(name: string, handler: PageFormHandler): void;
  }
}

/** The page route's pattern (server/ssr/page.ts). */
const PAGE_ROUTE = '/*';
const FORM_NAME = /^[a-z][a-z-]{0,30}$/;

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

function isPagePost(request: FastifyRequest): boolean {
  return request.method === 'POST' && request.routeOptions.url === PAGE_ROUTE;
}

async function pageForms(app: FastifyInstance) {
  const handlers = new Map<string, PageFormHandler>();
  app.decorate('addPageForm', (name: string, handler: PageFormHandler) => {
    if (!FORM_NAME.test(name) || handlers.has(name))
      throw new Error(`page form ${name}: bad or taken name`);
    handlers.set(name, handler);
  });
  // Repeated fields become arrays; the form schemas take the first value.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);

  app.addHook('onRequest', async (request) => {
    delete request.headers[PAGE_FORM_HEADER];
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!isPagePost(request)) return;
    if (isCrossSite(request)) {
      return reply.code(403).send(errorBody(403, 'forms are only accepted from this site'));
    }
    const fields = request.body;
    const name =
      typeof fields === 'object' && fields !== null
        ? (fields as Record<string, unknown>)._form
        : undefined;
    const handler = typeof name === 'string' ? handlers.get(name) : undefined;
    if (!handler) return reply.code(400).send(errorBody(400, '_form: no such form', '_form'));
    const state = await handler(request, reply, fields as Record<string, unknown>);
    if (reply.sent) return reply;
    if (state === undefined) throw new Error(`page form ${String(name)} answered nothing`);
    request.headers[PAGE_FORM_HEADER] = state;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (isPagePost(request)) reply.header('cache-control', 'no-store');
    return payload;
  });
}

export default fp(pageForms, { name: 'page-forms' });
