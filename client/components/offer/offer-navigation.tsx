import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type { Lang } from '../../../shared/contract';
import { colon } from '../../../shared/format';
import type { OfferSearchNav } from './search-context';

// Previous and next offers of the visitor's current search, the position in it, and the way back
// to the result list at the page holding this offer.

export function OfferNavigation({ nav, lang }: { nav: OfferSearchNav; lang: Lang }) {
  const { t } = useLingui();
  const { position, total } = nav;
  return (
    <nav className="offer-nav" aria-label={t`Navigation dans les résultats`}>
      <Link className="offer-nav__back" to={nav.listHref}>
        <span aria-hidden="true">←</span> {t`Retour à la liste`}
      </Link>
      <p className="offer-nav__position">{t`Bien ${position} sur ${total}`}</p>
      <ul className="offer-nav__steps">
        <li>
          {nav.previous ? (
            <Link
              to={nav.previous.href}
              rel="prev"
              aria-label={`${t`Bien précédent`}${colon(lang)}${nav.previous.titre1.trim()}`}
            >
              <span aria-hidden="true">‹</span> {t`Bien précédent`}
            </Link>
          ) : null}
        </li>
        <li>
          {nav.next ? (
            <Link
              to={nav.next.href}
              rel="next"
              aria-label={`${t`Bien suivant`}${colon(lang)}${nav.next.titre1.trim()}`}
            >
              {t`Bien suivant`} <span aria-hidden="true">›</span>
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
