import * as v from 'valibot';
import { ALERT_FORMS, type AlertStatus } from '../../shared/alert-outcome';
import { AlertCriteriaSchema, type AlertCriteria } from '../../shared/contract';
import { AlertFormSchema, formInputToObject, parseForm } from '../../shared/forms';
import { emailRequired } from '../../shared/messages';
import type { ScreenActionArgs, ScreenActions } from '../app/screen';
import { alertAnswer, alertRefusal } from './alerts.server';

// The action of result lists (client/routes/list.tsx, and the nature page: ./nature.server.ts),
// run on the server only: `alert-create`, the "create an alert" form (client/components/
// alert-form.tsx). It answers an AlertOutcome like the alerts page's actions (./alerts.server.ts).

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

async function alertCreateAction({ api, config, form, lang }: ScreenActionArgs) {
  const fields = formInputToObject(form) as Record<string, unknown>;
  const email = text(fields, 'email', 1000);
  const consent = ['on', 'true', '1'].includes(text(fields, 'contactProximite', 10));
  const values = { email, contactProximite: consent };
  const outcome = (status: AlertStatus, httpStatus?: number) =>
    alertAnswer({ form: ALERT_FORMS.create, status, values }, httpStatus);

  const checked = parseForm(AlertFormSchema, { email, contactProximite: consent });
  if (!checked.ok) {
    return outcome(
      checked.errors.email?.id === emailRequired.id ? 'email-required' : 'email-invalid',
    );
  }
  const given = v.safeParse(CriteriaField, text(fields, 'criteria', 4001));
  if (!given.success) return outcome('criteria');
  // The search as the list showed it: the place alone, or its wider list when chosen
  // (omr_list_id, shared/criteria toAlertPayload).
  const criteria: AlertCriteria = given.output;
  try {
    const created = await api.send('alertCreate', {
      email: checked.value.email,
      // The consent is only asked (and only kept) where the portal offers it.
      contactProximite: config.settings.enableContactProximite
        ? checked.value.contactProximite === true
        : false,
      lang,
      criteria,
    });
    return alertAnswer({
      form: ALERT_FORMS.create,
      status: 'created',
      token: created.token,
      values: { email: '', contactProximite: false },
    });
  } catch (error) {
    const failed = alertRefusal(error, 'criteria', 'criteria');
    return outcome(failed.status, failed.httpStatus);
  }
}

export default { [ALERT_FORMS.create]: alertCreateAction } satisfies ScreenActions;
