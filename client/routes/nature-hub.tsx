import '../styles/search.css';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { Lang, LieuCount, NatureId, RubriqueCount } from '../../shared/contract';
import { indexConfig } from '../../shared/config-index';
import { normaliseCriteria } from '../../shared/criteria';
import { href } from '../../shared/routes';
import { defineScreen } from '../app/screen';
import { breadcrumbJsonLd, Breadcrumbs, searchCrumbs } from '../components/breadcrumbs';
import { hubTexts } from '../components/search/head-texts';
import { HubLinks, placeCounts, type PlaceCount } from '../components/search/hub-links';
import {
  FALLBACK_SIZE,
  toCardList,
  toPlaceView,
  type CardList,
  type PlaceView,
} from '../components/search/load-search';
import { ResultList, useListStat } from '../components/search/result-list';
import { SearchForm } from '../components/search/search-form';

// Nature hub for a place (/fr/{nature}/demeures-luxe/{lieu}/, /en/{nature}/luxury-homes/{lieu}/):
// the place's categories and sub-places that have at least the settings' minimum count of
// offers, its latest offers, and the search form set on the place.

interface HubData {
  nature: NatureId;
  place: PlaceView;
  ancestors: PlaceView[];
  offers: CardList;
  places: PlaceCount[];
  rubriques: RubriqueCount[];
}

export default defineScreen<HubData>({
  async loader({ api, config, lang, match, request, tag }) {
    const { nature, lieu: slug } = match.params as { nature: NatureId; lieu: string };
    const signal = request.signal;
    const lieu = await api.get('lieu', { slug, lang }, { signal });
    const min = config.settings.minHubLinkCount;
    // The place's own offers, as its links' lists show them (its omr list is a choice there).
    const lieuParam = lieu.type === 'Generic' ? {} : { lieu: String(lieu.id) };
    const [offers, places, rubriques] = await Promise.all([
      api.get(
        'offers',
        { nature, ...lieuParam, sort: 'default', page: '1', lang, limit: FALLBACK_SIZE },
        { signal },
      ),
      api
        .get('lieuChildren', { id: lieu.id, nature, min_count: min, lang }, { signal })
        .catch(() => [] as LieuCount[]),
      api
        .get('rubriqueCounts', { nature, lieu: [lieu.id], min_nb: min }, { signal })
        .catch(() => [] as RubriqueCount[]),
    ]);
    tag(`nature-${nature}`, `lieu-${lieu.id}`);
    return {
      nature,
      place: toPlaceView(lieu),
      ancestors: lieu.ancestors.filter((a) => a.type !== 'Generic').map(toPlaceView),
      offers: toCardList(offers),
      places: placeCounts(places, min),
      rubriques: rubriques.filter((r) => r.count >= min),
    };
  },

  head({ data, config, lang, i18n, url }) {
    const texts = hubTexts(i18n, data.nature, data.place);
    const crumbs = searchCrumbs({
      config,
      lang,
      i18n,
      nature: data.nature,
      ancestors: data.ancestors,
      place: data.place,
    });
    // The hub reads nothing of its query: its canonical and hreflang paths carry none.
    const at = (l: Lang) =>
      href('natureHub', { nature: data.nature, lieu: data.place.slug }, l, config);
    return {
      title: texts.title,
      description: texts.description,
      canonical: at(lang),
      alternates: { fr: at('fr'), en: at('en'), 'x-default': at('fr') },
      robots: data.offers.total === 0 ? 'noindex, follow' : undefined,
      jsonLd: [breadcrumbJsonLd(crumbs, url.origin)],
    };
  },

  footerLieuId: (data) => (data.place.generic ? null : data.place.id),

  Component: function NatureHub({ data, config, lang }) {
    const { t, i18n } = useLingui();
    const { nature, place, offers } = data;
    const texts = hubTexts(i18n, nature, place);
    const index = indexConfig(config);
    const crumbs = searchCrumbs({
      config,
      lang,
      i18n,
      nature,
      ancestors: data.ancestors,
      place,
    });
    useListStat(offers.items.map((o) => o.id));
    const criteria = normaliseCriteria({ nature, lieu: place.id }, config);
    const listHref = place.generic
      ? href('nature', { nature }, lang, config)
      : href('list', { nature, lieu: place.slug }, lang, config);
    // Categories in tree order: top-level ones first, each followed by its children.
    const order = [...index.rubriques.keys()];
    const rubriques = [...data.rubriques].sort(
      (a, b) => order.indexOf(a.rubrique_id) - order.indexOf(b.rubrique_id),
    );
    const total = offers.total;
    return (
      <div className="search-page hub-page">
        <Breadcrumbs crumbs={crumbs} />
        <h1>{texts.heading}</h1>
        <p className="hub-page__intro">{texts.description}</p>
        <SearchForm
          key={place.slug}
          config={config}
          lang={lang}
          criteria={criteria}
          place={place.generic ? null : { slug: place.slug, label: place.libelle }}
        />
        <HubLinks
          places={data.places}
          rubriques={rubriques}
          placeHref={(s) => href('natureHub', { nature, lieu: s }, lang, config)}
          rubriqueHref={(id) =>
            place.generic
              ? href('nature', { nature, rubrique: id }, lang, config)
              : href('list', { nature, rubrique: id, lieu: place.slug }, lang, config)
          }
          config={config}
          lang={lang}
        />
        <section className="hub-page__latest" aria-labelledby="hub-latest">
          <h2 id="hub-latest">{t`Biens d'exception`}</h2>
          {total > 0 ? (
            <>
              <ResultList
                offers={offers.items}
                lang={lang}
                config={config}
                headingLevel={3}
                label={t`Biens d'exception`}
              />
              <p className="hub-page__all">
                <a href={listHref} className="button">
                  {t`${plural(total, { one: 'Voir le bien', other: 'Voir les # biens' })}`}
                </a>
              </p>
            </>
          ) : (
            <div className="fallback__message" role="status">
              <p className="fallback__title">{t`Aucun bien n'a été trouvé.`}</p>
              <p>{t`Modifiez vos critères de recherche pour trouver d'autres biens.`}</p>
            </div>
          )}
        </section>
      </div>
    );
  },
});
