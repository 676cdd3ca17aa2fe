import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  ApiErrorSchema,
  ContactCreatedSchema,
  STAT_VISITOR_HEADERS,
  StatVisitorHeadersSchema,
} from '../../shared/contract';
import { sendEndpoints } from '../../shared/endpoints';
import { formSendEndpoints } from '../../shared/form-endpoints';
import { loadPortalConfig } from '../alerts/portal-config';
import { queueLeadMails, type LeadMailSettings } from '../mail/lead';
import type { MailConfig } from '../mail/outbox';
import { queueProspectMail } from '../mail/prospect';
import { HttpError, notFound } from '../lib/errors';
import { isoDate } from '../lib/mappers';
import { idParam } from '../lib/params';
import type { ValibotTypeProvider } from '../lib/validation';
import { agencyExists } from '../repositories/agencies';
import {
  selectLeadDelivery,
  storeContact,
  storeProspect,
  type StoredRow,
} from '../repositories/contacts';
import { LeadDeliverySchema } from '../../shared/lead';
import { lieuExists } from '../repositories/lieux';
import { selectOfferAgency } from '../repositories/offers';
import { loadSettings } from '../repositories/settings';
import { recordStat } from '../stats/record';

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

  /** What a contact request's mails need besides the request. */
  async function leadMailSettings(config: MailConfig): Promise<LeadMailSettings> {
    const reference = await app.reference.get();
    return {
      publicUrl: config.publicUrl,
      from: config.from,
      siteName: (await loadSettings(db)).siteName,
      config: await loadPortalConfig(db, reference),
    };
  }

  app.post(
    stat.path,
    {
      schema: {
        description:
          'Counts an event of offers in their daily counters (answered 201 once committed): a list impression, a page view (once per visitor, offer and day), a phone reveal, an e-mail contact. The web app relays the visitor in x-visitor-ip and x-visitor-agent (else the caller’s own); a known crawler counts nothing; the visitor is hashed with a salt of the day and stored nowhere.',
        body: stat.body,
        headers: StatVisitorHeadersSchema,
        response: { 201: stat.answer, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { type, id } = request.body;
      const headers = request.headers as Record<string, string | undefined>;
      const counted = await recordStat(app.statCounter, app.seenStore, {
        type,
        offerIds: Array.isArray(id) ? id : [id],
        visitor: {
          ip: headers[STAT_VISITOR_HEADERS.ip] ?? request.ip,
          userAgent: headers[STAT_VISITOR_HEADERS.userAgent] ?? headers['user-agent'] ?? '',
        },
        now: new Date(),
      });
      return reply.code(201).send({ counted });
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
      const outbox = app.hasDecorator('mailOutbox') ? app.mailOutbox : undefined;
      // Read before the transaction (PGlite has one connection, which the transaction holds).
      const mail =
        outbox && !body.spam && agencyId !== null
          ? await leadMailSettings(outbox.config)
          : undefined;
      const row = await storeContact(
        db,
        {
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
          spam: body.spam,
        },
        mail && agencyId !== null
          ? (trx, id, createdAt) =>
              queueLeadMails(
                trx,
                {
                  id,
                  createdAt,
                  offerId: body.offer_id ?? null,
                  agencyId,
                  lang: body.lang,
                  name: body.name,
                  email: body.email,
                  phone: body.phone.raw,
                  phoneE164: body.phone.e164,
                  message: body.message,
                  reco: body.reco,
                },
                mail,
              )
          : undefined,
      );
      // Committed: the lead and the visitor's copy go out now (retried later if a send fails).
      if (row.inserted && mail) outbox?.kick();
      return reply.code(201).send(created(row));
    },
  );

  app.get(
    '/contact/:id/lead',
    {
      schema: {
        description:
          'A contact request as its lead mail carries it (lead.json, attached to the mail for the agency’s software) and the delivery of that mail: queued, sent (with the server’s answer) or failed (after the last retry, or refused for good). For the professional space.',
        params: v.object({ id: idParam }),
        response: { 200: LeadDeliverySchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const row = await selectLeadDelivery(db, request.params.id);
      if (!row) throw notFound('contact request');
      return {
        lead: row.lead,
        delivery: {
          status: row.lead_status,
          to: row.lead_to,
          message_id: row.lead_message_id,
          detail: row.lead_detail,
          updated_at: row.lead_updated_at ? isoDate(row.lead_updated_at) : null,
        },
      };
    },
  );

  app.post(
    prospect.path,
    {
      schema: {
        description:
          'Stores a professional request and queues its confirmation mail to the prospect, in its language, and the request to the portal’s sales address, answering to the prospect (once per request: a repeated idempotency_key stores and sends nothing more).',
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
                  salesEmail: outbox.config.salesEmail,
                },
              )
          : undefined,
      );
      // Committed: the confirmation and the sales mail go out now (retried later if the send fails).
      if (row.inserted) outbox?.kick();
      return reply.code(201).send(created(row));
    },
  );
}
