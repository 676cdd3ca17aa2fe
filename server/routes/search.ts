import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { SEARCH_FORM_ROUTE } from '../../shared/bff-paths';
import { LangSchema } from '../../shared/contract';
import { isPortalApiError } from '../../shared/portal-api';
import {
  criteriaFromForm,
  placeFromForm,
  searchFormTarget,
  withUnknownPlace,
} from '../../shared/search-form';
import { badRequest } from '../http-errors';

// GET /{lang}/search/: where the search form goes without JavaScript. It reads the form's fields
// (the result-list query names, nature, and the place as chosen slug or typed text), resolves a
// typed place to the first suggestion of /search-lieu (text no place answers to goes along in
// `lieu_q`: the list says so), and redirects (302) to the result list:
// the same URL the form's script builds in the browser (shared/search-form.ts).
// Never a page of its own, never cached, never indexed (robots.txt).

const Params = v.object({ lang: LangSchema });

export async function searchRoutes(app: FastifyInstance): Promise<void> {
  app.get(SEARCH_FORM_ROUTE, async (request, reply) => {
    const params = v.safeParse(Params, request.params);
    if (!params.success) return reply.callNotFound();
    const lang = params.output.lang;
    const raw = request.url.split('?')[1] ?? '';
    if (raw.length > 4000) {
      throw badRequest('query: is too long', 'query');
    }
    const form = new URLSearchParams(raw);
    const api = app.portalApi(request);
    // Without the config, the listings API's failure answers (error handler).
    const config = await api.get('config', {});
    const criteria = criteriaFromForm(form, config);
    const place = placeFromForm(form);
    let slug: string | null = null;
    let unknown: string | null = null;
    if (place.kind === 'slug') slug = place.slug;
    else if (place.kind === 'text') {
      try {
        const found =
          place.text.length >= 2
            ? await api.get('searchLieu', { q: place.text, lang, limit: 1 })
            : { items: [] };
        slug = found.items[0]?.slug ?? null;
        // Text no place answers to: the list says so next to the field (never a silent drop).
        if (slug === null) unknown = place.text;
      } catch (error) {
        // No suggestion service: search everywhere rather than fail the visitor's search.
        if (!isPortalApiError(error)) throw error;
        request.log.warn({ err: error }, 'place lookup failed');
      }
    }
    const target = searchFormTarget(criteria, slug, lang, config);
    const location = unknown === null ? target.href : withUnknownPlace(target.href, unknown);
    return reply.code(302).header('cache-control', 'no-store').redirect(location, 302);
  });
}
