import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import * as v from 'valibot';
import { checkbox, email, optionalLieuId, optionalText, requiredText, text } from './forms';
import {
  cityRequired,
  cityTooLong,
  companyRequired,
  companyTooLong,
  firstnameRequired,
  firstnameTooLong,
  lastnameRequired,
  lastnameTooLong,
  messageRequired,
  messageTooLong,
  nameRequired,
  nameTooLong,
  phoneInvalid,
  phoneRequired,
} from './messages';
import {
  MESSAGE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  PROSPECT_FIELD_MAX_LENGTH,
  boundedText,
} from './validation';

// The forms with a phone number (spec section 5): contact (offer and agency pages) and
// professional contact. Phone numbers are checked with libphonenumber-js, whose metadata only
// the pages with these forms load.

export const DEFAULT_PHONE_COUNTRY: CountryCode = 'FR';

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

/**
 * A required telephone number, trimmed, valid for libphonenumber (national numbers read as
 * French): the rule of every side, each with its input stage and wording (shared/validation.ts).
 */
export function phoneNumber<I extends v.GenericSchema<unknown, string>>(
  input: I,
  m: { required: string; tooLong: string; invalid: string },
): v.GenericSchema<v.InferInput<I>, string> {
  return v.pipe(
    boundedText(input, PHONE_MAX_LENGTH, m),
    v.check((s) => parsePhone(s) !== null, m.invalid),
  );
}

const phone = phoneNumber(text(), {
  required: phoneRequired.id,
  tooLong: phoneInvalid.id,
  invalid: phoneInvalid.id,
});

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
