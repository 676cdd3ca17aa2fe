import { useLingui } from '@lingui/react/macro';
import type { Config, ExternalLinks, Lang, Omr } from '../../shared/contract';
import { indexConfig } from '../../shared/config-index';
import { linkBuilder, type LinkTo } from '../app/links';
import { openCookieChoices } from '../app/cookie-choices';
import { ConsentManager } from './consent/consent-manager';
import { PRO_SECTIONS } from './agency/pro-sections';

type PromotedGroup = Omr['footer']['promoteLieux'][number];

function PromotedPlaces({
  group,
  lang,
  to,
  nature,
}: {
  group: PromotedGroup;
  lang: Lang;
  to: LinkTo;
  nature: Config['natures'][number]['id'];
}) {
  return (
    <section className="footer-group">
      <h2 className="footer-group__title">{group.title[lang]}</h2>
      <ul className="footer-group__links">
        {group.lieux.map((lieu) => (
          <li key={lieu.id}>
            <a href={to('natureHub', { nature, lieu: lieu.slug })}>{lieu.libelle[lang]}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The footer of every page (spec section 1): the first two promoted place groups, the external
 * business-real-estate links of the page's place, the remaining groups, sitemap and legal links,
 * the cookie-choices button and the copyright from 2003 to the current year.
 */
export function Footer({
  lang,
  config,
  promoteLieux,
  externalLinks,
  year,
}: {
  lang: Lang;
  config: Config;
  promoteLieux: PromotedGroup[];
  externalLinks: ExternalLinks | null;
  year: number;
}) {
  const { t } = useLingui();
  const to = linkBuilder(lang, config);
  const index = indexConfig(config);
  const natures = index.enabledNatures.flatMap(
    (id) => config.natures.find((n) => n.id === id) ?? [],
  );
  const before = promoteLieux.slice(0, 2);
  const after = promoteLieux.slice(2);
  const group = (g: PromotedGroup, i: number) => (
    <PromotedPlaces
      key={`${i}-${g.title.fr}`}
      group={g}
      lang={lang}
      to={to}
      nature={index.defaultNature}
    />
  );

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__places">
          {before.map(group)}
          {externalLinks && externalLinks.items.length > 0 ? (
            <section className="footer-group">
              <h2 className="footer-group__title">{t`Immobilier d'entreprise`}</h2>
              <ul className="footer-group__links">
                {externalLinks.items.map((link) => (
                  <li key={link.url}>
                    <a href={link.url} rel="noopener">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {after.map((g, i) => group(g, i + 2))}
        </div>
        <div className="site-footer__nav">
          <nav aria-label={t`Plan du site`}>
            <h2 className="footer-group__title">{t`Plan du site`}</h2>
            <ul className="footer-group__links">
              <li>
                <a href={to('home', {})}>{t`Accueil`}</a>
              </li>
              {natures.map((nature) => (
                <li key={nature.id}>
                  <a href={to('nature', { nature: nature.id })}>{nature.libelle[lang]}</a>
                </li>
              ))}
              <li>
                <a href={to('agencyDirectory', {})}>{t`Annuaire des agences`}</a>
              </li>
              <li>
                <a href={to('wishlist', {})}>{t`Ma sélection`}</a>
              </li>
              <li>
                <a href={to('alerts', {})}>{t`Mes alertes`}</a>
              </li>
              <li>
                <a href={to('proContact', {})}>{t`Espace professionnels`}</a>
              </li>
            </ul>
          </nav>
          <nav aria-label={t`Espace professionnels`}>
            <h2 className="footer-group__title">{t`Espace professionnels`}</h2>
            <ul className="footer-group__links">
              <li>
                <a href={to('proContact', {}, { hash: PRO_SECTIONS.services })}>
                  {t`Nos services`}
                </a>
              </li>
              <li>
                <a href={to('proContact', {}, { hash: PRO_SECTIONS.advertise })}>
                  {t`Annoncer vos biens`}
                </a>
              </li>
              <li>
                <a href={to('proSignIn', {})}>{t`Accès clients`}</a>
              </li>
              <li>
                <a href={to('proContact', {}, { hash: PRO_SECTIONS.contact })}>
                  {t`Nous contacter`}
                </a>
              </li>
            </ul>
          </nav>
          <nav aria-label={t`Informations légales`}>
            <h2 className="footer-group__title">{t`Informations légales`}</h2>
            <ul className="footer-group__links">
              <li>
                <a href={to('cgu', {})}>{t`Conditions générales d'utilisation`}</a>
              </li>
              <li>
                <a href={to('legals', {})}>{t`Mentions légales`}</a>
              </li>
              <li>
                <a href={to('personalData', {})}>{t`Données personnelles`}</a>
              </li>
              <li>
                <a href={to('cookies', {})}>{t`Cookies`}</a>
              </li>
              <li>
                <a href={to('ranking', {})}>{t`Classement des annonces`}</a>
              </li>
              <li>
                <button
                  type="button"
                  className="link-button"
                  data-cookie-choices
                  onClick={openCookieChoices}
                >
                  {t`Gérer mes cookies`}
                </button>
              </li>
            </ul>
          </nav>
        </div>
        <p className="site-footer__copyright">
          © 2003-{year} {config.settings.siteName}
        </p>
      </div>
      <ConsentManager cookiesHref={to('cookies', {})} />
    </footer>
  );
}
