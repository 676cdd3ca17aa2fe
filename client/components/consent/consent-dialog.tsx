import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import {
  CONSENT_CATEGORIES,
  uniformChoice,
  type ConsentCategory,
  type ConsentChoice,
} from '../../hooks/use-consent';
import { CloseIcon } from '../icons';

/**
 * The cookie choices: essential cookies (always on, explained) and one switch per category of
 * third-party content. A modal <dialog>: focus stays inside, Escape or the close button closes it
 * without changing anything, and focus goes back to what opened it.
 */
export function ConsentDialog({
  open,
  current,
  cookiesHref,
  onSave,
  onClose,
}: {
  open: boolean;
  current: ConsentChoice | null;
  cookiesHref: string;
  onSave(choice: ConsentChoice): void;
  onClose(): void;
}) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const [draft, setDraft] = useState<Record<ConsentCategory, boolean>>(
    current ?? uniformChoice(false),
  );

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      opener.current = document.activeElement;
      setDraft(current ?? uniformChoice(false));
      el.showModal();
    }
    if (!open && el.open) el.close();
  }, [open, current]);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const onDialogClose = () => {
      onClose();
      if (opener.current instanceof HTMLElement && opener.current.isConnected)
        opener.current.focus();
    };
    el.addEventListener('close', onDialogClose);
    return () => el.removeEventListener('close', onDialogClose);
  }, [onClose]);

  const labels: Record<ConsentCategory, { title: string; text: string }> = {
    maps: {
      title: t`Cartes interactives`,
      text: t`Les fonds de carte des annonces sont chargés depuis un service cartographique tiers (OpenStreetMap), qui reçoit votre adresse IP.`,
    },
    videos: {
      title: t`Vidéos`,
      text: t`Les vidéos des biens sont lues par le lecteur de la plateforme choisie par l'agence, qui peut déposer ses propres cookies.`,
    },
    tours: {
      title: t`Visites virtuelles 3D`,
      text: t`Les visites virtuelles sont fournies par des prestataires spécialisés, qui peuvent déposer leurs propres cookies.`,
    },
  };

  const save = (choice: Record<ConsentCategory, boolean>) => {
    onSave({ ...choice, date: new Date().toISOString().slice(0, 10) });
    dialog.current?.close();
  };

  return (
    <dialog ref={dialog} className="consent-dialog" aria-labelledby="consent-dialog-title">
      <form
        method="dialog"
        className="consent-dialog__panel"
        onSubmit={(event) => {
          event.preventDefault();
          save(draft);
        }}
      >
        <div className="consent-dialog__head">
          <h2 id="consent-dialog-title">{t`Gérer mes cookies`}</h2>
          <button
            type="button"
            className="icon-button"
            onClick={() => dialog.current?.close()}
            aria-label={t`Fermer sans enregistrer`}
          >
            <CloseIcon />
          </button>
        </div>
        <p>
          {t`Choisissez les contenus tiers que vous acceptez d'afficher. Vous pouvez modifier ces choix à tout moment depuis le lien « Gérer mes cookies » en bas de chaque page.`}{' '}
          <Link to={cookiesHref} onClick={() => dialog.current?.close()}>
            {t`En savoir plus sur les cookies`}
          </Link>
        </p>
        <fieldset className="consent-dialog__choices">
          <legend className="visually-hidden">{t`Catégories de cookies`}</legend>
          <div className="consent-choice">
            <input
              id="consent-essential"
              type="checkbox"
              checked
              disabled
              aria-describedby="consent-essential-text"
            />
            <label htmlFor="consent-essential">{t`Cookies essentiels (toujours actifs)`}</label>
            <p id="consent-essential-text" className="consent-choice__text">
              {t`Nécessaires au fonctionnement du site : langue choisie, mémorisation de vos choix de cookies, protection des formulaires contre les abus. Ils ne peuvent pas être désactivés.`}
            </p>
          </div>
          {CONSENT_CATEGORIES.map((category) => (
            <div key={category} className="consent-choice">
              <input
                id={`consent-${category}`}
                type="checkbox"
                name={category}
                checked={draft[category]}
                onChange={(event) => setDraft((d) => ({ ...d, [category]: event.target.checked }))}
                aria-describedby={`consent-${category}-text`}
              />
              <label htmlFor={`consent-${category}`}>{labels[category].title}</label>
              <p id={`consent-${category}-text`} className="consent-choice__text">
                {labels[category].text}
              </p>
            </div>
          ))}
        </fieldset>
        <div className="consent-dialog__actions">
          <button type="submit" className="button">
            {t`Enregistrer mes choix`}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => save(uniformChoice(false))}
          >
            {t`Tout refuser`}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => save(uniformChoice(true))}
          >
            {t`Tout accepter`}
          </button>
        </div>
      </form>
    </dialog>
  );
}
