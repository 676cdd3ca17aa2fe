import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { BFF_PATHS } from '../../shared/bff-paths';
import { getEndpoints, sendEndpoints } from '../../shared/endpoints';
import type { GetName, SendName } from '../../shared/portal-api';
import { invalid, notFound } from '../http-errors';

// The /api/* JSON endpoints of the browser's PortalApi, one per row of the endpoint table
// (shared/endpoints.ts) with a `browser` path: each parses its input with the row's schema (bad
// input → 400 naming the field), calls the listings API and answers the contract shape. Failures
// are thrown as HTTP errors (server/http-errors.ts): the error handler answers them as JSON in the
// visitor's language. Rows served by a route of their own (`ownRoute`) are left to it.
//
// Write endpoints (POST) are rate limited per visitor (@fastify/rate-limit, Redis-backed when
// REDIS_URL is set): a route of its own that needs more than a pass-through is declared with
// `config: { rateLimit: FORM_RATE_LIMIT }`.

export const FORM_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

export async function apiRoutes(app: FastifyInstance): Promise<void> {
  for (const [name, row] of Object.entries(getEndpoints)) {
    if ('ownRoute' in row && row.ownRoute) continue;
    const maxAge = 'maxAge' in row ? row.maxAge : undefined;
    app.get(row.browser, async (request, reply) => {
      const query = v.safeParse(row.query, request.query ?? {});
      if (!query.success) throw invalid(query.issues, 'query');
      // A failure of the listings API goes to the error handler as it is (its own status).
      const answer = await app.portalApi(request).get(name as GetName, query.output as never);
      const session = 'session' in row && row.session;
      reply.header(
        'cache-control',
        session ? 'private, no-store' : maxAge ? `public, max-age=${maxAge}` : 'no-store',
      );
      return answer;
    });
  }

  for (const [name, row] of Object.entries(sendEndpoints)) {
    app.route({
      method: 'POST',
      url: row.browser,
      bodyLimit: 16 * 1024,
      config: { rateLimit: FORM_RATE_LIMIT },
      handler: async (request, reply) => {
        const body = v.safeParse(row.body, request.body ?? {});
        if (!body.success) throw invalid(body.issues, 'body');
        const answer = await app.portalApi(request).send(name as SendName, body.output as never);
        reply.header('cache-control', 'no-store');
        return reply.code(201).send(answer);
      },
    });
  }

  // Unknown /api paths answer JSON, not the HTML not-found page.
  app.all(`${BFF_PATHS.api}*`, async () => {
    throw notFound();
  });
}
