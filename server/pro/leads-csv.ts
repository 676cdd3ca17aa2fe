import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { BFF_PATHS } from '../../shared/bff-paths';
import { LangSchema } from '../../shared/contract';
import { toCsv } from '../../shared/csv';
import { isPortalApiError } from '../../shared/portal-api';
import { ProLeadExportQuerySchema } from '../../shared/pro';
import * as m from '../../shared/pro-messages';
import { translate } from '../api/messages';
import { ROUTE_BY_SCREEN } from '../../shared/routes';
import { invalid, notFound } from '../http-errors';

// The leads of the professional space as a CSV file (the leads page's filters, the columns in the
// page's language), for the signed-in user's agency: a link of the leads page, a plain GET that
// works without JavaScript. The session is the cookie's (the server PortalApi forwards it).

const Query = v.object({ ...ProLeadExportQuerySchema.entries, lang: v.optional(LangSchema, 'fr') });

export async function proLeadsCsvRoute(app: FastifyInstance): Promise<void> {
  app.get(BFF_PATHS.proLeadsCsv, async (request, reply) => {
    const parsed = v.safeParse(Query, request.query ?? {});
    if (!parsed.success) throw invalid(parsed.issues, 'query');
    const { lang, ...filters } = parsed.output;
    let answer;
    try {
      answer = await app.portalApi(request).get('proLeadsExport', filters);
    } catch (error) {
      // Signed out: the sign-in page.
      if (isPortalApiError(error) && error.status === 401) {
        return reply
          .header('cache-control', 'no-store')
          .redirect(ROUTE_BY_SCREEN.proSignIn.paths[lang], 303);
      }
      if (isPortalApiError(error) && error.status === 404) throw notFound();
      throw error;
    }
    const tr = (d: typeof m.proCsvDate) => translate(d, lang);
    const rows = [
      [
        tr(m.proCsvDate),
        tr(m.proCsvName),
        tr(m.proCsvEmail),
        tr(m.proCsvPhone),
        tr(m.proCsvMessage),
        tr(m.proCsvReference),
        tr(m.proCsvOffer),
        tr(m.proCsvOfferUrl),
        tr(m.proCsvDelivery),
        tr(m.proCsvHandled),
        tr(m.proCsvHandledBy),
      ],
      ...answer.items.map((lead) => [
        lead.created_at,
        lead.name,
        lead.email,
        lead.phone,
        lead.message,
        lead.offer?.reference ?? '',
        lead.offer?.title ?? '',
        lead.offer?.url ?? '',
        lead.delivery.status ?? '',
        lead.handled_at ?? '',
        lead.handled_by ?? '',
      ]),
    ];
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${tr(m.proCsvFile)}-${day}.csv"`)
      .send(toCsv(rows));
  });
}
