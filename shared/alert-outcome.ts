// What an alert form came to: the outcome of the alert actions (`alert-create` of result lists,
// client/routes/list.server.ts; `alert-delete`, `alert-confirm` and `alert-unsubscribe` of the
// alerts page, client/routes/alerts.server.ts), shown by the forms with JavaScript and by the page
// rendered after a form was posted without it. Each status is a message of the page.

import type { AlertCriteria } from './contract';

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
  /** The search of the alert a mail link confirmed, shown even where the browser lists none. */
  confirmed?: AlertCriteria;
  /** The name of that search's place, when it has one. */
  confirmedLieu?: string;
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
