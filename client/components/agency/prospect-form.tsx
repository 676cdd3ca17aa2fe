import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type { Lang } from '../../../shared/contract';
import { ProspectFormSchema } from '../../../shared/contact-forms';
import { parseForm } from '../../../shared/forms';
import { messageById } from '../../../shared/messages';
import { FORM_FIELD } from '../../../shared/page-actions';
import {
  EMAIL_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  PROSPECT_FIELD_MAX_LENGTH,
} from '../../../shared/validation';
import { useFormAnswer } from '../../hooks/use-form-answer';
import { PlaceCombobox } from '../place-combobox';
import {
  PROSPECT_FIELDS,
  PROSPECT_FORM,
  prospectFailed,
  prospectOutcome,
  prospectRateLimited,
  type ProspectOutcome,
} from '../../../shared/prospect-state';

// The professional contact form (spec sections 3 and 5): lastname, firstname, company, city
// (place autocomplete), phone, email, message. The browser checks it with the same schema as the
// BFF, then posts the `prospect` action of its page (client/routes/pro-contact.server.ts)
// through the router; without JavaScript it posts to the page itself, which comes back with the
// errors and what was typed, or goes on to the thanks. A refused or failed request keeps
// everything typed.

type Field = (typeof PROSPECT_FIELDS)[number] | 'form';

export interface ProspectFormProps {
  lang: Lang;
  /** The outcome of the form posted without JavaScript, when it was not sent (the page's loader). */
  initial: ProspectOutcome | null;
  /** What the personal data are used for, with a link to the personal-data page. */
  privacyNote: ReactNode;
  onSent(): void;
}

export function ProspectForm({ lang, initial, privacyNote, onSent }: ProspectFormProps) {
  const { t, i18n } = useLingui();
  const location = useLocation();
  const fetcher = useFetcher();
  const sending = fetcher.state !== 'idle';
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(() =>
    initial ? withStatus(initial) : {},
  );
  const summary = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const values = initial?.values ?? {};
  // The page's own address: the form posts its action there.
  const action = location.pathname;

  const text = (id: string | undefined): string | undefined => {
    if (!id) return undefined;
    if (id === prospectRateLimited.id) return i18n._(prospectRateLimited);
    if (id === prospectFailed.id) return i18n._(prospectFailed);
    return i18n._(messageById(id));
  };

  const labels: Record<(typeof PROSPECT_FIELDS)[number], string> = {
    lastname: t`Nom`,
    firstname: t`Prénom`,
    company: t`Société`,
    city: t`Ville`,
    phone: t`Téléphone`,
    email: t`Adresse e-mail`,
    message: t`Message`,
  };

  // The first field in error takes the focus, else the summary (a form-level message).
  // (Only errors found on a submit: those of a post without JavaScript come with the page.)
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown === 0) return;
    const first = PROSPECT_FIELDS.find((f) => errors[f]);
    const input = first ? formRef.current?.elements.namedItem(first) : null;
    if (input instanceof HTMLElement) input.focus();
    else summary.current?.focus();
  }, [shown, errors]);
  const show = (next: Partial<Record<Field, string>>) => {
    setErrors(next);
    setShown((n) => n + 1);
  };

  // The action's answer (shared/page-actions.ts): the outcome, once per answer.
  const answer = useFormAnswer(fetcher, prospectOutcome, ({ outcome, failure }) => {
    if (outcome?.status === 'sent') setErrors({});
    else if (outcome) show(withStatus(outcome));
    else if (failure?.httpStatus === 429) show({ form: prospectRateLimited.id });
    // Refused before the action, failed, or no network: nothing was sent, nothing typed is lost.
    else show({ form: prospectFailed.id });
  });

  // Sent: the page shows its thanks instead of the form.
  const sent = answer?.outcome?.status === 'sent';
  useEffect(() => {
    if (sent) onSent();
  }, [sent, onSent]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const checked = parseForm(ProspectFormSchema, data);
    if (!checked.ok) {
      const next: Partial<Record<Field, string>> = {};
      for (const [field, descriptor] of Object.entries(checked.errors)) {
        // The picked place's id is a hidden field: its error shows on the city.
        const on = field === 'lieu_id' ? 'city' : (field as Field);
        if (descriptor) next[on] ??= descriptor.id;
      }
      show(next);
      return;
    }
    void fetcher.submit(data, { method: 'post', action });
  }

  const describedBy = (field: Field) => (errors[field] ? `prospect-${field}-error` : undefined);
  const fieldError = (field: Field): ReactNode =>
    errors[field] ? (
      <p id={`prospect-${field}-error`} className="form-field__error">
        {text(errors[field])}
      </p>
    ) : null;

  const input = (
    field: 'lastname' | 'firstname' | 'company' | 'phone' | 'email',
    type: string,
    autoComplete: string,
    maxLength: number,
  ) => (
    <div className="form-field">
      <label htmlFor={`prospect-${field}`}>
        {labels[field]} <span aria-hidden="true">*</span>
      </label>
      <input
        id={`prospect-${field}`}
        name={field}
        type={type}
        autoComplete={autoComplete}
        required
        maxLength={maxLength}
        defaultValue={values[field] ?? ''}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
      />
      {fieldError(field)}
    </div>
  );

  const listed = PROSPECT_FIELDS.filter((f) => errors[f]);
  return (
    <form
      ref={formRef}
      className="prospect-form"
      method="post"
      action={action}
      noValidate
      onSubmit={onSubmit}
      aria-describedby="prospect-required"
      aria-busy={sending}
    >
      <div ref={summary} tabIndex={-1} className="form-summary" role="alert">
        {errors.form ? <p className="form-summary__error">{text(errors.form)}</p> : null}
        {listed.length > 0 ? (
          <>
            <p className="form-summary__error">{t`Le formulaire contient des erreurs :`}</p>
            <ul>
              {listed.map((f) => (
                <li key={f}>
                  <a href={`#prospect-${f}`}>
                    {labels[f]} : {text(errors[f])}
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      <p id="prospect-required" className="form-note">
        {t`Les champs marqués d'un astérisque (*) sont obligatoires.`}
      </p>
      <input type="hidden" name={FORM_FIELD} value={PROSPECT_FORM} />
      <div className="prospect-form__grid">
        {input('lastname', 'text', 'family-name', PROSPECT_FIELD_MAX_LENGTH)}
        {input('firstname', 'text', 'given-name', PROSPECT_FIELD_MAX_LENGTH)}
        {input('company', 'text', 'organization', PROSPECT_FIELD_MAX_LENGTH)}
        <div className="form-field">
          <label htmlFor="prospect-city">
            {labels.city} <span aria-hidden="true">*</span>
          </label>
          <PlaceCombobox
            id="prospect-city"
            name="city"
            fields={{ id: 'lieu_id' }}
            picked={
              values.lieu_id && Number(values.lieu_id)
                ? { id: Number(values.lieu_id), label: values.city ?? '' }
                : null
            }
            lang={lang}
            text={values.city ?? ''}
            required
            invalid={Boolean(errors.city)}
            describedBy={describedBy('city')}
            autoComplete="address-level2"
            maxLength={PROSPECT_FIELD_MAX_LENGTH}
          />
          {fieldError('city')}
        </div>
        {input('phone', 'tel', 'tel', PHONE_MAX_LENGTH)}
        {input('email', 'email', 'email', EMAIL_MAX_LENGTH)}
      </div>
      <div className="form-field">
        <label htmlFor="prospect-message">{labels.message}</label>
        <textarea
          id="prospect-message"
          name="message"
          rows={6}
          maxLength={MESSAGE_MAX_LENGTH}
          defaultValue={values.message ?? ''}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message')}
        />
        {fieldError('message')}
      </div>
      <p className="form-note">{privacyNote}</p>
      <button type="submit" className="button" disabled={sending} aria-disabled={sending}>
        {sending ? t`Envoi en cours…` : t`Envoyer ma demande`}
      </button>
    </form>
  );
}

/** The errors to show for an outcome: the fields', and the form's for a request not sent. */
function withStatus(outcome: ProspectOutcome): Partial<Record<Field, string>> {
  if (outcome.status === 'rate-limited') return { form: prospectRateLimited.id };
  if (outcome.status === 'failed') return { form: prospectFailed.id };
  return outcome.errors;
}
