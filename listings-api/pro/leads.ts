import type { FastifyInstance } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { ApiErrorSchema } from '../../shared/contract';
import type { LeadJson } from '../../shared/lead';
import {
  PRO_EXPORT_MAX,
  PRO_LEADS_PAGE_SIZE,
  ProLeadExportQuerySchema,
  ProLeadExportSchema,
  ProLeadListSchema,
  ProLeadsQuerySchema,
  proSendEndpoints,
  type ProLead,
} from '../../shared/pro';
import type { Database } from '../db/types';
import { notFound } from '../lib/errors';
import { isoDate } from '../lib/mappers';
import type { ValibotTypeProvider } from '../lib/validation';
import { audit } from './audit';
import { proUser } from './session';

// The agency's leads (its contact requests, spam aside): newest first, a page at a time, filtered
// by offer, state (new: not handled yet) and period (days, UTC, both ends included); the same
// filters for the CSV export; a user marks a lead handled or not (audited). Every query is scoped
// by the signed-in user's agency: an offer or a lead of another agency answers 404.

const DAY_MS = 24 * 60 * 60 * 1000;

interface LeadFilters {
  offer?: number;
  state?: 'new' | 'handled';
  from?: string;
  to?: string;
}

type LeadQuery = SelectQueryBuilder<
  Database & { c: Database['contacts'] },
  'c',
  Record<string, never>
>;

function filtered(query: LeadQuery, agencyId: number, filters: LeadFilters): LeadQuery {
  let q = query.where('c.agency_id', '=', agencyId).where('c.spam', '=', false);
  if (filters.offer !== undefined) q = q.where('c.offer_id', '=', filters.offer);
  if (filters.state === 'new') q = q.where('c.handled_at', 'is', null);
  if (filters.state === 'handled') q = q.where('c.handled_at', 'is not', null);
  if (filters.from) q = q.where('c.created_at', '>=', new Date(`${filters.from}T00:00:00Z`));
  if (filters.to) {
    q = q.where('c.created_at', '<', new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS));
  }
  return q;
}

export async function proLeadRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const db = app.db;

  /** The offer filter names an offer of the agency, else 404. */
  async function checkOffer(agencyId: number, offer: number | undefined) {
    if (offer === undefined) return;
    const row = await db.kysely
      .selectFrom('offers')
      .select('id')
      .where('id', '=', offer)
      .where('agency_id', '=', agencyId)
      .executeTakeFirst();
    if (!row) throw notFound('offer');
  }

  async function leads(agencyId: number, filters: LeadFilters, limit: number, offset: number) {
    const rows = await filtered(db.kysely.selectFrom('contacts as c'), agencyId, filters)
      .leftJoin('offers as o', 'o.id', 'c.offer_id')
      .leftJoin('pro_users as h', 'h.id', 'c.handled_by')
      .select([
        'c.id',
        'c.created_at',
        'c.name',
        'c.email',
        'c.phone',
        'c.message',
        'c.lang',
        'c.lead',
        'c.lead_status',
        'c.lead_to',
        'c.lead_detail',
        'c.lead_updated_at',
        'c.handled_at',
        'h.email as handled_by',
        'o.id as offer_id',
        'o.reference as offer_reference',
        'o.titre1_fr as offer_title_fr',
        'o.titre1_en as offer_title_en',
      ])
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((row): ProLead => {
      const lead = row.lead as LeadJson | null;
      return {
        id: Number(row.id),
        created_at: isoDate(row.created_at),
        name: row.name,
        email: row.email,
        phone: row.phone,
        message: row.message,
        lang: row.lang === 'en' ? 'en' : 'fr',
        offer:
          row.offer_id != null
            ? {
                id: row.offer_id,
                reference: row.offer_reference ?? '',
                title:
                  lead?.offer?.title ??
                  (row.lang === 'en' ? row.offer_title_en : row.offer_title_fr) ??
                  '',
                url: lead?.offer?.url ?? null,
              }
            : null,
        delivery: {
          status: row.lead_status,
          to: row.lead_to,
          detail: row.lead_detail,
          updated_at: row.lead_updated_at ? isoDate(row.lead_updated_at) : null,
        },
        handled_at: row.handled_at ? isoDate(row.handled_at) : null,
        handled_by: row.handled_by ?? null,
      };
    });
  }

  app.get(
    '/pro/leads',
    {
      schema: {
        description:
          'The signed-in agency’s contact requests, newest first, a page at a time, filtered by offer (one of the agency’s: another answers 404), state (new, handled) and period (from, to: days, UTC, included).',
        querystring: ProLeadsQuerySchema,
        response: {
          200: ProLeadListSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = proUser(request);
      const { page = 1, ...filters } = request.query;
      await checkOffer(user.agencyId, filters.offer);
      const [items, total, offers] = await Promise.all([
        leads(user.agencyId, filters, PRO_LEADS_PAGE_SIZE, (page - 1) * PRO_LEADS_PAGE_SIZE),
        filtered(db.kysely.selectFrom('contacts as c'), user.agencyId, filters)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
        db.kysely
          .selectFrom('offers as o')
          .select(['o.id', 'o.reference', 'o.titre1_fr', 'o.titre1_en'])
          .where('o.agency_id', '=', user.agencyId)
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('contacts as c')
                .select(sql`1`.as('one'))
                .whereRef('c.offer_id', '=', 'o.id')
                .where('c.agency_id', '=', user.agencyId)
                .where('c.spam', '=', false),
            ),
          )
          .orderBy('o.reference')
          .limit(500)
          .execute(),
      ]);
      return {
        items,
        total: Number(total.n),
        page,
        page_size: PRO_LEADS_PAGE_SIZE,
        offers: offers.map((o) => ({
          id: o.id,
          reference: o.reference ?? '',
          title: o.titre1_fr ?? o.titre1_en ?? '',
        })),
      };
    },
  );

  app.get(
    '/pro/leads/export',
    {
      schema: {
        description: `The leads of the same filters for a CSV export, at most ${PRO_EXPORT_MAX}.`,
        querystring: ProLeadExportQuerySchema,
        response: {
          200: ProLeadExportSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = proUser(request);
      await checkOffer(user.agencyId, request.query.offer);
      const items = await leads(user.agencyId, request.query, PRO_EXPORT_MAX + 1, 0);
      return { items: items.slice(0, PRO_EXPORT_MAX), truncated: items.length > PRO_EXPORT_MAX };
    },
  );

  const { proLeadHandled } = proSendEndpoints;
  app.post(
    proLeadHandled.path,
    {
      schema: {
        description: 'Marks a lead of the agency handled (or not); another agency’s answers 404.',
        body: proLeadHandled.body,
        response: {
          200: proLeadHandled.answer,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = proUser(request);
      const { id, handled } = request.body;
      const now = new Date();
      const done = await db.kysely.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('contacts')
          .set(
            handled
              ? { handled_at: now, handled_by: user.userId }
              : { handled_at: null, handled_by: null },
          )
          .where('id', '=', id)
          .where('agency_id', '=', user.agencyId)
          .where('spam', '=', false)
          .returning('id')
          .executeTakeFirst();
        if (!row) return false;
        await audit(trx, user, handled ? 'lead-handled' : 'lead-unhandled', id, now);
        return true;
      });
      if (!done) throw notFound('lead');
      return { ok: true as const };
    },
  );
}
