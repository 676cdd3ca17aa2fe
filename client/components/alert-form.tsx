import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useActionData, useFetcher, useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import '../styles/alerts.css';
import type { Config, Lang } from '../../shared/contract';
import { toAlertPayload, type LieuTarget, type SearchCriteria } from '../../shared/criteria';
import { AlertFormSchema, parseForm } from '../../shared/forms';
import { emailInvalid, emailRequired } from '../../shared/messages';
import { FORM_FIELD } from '../../shared/page-actions';
import { href } from '../../shared/routes';
import { addAlertTokens } from '../hooks/use-alert-tokens';
import { useFormAnswer } from '../hooks/use-form-answer';
import {
  ALERT_FORM_ID,
  ALERT_FORMS,
  isAlertOutcome,
  type AlertOutcome,
} from '../../shared/alert-outcome';

// "Create an alert" from the current search (spec sections 3, 5 and 7): an e-mail address
// (required, valid), the consent to be contacted by partner agencies when the settings offer it,
// and the search turned into the alert payload. It posts the `alert-create` action of its result
// list (client/routes/list.server.ts): with JavaScript it is checked here first and sent
// through the router, the alert's token then kept in the browser; without JavaScript it is a plain
// form and the list comes back with the outcome.

type ErrorCode =
  'email-required' | 'email-invalid' | 'criteria' | 'duplicate' | 'unavailable' | 'too-many';

const ERROR_CODES: readonly ErrorCode[] = [
  'email-required',
  'email-invalid',
  'criteria',
  'duplicate',
  'unavailable',
];

export interface AlertFormProps {
  criteria: SearchCriteria;
  /** The lieu of the search when it is known (its omr list is saved when the search chose it). */
  lieu?: LieuTarget | null;
  config: Config;
  lang: Lang;
}

/** The create form's outcome in an action's answer, else null. */
function createOutcome(answer: unknown): AlertOutcome | null {
  return isAlertOutcome(answer, ALERT_FORMS.create) ? answer : null;
}

/** The error of an outcome, null when there is none. */
function errorOf(outcome: AlertOutcome): ErrorCode | null {
  return ERROR_CODES.find((code) => code === outcome.status) ?? null;
}

export function AlertForm({ criteria, lieu, config, lang }: AlertFormProps) {
  const { t, i18n } = useLingui();
  const location = useLocation();
  const id = useId();
  const emailInput = useRef<HTMLInputElement>(null);
  const payload = toAlertPayload(criteria, { config, lieu });
  const fetcher = useFetcher();
  const sending = fetcher.state !== 'idle';

  // The outcome of the same form posted without JavaScript: the page came back with it.
  const posted = useActionData() as unknown;
  const fromPage = isAlertOutcome(posted, ALERT_FORMS.create) ? posted : null;
  const [error, setError] = useState<ErrorCode | null>(fromPage ? errorOf(fromPage) : null);
  const [email, setEmail] = useState(fromPage?.values?.email ?? '');
  const [consent, setConsent] = useState(fromPage?.values?.contactProximite ?? false);
  const [done, setDone] = useState(fromPage?.status === 'created');
  // The reason the page's server gave for refusing the form before its action (another site...).
  const [refusal, setRefusal] = useState<string | null>(null);
  const status = useRef<HTMLDivElement>(null);

  // The action's answer (shared/page-actions.ts), once per answer.
  const answer = useFormAnswer(fetcher, createOutcome, ({ outcome, failure }) => {
    setRefusal(null);
    if (outcome) {
      setDone(outcome.status === 'created');
      setError(errorOf(outcome));
    } else {
      // Refused before the action (another site, too many forms), failed, or no network.
      setError(failure?.httpStatus === 429 ? 'too-many' : 'unavailable');
      if (failure && failure.httpStatus !== 429 && failure.httpStatus < 500 && failure.message) {
        setRefusal(failure.message);
      }
    }
  });
  useEffect(() => {
    const outcome = answer?.outcome;
    if (!outcome) return;
    if (outcome.status === 'created' && outcome.token) addAlertTokens(outcome.token);
    if (outcome.status === 'email-invalid' || outcome.status === 'email-required') {
      emailInput.current?.focus();
    }
  }, [answer]);
  // After a post without JavaScript, the outcome is where the eyes go.
  useEffect(() => {
    if (!fromPage) return;
    if (fromPage.status === 'created' && fromPage.token) addAlertTokens(fromPage.token);
    if (errorOf(fromPage) === 'email-invalid' || errorOf(fromPage) === 'email-required') {
      emailInput.current?.focus();
    } else status.current?.focus();
  }, [fromPage]);

  const messages: Record<ErrorCode, string> = {
    'email-required': i18n._(emailRequired),
    'email-invalid': i18n._(emailInvalid),
    criteria: t`Les critères de cette recherche ne peuvent pas être enregistrés.`,
    duplicate: t`Une alerte existe déjà pour cette recherche avec cette adresse e-mail.`,
    unavailable: t`Le service est momentanément indisponible. Veuillez réessayer plus tard.`,
    'too-many': t`Trop de demandes : veuillez réessayer dans une minute.`,
  };
  const emailError = error === 'email-required' || error === 'email-invalid';
  const action = `${location.pathname}${location.search}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const checked = parseForm(AlertFormSchema, { email, contactProximite: consent });
    if (!checked.ok) {
      setError(checked.errors.email?.id === emailRequired.id ? 'email-required' : 'email-invalid');
      emailInput.current?.focus();
      return;
    }
    setError(null);
    setRefusal(null);
    void fetcher.submit(
      {
        [FORM_FIELD]: ALERT_FORMS.create,
        email: checked.value.email,
        ...(config.settings.enableContactProximite && checked.value.contactProximite
          ? { contactProximite: 'on' }
          : {}),
        criteria: JSON.stringify(payload),
      },
      { method: 'post', action },
    );
  }

  const alertsHref = href('alerts', {}, lang, config);

  return (
    <section id={ALERT_FORM_ID} className="alert-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="alert-form__title">
        {t`Créer une alerte`}
      </h2>
      <div role="status" className="alert-form__status" ref={status} tabIndex={-1}>
        {done ? (
          <p className="notice notice--success">
            {t`Votre demande a bien été enregistrée.`}{' '}
            {t`Un e-mail va vous être envoyé pour confirmer votre adresse.`}{' '}
            <Link to={alertsHref}>{t`Voir mes alertes`}</Link>
          </p>
        ) : null}
      </div>
      {done ? null : (
        <form
          method="post"
          // Without JavaScript the page comes back scrolled to the form and its outcome.
          action={`${action}#${ALERT_FORM_ID}`}
          noValidate
          onSubmit={submit}
          className="alert-form__form"
        >
          <p className="alert-form__intro">
            {t`Recevez par e-mail les nouveaux biens qui correspondent à cette recherche.`}
          </p>
          <input type="hidden" name={FORM_FIELD} value={ALERT_FORMS.create} />
          <input type="hidden" name="criteria" value={JSON.stringify(payload)} />
          <div className="alert-form__field">
            <label htmlFor={`${id}-email`}>{t`Votre adresse e-mail`}</label>
            <input
              ref={emailInput}
              id={`${id}-email`}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              required
              aria-required="true"
              aria-invalid={emailError}
              aria-describedby={emailError ? `${id}-error` : undefined}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            {emailError ? (
              <p id={`${id}-error`} className="form-error">
                {messages[error]}
              </p>
            ) : null}
          </div>
          {config.settings.enableContactProximite ? (
            <div className="alert-form__check">
              <input
                id={`${id}-consent`}
                type="checkbox"
                name="contactProximite"
                value="on"
                checked={consent}
                onChange={(event) => setConsent(event.target.checked)}
              />
              <label htmlFor={`${id}-consent`}>
                {t`J'accepte d'être contacté(e) par des agences partenaires proches de ma recherche.`}
              </label>
            </div>
          ) : null}
          {error && !emailError ? (
            <p className="form-error" role="alert">
              {refusal ?? messages[error]}
            </p>
          ) : null}
          <button type="submit" className="button" aria-disabled={sending}>
            {sending ? t`Envoi en cours…` : t`Créer l'alerte`}
          </button>
        </form>
      )}
    </section>
  );
}
