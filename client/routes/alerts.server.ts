import { data } from 'react-router';
import { ALERT_FORMS, type AlertOutcome, type AlertStatus } from '../../shared/alert-outcome';
import { ALERT_TOKEN_PATTERN, isPortalApiError } from '../../shared/portal-api';
import type { ScreenActionArgs, ScreenActions } from '../app/screen';

// The actions of the alerts page (client/routes/alerts.tsx), run on the server only:
// `alert-delete`, and the buttons of mail links `alert-confirm` and `alert-unsubscribe`. Each
// answers an AlertOutcome (shared/alert-outcome.ts) whose status is a message of the page, with
// the page's HTTP status when the form was posted without JavaScript; the `alert-create` action of
// result lists (./list.server.ts) answers the same way. The BFF keeps the visitor's alert cookie
// in step with creations and deletions (server/writes/alerts.ts).

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

export function alertAnswer(outcome: AlertOutcome, httpStatus = HTTP_STATUS[outcome.status]) {
  return data<AlertOutcome>(outcome, { status: httpStatus });
}

/** The listings API's refusal as a status; a failure as `unavailable` with its status. */
export function alertRefusal(
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

async function alertDeleteAction({ api, form }: ScreenActionArgs) {
  const token = form.get('token');
  const outcome = (status: AlertStatus, extra: Partial<AlertOutcome> = {}, httpStatus?: number) =>
    alertAnswer({ form: ALERT_FORMS.delete, status, reload: true, ...extra }, httpStatus);
  if (typeof token !== 'string' || !ALERT_TOKEN_PATTERN.test(token)) return outcome('token');
  try {
    await api.send('alertDelete', { token });
    return outcome('deleted', { token });
  } catch (error) {
    const failed = alertRefusal(error, 'unknown-alert', 'token');
    // An alert that no longer exists is gone from this browser too.
    const gone = failed.status === 'unknown-alert' ? { token } : {};
    return outcome(failed.status, gone, failed.httpStatus);
  }
}

/** A mail link's token: a signed alert id. */
const MAIL_TOKEN = /^[A-Za-z0-9._-]{1,100}$/;

async function mailLinkAction(
  { api, form, lang }: ScreenActionArgs,
  name: 'alertConfirm' | 'alertUnsubscribe',
) {
  const formName = name === 'alertConfirm' ? ALERT_FORMS.confirm : ALERT_FORMS.unsubscribe;
  const done: AlertStatus = name === 'alertConfirm' ? 'confirmed' : 'unsubscribed';
  const outcome = (status: AlertStatus, httpStatus?: number, more: Partial<AlertOutcome> = {}) =>
    alertAnswer({ form: formName, status, reload: true, ...more }, httpStatus);
  const given = form.get('token');
  const token = typeof given === 'string' ? given.trim() : '';
  if (!MAIL_TOKEN.test(token)) return outcome('link-invalid');
  try {
    const answer = await api.send(name, { token });
    if (name === 'alertUnsubscribe') return outcome(done);
    // The confirmed search is shown on the page, also on a device that lists no alert.
    const confirmed = answer.alert.criteria;
    const lieu =
      confirmed.lieu != null
        ? await api.get('lieu', { id: confirmed.lieu, lang }).catch(() => null)
        : null;
    return outcome(done, undefined, {
      confirmed,
      ...(lieu ? { confirmedLieu: lieu.libelle } : {}),
    });
  } catch (error) {
    const failed = alertRefusal(error, 'link-gone', 'link-invalid');
    // Unsubscribing an alert that no longer exists is done already: no mail will come.
    if (name === 'alertUnsubscribe' && failed.status === 'link-gone') return outcome(done);
    return outcome(failed.status, failed.httpStatus);
  }
}

export default {
  [ALERT_FORMS.delete]: alertDeleteAction,
  [ALERT_FORMS.confirm]: (args) => mailLinkAction(args, 'alertConfirm'),
  [ALERT_FORMS.unsubscribe]: (args) => mailLinkAction(args, 'alertUnsubscribe'),
} satisfies ScreenActions;
