import * as v from 'valibot';

// What a contact request came to, as the BFF tells it: in its JSON answers to the browser's form
// (POST /api/contact), and to the page re-rendered after a form posted without JavaScript (the
// page-form state, carried from the BFF to the page's loader in PAGE_FORM_HEADER). The same
// module reads and writes both, so the server and the page cannot disagree on the shape.

export const CONTACT_STATUSES = [
  /** Stored by the listings API. */
  'sent',
  /** A field failed the form's rules (shared/forms.ts ContactFormSchema). */
  'invalid',
  /** The visitor's contact counter reached settings.maxContact. */
  'refused',
  /** Too many requests from the visitor's connection. */
  'rate-limited',
  /** The listings API could not store it (down, slow, failing): nothing was sent. */
  'failed',
] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** The form's fields as typed, kept to show them again. */
export const ContactValuesSchema = v.object({
  name: v.optional(v.string(), ''),
  phone: v.optional(v.string(), ''),
  email: v.optional(v.string(), ''),
  message: v.optional(v.string(), ''),
  reco: v.optional(v.boolean(), false),
});
export type ContactValues = v.InferOutput<typeof ContactValuesSchema>;

/** Who the request is for: an offer (its agency) or an agency. */
export const ContactTargetSchema = v.object({
  offer_id: v.optional(v.number()),
  agency_id: v.optional(v.number()),
});
export type ContactTarget = v.InferOutput<typeof ContactTargetSchema>;

/** The state of the contact form after a post without JavaScript. */
export const ContactPageStateSchema = v.object({
  form: v.literal('contact'),
  status: v.picklist(CONTACT_STATUSES),
  target: ContactTargetSchema,
  /** Message id (shared/messages.ts) of the first error of each field, for 'invalid'. */
  errors: v.optional(v.record(v.string(), v.string()), {}),
  values: ContactValuesSchema,
  isSpammer: v.optional(v.boolean(), false),
});
export type ContactPageState = v.InferOutput<typeof ContactPageStateSchema>;

/** The state of the phone reveal after a post without JavaScript. */
export const PhonePageStateSchema = v.object({
  form: v.literal('phone'),
  status: v.literal('revealed'),
  offer_id: v.number(),
});
export type PhonePageState = v.InferOutput<typeof PhonePageStateSchema>;

export const PageFormStateSchema = v.variant('form', [
  ContactPageStateSchema,
  PhonePageStateSchema,
]);
export type PageFormState = v.InferOutput<typeof PageFormStateSchema>;

/** The header value of a page-form state: base64url of its JSON (header values are bytes). */
export function encodePageFormState(state: PageFormState): string {
  const bytes = new TextEncoder().encode(JSON.stringify(state));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A page-form state read back from its header value; null when absent or not one. */
export function decodePageFormState(value: string | null | undefined): PageFormState | null {
  if (!value || value.length > 64 * 1024 || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const parsed = v.safeParse(PageFormStateSchema, JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** The JSON answer of POST /api/contact when stored (201). */
export const ContactSentSchema = v.object({
  id: v.number(),
  created_at: v.string(),
  /** The counter reached settings.maxContact with this request: the next one is refused. */
  isSpammer: v.boolean(),
});
export type ContactSent = v.InferOutput<typeof ContactSentSchema>;

/** The JSON answer of POST /api/contact when refused or failed (4xx, 5xx). */
export const ContactFailureSchema = v.object({
  statusCode: v.number(),
  error: v.string(),
  message: v.string(),
  field: v.optional(v.string()),
  status: v.picklist(CONTACT_STATUSES),
  /** Message id of the first error of each field, for 'invalid'. */
  errors: v.optional(v.record(v.string(), v.string())),
  isSpammer: v.optional(v.boolean()),
});
export type ContactFailure = v.InferOutput<typeof ContactFailureSchema>;
