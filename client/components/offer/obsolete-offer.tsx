import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type { Config, Lang, LieuWithAncestors, OfferObsolete } from '../../../shared/contract';
import { indexConfig } from '../../../shared/config-index';
import { colon } from '../../../shared/format';
import { href } from '../../../shared/routes';

// The page of an offer that is no longer available (410): the spec's text, and searches close
// to it: the same nature and rubrique in the same place, every property of the nature there, the
// same rubrique in a larger place, and the nature's rubrique everywhere.

export interface RelatedLink {
  href: string;
  label: string;
}

// A larger place worth a search: the nearest department, region or country above.
const LARGER = new Set(['Departements', 'Regions', 'Pays']);

/**
 * The related searches of an obsolete offer (labels in the page's language), closest first: the
 * offer page's 410 and the wishlist's withdrawn favourites.
 */
export function relatedLinks(
  obsolete: Pick<OfferObsolete, 'related'>,
  config: Config,
  lang: Lang,
  allLabel: string,
): RelatedLink[] {
  const index = indexConfig(config);
  const { nature, lieu } = obsolete.related;
  const rubrique = index.rubriques.get(obsolete.related.rubrique);
  const withRubrique = rubrique && !rubrique.isGeneric ? rubrique : undefined;
  const natureLabel = index.natures.get(nature)?.libelle[lang] ?? nature;
  const links: RelatedLink[] = [];
  const inPlace = (place: LieuWithAncestors | LieuWithAncestors['ancestors'][number]) =>
    place.libelle_prep || place.libelle;
  if (withRubrique) {
    links.push({
      href: href('list', { nature, rubrique: withRubrique.id, lieu: lieu.slug }, lang, config),
      label: `${natureLabel}${colon(lang)}${withRubrique.plural[lang]} ${inPlace(lieu)}`,
    });
  }
  links.push({
    href: href('list', { nature, lieu: lieu.slug }, lang, config),
    label: `${natureLabel}${colon(lang)}${allLabel} ${inPlace(lieu)}`,
  });
  const larger = [...lieu.ancestors].reverse().find((place) => LARGER.has(place.type));
  if (larger) {
    links.push({
      href: href('list', { nature, rubrique: withRubrique?.id, lieu: larger.slug }, lang, config),
      label: `${natureLabel}${colon(lang)}${withRubrique ? withRubrique.plural[lang] : allLabel} ${inPlace(larger)}`,
    });
  }
  links.push({
    href: href('nature', { nature, rubrique: withRubrique?.id }, lang, config),
    label: withRubrique ? `${natureLabel}${colon(lang)}${withRubrique.plural[lang]}` : natureLabel,
  });
  return links;
}

export function ObsoleteOffer({
  obsolete,
  links,
}: {
  obsolete: OfferObsolete;
  links: RelatedLink[];
}) {
  const { t } = useLingui();
  const { offer } = obsolete;
  const reference = offer.reference;
  return (
    <article className="offer-obsolete">
      <h1>{t`Ce bien d'exception n'est plus disponible`}</h1>
      <p className="offer-obsolete__offer">
        {offer.titre1} – {offer.titre2}{' '}
        <span className="offer-obsolete__ref">{t`(référence ${reference})`}</span>
      </p>
      <section aria-labelledby="obsolete-related">
        <h2 id="obsolete-related">{t`Découvrez des biens similaires`}</h2>
        <ul className="offer-obsolete__links">
          {links.map((link) => (
            <li key={link.href}>
              <Link to={link.href}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
