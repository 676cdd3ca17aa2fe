import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { Config, Lang } from '../../../shared/contract';
import { indexConfig } from '../../../shared/config-index';
import { formatNumber } from '../../../shared/format';
import { searchHref } from '../../../shared/routes';
import type { SearchCriteria } from '../../../shared/criteria';
import { rubriqueLabel, whereText } from './head-texts';
import { withoutFilters, type Fallback, type PlaceView, type Substitute } from './load-search';
import { FavouriteButton } from '../favourite-button';
import { ResultList } from './result-list';

// What an empty result list shows (spec section 8): the enlarged search (nearest offers and
// links to substitute searches: nearby places within 30 km, wider areas, other sections), or
// 'No property was found.' with a hint to change the criteria.

interface FallbackProps {
  fallback: Fallback;
  criteria: SearchCriteria;
  place: PlaceView;
  config: Config;
  lang: Lang;
}

function SubstituteLinks({ fallback, criteria, place, config, lang }: FallbackProps) {
  const { t } = useLingui();
  const index = indexConfig(config);
  const base = withoutFilters(criteria, config);
  const toPlace = (s: Substitute) =>
    searchHref({ ...base, lieu: s.lieu.id }, s.lieu.slug, lang, config);
  const here = place.generic ? null : place.slug;
  const where = whereText(place);
  const count = (n: number) => formatNumber(n, lang);
  const placeGroup = (title: string, places: readonly Substitute[]) =>
    places.length > 0 ? (
      <div className="substitutes__group">
        <h3>{title}</h3>
        <ul className="link-list">
          {places.map((s) => (
            <li key={s.lieu.id}>
              <a href={toPlace(s)}>{s.lieu.libelle}</a>{' '}
              <span className="link-list__count">
                ({count(s.count)}
                {s.distance_km !== undefined ? ` · ${formatNumber(s.distance_km, lang)} km` : ''})
              </span>
            </li>
          ))}
        </ul>
      </div>
    ) : null;
  if (
    fallback.nearby.length === 0 &&
    fallback.parents.length === 0 &&
    fallback.rubriques.length === 0
  ) {
    return null;
  }
  return (
    <section className="substitutes" aria-labelledby="substitutes-title">
      <h2 id="substitutes-title">{t`Élargir la recherche`}</h2>
      {/* Nearby places say how far they are; wider areas (the place's parents) have no distance. */}
      {placeGroup(t`À moins de 30 km`, fallback.nearby)}
      {placeGroup(t`Dans un secteur plus large`, fallback.parents)}
      {fallback.rubriques.length > 0 ? (
        <div className="substitutes__group">
          <h3>{t`Autres catégories${where}`}</h3>
          <ul className="link-list">
            {fallback.rubriques.map((r) => (
              <li key={r.rubrique_id}>
                <a href={searchHref({ ...base, rubriques: [r.rubrique_id] }, here, lang, config)}>
                  {index.rubriques.get(r.rubrique_id)?.plural[lang] ?? r.rubrique_id}
                </a>{' '}
                <span className="link-list__count">({count(r.count)})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

export function FallbackBlock(props: FallbackProps) {
  const { fallback, criteria, place, config, lang } = props;
  const { t } = useLingui();
  const rub = rubriqueLabel(criteria, config, lang);
  const lieu = place.libelle;
  const links = <SubstituteLinks {...props} />;
  const offers = (label: string) => (
    <ResultList
      offers={fallback.offers}
      lang={lang}
      config={config}
      label={label}
      renderActions={(offer) => <FavouriteButton offer={offer} deferred />}
    />
  );

  if (fallback.kind === 'enlarged') {
    return (
      <div className="fallback">
        <div className="fallback__message" role="status">
          <p>
            {t`La rubrique « ${rub} » ne contient aucun bien de prestige sur votre lieu de recherche (${lieu}).`}
          </p>
          <p>{t`Voici les biens d'exception les plus proches.`}</p>
        </div>
        {offers(t`Biens les plus proches`)}
        {links}
      </div>
    );
  }

  const unfilteredHref = searchHref(
    withoutFilters(criteria, config),
    place.generic ? null : place.slug,
    lang,
    config,
  );
  const total = fallback.unfilteredTotal;
  return (
    <div className="fallback">
      <div className="fallback__message" role="status">
        <p className="fallback__title">{t`Aucun bien n'a été trouvé.`}</p>
        <p>{t`Modifiez vos critères de recherche pour trouver d'autres biens.`}</p>
      </div>
      {fallback.kind === 'filtered' ? (
        <>
          <p>
            <a href={unfilteredHref} className="button">
              {t`${plural(total, {
                one: 'Voir le bien sans vos filtres',
                other: 'Voir les # biens sans vos filtres',
              })}`}
            </a>
          </p>
          {offers(t`Biens sans vos filtres`)}
        </>
      ) : null}
      {links}
    </div>
  );
}
