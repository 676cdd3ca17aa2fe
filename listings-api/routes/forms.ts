import type { FastifyInstance } from 'fastify';
import { ApiErrorSchema, ContactCreatedSchema } from '../../shared/contract';
import { sendEndpoints } from '../../shared/endpoints';
import { formSendEndpoints } from '../../shared/form-endpoints';
import { queueProspectMail } from '../mail/prospect';
import { HttpError } from '../lib/errors';
import { isoDate } from '../lib/mappers';
import type { ValibotTypeProvider } from '../lib/validation';
import { agencyExists } from '../repositories/agencies';
import { storeContact, storeProspect, type StoredRow } from '../repositories/contacts';
import { lieuExists } from '../repositories/lieux';
import { selectOfferAgency } from '../repositories/offers';
import { loadSettings } from '../repositories/settings';
import { insertStat } from '../repositories/stats';

// The bodies are the endpoint table's (shared/endpoints.ts, shared/form-endpoints.ts): the web
// app sends what these routes check, with the same rules and limits.
const { stat } = sendEndpoints;
const { contact, prospect } = formSendEndpoints;

const createdResponses = { 201: ContactCreatedSchema, 400: ApiErrorSchema };

/** The 201 answer of a stored form row. */
const created = (row: StoredRow) => ({ id: row.id, created_at: isoDate(row.created_at) });

/** POST /stat, /contact, /contact-prospect: answered 201 once the row is committed. */
export async function formRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const db = app.db;

  app.post(
    stat.path,
    { schema: { body: stat.body, response: { 201: stat.answer, 400: ApiErrorSchema } } },
    async (request, reply) => {
      const { type, id } = request.body;
      const statId = await insertStat(db, type, Array.isArray(id) ? [...new Set(id)] : [id]);
      return reply.code(201).send({ id: statId });
    },
  );

  app.post(
    contact.path,
    { schema: { body: contact.body, response: createdResponses } },
    async (request, reply) => {
      const body = request.body;
      if (body.agency_id !== undefined && !(await agencyExists(db, body.agency_id))) {
        throw new HttpError(400, 'agency_id: no such agency', 'agency_id');
      }
      let agencyId = body.agency_id ?? null;
      if (body.offer_id !== undefined) {
        const offer = await selectOfferAgency(db, body.offer_id);
        if (!offer) throw new HttpError(400, 'offer_id: no such offer', 'offer_id');
        agencyId ??= offer.agency_id;
      }
      const row = await storeContact(db, {
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
    prospect.path,
    {
      schema: {
        description:
          'Stores a professional request and queues its confirmation mail to the prospect, in its language (once per request: a repeated idempotency_key stores and sends nothing more).',
        body: prospect.body,
        response: createdResponses,
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.lieu_id !== undefined && !(await lieuExists(db, body.lieu_id))) {
        throw new HttpError(400, 'lieu_id: no such place', 'lieu_id');
      }
      const outbox = app.hasDecorator('mailOutbox') ? app.mailOutbox : undefined;
      const settings = await loadSettings(db);
      const row = await storeProspect(
        db,
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
                {
                  publicUrl: outbox.config.publicUrl,
                  from: outbox.config.from,
                  siteName: settings.siteName,
                },
              )
          : undefined,
      );
      // Committed: the confirmation goes out now (retried later if the send fails).
      if (row.inserted) outbox?.kick();
      return reply.code(201).send(created(row));
    },
  );
}
