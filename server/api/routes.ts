import type { FastifyInstance, FastifyReply } from 'fastify';
import * as v from 'valibot';
import { BFF_PATHS } from '../../shared/bff-paths';
import { OfferObsoleteSchema } from '../../shared/contract';
import {
  API_PATHS,
  isPortalApiError,
  type GetName,
  type OwnGetName,
  type SendName,
} from '../../shared/portal-api';
import { getEndpoints, sendEndpoints } from './endpoints';

// The /api/* JSON endpoints of the browser's PortalApi: each parses its input with the schema of
// its row in endpoints.ts (bad input → 400 naming the field), calls the listings API and answers
// the contract shape, or the upstream failure as JSON with its status.
//
// Write endpoints (POST) are rate limited per visitor (@fastify/rate-limit, Redis-backed when
// REDIS_URL is set): a new one is a row in sendEndpoints, or a route of its own declared with
// `config: { rateLimit: FORM_RATE_LIMIT }` when it needs more than a pass-through.

export const FORM_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  field?: string;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  429: 'Too Many Requests',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function errorBody(statusCode: number, message: string, field?: string): ApiErrorBody {
  return {
    statusCode,
    error: REASONS[statusCode] ?? 'Error',
    message,
    ...(field ? { field } : {}),
  };
}

/** 400 with the first issue of a failed parse: `field: message`. */
export function sendInvalid(
  reply: FastifyReply,
  issues: v.BaseIssue<unknown>[],
  fallbackField: string,
) {
  const issue = issues[0];
  const field = (issue && v.getDotPath(issue)) || fallbackField;
  return reply.code(400).send(errorBody(400, `${field}: ${issue?.message ?? 'is invalid'}`, field));
}

/** Sends a PortalApi failure as JSON with its status (the upstream's 4xx body when it has one). */
export function sendApiFailure(reply: FastifyReply, error: unknown) {
  if (!isPortalApiError(error)) throw error;
  const upstreamBody = v.safeParse(
    v.object({
      statusCode: v.number(),
      error: v.string(),
      message: v.string(),
      field: v.optional(v.string()),
    }),
    error.body,
  );
  if (error.status < 500 && upstreamBody.success)
    return reply.code(error.status).send(upstreamBody.output);
  // An obsolete offer's 410 carries what its page shows (related searches).
  if (error.status === 410 && v.is(OfferObsoleteSchema, error.body))
    return reply.code(410).send(error.body);
  const message =
    error.status === 503
      ? 'the listings service is unavailable'
      : error.status === 504
        ? 'the listings service did not answer in time'
        : error.status === 502
          ? 'the listings service answered something unexpected'
          : error.message;
  return reply.code(error.status).send(errorBody(error.status, message));
}

export async function apiRoutes(app: FastifyInstance): Promise<void> {
  for (const name of Object.keys(getEndpoints) as Exclude<GetName, OwnGetName>[]) {
    const def = getEndpoints[name];
    if (def.ownRoute) continue;
    app.get(API_PATHS[name], async (request, reply) => {
      const query = v.safeParse(def.query, request.query ?? {});
      if (!query.success) return sendInvalid(reply, query.issues, 'query');
      try {
        const answer = await app.portalApi(request).get(name, query.output as never);
        reply.header('cache-control', def.maxAge ? `public, max-age=${def.maxAge}` : 'no-store');
        return answer;
      } catch (error) {
        return sendApiFailure(reply, error);
      }
    });
  }

  for (const name of Object.keys(sendEndpoints) as SendName[]) {
    const def = sendEndpoints[name];
    if (def.ownRoute) continue;
    app.route({
      method: def.method,
      url: API_PATHS[name],
      bodyLimit: 16 * 1024,
      config: { rateLimit: FORM_RATE_LIMIT },
      handler: async (request, reply) => {
        const body = v.safeParse(def.body, request.body ?? {});
        if (!body.success) return sendInvalid(reply, body.issues, 'body');
        try {
          const answer = await app.portalApi(request).send(name, body.output as never);
          reply.header('cache-control', 'no-store');
          return reply.code(201).send(answer);
        } catch (error) {
          return sendApiFailure(reply, error);
        }
      },
    });
  }

  // Unknown /api paths answer JSON, not the HTML not-found page.
  app.all(`${BFF_PATHS.api}*`, async (_request, reply) =>
    reply.code(404).send(errorBody(404, 'no such endpoint')),
  );
}
