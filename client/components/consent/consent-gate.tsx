import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { openCookieChoices } from '../../app/cookie-choices';
import { grantConsent, useConsent, type ConsentCategory } from '../../hooks/use-consent';

/**
 * Third-party content (map, video, 3D tour) behind the visitor's consent: the children once the
 * category is accepted; until then (and on the server) a placeholder saying what would load, with
 * a button to accept this category and one to open the cookie choices.
 */
export function ConsentGate({
  category,
  children,
  className,
}: {
  category: ConsentCategory;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useLingui();
  const granted = useConsent(category);
  if (granted) return <>{children}</>;
  const what = {
    maps: t`La carte est fournie par un service tiers (OpenStreetMap), qui peut recevoir votre adresse IP.`,
    videos: t`La vidéo est hébergée par un service tiers, qui peut déposer des cookies.`,
    tours: t`La visite virtuelle est fournie par un service tiers, qui peut déposer des cookies.`,
  }[category];
  const accept = {
    maps: t`Afficher la carte`,
    videos: t`Afficher la vidéo`,
    tours: t`Afficher la visite virtuelle`,
  }[category];
  return (
    <div className={['consent-gate', className].filter(Boolean).join(' ')}>
      <p>{what}</p>
      <p className="consent-gate__actions">
        <button type="button" className="button" onClick={() => grantConsent(category)}>
          {accept}
        </button>
        <button type="button" className="link-button" onClick={openCookieChoices}>
          {t`Gérer mes cookies`}
        </button>
      </p>
    </div>
  );
}
