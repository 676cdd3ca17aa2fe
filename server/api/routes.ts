import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { BFF_PATHS } from '../../shared/bff-paths';
import { API_PATHS, type SendName } from '../../shared/portal-api';
import { invalid, notFound } from '../http-errors';
import { browserGets, browserSends, type BrowserGetName, type OwnRouteSend } from './endpoints';

// The /api/* JSON endpoints of the browser's PortalApi: each parses its input with the schema of
// its row in endpoints.ts (bad input → 400 naming the field), calls the listings API and answers
// the contract shape. Failures are thrown as HTTP errors (server/http-errors.ts): the error
// handler answers them as JSON in the visitor's language.
//
// Write endpoints (POST) are rate limited per visitor (@fastify/rate-limit, Redis-backed when
// REDIS_URL is set): a new one is a row in browserSends, or a route of its own declared with
// `config: { rateLimit: FORM_RATE_LIMIT }` when it needs more than a pass-through.

export const FORM_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

// The error answers of the routes that still write their own (server/http-errors.ts).
export { errorBody, sendApiFailure, sendInvalid, type ApiErrorBody } from '../http-errors';

export async function apiRoutes(app: FastifyInstance): Promise<void> {
  for (const name of Object.keys(browserGets) as BrowserGetName[]) {
    const def = browserGets[name];
    app.get(API_PATHS[name], async (request, reply) => {
      const query = v.safeParse(def.query, request.query ?? {});
      if (!query.success) throw invalid(query.issues, 'query');
      // A failure of the listings API goes to the error handler as it is (its own status).
      const answer = await app.portalApi(request).get(name, query.output as never);
      reply.header('cache-control', def.maxAge ? `public, max-age=${def.maxAge}` : 'no-store');
      return answer;
    });
  }

  for (const name of Object.keys(browserSends) as Exclude<SendName, OwnRouteSend>[]) {
    const def = browserSends[name];
    app.route({
      method: 'POST',
      url: API_PATHS[name],
      bodyLimit: 16 * 1024,
      config: { rateLimit: FORM_RATE_LIMIT },
      handler: async (request, reply) => {
        const body = v.safeParse(def.body, request.body ?? {});
        if (!body.success) throw invalid(body.issues, 'body');
        const answer = await app.portalApi(request).send(name, body.output as never);
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
