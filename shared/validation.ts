import * as v from 'valibot';

// The one vocabulary of what the portal takes from outside: ids, slugs, idempotency keys and the
// limits of the forms' fields (spec section 5). The browser, the BFF and the listings API check
// with these rules and limits; each side words its own messages (the forms' message ids of
// messages.ts for visitors, the listings API's English rules for its clients), so the pieces
// below take their messages as arguments.

// ---------------------------------------------------------------------------------------------
// Ids

/** Database ids are 32-bit integers (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;

/** An id written out: at most 10 digits (MAX_ID has 10), checked against MAX_ID once a number. */
export const ID_TEXT = /^\d{1,10}$/;

/** Whether a value is an id: a whole number from 1 to MAX_ID. */
export function isId(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x > 0 && x <= MAX_ID;
}

/** An id from a number or its decimal text (surrounding spaces allowed); null for anything else. */
export function parseId(raw: unknown): number | null {
  const n = typeof raw === 'string' && ID_TEXT.test(raw.trim()) ? Number(raw.trim()) : raw;
  return isId(n) ? n : null;
}

export interface IdMessages {
  /** Not a number. */
  type?: string;
  /** Not a whole number. */
  integer?: string;
  /** Zero or below. */
  min?: string;
  /** Above MAX_ID. */
  max?: string;
}

/** An id as a JSON number. */
export function idNumber(messages: IdMessages = {}) {
  return v.pipe(
    v.number(messages.type),
    v.integer(messages.integer),
    v.minValue(1, messages.min),
    v.maxValue(MAX_ID, messages.max),
  );
}

/** An id as decimal text (a form field, a query parameter), as a number. */
export function idText(messages: { text?: string; range?: string } = {}) {
  return v.pipe(
    v.string(messages.text),
    v.regex(ID_TEXT, messages.text),
    v.transform(Number),
    v.minValue(1, messages.range),
    v.maxValue(MAX_ID, messages.range),
  );
}

// ---------------------------------------------------------------------------------------------
// Slugs

export const SLUG_MAX_LENGTH = 200;

/**
 * The shape of a slug segment of a path (places, offers, agencies, networks); anything else
 * (dots, percent-escapes, spaces) names nothing.
 */
export const SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/;

/** A slug as the listings API writes them: lower-case letters, digits and hyphens. */
export const LOWER_SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;

// ---------------------------------------------------------------------------------------------
// Idempotency keys

/**
 * The key a write is sent with: the same key twice stores one row (a double submit, a retry).
 * The browser makes one per form; the BFF derives one when none is given.
 */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/** An idempotency key as sent. */
export function idempotencyKey(messages: { type?: string; key?: string } = {}) {
  return v.pipe(v.string(messages.type), v.regex(IDEMPOTENCY_KEY, messages.key));
}

// ---------------------------------------------------------------------------------------------
// Form fields (spec section 5)

/** The contact form's name. */
export const NAME_MAX_LENGTH = 80;
/** The professional form's text fields: last name, first name, company, city. */
export const PROSPECT_FIELD_MAX_LENGTH = 80;
/** The message of the contact and professional forms. */
export const MESSAGE_MAX_LENGTH = 5000;
/** An e-mail address (RFC 5321's longest path). */
export const EMAIL_MAX_LENGTH = 254;
/** A telephone number as typed. */
export const PHONE_MAX_LENGTH = 40;

/**
 * Text without control characters (tabs and line breaks aside): PostgreSQL refuses NUL in text,
 * and no form field needs the others.
 */
export const noControlChars = v.regex(
  // eslint-disable-next-line no-control-regex
  /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/,
  'must not contain control characters',
);

// The rules of the forms' fields, one set for every side: the browser and the BFF check a form's
// fields with them (the forms' message ids, shared/forms.ts), the listings API a write's body (its
// English rules, shared/form-endpoints.ts). Each side gives its input stage (a form field that may
// be absent, a JSON string) and its wording.

export interface TextMessages {
  required: string;
  tooLong: string;
}

/** A required text of at most `max` characters, trimmed. */
export function boundedText<I extends v.GenericSchema<unknown, string>>(
  input: I,
  max: number,
  m: TextMessages,
): v.GenericSchema<v.InferInput<I>, string> {
  return v.pipe(input, v.trim(), v.nonEmpty(m.required), v.maxLength(max, m.tooLong));
}

/** A required e-mail address, trimmed. */
export function emailAddress<I extends v.GenericSchema<unknown, string>>(
  input: I,
  m: TextMessages & { invalid: string },
): v.GenericSchema<v.InferInput<I>, string> {
  return v.pipe(boundedText(input, EMAIL_MAX_LENGTH, m), v.email(m.invalid));
}
