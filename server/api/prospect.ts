import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { LangSchema, type Lang } from '../../shared/contract';
import { ProspectFormSchema } from '../../shared/contact-forms';
import { parseForm } from '../../shared/forms';
import { fieldInvalid, messageById } from '../../shared/messages';
import { API_PATHS, isPortalApiError, type ProspectBody } from '../../shared/portal-api';
import { ROUTE_BY_SCREEN, langOfPath } from '../../shared/routes';
import {
  PROSPECT_FIELDS,
  RATE_LIMITED,
  SERVICE_ERROR,
  encodeProspectState,
} from '../../shared/prospect-state';
import { isCrossSite } from '../ssr/page-forms';
import { FORM_RATE_LIMIT, errorBody, sendApiFailure } from './routes';

// The professional (prospect) contact form: POST /contact-prospect of the listings API with the
// page's language (spec section 7), once the body passed the browser's own schema
// (shared/forms.ts ProspectFormSchema).
// - JSON to /api/contact-prospect (the page's script): 201 with the stored request, or 400 with
//   `field`, a message naming it and `errors` (field → message id), or the upstream failure.
// - The form posted to its page without JavaScript (page form `prospect`, server/ssr/page-forms.ts):
//   303 to the thanks page, or the page again (400) with what was typed and the errors.
// Both are rate limited per connection. The same request sent twice the same day is stored (and
// its confirmation mailed) once: the listings API keeps one row per idempotency key.

type Errors = Record<string, string>;

/** Upstream fields that are not form fields: where their error shows. */
const UPSTREAM_FIELD: Record<string, string> = { lieu_id: 'city' };

type Outcome =
  | { kind: 'sent'; answer: unknown }
  | { kind: 'invalid'; errors: Errors }
  | { kind: 'failed'; error: unknown };

/** Errors on fields the page does not show (the picked place's id) go to the field it shows. */
export function onFields(errors: Errors): Errors {
  const out: Errors = {};
  for (const [field, id] of Object.entries(errors)) {
    const shown = UPSTREAM_FIELD[field] ?? field;
    out[shown] ??= id;
  }
  return out;
}

function typedValues(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of [...PROSPECT_FIELDS, 'lieu_id']) {
    const raw = body[key];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value === 'string') out[key] = value.slice(0, 10_000);
    else if (typeof value === 'number') out[key] = String(value);
  }
  return out;
}

/** A message id as text (French source, placeholders filled) for JSON error messages. */
function messageText(id: string): string {
  const descriptor = messageById(id);
  const values = (descriptor.values ?? {}) as Record<string, unknown>;
  return (descriptor.message ?? descriptor.id).replace(/\{(\w+)\}/g, (all, name: string) =>
    name in values ? String(values[name]) : all,
  );
}

async function submitProspect(
  app: FastifyInstance,
  request: FastifyRequest,
  body: Record<string, unknown>,
  lang: Lang,
): Promise<Outcome> {
  const checked = parseForm(ProspectFormSchema, body);
  if (!checked.ok) {
    const errors: Errors = {};
    for (const [field, descriptor] of Object.entries(checked.errors))
      if (descriptor?.id) errors[field] = descriptor.id;
    return { kind: 'invalid', errors };
  }
  const form = checked.value;
  // A double submit (two clicks, a form posted again) is stored once, and its confirmation mail
  // sent once: the same request from the same person the same day has one key.
  const key = `p:${createHash('sha256')
    .update(
      JSON.stringify([
        form.lastname,
        form.firstname,
        form.company,
        form.city,
        form.lieu_id ?? null,
        form.phoneObject.number,
        form.email.toLowerCase(),
        form.message,
        lang,
        new Date().toISOString().slice(0, 10),
      ]),
    )
    .digest('base64url')
    .slice(0, 32)}`;
  const prospect: ProspectBody = {
    lastname: form.lastname,
    firstname: form.firstname,
    company: form.company,
    city: form.city,
    ...(form.lieu_id !== undefined ? { lieu_id: form.lieu_id } : {}),
    phone: form.phone,
    email: form.email,
    message: form.message,
    lang,
    idempotency_key: key,
  };
  try {
    return { kind: 'sent', answer: await app.portalApi(request).send('prospect', prospect) };
  } catch (error) {
    if (isPortalApiError(error) && error.status === 400) {
      // The listings API refused what passed our checks (a place id that does not exist...).
      const upstream = (error.body as { field?: unknown } | undefined)?.field;
      const field =
        typeof upstream === 'string'
          ? (UPSTREAM_FIELD[upstream] ??
            ((PROSPECT_FIELDS as readonly string[]).includes(upstream) ? upstream : 'form'))
          : 'form';
      return { kind: 'invalid', errors: { [field]: fieldInvalid.id } };
    }
    request.log.warn({ err: error }, 'prospect request not sent');
    return { kind: 'failed', error };
  }
}

async function prospectRoutes(app: FastifyInstance) {
  app.post(
    API_PATHS.prospect,
    { bodyLimit: 32 * 1024, config: { rateLimit: FORM_RATE_LIMIT } },
    async (request, reply: FastifyReply) => {
      if (isCrossSite(request)) {
        return reply.code(403).send(errorBody(403, 'forms are only accepted from this site'));
      }
      const body = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return reply.code(400).send(errorBody(400, 'body: must be a JSON object', 'body'));
      }
      const fields = body as Record<string, unknown>;
      const lang = v.safeParse(LangSchema, fields.lang);
      const outcome = await submitProspect(app, request, fields, lang.success ? lang.output : 'fr');
      reply.header('cache-control', 'no-store');
      if (outcome.kind === 'sent') return reply.code(201).send(outcome.answer);
      if (outcome.kind === 'failed') return sendApiFailure(reply, outcome.error);
      const field =
        PROSPECT_FIELDS.find((f) => outcome.errors[f]) ?? Object.keys(outcome.errors)[0] ?? 'form';
      const message = `${field}: ${messageText(outcome.errors[field] ?? fieldInvalid.id)}`;
      return reply.code(400).send({ ...errorBody(400, message, field), errors: outcome.errors });
    },
  );

  // The form posted to its page without JavaScript.
  const limited = app.createRateLimit({
    ...FORM_RATE_LIMIT,
    keyGenerator: (request) => `prospect:${request.ip}`,
  });
  app.addPageForm('prospect', async (request, reply, fields) => {
    const lang = langOfPath(request.url);
    const values = typedValues(fields);
    const limit = await limited(request);
    if (!limit.isAllowed && limit.isExceeded) {
      return encodeProspectState({ form: 'prospect', values, errors: { form: RATE_LIMITED } });
    }
    const outcome = await submitProspect(app, request, fields, lang);
    if (outcome.kind === 'sent') {
      await reply
        .header('cache-control', 'no-store')
        .redirect(`${ROUTE_BY_SCREEN.proContact.paths[lang]}?sent=1`, 303);
      return undefined;
    }
    const errors = outcome.kind === 'invalid' ? onFields(outcome.errors) : { form: SERVICE_ERROR };
    return encodeProspectState({ form: 'prospect', values, errors });
  });
}

export default fp(prospectRoutes, {
  name: 'prospect',
  dependencies: ['page-forms', '@fastify/rate-limit', 'upstream'],
});
