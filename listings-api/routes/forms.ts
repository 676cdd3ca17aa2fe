import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  ApiErrorSchema,
  ContactCreatedSchema,
  LangSchema,
  StatCreatedSchema,
  StatTypeSchema,
} from '../../shared/contract';
import type { Db } from '../db/connection';
import { HttpError } from '../lib/errors';
import {
  BodyIdSchema,
  EmailSchema,
  IdempotencyKeySchema,
  MESSAGE_MAX,
  NAME_MAX,
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
    name: requiredText(NAME_MAX),
    phone: PhoneSchema,
    email: EmailSchema,
    message: requiredText(MESSAGE_MAX),
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
  lastname: requiredText(NAME_MAX),
  firstname: requiredText(NAME_MAX),
  company: requiredText(NAME_MAX),
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
      v.maxLength(MESSAGE_MAX, `must have at most ${MESSAGE_MAX} characters`),
    ),
    '',
  ),
  lang: v.optional(LangSchema, 'fr'),
  idempotency_key: IdempotencyKeySchema,
});

const createdResponses = { 201: ContactCreatedSchema, 400: ApiErrorSchema };

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
      const key = body.idempotency_key ?? null;
      const inserted = await db.kysely
        .insertInto('contacts')
        .values({
          idempotency_key: key,
          offer_id: body.offer_id ?? null,
          agency_id: agencyId,
          lang: body.lang,
          name: body.name,
          email: body.email,
          phone: body.phone.raw,
          phone_e164: body.phone.e164,
          message: body.message,
          reco: body.reco,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returning(['id', 'created_at'])
        .executeTakeFirst();
      const row =
        inserted ??
        (await db.kysely
          .selectFrom('contacts')
          .select(['id', 'created_at'])
          .where('idempotency_key', '=', key!)
          .executeTakeFirstOrThrow());
      return reply.code(201).send({ id: row.id, created_at: isoDate(row.created_at) });
    },
  );

  app.post(
    '/contact-prospect',
    { schema: { body: ProspectBody, response: createdResponses } },
    async (request, reply) => {
      const body = request.body;
      await assertExists(db, 'lieux', body.lieu_id, 'lieu_id');
      const key = body.idempotency_key ?? null;
      const inserted = await db.kysely
        .insertInto('prospects')
        .values({
          idempotency_key: key,
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
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returning(['id', 'created_at'])
        .executeTakeFirst();
      const row =
        inserted ??
        (await db.kysely
          .selectFrom('prospects')
          .select(['id', 'created_at'])
          .where('idempotency_key', '=', key!)
          .executeTakeFirstOrThrow());
      return reply.code(201).send({ id: row.id, created_at: isoDate(row.created_at) });
    },
  );
}
