import type { MessageDescriptor } from '@lingui/core';
import * as v from 'valibot';
import { emailInvalid, emailRequired, fieldInvalid, messageById } from './messages';
import { ID_TEXT, boundedText, emailAddress, isId } from './validation';

// The valibot schemas of the forms (spec section 5) and their parsing. The browser checks with
// them before sending and the BFF checks again with the same schemas. Issue messages are message
// ids of messages.ts; `parseForm` turns them into descriptors, one per field. The forms with a
// phone number are in contact-forms.ts, so pages without one do not load the phone metadata.

// ---------------------------------------------------------------------------------------------
// Field schemas

/** A text field: absent means empty; surrounding spaces are trimmed. */
export const text = () => v.optional(v.string(fieldInvalid.id), '');

export const optionalText = (max: number, tooLong: MessageDescriptor) =>
  v.pipe(text(), v.trim(), v.maxLength(max, tooLong.id));

export const requiredText = (
  required: MessageDescriptor,
  max: number,
  tooLong: MessageDescriptor,
) => boundedText(text(), max, { required: required.id, tooLong: tooLong.id });

export const email = emailAddress(text(), {
  required: emailRequired.id,
  tooLong: emailInvalid.id,
  invalid: emailInvalid.id,
});

const CHECKED = new Set<unknown>([true, 'on', 'true', '1']);

/** An opt-in checkbox: checked when sent as true, 'on', 'true' or '1' (also among repeated values). */
export const checkbox = v.pipe(
  v.optional(v.unknown()),
  v.transform((x): boolean => (Array.isArray(x) ? x.some((i) => CHECKED.has(i)) : CHECKED.has(x))),
);

/** An optional lieu id picked in an autocomplete: empty means none (undefined). */
export const optionalLieuId = v.pipe(
  v.optional(v.union([v.string(), v.number()], fieldInvalid.id), ''),
  v.transform((x): number | undefined => {
    if (typeof x === 'number') return x;
    const s = x.trim();
    if (s === '') return undefined;
    return ID_TEXT.test(s) ? Number(s) : Number.NaN;
  }),
  v.check((n) => n === undefined || isId(n), fieldInvalid.id),
);

// ---------------------------------------------------------------------------------------------
// Forms

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
