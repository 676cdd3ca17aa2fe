import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { BFF_PATHS } from '../../shared/bff-paths';
import { LangSchema, type Lang } from '../../shared/contract';
import { ACTION_HEADER } from '../../shared/page-actions';
import {
  FEED_UPLOAD_REFUSALS,
  proFeedsPath,
  type FeedUploadAnswer,
  type FeedUploadRefusal,
} from '../../shared/pro-feeds';
import { isPortalApiError } from '../../shared/portal-api';
import { PRO_SESSION_UPSTREAM_HEADER } from '../../shared/pro';
import { isCrossSite } from '../ssr/page-actions';
import { proSessionId } from '../pro/session';

// A feed uploaded from the professional space (POST /pro-feeds/upload?lang=…): the web app relays
// the body as it arrives, never holding it, to the listings API's POST /feeds/{agency} with the
// signed-in user's session instead of the agency's key, so that the upload meets the same limits
// and refusals (size, type, zip checks) as one sent by the agency's software. With JavaScript the
// page sends the zip itself (XMLHttpRequest, for its progress) and gets the outcome as JSON;
// without, the form's multipart body goes through as it is, and the answer is a redirect to the
// run's report or back to the page with the reason of the refusal.

/** Uploads per connection (IP) in a window: a few feeds an hour are plenty for a person. */
export const PRO_FEED_UPLOAD_LIMIT = { max: 20, timeWindow: 15 * 60 * 1000 } as const;

/** Time allowed for a whole upload and its checks (a feed of hundreds of megabytes). */
export const PRO_FEED_UPLOAD_TIMEOUT_MS = 30 * 60 * 1000;

const UploadQuery = v.object({ lang: v.optional(LangSchema, 'fr') });

function refusalOf(status: number, message: string): FeedUploadRefusal {
  if (status === 413) return 'too-large';
  if (status === 415) return 'type';
  if (status === 429) return 'too-many';
  if (status === 401 || status === 404) return 'session';
  if (status === 400 && /empty/i.test(message)) return 'empty';
  if (status === 400) return 'archive';
  return 'unavailable';
}

/** Registered without fastify-plugin: its body parser stays with its route. */
export async function feedUploadRoutes(app: FastifyInstance): Promise<void> {
  // The body is relayed as it comes: no parser reads it here.
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  const limit = app.createRateLimit({
    ...PRO_FEED_UPLOAD_LIMIT,
    keyGenerator: (request) => `pro-feed-upload:${request.ip}`,
  });

  app.post(BFF_PATHS.proFeedUpload, async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = v.safeParse(UploadQuery, request.query);
    const lang: Lang = parsed.success ? parsed.output.lang : 'fr';
    const scripted = request.headers[ACTION_HEADER] === '1';
    reply.header('cache-control', 'no-store');

    const answer = (outcome: FeedUploadAnswer, status: number) => {
      // The browser may still be sending: what it sends now is read and dropped.
      request.raw.resume();
      if (scripted) return reply.code(status).send(outcome);
      return reply.redirect(proFeedsPath(lang, outcome), 303);
    };
    const refuse = (refused: FeedUploadRefusal, status: number) =>
      answer({ status: 'refused', refused }, status);

    if (isCrossSite(request)) return refuse('cross-site', 403);
    const session = proSessionId(request);
    if (!session) return refuse('session', 401);
    const allowed = await limit(request);
    if (!allowed.isAllowed && allowed.isExceeded) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(allowed.ttlInSeconds))));
      return refuse('too-many', 429);
    }
    const contentType = request.headers['content-type'];
    if (!contentType) return refuse('type', 415);
    const headers = { [PRO_SESSION_UPSTREAM_HEADER]: session };
    let slug: string;
    try {
      const me = await app.portalApi(request).get('proMe', {}, {});
      slug = me.agency.slug;
    } catch (error) {
      if (isPortalApiError(error) && error.status === 401) return refuse('session', 401);
      request.log.warn({ err: error, reqId: request.id }, 'feed upload: session not checked');
      return refuse('unavailable', 503);
    }
    try {
      const sent = await app.upstream.upload(`/feeds/${encodeURIComponent(slug)}`, request.raw, {
        contentType,
        headers,
        requestId: request.id,
        timeoutMs: PRO_FEED_UPLOAD_TIMEOUT_MS,
      });
      if (sent.status === 202) {
        const runId = (sent.json as { runId?: unknown } | undefined)?.runId;
        if (typeof runId === 'string') return answer({ status: 'queued', runId }, 202);
      }
      const message = String((sent.json as { message?: unknown } | undefined)?.message ?? '');
      const refused = refusalOf(sent.status, message);
      return refuse(refused, FEED_UPLOAD_REFUSALS[refused]);
    } catch (error) {
      request.log.warn({ err: error, reqId: request.id }, 'feed upload not relayed');
      return refuse('unavailable', 503);
    }
  });
}
