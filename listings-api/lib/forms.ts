import { parsePhoneNumberFromString } from 'libphonenumber-js';
import * as v from 'valibot';
import { noControlChars } from './params';

// Building blocks of the form bodies (contact, prospect, alert). Messages name the rule; the API
// prefixes them with the field, e.g. 'phone: must be a valid telephone number'.

export const NAME_MAX = 80;
export const MESSAGE_MAX = 5000;

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
  v.maxLength(254, 'must have at most 254 characters'),
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
  v.maxLength(40, 'must have at most 40 characters'),
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
  v.pipe(
    v.string('must be a string'),
    v.regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'must be 8 to 100 letters, digits or -_.:'),
  ),
);

export const BodyIdSchema = v.pipe(
  v.number('must be a number'),
  v.integer('must be a whole number'),
  v.minValue(1, 'must be a positive id'),
  v.maxValue(2_147_483_647, 'is too large'),
);
