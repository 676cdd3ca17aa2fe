import type { JobsLeader } from '../lib/jobs-leader';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AlertMailActionSchema, ApiErrorSchema, type AlertMailAction } from '../../shared/contract';
import type { Db } from '../db/connection';
import { HttpError, handleError } from '../lib/errors';
import type { Reference } from '../lib/reference';
import { valibotValidatorCompiler, type ValibotTypeProvider } from '../lib/validation';
import { confirmAlert, selectAlertOfMail, unsubscribeAlert } from '../repositories/alerts';
import { readListingsConfig } from '../config';
import type { AlertMailConfig } from './config';
import { startAlertScheduler } from './job';
import { createMailTransport } from '../mail/transport';
import type { MailOutbox } from '../mail/outbox';
import { resolveSigningSecret, verifyMailToken, type MailTokenPurpose } from './tokens';
import { parseAlertCriteria } from './match';

// POST /alerte/confirm and POST /alerte/unsubscribe: what the links of alert mails lead to. The
// web app serves the pages /alerts/confirm?token=… and /alerts/unsubscribe?token=… and calls these
// with the token; it also forwards the one-click unsubscribe POST of RFC 8058 (form body
// `List-Unsubscribe=One-Click`, token in the query string), which this route accepts as it is.
// Tokens are signed alert ids (tokens.ts), not the owner's bearer token.

export interface AlertMailRoutesOptions {
  /** The listings database; default: the app's `db` decorator. */
  db?: Db;
  /** Default: the outbox's, else the `alerts` slice of the listings API's config (readListingsConfig). */
  config?: AlertMailConfig;
  /** The app's mail sender: its configuration and transport serve the alert job too. */
  outbox?: MailOutbox;
  /**
   * Run the periodic alert job in this process (every ALERTS_INTERVAL_MS; default true). False
   * when another process runs the periodic jobs: the routes still answer, and POST /alerte still
   * sends its confirmation at once through the outbox.
   */
  scheduler?: boolean;
  /** The election among instances: the job runs only while this one leads. */
  leader?: JobsLeader;
}

// JSON { token } from the web app (AlertMailTokenBodySchema), or the one-click POST of a mail
// provider forwarded as it is: a form `List-Unsubscribe=One-Click` with the token in the query.
const TokenQuery = v.object({ token: v.optional(v.string()) });
const TokenBody = v.optional(
  v.looseObject({
    token: v.optional(v.string('must be a string')),
    'List-Unsubscribe': v.optional(v.string()),
  }),
);

const responses = {
  200: AlertMailActionSchema,
  400: ApiErrorSchema,
  404: ApiErrorSchema,
};

/** The alert a mail link acted on, as its answer shows it. */
function alertView(
  alert: NonNullable<Awaited<ReturnType<typeof selectAlertOfMail>>>,
): AlertMailAction['alert'] {
  return {
    id: alert.id,
    email: alert.email,
    lang: alert.lang === 'en' ? 'en' : 'fr',
    criteria: parseAlertCriteria(alert.criteria),
  };
}

function tokenOf(query: { token?: string }, body: unknown): string {
  const fromBody =
    body && typeof body === 'object' && typeof (body as { token?: unknown }).token === 'string'
      ? (body as { token: string }).token
      : undefined;
  const token = (fromBody ?? query.token ?? '').trim();
  if (token === '') throw new HttpError(400, 'token: is required', 'token');
  return token;
}

/** Route plugin of the alert mail links; register it in the listings API. */
export async function alertMailRoutes(
  fastify: FastifyInstance,
  options: AlertMailRoutesOptions,
): Promise<void> {
  const given =
    options.db ?? (fastify.hasDecorator('db') ? (fastify as unknown as { db: Db }).db : undefined);
  if (!given)
    throw new Error('alertMailRoutes needs the database: pass { db } or decorate the app with db');
  const db: Db = given;
  const config = options.config ?? options.outbox?.config ?? readListingsConfig().alerts;

  fastify.setValidatorCompiler(valibotValidatorCompiler);
  fastify.setErrorHandler(handleError);
  if (!fastify.hasContentTypeParser('application/x-www-form-urlencoded')) {
    fastify.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
  }

  // Resolved on first use: the app may be built before the first migration run completes.
  let secret: Promise<string> | null = null;
  const signingSecret = () => {
    secret ??= resolveSigningSecret(db.kysely, config.signingSecret).catch((err: unknown) => {
      secret = null;
      throw err;
    });
    return secret;
  };

  async function checkedAlert(purpose: MailTokenPurpose, token: string) {
    const check = verifyMailToken(await signingSecret(), purpose, token);
    if (!check.ok) {
      throw new HttpError(
        400,
        check.reason === 'malformed'
          ? `token: is not a valid ${purpose} link token`
          : `token: does not match its signature (the ${purpose} link was altered or is not ours)`,
        'token',
      );
    }
    const alert = await selectAlertOfMail(db, check.alertId);
    if (!alert) throw new HttpError(404, 'This alert does not exist any more (it was deleted).');
    return alert;
  }

  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.post(
    '/alerte/confirm',
    {
      schema: {
        description:
          'Confirms the address of an alert (double opt-in) with the token of the link in its confirmation mail.',
        querystring: TokenQuery,
        body: TokenBody,
        response: responses,
      },
    },
    async (request): Promise<AlertMailAction> => {
      const alert = await checkedAlert('confirm', tokenOf(request.query, request.body));
      if (alert.unsubscribed_at) {
        throw new HttpError(404, 'This alert was unsubscribed; create it again to receive mails.');
      }
      const updated = await confirmAlert(db, alert.id);
      return {
        status: updated ? 'confirmed' : 'already-confirmed',
        alert: alertView(alert),
      };
    },
  );

  app.post(
    '/alerte/unsubscribe',
    {
      schema: {
        description:
          'Stops every mail of an alert, with the token of the unsubscribe link of its mails. Idempotent. Also takes the one-click POST of RFC 8058 (token in the query string, form body List-Unsubscribe=One-Click).',
        querystring: TokenQuery,
        body: TokenBody,
        response: responses,
      },
    },
    async (request): Promise<AlertMailAction> => {
      const alert = await checkedAlert('unsubscribe', tokenOf(request.query, request.body));
      const changed = await unsubscribeAlert(db, alert.id, new Date());
      request.log.info({ alertId: alert.id, changed }, 'alert unsubscribed');
      return {
        status: changed ? 'unsubscribed' : 'already-unsubscribed',
        alert: alertView(alert),
      };
    },
  );

  // The mail job runs with the listings API (every 15 minutes by default; ALERTS_INTERVAL_MS=0
  // turns it off), unless another process runs the periodic jobs.
  if (options.scheduler !== false && config.intervalMs > 0) {
    const transport = options.outbox?.transport ?? createMailTransport(config);
    const reference = fastify.hasDecorator('reference')
      ? (fastify as unknown as { reference: { get(): Promise<Reference> } }).reference
      : undefined;
    const scheduler = startAlertScheduler(db, {
      intervalMs: config.intervalMs,
      publicUrl: config.publicUrl,
      transport,
      log: fastify.log,
      secret: config.signingSecret,
      from: config.from,
      unsubscribeMailbox: config.unsubscribeMailbox,
      digestMinIntervalMs: config.digestMinIntervalMs,
      hooks: options.outbox?.hooks,
      reference,
      leader: options.leader,
    });
    fastify.log.info(
      { intervalMs: config.intervalMs, via: transport.kind },
      'alert mail scheduler started',
    );
    fastify.addHook('onClose', async () => {
      await scheduler.stop();
      // The outbox closes its own transport.
      if (!options.outbox) transport.close();
    });
  }
}
