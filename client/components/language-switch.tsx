import { useLocation } from 'react-router';
import type { Config, Lang } from '../../shared/contract';
import { LANGS } from '../../shared/contract';
import { resolvePath, switchLanguage, unknownPageIn } from '../../shared/routes';
import { languageSwitchPath } from '../../shared/bff-paths';
import { usePageData } from '../app/links';

export const LANG_NAMES: Record<Lang, string> = { fr: 'Français', en: 'English' };

/**
 * Where a language link goes: this page in that language. An error page whose URL the route
 * table knows (an unknown place, a screen not built yet) keeps it too; any other keeps its path
 * under the other language's prefix, that language's not-found page.
 */
export function useLanguageTargets(lang: Lang, config: Config | undefined): Record<Lang, string> {
  const page = usePageData();
  const location = useLocation();
  const search = location.search.slice(1);
  let match = page?.match;
  if (!match && config) {
    const resolved = resolvePath(location.pathname, config);
    if (resolved.kind === 'screen') match = resolved;
  }
  const targets = {} as Record<Lang, string>;
  for (const to of LANGS) {
    if (to === lang) targets[to] = `${location.pathname}${location.search}`;
    else if (match && config) targets[to] = switchLanguage(match, to, config, search);
    // A page nobody knows: the other language's not-found page, not its home page.
    else targets[to] = unknownPageIn(location.pathname, to);
  }
  return targets;
}

/**
 * Plain links through /lang/{lang}: the server stores the choice in the i18n_redirected cookie
 * and redirects to the page, so the switch works without JavaScript too.
 */
export function LanguageLinks({
  lang,
  config,
  variant,
  onNavigate,
}: {
  lang: Lang;
  config: Config | undefined;
  variant: 'header' | 'menu';
  onNavigate?: () => void;
}) {
  const targets = useLanguageTargets(lang, config);
  const links = variant === 'header' ? LANGS.filter((l) => l !== lang) : LANGS;
  return (
    <ul className={`lang-links lang-links--${variant}`}>
      {links.map((to) => {
        const language = LANG_NAMES[to];
        return (
          <li key={to}>
            <a
              href={to === lang ? targets[to] : languageSwitchPath(to, targets[to])}
              hrefLang={to}
              lang={to}
              aria-current={to === lang ? 'true' : undefined}
              onClick={onNavigate}
            >
              {variant === 'header' ? (
                // The accessible name starts with the visible code (speech control users say
                // "EN") and then names the language.
                <>
                  {to.toUpperCase()}
                  <span className="visually-hidden"> ({language})</span>
                </>
              ) : (
                language
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
