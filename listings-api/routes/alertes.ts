import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  AlertCreatedSchema,
  AlertListSchema,
  ApiErrorSchema,
  type Alert,
  type AlertCriteria,
  type Lang,
} from '../../shared/contract';
import { writeConfirmation } from '../alerts/confirmations';
import { mailContext } from '../alerts/mail-context';
import { HttpError, notFound } from '../lib/errors';
import { AlertBodySchema, type AlertCriteriaBodySchema } from '../../shared/form-endpoints';
import { isoDate } from '../lib/mappers';
import { parseField, type ValibotTypeProvider } from '../lib/validation';
import {
  deleteAlertByTokenHash,
  insertAlert,
  selectAlertsByTokenHashes,
  type AlertRow,
} from '../repositories/alerts';

// Alerts without accounts: POST answers a token (32 random bytes, base64url: 256 bits) that is
// the only key to the alert; the database keeps sha256(token) in hex. GET and DELETE need it, in
// the x-alert-tokens header.

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const TokenSchema = v.pipe(
  v.string(),
  v.regex(TOKEN_PATTERN, 'must be alert tokens returned by POST /alerte'),
);

const TokenListSchema = v.pipe(
  v.union([v.string(), v.array(v.string())], 'must be a comma-separated list of alert tokens'),
  v.transform((raw) => (Array.isArray(raw) ? raw.join(',') : raw)),
  v.transform((s) =>
    s
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  ),
  v.array(TokenSchema),
  v.minLength(1, 'must list at least one alert token'),
  v.maxLength(100, 'must list at most 100 alert tokens'),
);

// Tokens are secrets: they travel in the x-alert-tokens header, never in the URL, which access
// logs, proxies and browser histories keep. A token in the query string is refused.
const notInUrl = v.optional(
  v.never('must not be in the URL: send alert tokens in the x-alert-tokens header'),
);
const ListQuery = v.object({ tokens: notInUrl });
const ListHeaders = v.looseObject({ 'x-alert-tokens': v.optional(TokenListSchema) });
const DeleteQuery = v.object({ token: notInUrl });
const DeleteHeaders = v.looseObject({
  'x-alert-tokens': v.optional(
    v.pipe(TokenListSchema, v.maxLength(1, 'must hold one alert token to delete')),
  ),
});

/** Criteria in canonical form: empty values dropped, lists sorted, keys in order. */
export function normaliseCriteria(
  input: v.InferOutput<typeof AlertCriteriaBodySchema>,
): AlertCriteria {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input).sort()) {
    const value = (input as Record<string, unknown>)[key];
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      out[key] = [...new Set<number | string>(value)].sort((a, b) =>
        typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)),
      );
    } else out[key] = value;
  }
  return out as AlertCriteria;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function toAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    email: row.email,
    lang: row.lang as Lang,
    contactProximite: row.contact_proximite,
    criteria: row.criteria as AlertCriteria,
    created_at: isoDate(row.created_at),
    confirmed_at: row.confirmed_at ? isoDate(row.confirmed_at) : null,
  };
}

/** POST, GET and DELETE /alerte. */
export async function alertRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const db = app.db;
  const outbox = app.hasDecorator('mailOutbox') ? app.mailOutbox : undefined;

  app.post(
    '/alerte',
    {
      schema: {
        body: AlertBodySchema,
        response: { 201: AlertCreatedSchema, 400: ApiErrorSchema, 409: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { email, contactProximite, lang, criteria } = request.body;
      const normalised = normaliseCriteria(criteria);
      const criteriaKey = createHash('sha256').update(JSON.stringify(normalised)).digest('hex');
      const token = randomBytes(32).toString('base64url');
      // Read before the transaction (PGlite has one connection, which the transaction holds).
      const mail = outbox
        ? await mailContext(db, {
            publicUrl: outbox.config.publicUrl,
            secret: outbox.config.signingSecret,
            from: outbox.config.from,
            unsubscribeMailbox: outbox.config.unsubscribeMailbox,
            reference: app.hasDecorator('reference') ? app.reference : undefined,
          })
        : undefined;
      // The alert and its confirmation mail are stored together (the address's daily limit may
      // hold the mail back: the alert job's run writes it later, folded with the others).
      const { row, queued } = await db.kysely.transaction().execute(async (trx) => {
        const stored = await insertAlert(trx, {
          tokenHash: hashToken(token),
          email,
          lang,
          contactProximite,
          criteria: normalised,
          criteriaKey,
        });
        return {
          row: stored,
          queued: stored && mail ? await writeConfirmation(trx, mail, stored) : false,
        };
      });
      if (!row) {
        throw new HttpError(
          409,
          'criteria: an alert with these criteria already exists for this e-mail address',
          'criteria',
        );
      }
      // Committed: the confirmation goes out now, in the background (retried later if it fails).
      if (queued) outbox?.kick();
      return reply.code(201).send({ token, alert: toAlert(row) });
    },
  );

  app.get(
    '/alerte',
    {
      schema: {
        description:
          'The alerts of the tokens sent in the x-alert-tokens header (comma-separated, at most 100); tokens in the query string are refused.',
        querystring: ListQuery,
        headers: ListHeaders,
        response: { 200: AlertListSchema, 400: ApiErrorSchema },
      },
    },
    async (request) => {
      const tokens = [...new Set(request.headers['x-alert-tokens'] ?? [])];
      if (tokens.length === 0) {
        parseField(TokenListSchema, '', 'x-alert-tokens');
      }
      const hashes = new Map(tokens.map((token) => [hashToken(token), token]));
      const rows = await selectAlertsByTokenHashes(db, [...hashes.keys()]);
      return {
        items: rows.map((row) => ({ token: hashes.get(row.token_hash)!, alert: toAlert(row) })),
      };
    },
  );

  app.delete(
    '/alerte',
    {
      schema: {
        description:
          'Deletes the alert of the token sent in the x-alert-tokens header; a token in the query string is refused.',
        querystring: DeleteQuery,
        headers: DeleteHeaders,
        response: { 204: v.null(), 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const [token] = request.headers['x-alert-tokens'] ?? [];
      if (token === undefined) {
        throw new HttpError(400, 'token: is required, in the x-alert-tokens header', 'token');
      }
      const deleted = await deleteAlertByTokenHash(db, hashToken(token));
      if (!deleted) throw notFound('alert');
      return reply.code(204).send(null);
    },
  );
}
