import type { FastifyInstance } from 'fastify';
import type { Insertable, Transaction } from 'kysely';
import * as v from 'valibot';
import {
  ApiErrorSchema,
  ContactCreatedSchema,
  LangSchema,
  StatCreatedSchema,
  StatTypeSchema,
} from '../../shared/contract';
import { queueProspectMail } from '../alerts/prospect-mail';
import type { Db } from '../db/connection';
import type { Database } from '../db/types';
import { HttpError } from '../lib/errors';
import { loadSettings } from '../lib/settings';
import {
  MESSAGE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PROSPECT_FIELD_MAX_LENGTH,
} from '../../shared/validation';
import {
  BodyIdSchema,
  EmailSchema,
  IdempotencyKeySchema,
  PhoneSchema,
  requiredText,
} from '../lib/forms';
import { isoDate } from '../lib/mappers';
import { noControlChars } from '../lib/params';
import type { ValibotTypeProvider } from '../lib/validation';

const StatBody = v.pipe(
  v.object({
    type: StatTypeSchema,
    /** One offer id; a list only for type liste (the offers of a result page). */
    id: v.union(
      [BodyIdSchema, v.pipe(v.array(BodyIdSchema), v.minLength(1), v.maxLength(100))],
      'must be an offer id (or a list of ids for liste)',
    ),
  }),
  v.forward(
    v.check(
      (input) => input.type === 'liste' || !Array.isArray(input.id),
      'must be a single offer id unless type is liste',
    ),
    ['id'],
  ),
);

const ContactBody = v.pipe(
  v.object({
    offer_id: v.optional(BodyIdSchema),
    agency_id: v.optional(BodyIdSchema),
    name: requiredText(NAME_MAX_LENGTH),
    phone: PhoneSchema,
    email: EmailSchema,
    message: requiredText(MESSAGE_MAX_LENGTH),
    /** Opt-in to recommendations. */
    reco: v.optional(v.boolean('must be true or false'), false),
    lang: v.optional(LangSchema, 'fr'),
    /** The same key twice gives the first request's answer and stores nothing more. */
    idempotency_key: IdempotencyKeySchema,
  }),
  v.forward(
    v.check(
      (input) => input.offer_id !== undefined || input.agency_id !== undefined,
      'give offer_id or agency_id',
    ),
    ['offer_id'],
  ),
);

const ProspectBody = v.object({
  lastname: requiredText(PROSPECT_FIELD_MAX_LENGTH),
  firstname: requiredText(PROSPECT_FIELD_MAX_LENGTH),
  company: requiredText(PROSPECT_FIELD_MAX_LENGTH),
  /** The city picked in the place autocomplete, when there is one. */
  lieu_id: v.optional(BodyIdSchema),
  city: requiredText(120),
  phone: PhoneSchema,
  email: EmailSchema,
  message: v.optional(
    v.pipe(
      v.string('must be a string'),
      noControlChars,
      v.trim(),
      v.maxLength(MESSAGE_MAX_LENGTH, `must have at most ${MESSAGE_MAX_LENGTH} characters`),
    ),
    '',
  ),
  lang: v.optional(LangSchema, 'fr'),
  idempotency_key: IdempotencyKeySchema,
});

const createdResponses = { 201: ContactCreatedSchema, 400: ApiErrorSchema };

interface StoredRow {
  id: number;
  created_at: unknown;
  /** False when the idempotency key had already stored a row (the row answered is that one). */
  inserted: boolean;
}

/**
 * The idempotent insert of a form row (contacts, prospects): stored once per idempotency key, the
 * same key again answering the first row and storing nothing. `then` runs in the same transaction
 * when the row is new (a mail queued with it exists exactly when the row does).
 */
async function storeOnce<T extends 'contacts' | 'prospects'>(
  db: Db,
  table: T,
  values: Insertable<Database[T]>,
  then?: (trx: Transaction<Database>, id: number) => Promise<unknown>,
): Promise<StoredRow> {
  // Both tables have id, created_at and a unique idempotency_key.
  const into = table as 'contacts';
  const row = values as Insertable<Database['contacts']>;
  const key = row.idempotency_key ?? null;
  return db.kysely.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto(into)
      .values(row)
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning(['id', 'created_at'])
      .executeTakeFirst();
    if (inserted) {
      await then?.(trx, inserted.id);
      return { ...inserted, inserted: true };
    }
    const first = await trx
      .selectFrom(into)
      .select(['id', 'created_at'])
      .where('idempotency_key', '=', key!)
      .executeTakeFirstOrThrow();
    return { ...first, inserted: false };
  });
}

/** The 201 answer of a stored form row. */
const created = (row: StoredRow) => ({ id: row.id, created_at: isoDate(row.created_at) });

/** A body's reference to a row that does not exist is a 400 naming the field. */
async function assertExists(
  db: Db,
  table: 'agencies' | 'lieux',
  id: number | undefined,
  field: string,
): Promise<void> {
  if (id === undefined) return;
  const row = await db.kysely
    .selectFrom(table)
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row)
    throw new HttpError(400, `${field}: no such ${table === 'lieux' ? 'place' : 'agency'}`, field);
}

/** POST /stat, /contact, /contact-prospect: answered 201 once the row is committed. */
export async function formRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const db = app.db;

  app.post(
    '/stat',
    { schema: { body: StatBody, response: { 201: StatCreatedSchema, 400: ApiErrorSchema } } },
    async (request, reply) => {
      const { type, id } = request.body;
      const row = await db.kysely
        .insertInto('stats')
        .values({ type, offer_ids: Array.isArray(id) ? [...new Set(id)] : [id] })
        .returning('id')
        .executeTakeFirstOrThrow();
      return reply.code(201).send({ id: row.id });
    },
  );

  app.post(
    '/contact',
    { schema: { body: ContactBody, response: createdResponses } },
    async (request, reply) => {
      const body = request.body;
      await assertExists(db, 'agencies', body.agency_id, 'agency_id');
      let agencyId = body.agency_id ?? null;
      if (body.offer_id !== undefined) {
        const offer = await db.kysely
          .selectFrom('offers')
          .select(['id', 'agency_id'])
          .where('id', '=', body.offer_id)
          .executeTakeFirst();
        if (!offer) throw new HttpError(400, 'offer_id: no such offer', 'offer_id');
        agencyId ??= offer.agency_id;
      }
      const row = await storeOnce(db, 'contacts', {
        idempotency_key: body.idempotency_key ?? null,
        offer_id: body.offer_id ?? null,
        agency_id: agencyId,
        lang: body.lang,
        name: body.name,
        email: body.email,
        phone: body.phone.raw,
        phone_e164: body.phone.e164,
        message: body.message,
        reco: body.reco,
      });
      return reply.code(201).send(created(row));
    },
  );

  app.post(
    '/contact-prospect',
    {
      schema: {
        description:
          'Stores a professional request and queues its confirmation mail to the prospect, in its language (once per request: a repeated idempotency_key stores and sends nothing more).',
        body: ProspectBody,
        response: createdResponses,
      },
    },
    async (request, reply) => {
      const body = request.body;
      await assertExists(db, 'lieux', body.lieu_id, 'lieu_id');
      const outbox = app.hasDecorator('mailOutbox') ? app.mailOutbox : undefined;
      const settings = await loadSettings(db);
      const row = await storeOnce(
        db,
        'prospects',
        {
          idempotency_key: body.idempotency_key ?? null,
          lang: body.lang,
          lastname: body.lastname,
          firstname: body.firstname,
          company: body.company,
          lieu_id: body.lieu_id ?? null,
          city: body.city,
          phone: body.phone.raw,
          phone_e164: body.phone.e164,
          email: body.email,
          message: body.message,
        },
        outbox
          ? (trx, id) =>
              queueProspectMail(
                trx,
                {
                  id,
                  lang: body.lang,
                  lastname: body.lastname,
                  firstname: body.firstname,
                  company: body.company,
                  city: body.city,
                  phone: body.phone.raw,
                  email: body.email,
                  message: body.message,
                },
                // The mail names the portal as its settings do (header, pages).
                { ...outbox.prospectMail, siteName: settings.siteName },
              )
          : undefined,
      );
      // Committed: the confirmation goes out now (retried later if the send fails).
      if (row.inserted) outbox?.kick();
      return reply.code(201).send(created(row));
    },
  );
}
