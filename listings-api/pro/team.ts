import type { FastifyInstance } from 'fastify';
import { ApiErrorSchema } from '../../shared/contract';
import { ProTeamSchema, proSendEndpoints } from '../../shared/pro';
import { HttpError, notFound } from '../lib/errors';
import { isoDate } from '../lib/mappers';
import type { ValibotTypeProvider } from '../lib/validation';
import { loadSettings } from '../repositories/settings';
import { audit } from './audit';
import { proUser, requireOwner, revokeProSessionsOf } from './session';
import { issueSignInLink } from './sign-in';
import { addProUser } from './users';

// The agency's team: its users; an owner invites one by address (the invitee gets a sign-in link)
// and removes one (its sessions end at once). A user of another agency answers 404.

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

export async function proTeamRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const db = app.db;
  const outbox = app.mailOutbox;
  const { proTeamInvite, proTeamRemove } = proSendEndpoints;

  app.get(
    '/pro/team',
    {
      schema: {
        description: 'The users of the signed-in agency.',
        response: { 200: ProTeamSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const user = proUser(request);
      const rows = await db.kysely
        .selectFrom('pro_users')
        .select(['id', 'email', 'role', 'created_at'])
        .where('agency_id', '=', user.agencyId)
        .where('removed_at', 'is', null)
        .orderBy('role', 'desc')
        .orderBy('email')
        .execute();
      return {
        items: rows.map((row) => ({
          id: Number(row.id),
          email: row.email,
          role: row.role,
          created_at: isoDate(row.created_at),
        })),
      };
    },
  );

  app.post(
    proTeamInvite.path,
    {
      schema: {
        description:
          'An owner adds a user to the agency (or changes its role) and mails it a sign-in link.',
        body: proTeamInvite.body,
        response: { 200: proTeamInvite.answer, ...errors },
      },
    },
    async (request) => {
      const user = proUser(request);
      requireOwner(user);
      const { email, role, lang } = request.body;
      const settings = {
        publicUrl: outbox.config.publicUrl,
        from: outbox.config.from,
        siteName: (await loadSettings(db)).siteName,
      };
      const queued = await db.kysely.transaction().execute(async (trx) => {
        const added = await addProUser(trx, user.agencyId, email, role);
        if (!added) {
          throw new HttpError(409, 'email: this address is a user of another agency', 'email');
        }
        const agency = await trx
          .selectFrom('agencies')
          .select('name')
          .where('id', '=', user.agencyId)
          .executeTakeFirstOrThrow();
        await audit(trx, user, 'member-invited', added.id);
        return issueSignInLink(
          trx,
          { userId: added.id, email, agency: agency.name },
          { lang, invited: true },
          settings,
        );
      });
      if (queued) outbox.kick();
      return { ok: true as const };
    },
  );

  app.post(
    proTeamRemove.path,
    {
      schema: {
        description:
          'An owner removes a user of the agency: its sessions end at once. An owner cannot remove itself.',
        body: proTeamRemove.body,
        response: { 200: proTeamRemove.answer, ...errors },
      },
    },
    async (request) => {
      const user = proUser(request);
      requireOwner(user);
      const { id } = request.body;
      if (id === user.userId) {
        throw new HttpError(400, 'id: an owner cannot remove itself', 'id');
      }
      const now = new Date();
      const done = await db.kysely.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('pro_users')
          .set({ removed_at: now })
          .where('id', '=', id)
          .where('agency_id', '=', user.agencyId)
          .where('removed_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!row) return false;
        await revokeProSessionsOf(trx, id, now);
        await audit(trx, user, 'member-removed', id, now);
        return true;
      });
      if (!done) throw notFound('user');
      return { ok: true as const };
    },
  );
}
