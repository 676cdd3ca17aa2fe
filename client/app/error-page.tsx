import { Component, type ErrorInfo as ReactErrorInfo, type ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Lang } from '../../shared/contract';
import { formTooLarge, formTooMany, formUnknown } from '../../shared/messages';
import type { ErrorInfo } from './errors';

/** Why a request the server refused before its page ran (a form posted without JavaScript). */
const REFUSALS: Partial<Record<number, MessageDescriptor>> = {
  413: formTooLarge,
  415: formUnknown,
  429: formTooMany,
};

/**
 * The error pages of spec sections 2 and 8: 404 and 410 show the not-found page ('The page you
 * are visiting does not exist.'), with 'This page could not be found' when no page matches the
 * URL or its validation failed; 'Unknown middleware' for a guard name without a guard; any other
 * status the generic error page with the status.
 */
export function ErrorPage({ info, lang }: { info: ErrorInfo; lang: Lang }) {
  const { t, i18n } = useLingui();
  const home = `/${lang}/`;
  const notFound = info.status === 404 || info.status === 410;
  const status = info.status;
  const title = notFound ? t`La page que vous visitez n'existe pas.` : t`Une erreur est survenue`;
  return (
    <section className="error-page" aria-labelledby="error-title">
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <p className="error-page__status">{t`Erreur ${status}`}</p>
      <h1 id="error-title">{title}</h1>
      {notFound && (info.reason === 'unmatched' || info.reason === 'validation') ? (
        <p>{t`Cette page est introuvable`}</p>
      ) : null}
      {info.reason === 'unknown-middleware' ? <p>{t`Middleware inconnu`}</p> : null}
      {info.reason === 'bad-request' ? (
        <p>
          {REFUSALS[status]
            ? i18n._(REFUSALS[status])
            : status === 400
              ? t`L'adresse de cette page n'est pas valide.`
              : t`L'adresse de cette page est trop longue.`}
        </p>
      ) : null}
      {!notFound && info.reason !== 'unknown-middleware' && info.reason !== 'bad-request' ? (
        <p>
          <Trans>Veuillez réessayer dans quelques instants.</Trans>
        </p>
      ) : null}
      <p>
        {/* After a failure, a full load of the home page rather than the app's navigation. */}
        <a href={home} data-reload={notFound ? undefined : ''} className="button">
          {t`Retour à l'accueil`}
        </a>
      </p>
    </section>
  );
}

/** What shows when the error page itself fails: a sentence and a link home, nothing that can fail. */
export function ErrorPageFailure({ lang }: { lang: Lang }) {
  const { t } = useLingui();
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">{t`Une erreur est survenue lors de l'affichage de la page d'erreur`}</h1>
      <p>
        <a href={`/${lang}/`}>{t`Retour à l'accueil`}</a>
      </p>
    </section>
  );
}

/** In the browser, catches a failing error page (the server answers its own fallback HTML). */
export class ErrorPageBoundary extends Component<
  { lang: Lang; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ReactErrorInfo): void {
    console.error('error page failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorPageFailure lang={this.props.lang} /> : this.props.children;
  }
}
