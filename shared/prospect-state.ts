import type { MessageDescriptor } from '@lingui/core';
import * as v from 'valibot';

// What a professional request came to: the outcome of the `prospect` action of the professional
// contact page (client/routes/pro-contact.server.ts), shown by the form with JavaScript,
// and by the page rendered again after the form was posted without it.

export const PROSPECT_FORM = 'prospect';

/** The page's thanks after a request sent without JavaScript (`?sent=1`). */
export const SENT_PARAM = 'sent';

/** Fields of the professional form, in the order of the page. */
export const PROSPECT_FIELDS = [
  'lastname',
  'firstname',
  'company',
  'city',
  'phone',
  'email',
  'message',
] as const;
export type ProspectField = (typeof PROSPECT_FIELDS)[number];

export const PROSPECT_STATUSES = [
  /** Stored by the listings API (its confirmation mail queued). */
  'sent',
  /** A field failed the form's rules (shared/contact-forms.ts ProspectFormSchema). */
  'invalid',
  /** Too many requests from the visitor's connection. */
  'rate-limited',
  /** The listings API could not store it (down, slow, failing): nothing was sent. */
  'failed',
] as const;
export type ProspectStatus = (typeof PROSPECT_STATUSES)[number];

/** HTTP status of each outcome: the page's without JavaScript, the action call's with it. */
export const PROSPECT_STATUS_CODES: Record<ProspectStatus, number> = {
  sent: 200,
  invalid: 400,
  'rate-limited': 429,
  failed: 503,
};

export const ProspectOutcomeSchema = v.object({
  form: v.literal(PROSPECT_FORM),
  status: v.picklist(PROSPECT_STATUSES),
  /** What was typed (the fields and the picked place's `lieu_id`), to show it again. */
  values: v.record(v.string(), v.pipe(v.string(), v.maxLength(10_000))),
  /** Message id (shared/messages.ts) of each field's first error, for 'invalid'. */
  errors: v.record(v.string(), v.pipe(v.string(), v.maxLength(100))),
});
export type ProspectOutcome = v.InferOutput<typeof ProspectOutcomeSchema>;

/** The outcome of the professional form posted to the page (its action's data), if that was it. */
export function prospectOutcome(posted: unknown): ProspectOutcome | null {
  const parsed = v.safeParse(ProspectOutcomeSchema, posted);
  return parsed.success ? parsed.output : null;
}

// The form-level messages, shown by the page and written by the BFF in the visitor's language
// (server/writes/prospect.ts) from the same catalogs.

export const prospectRateLimited: MessageDescriptor = /*i18n*/ {
  id: 'prospect.rateLimited',
  message: 'Trop de demandes ont été envoyées depuis votre connexion. Réessayez dans une minute.',
};
export const prospectFailed: MessageDescriptor = /*i18n*/ {
  id: 'prospect.failed',
  message:
    "Votre demande n'a pas pu être envoyée : le service est momentanément indisponible. Vos informations sont conservées, réessayez dans quelques instants.",
};
