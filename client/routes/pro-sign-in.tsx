import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { FORM_FIELD } from '../../shared/page-actions';
import { defineScreen } from '../app/screen';
import {
  PRO_CACHE,
  PRO_SIGN_IN_CONFIRM_FORM,
  PRO_SIGN_IN_FORM,
  proHead,
  proSignInOutcome,
  type ProSignInOutcome,
} from '../components/pro/session';
import '../styles/pro.css';

// The sign-in page of the professional space (/fr/espace-pro/connexion/, /en/pro/sign-in/):
// a registered address gets a one-time link by mail (./pro-sign-in.server.ts). The link brings
// the user back here with its token: the page shows a button that posts it (the token is spent
// by that post, never by opening the link, which mail scanners do), then the dashboard.

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface ProSignInData {
  /** The token of the link followed, shown as a confirm button. */
  token: string | null;
  signedOut: boolean;
  outcome: ProSignInOutcome | null;
}

export default defineScreen({
  async loader({ url, posted }): Promise<ProSignInData> {
    const token = url.searchParams.get('token');
    return {
      token: token && TOKEN.test(token) ? token : null,
      signedOut: url.searchParams.get('signed-out') === '1',
      outcome: proSignInOutcome(posted),
    };
  },
  cache: PRO_CACHE,
  status: (data) => (data.outcome?.status === 'invalid-link' ? 400 : 200),
  head: ({ i18n }) => proHead(i18n._(msg`Connexion à l'espace professionnel`)),
  Component: function ProSignIn({ data, lang }) {
    const { t } = useLingui();
    const { outcome } = data;
    const token = outcome?.status === 'invalid-link' ? null : data.token;
    return (
      <div className="pro pro--narrow">
        <h1>{t`Connexion à l'espace professionnel`}</h1>
        {data.signedOut && !outcome && <p role="status">{t`Vous êtes déconnecté.`}</p>}
        {outcome?.status === 'sent' && (
          <p role="status" className="pro-notice">
            <Trans>
              Si cette adresse est celle d'un compte de l'espace professionnel, un lien de connexion
              vient d'y être envoyé. Il est valable 15 minutes et une seule fois.
            </Trans>
          </p>
        )}
        {outcome?.status === 'invalid-link' && (
          <p role="alert" className="pro-notice pro-notice--error">
            {t`Ce lien de connexion n'est plus valable (déjà utilisé ou expiré). Demandez-en un nouveau.`}
          </p>
        )}
        {(outcome?.status === 'rate-limited' || outcome?.status === 'failed') && (
          <p role="alert" className="pro-notice pro-notice--error">
            {outcome.message ?? t`La demande n'a pas pu être envoyée. Réessayez dans un instant.`}
          </p>
        )}
        {token ? (
          <form method="post" className="pro-form">
            <input type="hidden" name={FORM_FIELD} value={PRO_SIGN_IN_CONFIRM_FORM} />
            <input type="hidden" name="token" value={token} />
            <p>{t`Confirmez pour ouvrir votre session sur cet appareil.`}</p>
            <button type="submit" className="pro__button">
              {t`Me connecter`}
            </button>
          </form>
        ) : (
          <form method="post" className="pro-form" noValidate>
            <input type="hidden" name={FORM_FIELD} value={PRO_SIGN_IN_FORM} />
            <input type="hidden" name="lang" value={lang} />
            <p>
              {t`Saisissez l'adresse e-mail de votre compte : nous vous envoyons un lien de connexion.`}
            </p>
            <label htmlFor="pro-email">{t`Adresse e-mail`}</label>
            <input
              id="pro-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              defaultValue={outcome?.email ?? ''}
              aria-invalid={outcome?.status === 'invalid' ? true : undefined}
              aria-describedby={outcome?.status === 'invalid' ? 'pro-email-error' : undefined}
            />
            {outcome?.status === 'invalid' && (
              <p id="pro-email-error" className="pro-form__error">
                {t`Saisissez une adresse e-mail valide.`}
              </p>
            )}
            <button type="submit" className="pro__button">
              {t`Recevoir un lien de connexion`}
            </button>
          </form>
        )}
      </div>
    );
  },
});
