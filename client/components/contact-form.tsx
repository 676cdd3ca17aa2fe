import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type {
  ContactOutcome,
  ContactPageState,
  ContactStatus,
  ContactValues,
} from '../../shared/contact-outcome';
import { ContactFormSchema } from '../../shared/contact-forms';
import { parseForm } from '../../shared/forms';
import {
  contactFailed,
  contactRateLimited,
  contactRefused,
  messageById,
} from '../../shared/messages';
import { FORM_FIELD } from '../../shared/page-actions';
import { saveContactDetails, useContactDetails } from '../hooks/use-contact-details';
import { useFormAnswer } from '../hooks/use-form-answer';
import '../styles/offer-contact.css';

// The contact form of offer and agency pages (spec section 5): name, phone, email, message and
// the recommendation opt-in. Every rule is checked in the browser with the schema the BFF uses
// (shared/forms.ts), with the spec's messages. It posts the `contact` action of its page (client/
// routes/offer.server.ts; the BFF keeps the spam guard): with JavaScript through the router,
// without it as a plain form, the page coming back with the same messages and what was typed. Contact details come back from local storage and are
// saved after a sent request. A refused or failed request keeps everything typed; a double submit
// is stored once (one idempotency key per attempt, kept when the same text is sent again).

export type ContactFormTarget = { offerId: number } | { agencyId: number };

export interface ContactFormProps {
  target: ContactFormTarget;
  /** The outcome of a post without JavaScript, for this target (from the page's loader). */
  pageState?: ContactPageState | null;
  /** The message a new request starts with (e.g. naming the offer's reference). */
  defaultMessage?: string;
  /** Text put in the message (e.g. an address request); applied again when `key` changes. */
  prefill?: { message: string; key: number } | null;
  /** The form's heading. */
  title?: string;
  /** Anchor of the form in the page. */
  id?: string;
}

type Field = 'name' | 'phone' | 'email' | 'message';
const FIELDS: readonly Field[] = ['name', 'phone', 'email', 'message'];

type Outcome = { status: ContactStatus | 'error' } | null;

type ContactAnswer = Partial<ContactOutcome> & Pick<ContactOutcome, 'status'>;

/** The contact form's outcome in an action's answer, else null. */
function contactOutcome(answer: unknown): ContactAnswer | null {
  const contact = answer as Partial<ContactOutcome> | undefined;
  return contact?.form === 'contact' && contact.status ? (contact as ContactAnswer) : null;
}

function newKey(): string {
  const c = globalThis.crypto;
  return `k-${c?.randomUUID ? c.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`}`;
}

function targetFields(target: ContactFormTarget): Record<string, string> {
  return 'offerId' in target
    ? { offer_id: String(target.offerId) }
    : { agency_id: String(target.agencyId) };
}

export function ContactForm({
  target,
  pageState,
  defaultMessage,
  prefill,
  title,
  id = 'contact',
}: ContactFormProps) {
  const { t, i18n } = useLingui();
  const location = useLocation();
  const stored = useContactDetails();
  const baseId = useId();
  const fromPage = pageState && pageState.status !== 'sent' ? pageState.values : null;
  // What the visitor changed; the rest shows the page's values, else the stored details (after
  // hydration: the server and the first render show no stored details).
  const [typed, setTyped] = useState<Partial<ContactValues>>({});
  const [errors, setErrors] = useState<Partial<Record<string, string>>>(pageState?.errors ?? {});
  const [outcome, setOutcome] = useState<Outcome>(pageState ? { status: pageState.status } : null);
  const fetcher = useFetcher();
  const pending = fetcher.state !== 'idle';
  const sentDetails = useRef<Parameters<typeof saveContactDetails>[0] | null>(null);
  const [prefillApplied, setPrefillApplied] = useState(prefill?.key);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const outcomeRef = useRef<HTMLDivElement>(null);
  // After 'send another request', the focus goes to the form again.
  const [restarted, setRestarted] = useState(0);

  // A new pre-filled message (the address request) replaces the message.
  if (prefill && prefill.key !== prefillApplied) {
    setPrefillApplied(prefill.key);
    setTyped((current) => ({ ...current, message: prefill.message }));
  }
  useEffect(() => {
    if (prefillApplied !== undefined && prefillApplied > 0) inputs.current.message?.focus();
  }, [prefillApplied]);

  const values: ContactValues = {
    name: typed.name ?? (fromPage?.name || stored?.name || ''),
    phone: typed.phone ?? (fromPage?.phone || stored?.phone || ''),
    email: typed.email ?? (fromPage?.email || stored?.email || ''),
    message: typed.message ?? (fromPage?.message || prefill?.message || defaultMessage || ''),
    reco: typed.reco ?? fromPage?.reco ?? false,
  };

  // After a post without JavaScript, the outcome is where the eyes go.
  useEffect(() => {
    if (pageState) outcomeRef.current?.focus();
  }, [pageState]);

  const set = (field: keyof ContactValues, value: string | boolean) => {
    setTyped((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  // The action's answer (shared/page-actions.ts), once per answer.
  const answer = useFormAnswer(fetcher, contactOutcome, ({ outcome: contact, failure }) => {
    if (contact) {
      setOutcome({ status: contact.status });
      setErrors(contact.errors ?? {});
      if (contact.status === 'sent') {
        // The next request starts again from the default message.
        setTyped(({ message: _message, reco: _reco, ...kept }) => kept);
      }
    } else {
      // Refused before the action, failed, or no network: nothing was sent, nothing typed is lost.
      setOutcome({ status: failure && failure.httpStatus < 500 ? 'error' : 'failed' });
    }
  });
  useEffect(() => {
    if (answer === undefined) return;
    const contact = answer.outcome;
    if (contact?.status === 'sent') attempt.current = null;
    if (contact?.status === 'sent' && sentDetails.current) {
      saveContactDetails({ ...sentDetails.current, isSpammer: contact.isSpammer === true });
    } else if (contact?.status === 'refused') {
      saveContactDetails({ isSpammer: true });
    }
    outcomeRef.current?.focus();
  }, [answer]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const checked = parseForm(ContactFormSchema, values);
    if (!checked.ok) {
      const found = Object.fromEntries(
        Object.entries(checked.errors).flatMap(([f, m]) => (m ? [[f, m.id]] : [])),
      );
      setErrors(found);
      setOutcome({ status: 'invalid' });
      const first = FIELDS.find((f) => found[f]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    const fields: Record<string, string> = {
      [FORM_FIELD]: 'contact',
      ...targetFields(target),
      name: values.name,
      phone: values.phone,
      email: values.email,
      message: values.message,
      ...(values.reco ? { reco: 'on' } : {}),
    };
    const body = JSON.stringify(fields);
    // The same text sent again (a retry, a double click) keeps its key: stored once.
    if (!attempt.current || attempt.current.body !== body)
      attempt.current = { key: newKey(), body };
    sentDetails.current = {
      name: checked.value.name,
      email: checked.value.email,
      phone: checked.value.phone,
      phoneObject: checked.value.phoneObject,
    };
    setErrors({});
    setOutcome(null);
    void fetcher.submit(
      { ...fields, idempotency_key: attempt.current.key },
      { method: 'post', action: `${location.pathname}${location.search}` },
    );
  }

  const fieldId = (field: string) => `${baseId}-${field}`;
  const errorText = (field: string) => {
    const messageId = errors[field];
    return messageId ? i18n._(messageById(messageId)) : null;
  };
  const describedBy = (field: string, hint?: boolean) =>
    [hint ? `${fieldId(field)}-hint` : null, errors[field] ? `${fieldId(field)}-error` : null]
      .filter(Boolean)
      .join(' ') || undefined;

  const texts: Record<ContactStatus | 'error', string> = {
    sent: t`Votre demande d'informations a bien été envoyée.`,
    invalid: t`Votre demande n'a pas été envoyée : veuillez corriger les champs signalés.`,
    refused: i18n._(contactRefused),
    'rate-limited': i18n._(contactRateLimited),
    failed: i18n._(contactFailed),
    error: t`Votre demande n'a pas pu être envoyée. Veuillez réessayer.`,
  };
  const ok = outcome?.status === 'sent';
  // The address the visitor's copy went to: the action's answer after a post without
  // JavaScript (the form shows empty again), else the address kept in the form.
  const copyTo = (pageState?.status === 'sent' ? pageState.copyTo : undefined) || values.email;
  const titleId = `${baseId}-title`;

  // A sent request: the outcome stands in place of the form, with a way to write another one
  // (a link to the page's form without JavaScript, the form again with it).
  useEffect(() => {
    if (restarted > 0) inputs.current.message?.focus();
  }, [restarted]);
  const another = (
    <p className="contact-form__again">
      <a
        href={`${location.pathname}${location.search}#${id}`}
        onClick={(event) => {
          event.preventDefault();
          setOutcome(null);
          setRestarted((n) => n + 1);
        }}
      >
        {t`Envoyer une autre demande`}
      </a>
    </p>
  );
  const required = <span className="contact-form__required">{t`(obligatoire)`}</span>;

  const textInput = (
    field: Exclude<Field, 'message'>,
    label: string,
    type: string,
    autoComplete: string,
  ) => {
    const error = errorText(field);
    return (
      <div className={`contact-form__field${error ? ' contact-form__field--invalid' : ''}`}>
        <label htmlFor={fieldId(field)}>
          {label} {required}
        </label>
        <input
          ref={(el) => {
            inputs.current[field] = el;
          }}
          id={fieldId(field)}
          name={field}
          type={type}
          autoComplete={autoComplete}
          value={values[field]}
          onChange={(e) => set(field, e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(field, field === 'phone')}
          aria-required="true"
        />
        {field === 'phone' ? (
          <p id={`${fieldId(field)}-hint`} className="contact-form__hint">
            {t`Par exemple 06 12 34 56 78 ou +44 20 7946 0958`}
          </p>
        ) : null}
        {error ? (
          <p id={`${fieldId(field)}-error`} className="contact-form__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  const messageError = errorText('message');
  return (
    <section className="contact-form" id={id} aria-labelledby={titleId}>
      <h2 id={titleId} className="contact-form__title">
        {title ?? t`Contacter l'agence`}
      </h2>
      <div
        ref={outcomeRef}
        tabIndex={-1}
        className={`contact-form__outcome${outcome ? ` contact-form__outcome--${ok ? 'ok' : 'ko'}` : ''}`}
        role={ok ? 'status' : 'alert'}
      >
        {outcome ? texts[outcome.status] : ''}
        {ok && copyTo ? ` ${t`Une copie de votre demande a été envoyée à ${copyTo}.`}` : null}
      </div>
      {ok ? another : null}
      {stored?.isSpammer && !outcome ? (
        <p className="contact-form__notice">{texts.refused}</p>
      ) : null}
      <form
        hidden={ok}
        method="post"
        action={`${location.pathname}${location.search}#${id}`}
        noValidate
        onSubmit={onSubmit}
        aria-busy={pending}
      >
        <input type="hidden" name={FORM_FIELD} value="contact" />
        {'offerId' in target ? (
          <input type="hidden" name="offer_id" value={target.offerId} />
        ) : (
          <input type="hidden" name="agency_id" value={target.agencyId} />
        )}
        {textInput('name', t`Nom`, 'text', 'name')}
        {textInput('phone', t`Téléphone`, 'tel', 'tel')}
        {textInput('email', t`E-mail`, 'email', 'email')}
        <div
          className={`contact-form__field${messageError ? ' contact-form__field--invalid' : ''}`}
        >
          <label htmlFor={fieldId('message')}>
            {t`Message`} {required}
          </label>
          <textarea
            ref={(el) => {
              inputs.current.message = el;
            }}
            id={fieldId('message')}
            name="message"
            rows={5}
            value={values.message}
            onChange={(e) => set('message', e.target.value)}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={describedBy('message')}
            aria-required="true"
          />
          {messageError ? (
            <p id={`${fieldId('message')}-error`} className="contact-form__error">
              {messageError}
            </p>
          ) : null}
        </div>
        <div className="contact-form__check">
          <input
            id={fieldId('reco')}
            name="reco"
            type="checkbox"
            checked={values.reco}
            onChange={(e) => set('reco', e.target.checked)}
          />
          <label htmlFor={fieldId('reco')}>
            {t`Je souhaite recevoir des recommandations de biens similaires`}
          </label>
        </div>
        <button type="submit" className="button contact-form__submit" disabled={pending}>
          {pending ? t`Envoi en cours…` : t`Envoyer`}
        </button>
      </form>
    </section>
  );
}
