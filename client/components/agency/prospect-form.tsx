import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Lang } from '../../../shared/contract';
import { ProspectFormSchema } from '../../../shared/contact-forms';
import { parseForm } from '../../../shared/forms';
import { messageById } from '../../../shared/messages';
import {
  EMAIL_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  PROSPECT_FIELD_MAX_LENGTH,
} from '../../../shared/validation';
import { API_PATHS } from '../../../shared/portal-api';
import { PlaceCombobox } from '../place-combobox';
import {
  PROSPECT_FIELDS,
  PROSPECT_FORM,
  RATE_LIMITED,
  SERVICE_ERROR,
  type ProspectState,
} from '../../../shared/prospect-state';

// The professional contact form (spec sections 3 and 5): lastname, firstname, company, city
// (place autocomplete), phone, email, message. The browser checks it with the same schema as the
// BFF, then posts it as JSON; without JavaScript it posts to the page itself and the BFF answers
// the page again with the errors, or the thanks.

type Field = (typeof PROSPECT_FIELDS)[number] | 'form';

export interface ProspectFormProps {
  lang: Lang;
  /** Where the form posts without JavaScript. */
  action: string;
  /** What the server sent back after a refusal without JavaScript. */
  initial: ProspectState | null;
  /** What the personal data are used for, with a link to the personal-data page. */
  privacyNote: ReactNode;
  onSent(): void;
}

export function ProspectForm({ lang, action, initial, privacyNote, onSent }: ProspectFormProps) {
  const { t, i18n } = useLingui();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(initial?.errors ?? {});
  const [sending, setSending] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const values = initial?.values ?? {};

  const text = (id: string | undefined): string | undefined => {
    if (!id) return undefined;
    if (id === SERVICE_ERROR)
      return t`Votre demande n'a pas pu être envoyée : le service est momentanément indisponible. Vos informations sont conservées, réessayez dans quelques instants.`;
    if (id === RATE_LIMITED)
      return t`Trop de demandes ont été envoyées depuis votre connexion. Réessayez dans une minute.`;
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

  function show(given: Partial<Record<string, string>>, form: HTMLFormElement) {
    // The picked place's id is a hidden field: its error shows on the city.
    const { lieu_id: placeError, ...next } = given as Partial<Record<Field | 'lieu_id', string>>;
    if (placeError) next.city ??= placeError;
    setErrors(next);
    const first = PROSPECT_FIELDS.find((f) => next[f]);
    if (first) {
      const input = form.elements.namedItem(first);
      if (input instanceof HTMLElement) input.focus();
    } else {
      summary.current?.focus();
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const checked = parseForm(ProspectFormSchema, data);
    if (!checked.ok) {
      const next: Partial<Record<string, string>> = {};
      for (const [field, descriptor] of Object.entries(checked.errors))
        if (descriptor) next[field] = descriptor.id;
      show(next, form);
      return;
    }
    const { phoneObject: _phone, ...fields } = checked.value;
    setSending(true);
    try {
      const res = await fetch(API_PATHS.prospect, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ ...fields, lang }),
      });
      if (res.ok) {
        onSent();
        return;
      }
      const body = (await res.json().catch(() => null)) as {
        errors?: Record<string, string>;
      } | null;
      if (res.status === 400 && body?.errors) show(body.errors, form);
      else show({ form: res.status === 429 ? RATE_LIMITED : SERVICE_ERROR }, form);
    } catch {
      show({ form: SERVICE_ERROR }, form);
    } finally {
      setSending(false);
    }
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
      className="prospect-form"
      method="post"
      action={action}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-describedby="prospect-required"
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
      <input type="hidden" name="_form" value={PROSPECT_FORM} />
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
