import type { MessageDescriptor } from '@lingui/core';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import * as v from 'valibot';
import {
  MESSAGE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PROSPECT_FIELD_MAX_LENGTH,
  cityRequired,
  cityTooLong,
  companyRequired,
  companyTooLong,
  emailInvalid,
  emailRequired,
  fieldInvalid,
  firstnameRequired,
  firstnameTooLong,
  lastnameRequired,
  lastnameTooLong,
  messageById,
  messageRequired,
  messageTooLong,
  nameRequired,
  nameTooLong,
  phoneInvalid,
  phoneRequired,
} from './messages';

// The valibot schemas of every form (spec section 5). The browser checks with them before
// sending and the BFF checks again with the same schemas. Issue messages are message ids of
// messages.ts; `parseForm` turns them into descriptors, one per field.

export { MESSAGE_MAX_LENGTH, NAME_MAX_LENGTH, PROSPECT_FIELD_MAX_LENGTH } from './messages';
export const PHONE_MAX_LENGTH = 40;
export const EMAIL_MAX_LENGTH = 254;
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'FR';

// ---------------------------------------------------------------------------------------------
// Field schemas

/** A text field: absent means empty; surrounding spaces are trimmed. */
const text = () => v.optional(v.string(fieldInvalid.id), '');

const optionalText = (max: number, tooLong: MessageDescriptor) =>
  v.pipe(text(), v.trim(), v.maxLength(max, tooLong.id));

const requiredText = (required: MessageDescriptor, max: number, tooLong: MessageDescriptor) =>
  v.pipe(text(), v.trim(), v.nonEmpty(required.id), v.maxLength(max, tooLong.id));

export interface PhoneObject {
  /** E.164, e.g. +33612345678. */
  number: string;
  /** ISO 3166 country, null for non-geographic numbers. */
  country: string | null;
  /** National format, e.g. 06 12 34 56 78. */
  national: string;
}

/**
 * A valid phone number in national (French by default) or international form, or null.
 * @example parsePhone('06 12 34 56 78') // { number: '+33612345678', country: 'FR', national: '06 12 34 56 78' }
 */
export function parsePhone(
  input: string,
  defaultCountry = DEFAULT_PHONE_COUNTRY,
): PhoneObject | null {
  if (input.length > PHONE_MAX_LENGTH) return null;
  const phone = parsePhoneNumberFromString(input, defaultCountry);
  if (!phone || !phone.isValid()) return null;
  return { number: phone.number, country: phone.country ?? null, national: phone.formatNational() };
}

const phone = v.pipe(
  text(),
  v.trim(),
  v.nonEmpty(phoneRequired.id),
  v.check((s) => parsePhone(s) !== null, phoneInvalid.id),
);

const email = v.pipe(
  text(),
  v.trim(),
  v.nonEmpty(emailRequired.id),
  v.maxLength(EMAIL_MAX_LENGTH, emailInvalid.id),
  v.email(emailInvalid.id),
);

const CHECKED = new Set<unknown>([true, 'on', 'true', '1']);

/** An opt-in checkbox: checked when sent as true, 'on', 'true' or '1' (also among repeated values). */
const checkbox = v.pipe(
  v.optional(v.unknown()),
  v.transform((x): boolean => (Array.isArray(x) ? x.some((i) => CHECKED.has(i)) : CHECKED.has(x))),
);

const MAX_ID = 2_147_483_647;

/** An optional lieu id picked in an autocomplete: empty means none (undefined). */
const optionalLieuId = v.pipe(
  v.optional(v.union([v.string(), v.number()], fieldInvalid.id), ''),
  v.transform((x): number | undefined => {
    if (typeof x === 'number') return x;
    const s = x.trim();
    if (s === '') return undefined;
    return /^\d{1,10}$/.test(s) ? Number(s) : Number.NaN;
  }),
  v.check((n) => n === undefined || (Number.isInteger(n) && n > 0 && n <= MAX_ID), fieldInvalid.id),
);

// ---------------------------------------------------------------------------------------------
// Forms

/** The contact form of offer and agency pages. Output adds `phoneObject`. */
export const ContactFormSchema = v.pipe(
  v.object({
    // The spec gives the name a maximum length; the listings API also requires it.
    name: requiredText(nameRequired, NAME_MAX_LENGTH, nameTooLong),
    phone,
    email,
    message: requiredText(messageRequired, MESSAGE_MAX_LENGTH, messageTooLong),
    reco: checkbox,
  }),
  v.transform((form) => ({ ...form, phoneObject: parsePhone(form.phone)! })),
);
export type ContactForm = v.InferOutput<typeof ContactFormSchema>;

/** The professional (prospect) contact form. Output adds `phoneObject`. */
export const ProspectFormSchema = v.pipe(
  v.object({
    lastname: requiredText(lastnameRequired, PROSPECT_FIELD_MAX_LENGTH, lastnameTooLong),
    firstname: requiredText(firstnameRequired, PROSPECT_FIELD_MAX_LENGTH, firstnameTooLong),
    company: requiredText(companyRequired, PROSPECT_FIELD_MAX_LENGTH, companyTooLong),
    /** The city as typed or picked in the autocomplete. */
    city: requiredText(cityRequired, PROSPECT_FIELD_MAX_LENGTH, cityTooLong),
    /** The lieu id of the picked city, when one was picked (the listings API's `lieu_id`). */
    lieu_id: optionalLieuId,
    phone,
    email,
    message: optionalText(MESSAGE_MAX_LENGTH, messageTooLong),
  }),
  v.transform((form) => ({ ...form, phoneObject: parsePhone(form.phone)! })),
);
export type ProspectForm = v.InferOutput<typeof ProspectFormSchema>;

/** The alert form; the search criteria come from the current search, not from the form. */
export const AlertFormSchema = v.object({
  email,
  contactProximite: checkbox,
});
export type AlertForm = v.InferOutput<typeof AlertFormSchema>;

// ---------------------------------------------------------------------------------------------
// Parsing

export type FormErrors = Partial<Record<string, MessageDescriptor>>;

export type FormResult<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      /** The first error of each field; `form` when the input is not a form at all. */
      errors: FormErrors;
      /** What was typed, field by field, to render the form again. */
      values: Record<string, string>;
    };

/** A form body as a plain object: repeated keys become arrays, files are kept as they are. */
export function formInputToObject(input: unknown): unknown {
  const isFormData = typeof FormData !== 'undefined' && input instanceof FormData;
  if (!(input instanceof URLSearchParams) && !isFormData) return input;
  const out: Record<string, unknown> = {};
  for (const [key, value] of (input as URLSearchParams).entries()) {
    const prev = out[key];
    if (prev === undefined) out[key] = value;
    else out[key] = Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

function typedValues(input: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (typeof input !== 'object' || input === null) return values;
  for (const [key, value] of Object.entries(input)) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') values[key] = first;
    else if (typeof first === 'number' || typeof first === 'boolean') values[key] = String(first);
  }
  return values;
}

/**
 * Parses a form body (plain object, URLSearchParams or FormData) with a form schema.
 * @example const r = parseForm(ContactFormSchema, body); if (!r.ok) reply.code(400).send(r.errors)
 */
export function parseForm<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): FormResult<v.InferOutput<TSchema>> {
  const data = formInputToObject(input);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, errors: { form: fieldInvalid }, values: {} };
  }
  const result = v.safeParse(schema, data);
  if (result.success) return { ok: true, value: result.output };
  const errors: FormErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    const field = typeof key === 'string' ? key : 'form';
    errors[field] ??= messageById(issue.message);
  }
  return { ok: false, errors, values: typedValues(data) };
}
