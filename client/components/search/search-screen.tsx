import '../../styles/search.css';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { msg, plural } from '@lingui/core/macro';
import type { Config, Lang } from '../../../shared/contract';
import { pathRubriqueOf, toSearchQuery, type SearchCriteria } from '../../../shared/criteria';
import { formatNumber } from '../../../shared/format';
import { href, offerHref, searchHref } from '../../../shared/routes';
import { defineScreen, type ScreenModule, type ScreenProps } from '../../app/screen';
import { useRestoredSearch, useSaveSearchOnChange } from '../../hooks/use-stored-search';
import { breadcrumbJsonLd, Breadcrumbs, searchCrumbs, type Crumb } from '../breadcrumbs';
import { AlertForm } from '../alert-form';
import { FavouriteButton } from '../favourite-button';
import { offerHrefInSearch } from '../offer/search-context';
import { FallbackBlock } from './fallback-block';
import { listTexts, nearbyScopeLabel } from './head-texts';
import { HubLinks } from './hub-links';
import {
  loadSearchPage,
  type PlaceScope,
  type PlaceView,
  type SearchPageData,
} from './load-search';
import { MapSection, mapAreaLabel, ViewSwitch } from './map-view';
import { Pager } from './pager';
import { ResultList, useListStat } from './result-list';
import { RESULTS_ID, SearchForm } from './search-form';
import { SortSelect } from './sort-select';

// The nature page (/{lang}/{nature}/{rub?}/, every place) and the result list
// (/{lang}/{nature}/{rub?}/{lieu}/) are one screen over two paths: search form, total, sort,
// offer cards, paging, hub links, and the enlarged-search fallback when nothing matches.

/** Path of the list of criteria at a place (the nature page for the generic place). */
export function listPath(
  criteria: SearchCriteria,
  place: Pick<PlaceView, 'slug' | 'generic'>,
  lang: Lang,
  config: Config,
  query?: URLSearchParams,
): string {
  const rubrique = pathRubriqueOf(criteria, config) ?? undefined;
  return pathOf(criteria.nature, rubrique, place, lang, config, query);
}

/** The path of a list whose rubrique of the path is known. */
function pathOf(
  nature: SearchCriteria['nature'],
  rubrique: number | undefined,
  place: Pick<PlaceView, 'slug' | 'generic'>,
  lang: Lang,
  config: Config,
  query?: URLSearchParams,
): string {
  return place.generic
    ? href('nature', { nature, rubrique }, lang, config, { query })
    : href('list', { nature, rubrique, lieu: place.slug }, lang, config, { query });
}

/**
 * The canonical query of a list: its filters and its page (each page of a list is its own page,
 * canonical to itself), without the sort.
 */
export function canonicalSearchQuery(criteria: SearchCriteria, config: Config): URLSearchParams {
  const { view: _view, ...rest } = criteria;
  return toSearchQuery({ ...rest, sort: 'default' }, { config });
}

/**
 * The canonical path of a list in each language (hreflang), from the criteria the pipeline read:
 * bad values of the URL are not copied (the same query as the canonical URL).
 */
export function searchAlternates(
  criteria: SearchCriteria,
  place: Pick<PlaceView, 'slug' | 'generic'>,
  config: Config,
): Record<Lang | 'x-default', string> {
  const query = canonicalSearchQuery(criteria, config);
  const fr = listPath(criteria, place, 'fr', config, query);
  return { fr, en: listPath(criteria, place, 'en', config, query), 'x-default': fr };
}

/** The nature page without filters: the one search the stored search may be restored over. */
function isBareNaturePage(data: SearchPageData): boolean {
  return (
    data.place.generic &&
    !data.filtered &&
    !data.unknownPlace &&
    data.criteria.page === 1 &&
    data.criteria.sort === 'default'
  );
}

/** What a search page's navigation carries: a restored search, or a visit that restores none. */
interface SearchNavState {
  restored?: boolean;
  fresh?: boolean;
}

/** The link of the restored-search notice: the nature's whole list. */
const FULL_LIST_LABELS: Record<SearchCriteria['nature'], MessageDescriptor> = {
  V: msg`Voir tous les biens à vendre`,
  L: msg`Voir tous les biens à louer`,
  S: msg`Voir toutes les locations saisonnières`,
};

interface PageBasics {
  i18n: I18n;
  /** The rubrique of the list's path (null: none or several). */
  pathRubrique: number | null;
  texts: ReturnType<typeof listTexts>;
  crumbs: Crumb[];
}

/** Per page data: what both the head and the view need, worked out once. */
const basicsOf = new WeakMap<SearchPageData, PageBasics>();

function pageBasics(data: SearchPageData, config: Config, lang: Lang, i18n: I18n): PageBasics {
  const known = basicsOf.get(data);
  if (known && known.i18n === i18n) return known;
  const { criteria, place } = data;
  const pathRubrique = pathRubriqueOf(criteria, config);
  const basics = {
    i18n,
    pathRubrique,
    texts: listTexts(i18n, config, lang, criteria, place),
    crumbs: searchCrumbs({
      config,
      lang,
      i18n,
      nature: criteria.nature,
      rubrique: pathRubrique,
      ancestors: data.ancestors,
      place,
    }),
  };
  // A search on a map area: the area is its place.
  if (criteria.bbox) basics.crumbs.push({ label: i18n._(mapAreaLabel) });
  basicsOf.set(data, basics);
  return basics;
}

function SearchScreenView({ data, config, lang }: ScreenProps<SearchPageData>) {
  const { t, i18n } = useLingui();
  const { criteria, place, offers, fallback } = data;
  const { texts, crumbs, pathRubrique } = pageBasics(data, config, lang, i18n);
  // The path's rubrique, read once for every link of the page.
  const rubrique = pathRubrique ?? undefined;
  const bare = isBareNaturePage(data);
  useSaveSearchOnChange(bare ? null : criteria, config);
  // The notice's way out ("all the offers") lands on the bare nature page without a restore.
  const state = useLocation().state as SearchNavState | null;
  const restored = useRestoredSearch(criteria, config, lang, bare && state?.fresh !== true);
  useListStat((offers.total > 0 ? offers.items : (fallback?.offers ?? [])).map((o) => o.id));
  // A stored search the rules restore is a search of its own: the visitor lands on its URL, so
  // the results and the form show the same search. Otherwise the form shows the URL's criteria.
  const navigate = useNavigate();
  const restoredHref = restored
    ? searchHref(restored.criteria, restored.lieu?.slug ?? null, lang, config)
    : null;
  useEffect(() => {
    if (restoredHref) {
      void navigate(restoredHref, {
        replace: true,
        state: { restored: true } satisfies SearchNavState,
      });
    }
  }, [restoredHref, navigate]);
  const fullListHref = href('nature', { nature: criteria.nature }, lang, config);

  const current = criteria.bbox
    ? { slug: '', label: i18n._(mapAreaLabel) }
    : place.generic
      ? null
      : { slug: place.slug, label: place.libelle };
  const pathWith = (query?: URLSearchParams) =>
    pathOf(criteria.nature, rubrique, place, lang, config, query);
  const path = pathWith();
  // This page with its query (page and sort included): where the offer page leads back to. The
  // offer links all carry the same search, built once.
  const currentPath = pathWith(toSearchQuery(criteria, { config }));
  const inSearch = offerHrefInSearch('', currentPath, offers.search_key);
  const total = offers.total;
  const rubriqueHref = (id: number) =>
    listPath({ ...criteria, rubriques: [id], page: 1 }, place, lang, config);
  const placeHref = (slug: string) =>
    href('list', { nature: criteria.nature, rubrique, lieu: slug }, lang, config);

  return (
    <div className="search-page">
      <Breadcrumbs crumbs={crumbs} />
      <h1>{texts.heading}</h1>
      {state?.restored ? (
        <p className="search-page__restored" role="status">
          {t`Votre dernière recherche a été rétablie.`}{' '}
          <a
            href={fullListHref}
            onClick={(event) => {
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
              event.preventDefault();
              event.stopPropagation();
              void navigate(fullListHref, { state: { fresh: true } satisfies SearchNavState });
            }}
          >
            {i18n._(FULL_LIST_LABELS[criteria.nature])}
          </a>
        </p>
      ) : null}
      <SearchForm
        key={`${JSON.stringify(criteria)} ${current?.slug ?? ''} ${data.unknownPlace?.text ?? ''}`}
        config={config}
        lang={lang}
        criteria={criteria}
        place={current}
        unknownPlace={data.unknownPlace}
        compact
      />
      {/* Where a search, a filter or a page change lands: the results in view. */}
      <div className="search-page__bar" id={RESULTS_ID} tabIndex={-1}>
        <p className="search-page__total" aria-live="polite">
          {t`${plural(total, { one: '# bien', other: '# biens' })}`}
        </p>
        {total > 0 ? <SortSelect criteria={criteria} config={config} path={path} /> : null}
        <ViewSwitch criteria={criteria} config={config} pathWith={pathWith} />
      </div>
      {data.scope ? (
        <PlaceScopeChoice
          scope={data.scope}
          place={place}
          hrefFor={(nearby) =>
            pathWith(
              toSearchQuery({ ...criteria, page: 1, nearby: nearby || undefined }, { config }),
            )
          }
        />
      ) : null}
      <MapSection
        criteria={criteria}
        place={place}
        config={config}
        lang={lang}
        pathWith={pathWith}
      />
      {total > 0 ? (
        <ResultList
          offers={offers.items}
          lang={lang}
          config={config}
          label={texts.heading}
          renderActions={(offer) => <FavouriteButton offer={offer} deferred />}
          // The offer page shows previous/next in this search and the way back to this page.
          linkFor={(offer) => `${offerHref(offer, lang, config)}${inSearch}`}
        />
      ) : fallback ? (
        <FallbackBlock
          fallback={fallback}
          criteria={criteria}
          place={place}
          config={config}
          lang={lang}
        />
      ) : null}
      <Pager
        page={criteria.page}
        pageCount={data.pageCount}
        hrefFor={(page) => pathWith(toSearchQuery({ ...criteria, page }, { config }))}
        anchor={`#${RESULTS_ID}`}
      />
      <AlertForm criteria={criteria} lieu={place} config={config} lang={lang} />
      <HubLinks
        places={data.hubs.places}
        rubriques={data.hubs.rubriques}
        placeHref={placeHref}
        rubriqueHref={rubriqueHref}
        config={config}
        lang={lang}
      />
    </div>
  );
}

/**
 * The scope of a place pointing to an omr list: its own offers (the default) or its wider list,
 * both named with their totals; the one shown is the current one.
 */
function PlaceScopeChoice({
  scope,
  place,
  hrefFor,
}: {
  scope: PlaceScope;
  place: PlaceView;
  hrefFor(nearby: boolean): string;
}) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as Lang;
  const choices = [
    { nearby: false, label: place.libelle, total: scope.ownTotal },
    { nearby: true, label: i18n._(nearbyScopeLabel(place.libelle)), total: scope.nearbyTotal },
  ];
  return (
    <nav className="search-page__scope" aria-label={t`Étendue de la recherche`}>
      <ul>
        {choices.map((c) => (
          <li key={String(c.nearby)}>
            <a
              href={hrefFor(c.nearby)}
              aria-current={c.nearby === scope.nearby ? 'page' : undefined}
            >
              {`${c.label} (${formatNumber(c.total, lang)})`}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The screen module of the nature page ('nature') or the result list ('list'). */
export function createSearchScreen(kind: 'nature' | 'list'): ScreenModule<SearchPageData> {
  return defineScreen<SearchPageData>({
    loader(args) {
      const lieu = kind === 'list' ? (args.match.params as { lieu: string }).lieu : null;
      return loadSearchPage(args, lieu);
    },

    head({ data, config, lang, i18n, url }) {
      const { criteria, place } = data;
      const { texts, crumbs } = pageBasics(data, config, lang, i18n);
      // Sorted, filtered and empty variants stay out of the index; pages 2 and beyond are in it,
      // each with its own canonical URL.
      const variant =
        data.filtered ||
        criteria.sort !== 'default' ||
        data.offers.total === 0 ||
        data.unknownPlace !== null;
      const alternates = searchAlternates(criteria, place, config);
      return {
        title: texts.title,
        description: texts.description,
        canonical: alternates[lang],
        alternates,
        robots: variant ? 'noindex, follow' : undefined,
        image: data.offers.items[0]?.photo
          ? data.offers.items[0].photo.src.replace(/^\/photos\//, '/media/').replace('{w}', '1200')
          : undefined,
        jsonLd: [breadcrumbJsonLd(crumbs, url.origin)],
      };
    },

    Component: SearchScreenView,

    footerLieuId: (data) => (data.place.generic ? null : data.place.id),
  });
}
