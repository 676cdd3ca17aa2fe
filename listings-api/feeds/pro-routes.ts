import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { ApiErrorSchema } from '../../shared/contract';
import {
  ProFeedKeySchema,
  ProFeedKeyStateSchema,
  ProFeedReportQuerySchema,
  ProFeedReportSchema,
  ProFeedRunListSchema,
  ProFeedRunsQuerySchema,
} from '../../shared/pro-feeds';
import { HttpError } from '../lib/errors';
import type { ValibotTypeProvider } from '../lib/validation';
import { agencyFeedReport, feedKeyState, listAgencyFeedRuns, rotateFeedKey } from './pro';
import type { FeedRunner } from './runner';

// The professional space's feed routes: the signed-in user's agency only (a run of another
// agency answers 404, as an unknown one). Who is signed in comes from the session the web app
// relays (`proUser`).

/** The signed-in user of a request, as the professional space's sessions give it. */
export interface ProFeedUser {
  userId: number;
  agencyId: number;
  role: 'owner' | 'member';
}

export interface ProFeedRouteOptions {
  runner: FeedRunner;
  /** The request's signed-in user; throws 401 when there is none. */
  proUser: (request: FastifyRequest) => Promise<ProFeedUser>;
  /** Records a write of the user (who, what, when) in the transaction-less audit log. */
  audit: (request: FastifyRequest, user: ProFeedUser, action: string) => Promise<void>;
}

const RunParams = v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/)) });
const ReportQuery = v.omit(ProFeedReportQuerySchema, ['id']);

export async function proFeedRoutes(
  fastify: FastifyInstance,
  options: ProFeedRouteOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const { runner, proUser } = options;

  app.get(
    '/pro/feeds/runs',
    {
      schema: {
        description: "The signed-in agency's feed runs, newest first, a page at a time.",
        querystring: ProFeedRunsQuerySchema,
        response: { 200: ProFeedRunListSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const user = await proUser(request);
      return listAgencyFeedRuns(app.db, user.agencyId, request.query.page ?? 1);
    },
  );

  app.get(
    '/pro/feeds/runs/:id',
    {
      schema: {
        description:
          "One feed run of the signed-in agency: counts, a page of its problem rows (rejected, or photos that failed) and a page of the offers it withdrew. Another agency's run answers 404.",
        params: RunParams,
        querystring: ReportQuery,
        response: {
          200: ProFeedReportSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = await proUser(request);
      const report = await agencyFeedReport(
        app.db,
        runner.config,
        user.agencyId,
        request.params.id,
        {
          problems: request.query.problems,
          withdrawn: request.query.withdrawn,
        },
      );
      if (!report) throw new HttpError(404, `feed run ${request.params.id} not found`, 'id');
      return report;
    },
  );

  app.get(
    '/pro/feeds/key',
    {
      schema: {
        description:
          "When the signed-in agency's feed key was made (the key is never shown again).",
        response: { 200: ProFeedKeyStateSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const user = await proUser(request);
      return feedKeyState(app.db, user.agencyId);
    },
  );

  app.post(
    '/pro/feeds/key',
    {
      schema: {
        description:
          'Makes a new feed key for the signed-in agency (its owner only) and answers it once; the earlier key is refused from then on.',
        response: { 200: ProFeedKeySchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request) => {
      const user = await proUser(request);
      if (user.role !== 'owner') {
        throw new HttpError(403, "only the agency's owner may make a new feed key", 'role');
      }
      const key = await rotateFeedKey(app.db, user.agencyId);
      await options.audit(request, user, 'feed-key.rotate');
      return key;
    },
  );
}
