import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type { Config, Lang } from '../../../shared/contract';
import { FORM_FIELD } from '../../../shared/page-actions';
import type { ProMe } from '../../../shared/pro';
import { href, type ProScreenId } from '../../../shared/routes';
import '../../styles/pro.css';
import { PRO_NAV } from './nav';
import { SIGN_OUT_EVERYWHERE_FORM, SIGN_OUT_FORM } from './session';

// The frame of the professional space's pages: the agency's name and the user, the navigation
// (the current page marked), and the sign-out buttons. Signing out is a plain form posted to the
// dashboard, whose action ends the session and clears the cookie, then shows the sign-in page.

export interface ProShellProps {
  me: ProMe;
  current: ProScreenId;
  lang: Lang;
  config: Config;
  /** The page's heading (its h1). */
  title: string;
  children: ReactNode;
}

export function ProShell({ me, current, lang, config, title, children }: ProShellProps) {
  const { t, i18n } = useLingui();
  const dashboard = href('proDashboard', {}, lang, config);
  return (
    <div className="pro">
      <div className="pro__bar">
        <p className="pro__who">
          <span className="pro__agency">{me.agency.name}</span>
          <span className="pro__user">{me.user.email}</span>
        </p>
        <div className="pro__sign-out">
          <form method="post" action={dashboard}>
            <input type="hidden" name={FORM_FIELD} value={SIGN_OUT_FORM} />
            <button type="submit" className="pro__button pro__button--quiet">
              {t`Se déconnecter`}
            </button>
          </form>
          <form method="post" action={dashboard}>
            <input type="hidden" name={FORM_FIELD} value={SIGN_OUT_EVERYWHERE_FORM} />
            <button type="submit" className="pro__button pro__button--quiet">
              {t`Se déconnecter partout`}
            </button>
          </form>
        </div>
      </div>
      <nav className="pro__nav" aria-label={t`Espace professionnel`}>
        <ul>
          {PRO_NAV.map(({ screen, label }) => (
            <li key={screen}>
              <Link
                to={href(screen, {}, lang, config)}
                aria-current={screen === current ? 'page' : undefined}
              >
                {i18n._(label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="pro__page">
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}
