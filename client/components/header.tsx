import { useCallback, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { Config, Lang } from '../../shared/contract';
import { indexConfig } from '../../shared/config-index';
import { linkBuilder } from '../app/links';
import { useSelectionCount } from '../hooks/use-selection-count';
import { useHydrated } from '../hooks/use-selection';
import { LanguageLinks } from './language-switch';
import { MENU_ID, MenuModal } from './menu-modal';
import { ProgressBar } from './progress-bar';

/** The header of every page: natures, agencies, selection badge, language switch, burger. */
export function Header({ lang, config }: { lang: Lang; config: Config }) {
  const { t } = useLingui();
  const [menuOpen, setMenuOpen] = useState(false);
  const hydrated = useHydrated();
  const burger = useRef<HTMLButtonElement>(null);
  const count = useSelectionCount();
  const to = linkBuilder(lang, config);
  const natures = indexConfig(config).enabledNatures.flatMap(
    (id) => config.natures.find((n) => n.id === id) ?? [],
  );
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <header className="site-header">
      {/* In the banner landmark: shown while a page loads, it is part of the page's frame. */}
      <ProgressBar />
      <div className="site-header__inner">
        <a href={to('home', {})} className="brand">
          {config.settings.siteName}
        </a>
        <nav className="site-header__nav" aria-label={t`Navigation principale`}>
          <ul>
            {natures.map((nature) => (
              <li key={nature.id}>
                <a href={to('nature', { nature: nature.id })}>{nature.libelle[lang]}</a>
              </li>
            ))}
            <li>
              <a href={to('agencyDirectory', {})}>{t`Agences`}</a>
            </li>
          </ul>
        </nav>
        <div className="site-header__tools">
          <a
            href={to('wishlist', {})}
            className="selection-link"
            aria-label={t`Ma sélection : ${plural(count, { one: '# bien', other: '# biens' })}`}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
              <path
                d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
            </svg>
            <span className="badge" aria-hidden="true">
              {count}
            </span>
          </a>
          <LanguageLinks lang={lang} config={config} variant="header" />
          {hydrated ? (
            <button
              ref={burger}
              type="button"
              className="icon-button burger"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              aria-controls={MENU_ID}
              onClick={() => setMenuOpen(true)}
            >
              <BurgerIcon />
              <span className="visually-hidden">{t`Menu`}</span>
            </button>
          ) : (
            // Before the page runs (or without JavaScript) the burger is a link to the menu,
            // which CSS shows as the link's target.
            <a href={`#${MENU_ID}`} className="icon-button burger">
              <BurgerIcon />
              <span className="visually-hidden">{t`Menu`}</span>
            </a>
          )}
        </div>
      </div>
      <MenuModal
        open={menuOpen}
        onClose={closeMenu}
        returnFocus={burger}
        lang={lang}
        config={config}
      />
    </header>
  );
}

function BurgerIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
      <path
        d="M4 7h16M4 12h16M4 17h16"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
