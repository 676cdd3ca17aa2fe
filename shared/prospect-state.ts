import * as v from 'valibot';

// The professional form refused without JavaScript: the page form `prospect` (posted to the page,
// server/ssr/page-forms.ts) hands what was typed and the errors to the page's loader in the page
// form header (shared/portal-api.ts PAGE_FORM_HEADER), as base64url JSON.

export const PROSPECT_FORM = 'prospect';

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

/** The form-level error: the service could not take the request. */
export const SERVICE_ERROR = 'form.service.unavailable';
/** The form-level error: too many requests from the visitor's connection. */
export const RATE_LIMITED = 'form.rate.limited';

const StateSchema = v.object({
  form: v.literal(PROSPECT_FORM),
  values: v.record(v.string(), v.pipe(v.string(), v.maxLength(10_000))),
  errors: v.record(v.string(), v.pipe(v.string(), v.maxLength(100))),
});
export type ProspectState = v.InferOutput<typeof StateSchema>;

export function encodeProspectState(state: ProspectState): string {
  const bytes = new TextEncoder().encode(JSON.stringify(state));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The state of a header value; null for anything unreadable or another form's. */
export function decodeProspectState(header: string | null): ProspectState | null {
  if (!header || header.length > 64 * 1024 || !/^[A-Za-z0-9_-]+$/.test(header)) return null;
  try {
    const binary = atob(header.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const parsed = v.safeParse(StateSchema, JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}
