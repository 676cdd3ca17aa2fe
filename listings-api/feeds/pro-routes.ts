import type { FastifyInstance } from 'fastify';
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
import { proUser, requireOwner } from '../pro/session';
import { agencyFeedReport, feedKeyState, listAgencyFeedRuns, rotateFeedKey } from './pro';
import type { FeedRunner } from './runner';

// The professional space's feed routes, registered through proScope (listings-api/pro/session.ts):
// the signed-in user's agency only, a run of another agency answering 404 as an unknown one.

const RunParams = v.object({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be a feed run id')),
});
const ReportQuery = v.omit(ProFeedReportQuerySchema, ['id']);
const EmptyBody = v.optional(v.object({}));

export async function proFeedRoutes(
  fastify: FastifyInstance,
  options: { runner: FeedRunner },
): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const { runner } = options;

  app.get(
    '/pro/feeds/runs',
    {
      schema: {
        description: "The signed-in agency's feed runs, newest first, a page at a time.",
        querystring: ProFeedRunsQuerySchema,
        response: { 200: ProFeedRunListSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request) =>
      listAgencyFeedRuns(app.db, proUser(request).agencyId, request.query.page ?? 1),
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
      const { id } = request.params;
      const report = await agencyFeedReport(app.db, runner.config, proUser(request).agencyId, id, {
        problems: request.query.problems,
        withdrawn: request.query.withdrawn,
      });
      if (!report) throw new HttpError(404, `feed run ${id} not found`, 'id');
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
    async (request) => feedKeyState(app.db, proUser(request).agencyId),
  );

  app.post(
    '/pro/feeds/key',
    {
      schema: {
        description:
          'Makes a new feed key for the signed-in agency (an owner only) and answers it once; the earlier key is refused from then on. Audited.',
        body: EmptyBody,
        response: { 200: ProFeedKeySchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request) => {
      const user = proUser(request);
      requireOwner(user);
      return rotateFeedKey(app.db, user);
    },
  );
}
