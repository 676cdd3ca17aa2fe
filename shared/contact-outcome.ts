import * as v from 'valibot';

// What a contact request came to: the outcome of the `contact` action of offer and agency pages
// (client/routes/offer.server.ts), shown by the form with JavaScript, and by the page
// rendered after the form was posted without it.

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

/** The HTTP status of each outcome: the action's answer and the page shown after it. */
export const CONTACT_STATUS_CODES: Record<ContactStatus, number> = {
  sent: 200,
  invalid: 400,
  refused: 429,
  'rate-limited': 429,
  failed: 503,
};

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

/** What the contact form's action came to (client/routes/offer.server.ts). */
export const ContactPageStateSchema = v.object({
  form: v.literal('contact'),
  status: v.picklist(CONTACT_STATUSES),
  target: ContactTargetSchema,
  /** Message id (shared/messages.ts) of the first error of each field, for 'invalid'. */
  errors: v.optional(v.record(v.string(), v.string()), {}),
  values: ContactValuesSchema,
  /** For 'sent': the address the visitor's copy goes to (the form itself shows empty again). */
  copyTo: v.optional(v.string()),
  isSpammer: v.optional(v.boolean(), false),
});
export type ContactPageState = v.InferOutput<typeof ContactPageStateSchema>;
export type ContactOutcome = ContactPageState;

/** The phone reveal's outcome (the `phone` action of offer pages, posted without JavaScript). */
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

/** The outcome of a form posted to the page without JavaScript (its action's data), if one. */
export function pageFormState(posted: unknown): PageFormState | null {
  const parsed = v.safeParse(PageFormStateSchema, posted);
  return parsed.success ? parsed.output : null;
}
