import * as v from 'valibot';
import {
  ATOUTS,
  AlertCreatedSchema,
  AlertMailActionSchema,
  AlertMailTokenBodySchema,
  ContactCreatedSchema,
  LangSchema,
  NatureIdSchema,
} from './contract';
import { BboxParam, formatBbox } from './bbox';
import { ENERGY_CLASSES } from './energy-rules';
import { parsePhone, phoneNumber } from './contact-forms';
import { proSendEndpoints } from './pro';
import { proFeedSendEndpoints } from './pro-feeds';
import { ALERT_TOKENS_UPSTREAM_HEADER, BodyIdSchema } from './endpoints';
import { formSendRow as send } from './endpoint-rows';
import {
  EMAIL_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PROSPECT_FIELD_MAX_LENGTH,
  boundedText,
  emailAddress,
  idempotencyKey,
  noControlChars,
} from './validation';

// The writes of the portal's forms (contact, professional request, alerts), rows of the endpoint
// table (shared/endpoints.ts) kept apart because their field rules load the phone metadata: only
// the pages' actions send them, on the server, never the browser through /api. Their bodies are
// the listings API's: its routes validate with these schemas (and document them in its OpenAPI
// document), the web app sends their input type. The field rules are those of the forms
// (shared/validation.ts), worded for the listings API's clients: the API prefixes each message
// with the field, e.g. 'phone: must be a valid telephone number'.

// ---------------------------------------------------------------------------------------------
// Fields

const string = v.pipe(v.string('must be a string'), noControlChars);

const textMessages = (max: number) => ({
  required: 'is required',
  tooLong: `must have at most ${max} characters`,
});

const requiredText = (max: number) => boundedText(string, max, textMessages(max));

const optionalText = (max: number) =>
  v.optional(v.pipe(string, v.trim(), v.maxLength(max, textMessages(max).tooLong)), '');

export const EmailSchema = emailAddress(string, {
  ...textMessages(EMAIL_MAX_LENGTH),
  invalid: 'must be a valid e-mail address',
});

/** A telephone number as typed (trimmed) and in E.164. */
export interface ParsedPhone {
  raw: string;
  e164: string;
}

export const PhoneSchema = v.pipe(
  phoneNumber(string, {
    ...textMessages(PHONE_MAX_LENGTH),
    invalid: 'must be a valid telephone number',
  }),
  v.transform((raw): ParsedPhone => ({ raw, e164: parsePhone(raw)!.number })),
);

/** The same key twice gives the first request's answer and stores nothing more. */
const IdempotencyKeySchema = v.optional(
  idempotencyKey({ type: 'must be a string', key: 'must be 8 to 100 letters, digits or -_.:' }),
);

const lang = v.optional(LangSchema, 'fr');

// ---------------------------------------------------------------------------------------------
// Bodies

/** POST /contact: the contact form of an offer or an agency page. */
export const ContactBodySchema = v.pipe(
  v.object({
    offer_id: v.optional(BodyIdSchema),
    agency_id: v.optional(BodyIdSchema),
    name: requiredText(NAME_MAX_LENGTH),
    phone: PhoneSchema,
    email: EmailSchema,
    message: requiredText(MESSAGE_MAX_LENGTH),
    /** Opt-in to recommendations. */
    reco: v.optional(v.boolean('must be true or false'), false),
    /** Marked by the spam guard (server/writes/contact.ts): stored, mailed to nobody. */
    spam: v.optional(v.boolean('must be true or false'), false),
    lang,
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

/** POST /contact-prospect: the professional (prospect) form. */
export const ProspectBodySchema = v.object({
  lastname: requiredText(PROSPECT_FIELD_MAX_LENGTH),
  firstname: requiredText(PROSPECT_FIELD_MAX_LENGTH),
  company: requiredText(PROSPECT_FIELD_MAX_LENGTH),
  /** The city picked in the place autocomplete, when there is one. */
  lieu_id: v.optional(BodyIdSchema),
  city: requiredText(120),
  phone: PhoneSchema,
  email: EmailSchema,
  message: optionalText(MESSAGE_MAX_LENGTH),
  lang,
  /** The same key twice stores one request (and sends one confirmation mail). */
  idempotency_key: IdempotencyKeySchema,
});

const nullableCount = (max: number) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.number('must be a number'),
        v.integer('must be a whole number'),
        v.minValue(0, 'must be at least 0'),
        v.maxValue(max, `must be at most ${max}`),
      ),
    ),
  );

const RANGE_PAIRS = [
  ['prix_min', 'prix_max'],
  ['surface_min', 'surface_max'],
  ['surface_terrain_min', 'surface_terrain_max'],
] as const;

/** The alert payload of spec section 7, checked field by field. */
export const AlertCriteriaBodySchema = v.pipe(
  v.object({
    nature: NatureIdSchema,
    rubrique: v.optional(v.nullable(v.pipe(v.array(BodyIdSchema), v.maxLength(50)))),
    lieu: v.optional(v.nullable(BodyIdSchema)),
    omr_list_id: v.optional(v.nullable(BodyIdSchema)),
    prix_max: nullableCount(2_000_000_000),
    prix_min: nullableCount(2_000_000_000),
    nb_pieces: nullableCount(1000),
    nb_chambres: nullableCount(1000),
    surface_max: nullableCount(100_000_000),
    surface_min: nullableCount(100_000_000),
    surface_terrain_max: nullableCount(100_000_000),
    surface_terrain_min: nullableCount(100_000_000),
    dpe_max: v.optional(
      v.nullable(
        v.picklist(ENERGY_CLASSES, `must be one of the classes ${ENERGY_CLASSES.join(', ')}`),
      ),
    ),
    atouts: v.optional(
      v.nullable(
        v.array(
          v.pipe(v.string(), v.picklist(ATOUTS, `must list values among ${ATOUTS.join(', ')}`)),
        ),
      ),
    ),
    /** A map area `west,south,east,north`, kept in its canonical text. */
    bbox: v.optional(v.nullable(v.pipe(BboxParam, v.transform(formatBbox)))),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const input = dataset.value;
    for (const [min, max] of RANGE_PAIRS) {
      const low = input[min];
      const high = input[max];
      if (low != null && high != null && low > high) {
        addIssue({
          message: `must not exceed ${max}`,
          path: [{ type: 'object', origin: 'value', input, key: min, value: low }],
        });
      }
    }
  }),
);

/** POST /alerte: a new alert of a search for an e-mail address. */
export const AlertBodySchema = v.object({
  email: EmailSchema,
  /** Consent to be contacted by partner agencies. */
  contactProximite: v.optional(v.boolean('must be true or false'), false),
  lang,
  criteria: AlertCriteriaBodySchema,
});

export const formSendEndpoints = {
  /**
   * The contact form of offer and agency pages, sent by their action through the BFF's duties
   * (server/writes/contact.ts: spam guard, idempotency key).
   */
  contact: send({
    method: 'POST',
    path: '/contact',
    body: ContactBodySchema,
    answer: ContactCreatedSchema,
  }),
  /** The professional (prospect) contact form (server/writes/prospect.ts). */
  prospect: send({
    method: 'POST',
    path: '/contact-prospect',
    body: ProspectBodySchema,
    answer: ContactCreatedSchema,
  }),
  /**
   * The alert writes, actions of the pages that show their forms (the result lists: create; the
   * alerts page: delete, and the confirm and unsubscribe buttons of mail links). The BFF keeps the
   * visitor's alert cookie in step with them (server/writes/alerts.ts).
   */
  alertCreate: send({
    method: 'POST',
    path: '/alerte',
    body: AlertBodySchema,
    answer: AlertCreatedSchema,
  }),
  /** Deletes the alert of an owner's token (sent as a header, never in a URL); 204 or 404. */
  alertDelete: send({
    method: 'DELETE',
    path: '/alerte',
    body: v.object({ token: v.string() }),
    headers: { token: ALERT_TOKENS_UPSTREAM_HEADER },
    answer: v.unknown(),
  }),
  /** The double opt-in of a mail link: its token is a signed alert id, not the owner's token. */
  alertConfirm: send({
    method: 'POST',
    path: '/alerte/confirm',
    body: AlertMailTokenBodySchema,
    answer: AlertMailActionSchema,
  }),
  /** Stops an alert's mails, from its mails' link. */
  alertUnsubscribe: send({
    method: 'POST',
    path: '/alerte/unsubscribe',
    body: AlertMailTokenBodySchema,
    answer: AlertMailActionSchema,
  }),
  /** The professional space's writes (shared/pro.ts), sent with the user's session. */
  ...proSendEndpoints,
  ...proFeedSendEndpoints,
};
