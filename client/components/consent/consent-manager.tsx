import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { COOKIE_CHOICES_EVENT } from '../../app/cookie-choices';
import { saveConsent, uniformChoice, useConsentChoice } from '../../hooks/use-consent';
import '../../styles/consent.css';

// The choices dialog is code a page needs only once the visitor asks for it: loaded then.
const ConsentDialog = lazy(() =>
  import('./consent-dialog').then((module) => ({ default: module.ConsentDialog })),
);

/**
 * The consent banner on a first visit (accept, refuse, choose: refusing is as easy as accepting)
 * and the choices dialog, which the footer's cookie-choices button also opens.
 *
 * The page is cached for everyone and the choice lives in the visitor's browser, so the server
 * renders the banner in every page and the <head> script (shared/inline-scripts.ts) decides
 * before first paint whether CSS shows it: the banner is painted with the page, not after the
 * page's script ran, and never flashes for a visitor who already chose. Once the page runs, the
 * banner goes away as soon as a choice is stored.
 */
export function ConsentManager({ cookiesHref }: { cookiesHref: string }) {
  const { t } = useLingui();
  const choice = useConsentChoice();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogWanted, setDialogWanted] = useState(false);
  const banner = useRef<HTMLElement>(null);
  // Server and hydration render (choice unknown) the banner too; CSS hides it when a choice is
  // stored.
  const renderBanner = choice !== undefined ? choice === null && !dialogOpen : true;
  const showBanner = choice === null && !dialogOpen;

  // What the <head> script said follows the choice made on this page (or in another tab).
  useEffect(() => {
    if (choice === undefined) return;
    document.documentElement.dataset.consent = choice === null ? 'ask' : 'stored';
  }, [choice]);

  useEffect(() => {
    const open = () => {
      setDialogWanted(true);
      setDialogOpen(true);
    };
    window.addEventListener(COOKIE_CHOICES_EVENT, open);
    document.documentElement.dataset.cookieChoices = 'ready';
    return () => {
      window.removeEventListener(COOKIE_CHOICES_EVENT, open);
      delete document.documentElement.dataset.cookieChoices;
    };
  }, []);

  // The banner sits over the bottom of the page: keep focused elements scrolled above it.
  useEffect(() => {
    const el = banner.current;
    const root = document.documentElement;
    if (!showBanner || !el) return;
    const apply = () => {
      root.style.scrollPaddingBottom = `${el.offsetHeight}px`;
      root.style.setProperty('--consent-banner-height', `${el.offsetHeight}px`);
    };
    apply();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.scrollPaddingBottom = '';
      root.style.removeProperty('--consent-banner-height');
    };
  }, [showBanner]);

  const closeDialog = useCallback(() => setDialogOpen(false), []);

  return (
    <>
      {renderBanner ? (
        <section
          ref={banner}
          className="consent-banner"
          aria-labelledby="consent-banner-title"
          aria-describedby="consent-banner-text"
        >
          <div className="consent-banner__inner">
            <h2 id="consent-banner-title" className="consent-banner__title">
              {t`Vos choix en matière de cookies`}
            </h2>
            <p id="consent-banner-text">
              {t`Nous n'utilisons que les cookies nécessaires au site. Avec votre accord, nous affichons aussi des contenus tiers (cartes, vidéos, visites virtuelles) qui peuvent déposer leurs propres cookies. Vous pouvez changer d'avis à tout moment.`}{' '}
              <Link to={cookiesHref}>{t`En savoir plus sur les cookies`}</Link>
            </p>
            <div className="consent-banner__actions">
              <button
                type="button"
                className="button"
                onClick={() => saveConsent(uniformChoice(true))}
              >
                {t`Tout accepter`}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => saveConsent(uniformChoice(false))}
              >
                {t`Tout refuser`}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setDialogWanted(true);
                  setDialogOpen(true);
                }}
              >
                {t`Personnaliser`}
              </button>
            </div>
          </div>
        </section>
      ) : null}
      {dialogWanted && choice !== undefined ? (
        <Suspense fallback={null}>
          <ConsentDialog
            open={dialogOpen}
            current={choice}
            cookiesHref={cookiesHref}
            onSave={saveConsent}
            onClose={closeDialog}
          />
        </Suspense>
      ) : null}
    </>
  );
}
