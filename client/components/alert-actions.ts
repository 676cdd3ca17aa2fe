import { data } from 'react-router';
import * as v from 'valibot';
import { AlertCriteriaSchema, type AlertCriteria } from '../../shared/contract';
import { AlertFormSchema, formInputToObject, parseForm } from '../../shared/forms';
import { emailRequired } from '../../shared/messages';
import { ALERT_TOKEN_PATTERN, isPortalApiError } from '../../shared/portal-api';
import type { ScreenActionArgs } from '../app/screen';

// The alert writes, actions of the pages that show their forms (shared/page-actions.ts):
// - `alert-create`: the "create an alert" form of result lists (client/components/alert-form.tsx),
//   an action of the list screens;
// - `alert-delete`, and the buttons of mail links `alert-confirm` and `alert-unsubscribe`: actions
//   of the alerts page (client/routes/alerts.tsx).
// Each answers an AlertOutcome whose status is a message of the page, with the page's HTTP status
// when the form was posted without JavaScript. The BFF keeps the visitor's alert cookie in step
// with creations and deletions (server/api/alerts.ts).

export const ALERT_FORMS = {
  create: 'alert-create',
  delete: 'alert-delete',
  confirm: 'alert-confirm',
  unsubscribe: 'alert-unsubscribe',
} as const;
export type AlertFormName = (typeof ALERT_FORMS)[keyof typeof ALERT_FORMS];

/** The id of a result list's alert form: where the page comes back after a post without JavaScript. */
export const ALERT_FORM_ID = 'alert-form';

/** Every status message of the alert forms and of the alerts page. */
export const ALERT_STATUSES = [
  'created',
  'deleted',
  'confirmed',
  'unsubscribed',
  'link-invalid',
  'link-gone',
  'token',
  'unknown-alert',
  'unavailable',
  'email-required',
  'email-invalid',
  'criteria',
  'duplicate',
] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export interface AlertOutcome {
  form: AlertFormName;
  status: AlertStatus;
  /** The created or deleted alert's token: the browser keeps it, or forgets it. */
  token?: string;
  /** What was typed in the create form, shown again when it was refused. */
  values?: { email: string; contactProximite: boolean };
  /** The alerts page's list changed: its data is loaded again (client/app/routes.tsx). */
  reload?: boolean;
}

export function isAlertOutcome(value: unknown, form: AlertFormName): value is AlertOutcome {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as AlertOutcome).form === form &&
    ALERT_STATUSES.includes((value as AlertOutcome).status)
  );
}

const HTTP_STATUS: Record<AlertStatus, number> = {
  created: 200,
  deleted: 200,
  confirmed: 200,
  unsubscribed: 200,
  'link-invalid': 400,
  'link-gone': 404,
  token: 400,
  'unknown-alert': 404,
  unavailable: 503,
  'email-required': 400,
  'email-invalid': 400,
  criteria: 400,
  duplicate: 409,
};

function answer(outcome: AlertOutcome, httpStatus = HTTP_STATUS[outcome.status]) {
  return data<AlertOutcome>(outcome, { status: httpStatus });
}

/** The listings API's refusal as a status; a failure as `unavailable` with its status. */
function refusal(
  error: unknown,
  notFound: AlertStatus,
  invalid: AlertStatus,
): { status: AlertStatus; httpStatus: number } {
  if (!isPortalApiError(error)) throw error;
  if (error.status === 404) return { status: notFound, httpStatus: 404 };
  if (error.status === 409) return { status: 'duplicate', httpStatus: 409 };
  if (error.status === 400) {
    const field = (error.body as { field?: unknown } | undefined)?.field;
    if (invalid === 'criteria' && typeof field === 'string' && field.startsWith('email')) {
      return { status: 'email-invalid', httpStatus: 400 };
    }
    return { status: invalid, httpStatus: 400 };
  }
  return {
    status: 'unavailable',
    httpStatus: [502, 503, 504].includes(error.status) ? error.status : 503,
  };
}

function text(fields: Record<string, unknown>, key: string, max: number): string {
  const value = fields[key];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first.slice(0, max) : '';
}

/** The search criteria of a new alert: the JSON text of the form's hidden field. */
const CriteriaField = v.pipe(
  v.string(),
  v.maxLength(4000),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    try {
      return JSON.parse(dataset.value) as unknown;
    } catch {
      addIssue({ message: 'must be the JSON of the search criteria' });
      return NEVER;
    }
  }),
  AlertCriteriaSchema,
);

export async function alertCreateAction({ api, config, form, lang }: ScreenActionArgs) {
  const fields = formInputToObject(form) as Record<string, unknown>;
  const email = text(fields, 'email', 1000);
  const consent = ['on', 'true', '1'].includes(text(fields, 'contactProximite', 10));
  const values = { email, contactProximite: consent };
  const outcome = (status: AlertStatus, httpStatus?: number) =>
    answer({ form: ALERT_FORMS.create, status, values }, httpStatus);

  const checked = parseForm(AlertFormSchema, { email, contactProximite: consent });
  if (!checked.ok) {
    return outcome(
      checked.errors.email?.id === emailRequired.id ? 'email-required' : 'email-invalid',
    );
  }
  const given = v.safeParse(CriteriaField, text(fields, 'criteria', 4001));
  if (!given.success) return outcome('criteria');
  const criteria: AlertCriteria = { ...given.output };
  try {
    // A place that points to an omr list is searched through the list (shared/criteria
    // toApiParams): the alert must search what the result list showed, whatever page (or page of
    // an older version) sent it.
    if (criteria.lieu != null && criteria.omr_list_id == null) {
      const lieu = await api.get('lieu', { id: criteria.lieu, lang }).catch((error: unknown) => {
        // An unknown place is the listings API's to judge.
        if (isPortalApiError(error) && error.status === 404) return null;
        throw error;
      });
      if (lieu?.omr_list_id != null) criteria.omr_list_id = lieu.omr_list_id;
    }
    const created = await api.send('alertCreate', {
      email: checked.value.email,
      // The consent is only asked (and only kept) where the portal offers it.
      contactProximite: config.settings.enableContactProximite
        ? checked.value.contactProximite === true
        : false,
      lang,
      criteria,
    });
    return answer({
      form: ALERT_FORMS.create,
      status: 'created',
      token: created.token,
      values: { email: '', contactProximite: false },
    });
  } catch (error) {
    const failed = refusal(error, 'criteria', 'criteria');
    return outcome(failed.status, failed.httpStatus);
  }
}

export async function alertDeleteAction({ api, form }: ScreenActionArgs) {
  const token = form.get('token');
  const outcome = (status: AlertStatus, extra: Partial<AlertOutcome> = {}, httpStatus?: number) =>
    answer({ form: ALERT_FORMS.delete, status, reload: true, ...extra }, httpStatus);
  if (typeof token !== 'string' || !ALERT_TOKEN_PATTERN.test(token)) return outcome('token');
  try {
    await api.send('alertDelete', { token });
    return outcome('deleted', { token });
  } catch (error) {
    const failed = refusal(error, 'unknown-alert', 'token');
    // An alert that no longer exists is gone from this browser too.
    const gone = failed.status === 'unknown-alert' ? { token } : {};
    return outcome(failed.status, gone, failed.httpStatus);
  }
}

/** A mail link's token: a signed alert id. */
const MAIL_TOKEN = /^[A-Za-z0-9._-]{1,100}$/;

async function mailLinkAction(
  { api, form }: ScreenActionArgs,
  name: 'alertConfirm' | 'alertUnsubscribe',
) {
  const formName = name === 'alertConfirm' ? ALERT_FORMS.confirm : ALERT_FORMS.unsubscribe;
  const done: AlertStatus = name === 'alertConfirm' ? 'confirmed' : 'unsubscribed';
  const outcome = (status: AlertStatus, httpStatus?: number) =>
    answer({ form: formName, status, reload: true }, httpStatus);
  const given = form.get('token');
  const token = typeof given === 'string' ? given.trim() : '';
  if (!MAIL_TOKEN.test(token)) return outcome('link-invalid');
  try {
    await api.send(name, { token });
    return outcome(done);
  } catch (error) {
    const failed = refusal(error, 'link-gone', 'link-invalid');
    // Unsubscribing an alert that no longer exists is done already: no mail will come.
    if (name === 'alertUnsubscribe' && failed.status === 'link-gone') return outcome(done);
    return outcome(failed.status, failed.httpStatus);
  }
}

export const alertConfirmAction = (args: ScreenActionArgs) => mailLinkAction(args, 'alertConfirm');
export const alertUnsubscribeAction = (args: ScreenActionArgs) =>
  mailLinkAction(args, 'alertUnsubscribe');
