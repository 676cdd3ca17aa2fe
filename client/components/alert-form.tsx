import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import '../styles/alerts.css';
import type { AlertCreated, Config, Lang } from '../../shared/contract';
import { toAlertPayload, type LieuTarget, type SearchCriteria } from '../../shared/criteria';
import { AlertFormSchema, parseForm } from '../../shared/forms';
import { emailInvalid, emailRequired } from '../../shared/messages';
import { API_PATHS } from '../../shared/portal-api';
import { href } from '../../shared/routes';
import { addAlertTokens } from '../hooks/use-alert-tokens';

// "Create an alert" from the current search (spec sections 3, 5 and 7): an e-mail address
// (required, valid), the consent to be contacted by partner agencies when the settings offer it,
// and the search turned into the alert payload. A POST form to /api/alerts that works without
// JavaScript (the BFF redirects to the alerts page, or back here with `alert_error`); with
// JavaScript it is checked here, sent as JSON, and the alert's token is kept in the browser.

export const ALERT_FORM_ID = 'alert-form';
export const ALERT_ERROR_PARAM = 'alert_error';

type ErrorCode =
  'email-required' | 'email-invalid' | 'criteria' | 'duplicate' | 'unavailable' | 'too-many';

const ERROR_CODES: readonly ErrorCode[] = [
  'email-required',
  'email-invalid',
  'criteria',
  'duplicate',
  'unavailable',
  'too-many',
];

export interface AlertFormProps {
  criteria: SearchCriteria;
  /** The lieu of the search when it is known (a lieu of an omr list saves its list). */
  lieu?: LieuTarget | null;
  config: Config;
  lang: Lang;
}

export function AlertForm({ criteria, lieu, config, lang }: AlertFormProps) {
  const { t, i18n } = useLingui();
  const location = useLocation();
  const id = useId();
  const emailInput = useRef<HTMLInputElement>(null);
  const payload = toAlertPayload(criteria, { config, lieu });

  // An error of the same form posted without JavaScript comes back in the query.
  const params = new URLSearchParams(location.search);
  const given = params.get(ALERT_ERROR_PARAM);
  params.delete(ALERT_ERROR_PARAM);
  const back = `${location.pathname}${params.size > 0 ? `?${params}` : ''}`;
  const [error, setError] = useState<ErrorCode | null>(
    ERROR_CODES.find((code) => code === given) ?? null,
  );
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);

  const messages: Record<ErrorCode, string> = {
    'email-required': i18n._(emailRequired),
    'email-invalid': i18n._(emailInvalid),
    criteria: t`Les critères de cette recherche ne peuvent pas être enregistrés.`,
    duplicate: t`Une alerte existe déjà pour cette recherche avec cette adresse e-mail.`,
    unavailable: t`Le service est momentanément indisponible. Veuillez réessayer plus tard.`,
    'too-many': t`Trop de demandes : veuillez réessayer dans une minute.`,
  };
  const emailError = error === 'email-required' || error === 'email-invalid';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const checked = parseForm(AlertFormSchema, { email, contactProximite: consent });
    if (!checked.ok) {
      setError(checked.errors.email?.id === emailRequired.id ? 'email-required' : 'email-invalid');
      emailInput.current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      const res = await fetch(API_PATHS.alerts, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({
          email: checked.value.email,
          contactProximite:
            config.settings.enableContactProximite && checked.value.contactProximite,
          lang,
          criteria: payload,
        }),
      });
      if (res.status === 201) {
        const created = (await res.json()) as AlertCreated;
        addAlertTokens(created.token);
        setDone(true);
        return;
      }
      const body = (await res.json().catch(() => ({}))) as { code?: unknown };
      const code = ERROR_CODES.find((c) => c === body.code);
      setError(res.status === 429 ? 'too-many' : (code ?? 'unavailable'));
      if (code === 'email-invalid' || code === 'email-required') emailInput.current?.focus();
    } catch {
      setError('unavailable');
    } finally {
      setSending(false);
    }
  }

  const alertsHref = href('alerts', {}, lang, config);

  return (
    <section id={ALERT_FORM_ID} className="alert-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="alert-form__title">
        {t`Créer une alerte`}
      </h2>
      <div role="status" className="alert-form__status">
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
          action={API_PATHS.alerts}
          noValidate
          onSubmit={submit}
          className="alert-form__form"
        >
          <p className="alert-form__intro">
            {t`Recevez par e-mail les nouveaux biens qui correspondent à cette recherche.`}
          </p>
          <input type="hidden" name="lang" value={lang} />
          <input type="hidden" name="criteria" value={JSON.stringify(payload)} />
          <input type="hidden" name="back" value={back} />
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
              {messages[error]}
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
