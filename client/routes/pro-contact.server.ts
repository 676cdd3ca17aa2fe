import { data, redirect } from 'react-router';
import { ProspectFormSchema } from '../../shared/contact-forms';
import { parseForm } from '../../shared/forms';
import { fieldInvalid } from '../../shared/messages';
import { ACTION_HEADER } from '../../shared/page-actions';
import { isPortalApiError } from '../../shared/portal-api';
import {
  PROSPECT_FIELDS,
  PROSPECT_FORM,
  PROSPECT_STATUS_CODES,
  SENT_PARAM,
  type ProspectOutcome,
  type ProspectStatus,
} from '../../shared/prospect-state';
import type { ScreenActionArgs, ScreenActions } from '../app/screen';

// The `prospect` action of the professional contact page (client/routes/pro-contact.tsx), run on
// the server only (client/components/agency/prospect-form.tsx posts it): the form is checked with
// the browser's own schema, then sent through the PortalApi, whose server side keeps the
// per-connection limit and the idempotency key (server/writes/prospect.ts). The outcome names the
// form's status with the page status of a form posted without JavaScript; a request sent without
// JavaScript goes on to the thanks page (`?sent=1`), an address of its own, so that reloading it
// does not post the form again.

/** Upstream and schema fields that the page does not show: where their error shows. */
const SHOWN_ON: Record<string, (typeof PROSPECT_FIELDS)[number]> = { lieu_id: 'city' };

const isField = (name: string): name is (typeof PROSPECT_FIELDS)[number] =>
  (PROSPECT_FIELDS as readonly string[]).includes(name);

/** Errors by shown field: a field's own error first, then one of a field shown on it. */
function onShownFields(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, id] of Object.entries(errors)) if (isField(field)) out[field] = id;
  for (const [field, id] of Object.entries(errors)) {
    const shown = SHOWN_ON[field];
    if (shown) out[shown] ??= id;
    else if (!isField(field)) out.form ??= id;
  }
  return out;
}

function typedValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of [...PROSPECT_FIELDS, 'lieu_id']) {
    const value = form.get(key);
    if (typeof value === 'string') out[key] = value.slice(0, 10_000);
  }
  return out;
}

async function prospectAction({ api, form, lang, request, url }: ScreenActionArgs) {
  const values = typedValues(form);
  const outcome = (
    status: ProspectStatus,
    errors: Record<string, string> = {},
    httpStatus = PROSPECT_STATUS_CODES[status],
  ) =>
    data<ProspectOutcome>({ form: PROSPECT_FORM, status, values, errors }, { status: httpStatus });

  const checked = parseForm(ProspectFormSchema, form);
  if (!checked.ok) {
    const errors = Object.fromEntries(
      Object.entries(checked.errors).flatMap(([field, message]) =>
        message ? [[field, message.id]] : [],
      ),
    );
    return outcome('invalid', onShownFields(errors));
  }
  const fields = checked.value;
  try {
    await api.send('prospect', {
      lastname: fields.lastname,
      firstname: fields.firstname,
      company: fields.company,
      city: fields.city,
      ...(fields.lieu_id !== undefined ? { lieu_id: fields.lieu_id } : {}),
      phone: fields.phone,
      email: fields.email,
      message: fields.message,
      lang,
    });
  } catch (error) {
    if (!isPortalApiError(error)) throw error;
    if (error.status === 429) return outcome('rate-limited');
    if (error.status === 400) {
      // The listings API refused what passed the checks (a place id it does not know...).
      const upstream = (error.body as { field?: unknown } | undefined)?.field;
      const field = typeof upstream === 'string' ? upstream : 'form';
      return outcome('invalid', onShownFields({ [field]: fieldInvalid.id }));
    }
    return outcome('failed', {}, [502, 503, 504].includes(error.status) ? error.status : 503);
  }
  if (request.headers.get(ACTION_HEADER) === '1') return outcome('sent');
  throw redirect(`${url.pathname}?${SENT_PARAM}=1`, 303);
}

export default { [PROSPECT_FORM]: prospectAction } satisfies ScreenActions;
