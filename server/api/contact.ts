import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MessageDescriptor } from '@lingui/core';
import * as v from 'valibot';
import { langOfPath } from '../../shared/routes';
import {
  encodePageFormState,
  type ContactStatus,
  type ContactTarget,
  type ContactValues,
} from '../../shared/contact-outcome';
import { LangSchema, type ContactCreated, type Lang } from '../../shared/contract';
import { ContactFormSchema } from '../../shared/contact-forms';
import { parseForm } from '../../shared/forms';
import { contactFailed, contactRateLimited, contactRefused } from '../../shared/messages';
import { isPortalApiError, type ContactBody } from '../../shared/portal-api';
import { isCrossSite } from '../ssr/page-forms';
import { translate } from './messages';
import { FORM_RATE_LIMIT, errorBody } from './routes';

// POST /api/contact and the contact form posted to a page without JavaScript (offer and agency
// pages), with the spam guard the spec asks of the BFF:
// - a signed per-visitor counter cookie lasting one day from the first request; once it reaches
//   settings.maxContact, requests are refused with a clear message and the visitor is flagged
//   isSpammer;
// - behind it, a per-connection (IP) limit of @fastify/rate-limit, in Redis when REDIS_URL is set.
// The form is checked with the browser's own schema (shared/forms.ts ContactFormSchema). A double
// submit is stored once: the listings API keeps one row per idempotency key, given by the browser
// or derived from the request. A sent request about an offer counts as an e-mail contact
// (POST /stat type email). Also: the phone reveal posted without JavaScript (stat telephone).

export const CONTACT_COOKIE = 'contact_counter';
/** The counter's window: one day from the visitor's first request. */
export const CONTACT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Requests per connection (IP) behind the cookie counter, which a visitor can drop. */
export const CONTACT_IP_LIMIT = { max: 30, timeWindow: 60 * 60 * 1000 } as const;

/** The messages of the refusals: the page's own texts (shared/messages.ts, the catalogs). */
export const CONTACT_MESSAGES: Record<
  Exclude<ContactStatus, 'sent' | 'invalid'>,
  MessageDescriptor
> = {
  refused: contactRefused,
  'rate-limited': contactRateLimited,
  failed: contactFailed,
};

const MAX_ID = 2_147_483_647;
const id = v.pipe(
  v.union(
    [v.number(), v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number))],
    'must be an id',
  ),
  v.integer('must be an id'),
  v.minValue(1, 'must be an id'),
  v.maxValue(MAX_ID, 'must be an id'),
);

/** Who the request is for, and the request's own fields (the form's are parsed apart). */
const EnvelopeSchema = v.pipe(
  v.object({
    offer_id: v.optional(id),
    agency_id: v.optional(id),
    lang: v.optional(LangSchema),
    idempotency_key: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'must be 8 to 100 letters, digits or -_.:'),
      ),
    ),
  }),
  v.check(
    (e) => e.offer_id !== undefined || e.agency_id !== undefined,
    'give offer_id or agency_id',
  ),
);

// -------------------------------------------------------------------------------------------------
// The counter cookie

export interface ContactCounter {
  count: number;
  /** When the window started (ms). */
  since: number;
  /** A short hash of the last stored request's key: the same request again does not count. */
  last: string;
}

const COUNTER_VALUE = /^(\d{1,4})\.(\d{10,16})\.([A-Za-z0-9_-]{0,16})$/;

/** The visitor's counter: a fresh one when absent, tampered with or older than a day. */
export function readCounter(request: FastifyRequest, now = Date.now()): ContactCounter {
  const fresh = { count: 0, since: now, last: '' };
  const raw = request.cookies[CONTACT_COOKIE];
  if (!raw) return fresh;
  const unsigned = request.unsignCookie(raw);
  const match = unsigned.valid && unsigned.value ? COUNTER_VALUE.exec(unsigned.value) : null;
  if (!match) return fresh;
  const counter = { count: Number(match[1]), since: Number(match[2]), last: match[3] ?? '' };
  if (counter.since > now || now - counter.since >= CONTACT_WINDOW_MS) return fresh;
  return counter;
}

function writeCounter(
  request: FastifyRequest,
  reply: FastifyReply,
  counter: ContactCounter,
  now: number,
) {
  const left = Math.max(1, Math.ceil((counter.since + CONTACT_WINDOW_MS - now) / 1000));
  reply.setCookie(CONTACT_COOKIE, `${counter.count}.${counter.since}.${counter.last}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: left,
  });
}

const shortHash = (text: string) =>
  createHash('sha256').update(text).digest('base64url').slice(0, 16);

// -------------------------------------------------------------------------------------------------
// One contact request

export type ContactResult =
  | { kind: 'bad-request'; field: string; message: string }
  | {
      kind: 'outcome';
      status: ContactStatus;
      lang: Lang;
      target: ContactTarget;
      values: ContactValues;
      /** Message id of the first error of each field ('invalid'). */
      errors: Record<string, string>;
      isSpammer: boolean;
      /** The listings API's failure status ('failed'). */
      upstreamStatus?: number;
      created?: ContactCreated;
    };

function typedValues(fields: Record<string, unknown>): ContactValues {
  const text = (key: string, max: number) => {
    const value: unknown = fields[key];
    const first: unknown = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' ? first.slice(0, max) : '';
  };
  const reco: unknown = fields.reco;
  return {
    name: text('name', 1000),
    phone: text('phone', 200),
    email: text('email', 1000),
    message: text('message', 10_000),
    reco: reco === true || reco === 'on' || reco === 'true' || reco === '1',
  };
}

/** The key of a request the browser did not key: the same visitor sending the same text the same day. */
function derivedKey(
  target: ContactTarget,
  form: v.InferOutput<typeof ContactFormSchema>,
  now: number,
) {
  const day = new Date(now).toISOString().slice(0, 10);
  return `d:${shortHash(
    JSON.stringify([
      target.offer_id ?? null,
      target.agency_id ?? null,
      form.name,
      form.phoneObject.number,
      form.email.toLowerCase(),
      form.message,
      form.reco,
      day,
    ]),
  )}`;
}

interface ContactDeps {
  ipLimit: ReturnType<FastifyInstance['createRateLimit']>;
}

async function submitContact(
  app: FastifyInstance,
  deps: ContactDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  fields: Record<string, unknown>,
  pageLang: Lang | undefined,
): Promise<ContactResult> {
  const envelope = v.safeParse(EnvelopeSchema, fields);
  if (!envelope.success) {
    const issue = envelope.issues[0];
    const field = (issue && v.getDotPath(issue)) || 'offer_id';
    return { kind: 'bad-request', field, message: `${field}: ${issue?.message ?? 'is invalid'}` };
  }
  const { offer_id, agency_id, idempotency_key } = envelope.output;
  const target: ContactTarget = offer_id !== undefined ? { offer_id } : { agency_id };
  const lang = pageLang ?? envelope.output.lang ?? 'fr';
  const values = typedValues(fields);
  const now = Date.now();
  const counter = readCounter(request, now);
  const base = { kind: 'outcome' as const, lang, target, values, errors: {} };

  let maxContact: number;
  try {
    maxContact = (await app.portalApi(request).get('config', {})).settings.maxContact;
  } catch (error) {
    if (!isPortalApiError(error)) throw error;
    return { ...base, status: 'failed', isSpammer: false, upstreamStatus: error.status };
  }
  if (counter.count >= maxContact) {
    request.log.info({ count: counter.count }, 'contact refused: counter at its maximum');
    return { ...base, status: 'refused', isSpammer: true };
  }
  const form = parseForm(ContactFormSchema, fields);
  if (!form.ok) {
    const errors = Object.fromEntries(
      Object.entries(form.errors).flatMap(([field, message]) =>
        message ? [[field, message.id]] : [],
      ),
    );
    return { ...base, status: 'invalid', errors, isSpammer: false };
  }
  // Only well-formed requests count: a visitor correcting a typo is not flooding anyone.
  const limit = await deps.ipLimit(request);
  if (!limit.isAllowed && limit.isExceeded) {
    // When the visitor's address may send again (both answers: JSON and the form's page).
    reply.header('retry-after', String(Math.max(1, Math.ceil(limit.ttl / 1000))));
    return { ...base, status: 'rate-limited', isSpammer: false };
  }

  const key = idempotency_key ?? derivedKey(target, form.value, now);
  const body: ContactBody = {
    ...target,
    name: form.value.name,
    phone: form.value.phone,
    email: form.value.email,
    message: form.value.message,
    reco: form.value.reco,
    lang,
    idempotency_key: key,
  };
  const api = app.portalApi(request);
  let created: ContactCreated;
  try {
    created = await api.send('contact', body);
  } catch (error) {
    if (!isPortalApiError(error)) throw error;
    if (error.status < 500) {
      // The listings API refused what passed our checks: an offer or agency that does not exist.
      const upstream = error.body as { field?: unknown; message?: unknown } | undefined;
      const field = typeof upstream?.field === 'string' ? upstream.field : 'offer_id';
      const message = typeof upstream?.message === 'string' ? upstream.message : error.message;
      return { kind: 'bad-request', field, message };
    }
    request.log.warn({ status: error.status }, 'contact not stored: listings API failure');
    return { ...base, status: 'failed', isSpammer: false, upstreamStatus: error.status };
  }

  const last = shortHash(key);
  const next =
    counter.last === last ? counter : { count: counter.count + 1, since: counter.since, last };
  writeCounter(request, reply, next, now);
  if (target.offer_id !== undefined) {
    // The stat is worth a log line, not a failed request (the contact is stored), nor a wait:
    // the answer does not depend on it.
    void api.send('stat', { type: 'email', id: target.offer_id }).catch((error: unknown) => {
      request.log.warn({ err: error }, 'stat email not recorded');
    });
  }
  return { ...base, status: 'sent', isSpammer: next.count >= maxContact, created };
}

// -------------------------------------------------------------------------------------------------
// Routes

const REASON: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  429: 'Too Many Requests',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The JSON answer of a contact request, and its status. */
export function contactAnswer(result: ContactResult): { status: number; body: object } {
  if (result.kind === 'bad-request') {
    return { status: 400, body: errorBody(400, result.message, result.field) };
  }
  const { status, lang } = result;
  if (status === 'sent') {
    return {
      status: 201,
      body: {
        id: result.created!.id,
        created_at: result.created!.created_at,
        isSpammer: result.isSpammer,
      },
    };
  }
  if (status === 'invalid') {
    const [field, messageId] = Object.entries(result.errors)[0] ?? ['form', 'form.field.invalid'];
    return {
      status: 400,
      body: {
        statusCode: 400,
        error: REASON[400],
        message: `${field}: ${messageId}`,
        field,
        status,
        errors: result.errors,
      },
    };
  }
  const code =
    status === 'failed'
      ? [502, 503, 504].includes(result.upstreamStatus ?? 0)
        ? result.upstreamStatus!
        : 503
      : 429;
  return {
    status: code,
    body: {
      statusCode: code,
      error: REASON[code] ?? 'Error',
      message: translate(CONTACT_MESSAGES[status], lang),
      status,
      isSpammer: result.isSpammer,
    },
  };
}

async function contactRoutes(app: FastifyInstance) {
  const deps: ContactDeps = {
    ipLimit: app.createRateLimit({
      ...CONTACT_IP_LIMIT,
      keyGenerator: (request) => `contact:${request.ip}`,
    }),
  };

  app.post('/api/contact', { bodyLimit: 32 * 1024 }, async (request, reply) => {
    if (isCrossSite(request)) {
      return reply.code(403).send(errorBody(403, 'forms are only accepted from this site'));
    }
    const fields = request.body;
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
      return reply.code(400).send(errorBody(400, 'body: must be a JSON object', 'body'));
    }
    const result = await submitContact(
      app,
      deps,
      request,
      reply,
      fields as Record<string, unknown>,
      undefined,
    );
    const answer = contactAnswer(result);
    return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
  });

  // The contact form posted to its page (offer, agency) without JavaScript.
  app.addPageForm('contact', async (request, reply, fields) => {
    const result = await submitContact(app, deps, request, reply, fields, langOfPath(request.url));
    if (result.kind === 'bad-request') {
      await reply.code(400).send(errorBody(400, result.message, result.field));
      return undefined;
    }
    return encodePageFormState({
      form: 'contact',
      status: result.status,
      target: result.target,
      errors: result.errors,
      // Once sent, the form shows empty again; otherwise what was typed stays.
      values:
        result.status === 'sent'
          ? { name: '', phone: '', email: '', message: '', reco: false }
          : result.values,
      isSpammer: result.isSpammer,
    });
  });

  // "Show the phone number" posted without JavaScript: the reveal counts as a telephone stat.
  // Limited per connection like the JSON stat route, and only for an offer that exists.
  const phoneLimit = app.createRateLimit({
    ...FORM_RATE_LIMIT,
    keyGenerator: (request) => `phone:${request.ip}`,
  });
  app.addPageForm('phone', async (request, reply, fields) => {
    const lang = langOfPath(request.url);
    const refuse = async (status: 400 | 404 | 429, field?: string) => {
      await reply
        .code(status)
        .header('cache-control', 'no-store')
        .send(errorBody(status, PHONE_TEXTS[status][lang], field));
      return undefined;
    };
    const limit = await phoneLimit(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(limit.ttlInSeconds))));
      return refuse(429);
    }
    const parsed = v.safeParse(v.object({ offer_id: id }), fields);
    if (!parsed.success) return refuse(400, 'offer_id');
    const offerId = parsed.output.offer_id;
    const api = app.portalApi(request);
    const found = await api.get('offersByIds', { ids: [offerId], lang }).then(
      (list) => list.items.some((item) => item.id === offerId),
      (error: unknown) => {
        // Unknown while the listings API fails: the page's own rendering answers that.
        request.log.warn({ err: error }, 'phone reveal: offer not checked');
        return true;
      },
    );
    if (!found) return refuse(404, 'offer_id');
    await api
      .send('stat', { type: 'telephone', id: offerId })
      .catch((error: unknown) => request.log.warn({ err: error }, 'stat telephone not recorded'));
    return encodePageFormState({ form: 'phone', status: 'revealed', offer_id: offerId });
  });
}

/** The refusals of the phone reveal posted without JavaScript, in the page's language. */
const PHONE_TEXTS: Record<400 | 404 | 429, Record<Lang, string>> = {
  400: {
    fr: 'offer_id : doit être un identifiant d’annonce.',
    en: 'offer_id: must be an offer id.',
  },
  404: { fr: 'Cette annonce n’existe pas.', en: 'This listing does not exist.' },
  429: {
    fr: 'Trop de demandes en peu de temps. Veuillez réessayer dans un moment.',
    en: 'Too many requests in a short time. Please try again in a moment.',
  },
};

export default fp(contactRoutes, {
  name: 'contact',
  dependencies: ['page-forms', '@fastify/rate-limit', '@fastify/cookie', 'upstream'],
});
