import type { FastifyInstance } from 'fastify';
import { ApiErrorSchema } from '../../shared/contract';
import { proSendEndpoints } from '../../shared/pro';
import type { Lang } from '../../shared/contract';
import type { Database } from '../db/types';
import type { Transaction } from 'kysely';
import { HttpError } from '../lib/errors';
import { isoDate } from '../lib/mappers';
import type { ValibotTypeProvider } from '../lib/validation';
import {
  PRO_SIGN_IN_RECIPIENT_LIMIT,
  queueProSignInMail,
  type ProSignInMailSettings,
} from '../mail/pro-sign-in';
import { withinRecipientLimit } from '../mail/recipient-limit';
import { loadSettings } from '../repositories/settings';
import { audit } from './audit';
import { PRO_SIGN_IN_TOKEN_MS, createProSession, hashProSecret, newProSecret } from './session';

// Sign-in by a one-time link: POST /pro/sign-in mails a link to a registered address (the answer
// is the same for any address, known or not, limited or not); POST /pro/sign-in/confirm spends
// the link's token (15 minutes, once) and opens a session. The web app shows the link's page
// with a button that posts the token, so a mail scanner that opens the link does not spend it.

/**
 * Stores a new sign-in token for a user and queues its mail, in the caller's transaction; false
 * when the address had its share of links (nothing stored).
 */
export async function issueSignInLink(
  trx: Transaction<Database>,
  user: { userId: number; email: string; agency: string },
  options: { lang: Lang; invited: boolean },
  settings: ProSignInMailSettings,
  now = new Date(),
): Promise<boolean> {
  if (!(await withinRecipientLimit(trx, PRO_SIGN_IN_RECIPIENT_LIMIT, user.email, now))) {
    return false;
  }
  const token = newProSecret();
  await trx
    .insertInto('pro_sign_in_tokens')
    .values({
      token_hash: hashProSecret(token),
      user_id: user.userId,
      created_at: now,
      expires_at: new Date(now.getTime() + PRO_SIGN_IN_TOKEN_MS),
    })
    .execute();
  await queueProSignInMail(trx, user, token, options, settings, now);
  return true;
}

/** POST /pro/sign-in and POST /pro/sign-in/confirm. */
export async function proSignInRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const db = app.db;
  const outbox = app.mailOutbox;
  const { proSignIn, proSignInConfirm } = proSendEndpoints;

  /** The mail settings of a sign-in link. */
  async function mailSettings(): Promise<ProSignInMailSettings> {
    return {
      publicUrl: outbox.config.publicUrl,
      from: outbox.config.from,
      siteName: (await loadSettings(db)).siteName,
    };
  }

  app.post(
    proSignIn.path,
    {
      schema: {
        description:
          'Mails a one-time sign-in link (15 minutes) to a registered professional address. The answer is the same whether or not the address is known; links to one address are limited.',
        body: proSignIn.body,
        response: { 200: proSignIn.answer, 400: ApiErrorSchema },
      },
    },
    async (request) => {
      const { email, lang } = request.body;
      const settings = await mailSettings();
      const queued = await db.kysely.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('pro_users as u')
          .innerJoin('agencies as a', 'a.id', 'u.agency_id')
          .select(['u.id', 'u.email', 'a.name as agency'])
          .where('u.email', '=', email)
          .where('u.removed_at', 'is', null)
          .executeTakeFirst();
        if (!user) return false;
        return issueSignInLink(
          trx,
          { userId: Number(user.id), email: user.email, agency: user.agency },
          { lang, invited: false },
          settings,
        );
      });
      if (queued) outbox.kick();
      return { ok: true as const };
    },
  );

  app.post(
    proSignInConfirm.path,
    {
      schema: {
        description:
          'Spends a sign-in link’s token and opens a session: its id is in the answer alone (only its hash is stored). An unknown, used or expired token answers 400.',
        body: proSignInConfirm.body,
        response: { 201: proSignInConfirm.answer, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const session = await db.kysely.transaction().execute(async (trx) => {
        const spent = await trx
          .updateTable('pro_sign_in_tokens as t')
          .from('pro_users as u')
          .set({ used_at: now })
          .whereRef('u.id', '=', 't.user_id')
          .where('t.token_hash', '=', hashProSecret(request.body.token))
          .where('t.used_at', 'is', null)
          .where('t.expires_at', '>', now)
          .where('u.removed_at', 'is', null)
          .returning(['u.id as user_id', 'u.agency_id'])
          .executeTakeFirst();
        if (!spent) return undefined;
        const userId = Number(spent.user_id);
        const created = await createProSession(trx, userId, now);
        await audit(trx, { userId, agencyId: spent.agency_id }, 'sign-in', null, now);
        return created;
      });
      if (!session) {
        throw new HttpError(400, 'token: this sign-in link is invalid, used or expired', 'token');
      }
      return reply.code(201).send({ session: session.id, expires_at: isoDate(session.expiresAt) });
    },
  );
}
