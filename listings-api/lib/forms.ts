import { parsePhoneNumberFromString } from 'libphonenumber-js';
import * as v from 'valibot';
import {
  EMAIL_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  idNumber,
  idempotencyKey,
} from '../../shared/validation';
import { noControlChars } from './params';

// Building blocks of the form bodies (contact, prospect, alert). The rules and limits are the
// portal's own (shared/validation.ts), the same the browser and the BFF check with; the messages
// name the rule, and the API prefixes them with the field, e.g. 'phone: must be a valid
// telephone number'.

export function requiredText(max: number) {
  return v.pipe(
    v.string('must be a string'),
    noControlChars,
    v.trim(),
    v.nonEmpty('is required'),
    v.maxLength(max, `must have at most ${max} characters`),
  );
}

export const EmailSchema = v.pipe(
  v.string('must be a string'),
  noControlChars,
  v.trim(),
  v.nonEmpty('is required'),
  v.maxLength(EMAIL_MAX_LENGTH, `must have at most ${EMAIL_MAX_LENGTH} characters`),
  v.email('must be a valid e-mail address'),
);

export interface ParsedPhone {
  /** As typed (trimmed). */
  raw: string;
  e164: string;
}

/** A telephone number as typed, valid for libphonenumber (national numbers read as French). */
export const PhoneSchema = v.pipe(
  v.string('must be a string'),
  noControlChars,
  v.trim(),
  v.nonEmpty('is required'),
  v.maxLength(PHONE_MAX_LENGTH, `must have at most ${PHONE_MAX_LENGTH} characters`),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const parsed = parsePhoneNumberFromString(dataset.value, 'FR');
    if (!parsed || !parsed.isValid()) {
      addIssue({ message: 'must be a valid telephone number' });
      return NEVER;
    }
    return { raw: dataset.value, e164: parsed.number } satisfies ParsedPhone;
  }),
);

export const IdempotencyKeySchema = v.optional(
  idempotencyKey({ type: 'must be a string', key: 'must be 8 to 100 letters, digits or -_.:' }),
);

export const BodyIdSchema = idNumber({
  type: 'must be a number',
  integer: 'must be a whole number',
  min: 'must be a positive id',
  max: 'is too large',
});
