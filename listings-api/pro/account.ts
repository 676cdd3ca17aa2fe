import type { FastifyInstance } from 'fastify';
import { ApiErrorSchema } from '../../shared/contract';
import { sql } from 'kysely';
import { ProDashboardSchema, ProDoneSchema, ProMeSchema, proSendEndpoints } from '../../shared/pro';
import { isoDate } from '../lib/mappers';
import type { ValibotTypeProvider } from '../lib/validation';
import { audit } from './audit';
import { proUser, revokeProSession, revokeProSessionsOf } from './session';

const errors = { 401: ApiErrorSchema };

/** GET /pro/me, POST /pro/sign-out, POST /pro/sign-out-everywhere (behind requireProSession). */
export async function proAccountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const db = app.db;

  app.get(
    '/pro/me',
    {
      schema: {
        description: 'The signed-in professional user, its agency and its session.',
        response: { 200: ProMeSchema, ...errors },
      },
    },
    async (request) => {
      const user = proUser(request);
      const agency = await db.kysely
        .selectFrom('agencies')
        .select(['id', 'name', 'slug'])
        .where('id', '=', user.agencyId)
        .executeTakeFirstOrThrow();
      return {
        user: { id: user.userId, email: user.email, role: user.role },
        agency,
        session: {
          created_at: isoDate(user.sessionCreatedAt),
          expires_at: isoDate(user.sessionExpiresAt),
        },
      };
    },
  );

  app.post(
    '/pro/sign-out',
    {
      schema: {
        description: 'Ends the session of the request.',
        body: proSendEndpoints.proSignOut.body,
        response: { 200: ProDoneSchema, ...errors },
      },
    },
    async (request) => {
      const user = proUser(request);
      await db.kysely.transaction().execute(async (trx) => {
        await revokeProSession(trx, user.sessionHash);
        await audit(trx, user, 'sign-out');
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/pro/sign-out-everywhere',
    {
      schema: {
        description: 'Ends every session of the signed-in user.',
        body: proSendEndpoints.proSignOutEverywhere.body,
        response: { 200: ProDoneSchema, ...errors },
      },
    },
    async (request) => {
      const user = proUser(request);
      await db.kysely.transaction().execute(async (trx) => {
        await revokeProSessionsOf(trx, user.userId);
        await audit(trx, user, 'sign-out-everywhere');
      });
      return { ok: true as const };
    },
  );

  app.get(
    '/pro/dashboard',
    {
      schema: {
        description:
          'The agency’s summary: leads not yet handled, leads of 30 days, its latest feed run.',
        response: { 200: ProDashboardSchema, ...errors },
      },
    },
    async (request) => {
      const user = proUser(request);
      const since = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
      const [counts, run] = await Promise.all([
        db.kysely
          .selectFrom('contacts')
          .select([
            sql<string>`count(*) FILTER (WHERE handled_at IS NULL)`.as('new_leads'),
            sql<string>`count(*) FILTER (WHERE created_at >= ${since})`.as('leads_30_days'),
          ])
          .where('agency_id', '=', user.agencyId)
          .where('spam', '=', false)
          .executeTakeFirstOrThrow(),
        db.kysely
          .selectFrom('feed_runs')
          .select(['created_at', 'finished_at', 'status'])
          .where('agency_id', '=', user.agencyId)
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst(),
      ]);
      return {
        new_leads: Number(counts.new_leads),
        leads_30_days: Number(counts.leads_30_days),
        latest_feed_run: run
          ? {
              started_at: isoDate(run.created_at),
              finished_at: run.finished_at ? isoDate(run.finished_at) : null,
              status: run.status,
            }
          : null,
      };
    },
  );
}
