import { useEffect, useRef, type RefObject } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Config, Lang } from '../../shared/contract';
import { indexConfig } from '../../shared/config-index';
import { linkBuilder } from '../app/links';
import { useSelectionCount } from '../hooks/use-selection-count';
import { useHydrated } from '../hooks/use-selection';
import { useDialogClose } from '../hooks/use-dialog-close';
import { CloseIcon } from './icons';
import { LanguageLinks } from './language-switch';
import { ThemeChooser } from './theme-chooser';

export const MENU_ID = 'site-menu';

/**
 * The burger's menu (spec section 2): natures, agencies, selection with count, language choices,
 * theme chooser. A modal <dialog>: showModal() keeps focus inside and makes the page inert;
 * Escape, the close button, a click on the backdrop or on a link close it, and focus goes back
 * to the burger.
 */
export function MenuModal({
  open,
  onClose,
  returnFocus,
  lang,
  config,
}: {
  open: boolean;
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null>;
  lang: Lang;
  config: Config;
}) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const count = useSelectionCount();
  const hydrated = useHydrated();
  const to = linkBuilder(lang, config);
  const natures = indexConfig(config).enabledNatures.flatMap(
    (id) => config.natures.find((n) => n.id === id) ?? [],
  );

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  useDialogClose(dialog, () => {
    onClose();
    returnFocus.current?.focus();
  });

  const close = () => dialog.current?.close();

  return (
    <dialog ref={dialog} id={MENU_ID} className="menu" aria-labelledby={`${MENU_ID}-title`}>
      <div className="menu__panel">
        <div className="menu__head">
          <h2 id={`${MENU_ID}-title`} className="menu__title">{t`Menu`}</h2>
          {hydrated ? (
            <button
              type="button"
              className="icon-button"
              onClick={close}
              aria-label={t`Fermer le menu`}
            >
              <CloseIcon />
            </button>
          ) : (
            // Without JavaScript the menu is open as the target of the burger link: leaving
            // the target closes it.
            <a href="#main" className="icon-button" aria-label={t`Fermer le menu`}>
              <CloseIcon />
            </a>
          )}
        </div>
        <nav aria-label={t`Menu principal`}>
          <ul className="menu__links">
            {natures.map((nature) => (
              <li key={nature.id}>
                <a href={to('nature', { nature: nature.id })} onClick={close}>
                  {nature.libelle[lang]}
                </a>
              </li>
            ))}
            <li>
              <a href={to('agencyDirectory', {})} onClick={close}>{t`Agences`}</a>
            </li>
            <li>
              <a href={to('wishlist', {})} onClick={close}>
                {t`Ma sélection`} <span className="badge">{count}</span>
              </a>
            </li>
          </ul>
        </nav>
        <div className="menu__section">
          <h3 className="menu__subtitle">{t`Langue`}</h3>
          <LanguageLinks lang={lang} config={config} variant="menu" onNavigate={close} />
        </div>
        <div className="menu__section">
          <ThemeChooser />
        </div>
      </div>
    </dialog>
  );
}
