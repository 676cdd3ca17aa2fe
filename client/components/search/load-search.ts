import { redirect } from 'react-router';
import type {
  Config,
  Lang,
  LieuCount,
  LieuSuggestion,
  LieuType,
  LieuWithAncestors,
  NatureId,
  OfferList,
  RubriqueCount,
} from '../../../shared/contract';
import { indexConfig } from '../../../shared/config-index';
import {
  NUMBER_FIELDS,
  chosenRubriques,
  normaliseCriteria,
  parseSearchQuery,
  toApiParams,
  toSearchQuery,
  type SearchCriteria,
} from '../../../shared/criteria';
import {
  isPortalApiError,
  type OfferSearchQuery,
  type PortalApi,
} from '../../../shared/portal-api';
import { href } from '../../../shared/routes';
import type { ScreenLoaderArgs } from '../../app/screen';
import { placeCounts, type PlaceCount } from './hub-links';
import { closestPlaces, unknownPlaceOf } from '../../../shared/search-form';
import { toCardOffer, type CardOffer } from '../offer-card';

// The data of the search screens (nature page, result list, nature hub), loaded the same way on
// the server and in the browser through PortalApi. The enlarged-search fallback is aggregated
// here: on the server render it runs in the BFF against the listings API's /compteur.

/** Offers per result page. */
export const PAGE_SIZE = 24;
/** The listings API serves results up to the 10,000th: the deepest page a list can show. */
export const MAX_PAGE = Math.ceil(10_000 / PAGE_SIZE);
/** Offers shown by the enlarged-search fallback and by a nature hub. */
export const FALLBACK_SIZE = 12;
/** Nearby-city radius of the enlarged search, in km (spec section 9). */
export const NEARBY_RADIUS_KM = 30;

/** The place of a search page as the page shows it. */
export interface PlaceView {
  id: number;
  slug: string;
  libelle: string;
  /** 'à Cannes' / 'in Cannes'; empty for the generic place. */
  libelle_prep: string;
  type: LieuType;
  generic: boolean;
  /**
   * The omr list the place points to: its wider list, which its list page offers as a choice
   * (criteria.nearby); an alert searches it only when its criteria name it.
   */
  omr_list_id: number | null;
}

export interface HubLinks {
  /** Child places with at least the settings' minimum count of offers. */
  places: PlaceCount[];
  /** Sub-categories in the place with at least that count. */
  rubriques: RubriqueCount[];
}

export interface Substitute {
  lieu: { id: number; slug: string; libelle: string; libelle_prep: string };
  count: number;
  distance_km?: number;
}

/** What an empty result list shows instead (spec section 8). */
export interface Fallback {
  /**
   * enlarged: nothing in the section at this place, the nearest offers elsewhere are shown;
   * filtered: the section has offers here but none matches the filters;
   * none: nothing found even enlarged.
   */
  kind: 'enlarged' | 'filtered' | 'none';
  offers: CardOffer[];
  /** Offers of the unfiltered search (filtered kind). */
  unfilteredTotal: number;
  nearby: Substitute[];
  parents: Substitute[];
  rubriques: RubriqueCount[];
}

export interface SearchPageData {
  criteria: SearchCriteria;
  /** The place in the path; the generic place on the nature page. */
  place: PlaceView;
  /** Ancestors of the place, country first (breadcrumbs), without the generic place. */
  ancestors: PlaceView[];
  /** The page of offers (reduced to what the cards show). */
  offers: CardList;
  pageCount: number;
  hubs: HubLinks;
  fallback: Fallback | null;
  /** The query has filters beyond the path (noindex). */
  filtered: boolean;
  /** Text typed as the place that names no place, with the closest places (null: none). */
  unknownPlace: UnknownPlace | null;
  /**
   * A place pointing to an omr list: the totals of its own offers and of its wider list (the
   * list shows one, the visitor chooses the other by a labelled link); null for other places.
   */
  scope: PlaceScope | null;
}

export interface PlaceScope {
  /** The list shows the wider list (criteria.nearby). */
  nearby: boolean;
  ownTotal: number;
  nearbyTotal: number;
}

export interface UnknownPlace {
  text: string;
  suggestions: Pick<LieuSuggestion, 'id' | 'slug' | 'libelle' | 'parent_label'>[];
}

/** An offer list answer with its offers reduced to what the cards show. */
export type CardList = Omit<OfferList, 'items'> & { items: CardOffer[] };

export function toCardList(list: OfferList): CardList {
  return { ...list, items: list.items.map(toCardOffer) };
}

export function toPlaceView(lieu: LieuWithAncestors['ancestors'][number]): PlaceView {
  return {
    id: lieu.id,
    slug: lieu.slug,
    libelle: lieu.libelle,
    libelle_prep: lieu.libelle_prep,
    type: lieu.type,
    generic: lieu.type === 'Generic',
    omr_list_id: lieu.omr_list_id,
  };
}

export function genericPlace(config: Config, lang: Lang): PlaceView {
  return {
    id: config.genericLieu.id,
    slug: config.genericLieu.slug,
    libelle: config.genericLieu.libelle[lang],
    libelle_prep: '',
    type: 'Generic',
    generic: true,
    omr_list_id: null,
  };
}

/** Whether criteria carry filters beyond nature, one rubrique and the place (sort and page aside). */
export function hasFilters(criteria: SearchCriteria, config: Config): boolean {
  if (chosenRubriques(criteria, config).length > 1) return true;
  if (criteria.assets.length > 0 || criteria.bbox) return true;
  return NUMBER_FIELDS.some((f) => criteria[f.field] !== null);
}

/** The criteria reduced to nature, rubriques and place (no filters, default sort, page 1). */
export function withoutFilters(criteria: SearchCriteria, config: Config): SearchCriteria {
  return normaliseCriteria(
    // The map area is where the search is, not a filter: it stays.
    {
      nature: criteria.nature,
      rubriques: criteria.rubriques,
      lieu: criteria.lieu,
      bbox: criteria.bbox,
    },
    config,
  );
}

function offerQuery(params: Record<string, string>, lang: Lang, limit: number): OfferSearchQuery {
  return { ...params, lang, limit } as OfferSearchQuery;
}

/** The listings-API filters of criteria without their page (the fallback asks page 1). */
function filtersOf(criteria: SearchCriteria, config: Config, lieu: LieuWithAncestors | null) {
  const { page: _page, ...params } = toApiParams({ ...criteria, page: 1 }, { config, lieu });
  return params;
}

const NO_FALLBACK: Fallback = {
  kind: 'none',
  offers: [],
  unfilteredTotal: 0,
  nearby: [],
  parents: [],
  rubriques: [],
};

async function loadFallback(
  api: PortalApi,
  config: Config,
  lang: Lang,
  criteria: SearchCriteria,
  lieu: LieuWithAncestors | null,
  searchKey: string,
  signal: AbortSignal,
): Promise<Fallback> {
  const chosen = chosenRubriques(criteria, config);
  const base = NO_FALLBACK;

  // Filters emptied the list while the section has offers here: say so rather than enlarge.
  if (hasFilters(criteria, config)) {
    const unfiltered = await api.get(
      'offers',
      offerQuery(filtersOf(withoutFilters(criteria, config), config, lieu), lang, FALLBACK_SIZE),
      { signal },
    );
    if (unfiltered.total > 0) {
      return {
        ...base,
        kind: 'filtered',
        offers: unfiltered.items.map(toCardOffer),
        unfilteredTotal: unfiltered.total,
      };
    }
  }

  const compteur = await api.get(
    'compteur',
    {
      nature: criteria.nature,
      rubrique: chosen.length > 0 ? chosen : undefined,
      lieu: lieu && lieu.type !== 'Generic' ? [lieu.id] : undefined,
      rayon: NEARBY_RADIUS_KM,
      min_nb: 1,
      limit: 6,
      search_key: searchKey,
      bbox: criteria.bbox,
      lang,
    },
    { signal },
  );
  const substitute = (l: Substitute['lieu']) => ({
    id: l.id,
    slug: l.slug,
    libelle: l.libelle,
    libelle_prep: l.libelle_prep,
  });
  const fallback: Fallback = {
    ...base,
    nearby: compteur.nearby.map((n) => ({
      lieu: substitute(n.lieu),
      count: n.count,
      distance_km: n.distance_km,
    })),
    parents: compteur.parents.map((p) => ({ lieu: substitute(p.lieu), count: p.count })),
    rubriques: compteur.rubriques,
  };

  // The nearest offers: the section in the nearby places, else in the nearest parent with
  // offers, else the other sections at this place. Same nature, no other filter: the counts
  // above are for that search.
  const unfiltered = filtersOf(withoutFilters(criteria, config), config, lieu);
  let params: Record<string, string> | null = null;
  if (fallback.nearby.length > 0) {
    const { omr_list_id: _omr, ...rest } = unfiltered;
    params = { ...rest, lieu: fallback.nearby.map((n) => n.lieu.id).join(',') };
  } else if (fallback.parents.length > 0) {
    const { omr_list_id: _omr, ...rest } = unfiltered;
    params = { ...rest, lieu: String(fallback.parents[0]!.lieu.id) };
  } else if (fallback.rubriques.length > 0) {
    params = { ...unfiltered, rubrique: String(fallback.rubriques[0]!.rubrique_id) };
  }
  if (!params) return fallback;
  const nearest = await api.get('offers', offerQuery(params, lang, FALLBACK_SIZE), { signal });
  if (nearest.items.length === 0) return fallback;
  return { ...fallback, kind: 'enlarged', offers: nearest.items.map(toCardOffer) };
}

/**
 * The page number of a `page` parameter: 1 when absent, null for anything but a whole number of
 * 1 or more (a number beyond the last page is read as it is: the page redirects to the last one).
 */
export function pageAsked(raw: string | null): number | null {
  if (raw === null) return 1;
  const text = raw.trim();
  if (!/^\d{1,15}$/.test(text)) return null;
  const page = Number(text);
  return page >= 1 ? page : null;
}

/**
 * Loads a search page: the place of the path (404 when unknown), the criteria from the query
 * (bad values dropped), the offers of the page, the hub links and, when nothing matches, the
 * enlarged-search fallback. A page beyond the last one, however far, redirects to the last one; a
 * page parameter that is not a page number redirects to page 1.
 */
export async function loadSearchPage(
  args: ScreenLoaderArgs,
  lieuSlug: string | null,
): Promise<SearchPageData> {
  const { api, config, lang, match, url, request, tag } = args;
  const signal = request.signal;
  const params = match.params as { nature: NatureId; rubrique?: number };
  const lieu = lieuSlug ? await api.get('lieu', { slug: lieuSlug, lang }, { signal }) : null;
  // The list of the generic place is the nature page (its slug is French only): old URLs go there.
  if (lieu && lieu.type === 'Generic') {
    throw redirect(
      `${href('nature', { nature: params.nature, rubrique: params.rubrique }, lang, config)}${url.search}`,
      301,
    );
  }
  const place = lieu ? toPlaceView(lieu) : genericPlace(config, lang);
  const criteria = parseSearchQuery(url.searchParams, {
    config,
    nature: params.nature,
    rubrique: params.rubrique ?? null,
    lieu: place.id,
  });
  const chosen = chosenRubriques(criteria, config);
  const min = config.settings.minHubLinkCount;
  // The page asked for: garbage (abc, 0, -1, 2.5) goes to page 1, with the rest of the query.
  const wantedPage = pageAsked(url.searchParams.get('page'));
  if (wantedPage === null) {
    const query = new URLSearchParams(url.search);
    query.delete('page');
    const search = query.toString();
    throw redirect(`${url.pathname}${search ? `?${search}` : ''}`, 302);
  }

  // A page beyond the deepest servable one asks for that one; the redirect below follows.
  const asked = { ...criteria, page: Math.min(criteria.page, MAX_PAGE) };
  const unknownText = lieuSlug ? null : unknownPlaceOf(url.searchParams);
  const unknownPlace: Promise<UnknownPlace | null> = unknownText
    ? closestPlaces(
        unknownText,
        async (q, limit) => (await api.get('searchLieu', { q, lang, limit }, { signal })).items,
      )
        .catch(() => [])
        .then((found) => ({
          text: unknownText,
          suggestions: found.map(({ id, slug, libelle, parent_label }) => ({
            id,
            slug,
            libelle,
            parent_label,
          })),
        }))
    : Promise.resolve(null);
  // A place of an omr list: the other scope's total, for the link that switches to it.
  const widens = lieu !== null && lieu.omr_list_id != null;
  const otherScope = { ...asked, page: 1, nearby: asked.nearby ? undefined : (true as const) };
  const [offers, other, places, rubriques, unknown] = await Promise.all([
    api.get('offers', offerQuery(toApiParams(asked, { config, lieu }), lang, PAGE_SIZE), {
      signal,
    }),
    widens
      ? api
          .get('offers', offerQuery(toApiParams(otherScope, { config, lieu }), lang, 1), {
            signal,
          })
          .then((list) => list.total)
          .catch(() => null)
      : Promise.resolve(null),
    // Hub links are worth a page only when they load.
    api
      .get(
        'lieuChildren',
        {
          id: place.id,
          nature: criteria.nature,
          rubrique: chosen.length > 0 ? chosen : undefined,
          min_count: min,
          lang,
        },
        { signal },
      )
      .catch(() => [] as LieuCount[]),
    api
      .get('rubriqueCounts', { nature: criteria.nature, lieu: [place.id], min_nb: min }, { signal })
      .catch(() => [] as RubriqueCount[]),
    unknownPlace,
  ]);

  const pageCount = Math.min(MAX_PAGE, Math.max(1, Math.ceil(offers.total / PAGE_SIZE)));
  if (wantedPage > pageCount) {
    const last = { ...criteria, page: pageCount };
    const path = lieuSlug
      ? href(
          'list',
          { nature: criteria.nature, rubrique: params.rubrique, lieu: lieuSlug },
          lang,
          config,
          {
            query: toSearchQuery(last, { config }),
          },
        )
      : href('nature', { nature: criteria.nature, rubrique: params.rubrique }, lang, config, {
          query: toSearchQuery(last, { config }),
        });
    throw redirect(path, 302);
  }

  const fallback =
    offers.total === 0
      ? await loadFallback(api, config, lang, criteria, lieu, offers.search_key, signal).catch(
          (error: unknown) => {
            // The enlarged search is a help, not the page: without it, say nothing was found.
            if (signal.aborted || !isPortalApiError(error)) throw error;
            return NO_FALLBACK;
          },
        )
      : null;

  // Sub-categories: the children of the path's rubrique (the top-level ones without it).
  const index = indexConfig(config);
  const parentRubrique = chosen.length === 1 ? chosen[0]! : index.generic.id;
  const childIds = new Set((index.rubriques.get(parentRubrique)?.children ?? []).map((r) => r.id));
  const hubs: HubLinks = {
    places: placeCounts(places, min),
    rubriques: rubriques.filter((r) => childIds.has(r.rubrique_id) && r.count >= min),
  };

  tag(`nature-${criteria.nature}`);
  for (const id of criteria.rubriques) tag(`rubrique-${id}`);
  tag(`lieu-${place.id}`);
  for (const offer of fallback?.offers ?? []) tag(`offre-${offer.id}`);

  return {
    criteria,
    place,
    ancestors: (lieu?.ancestors ?? []).filter((a) => a.type !== 'Generic').map(toPlaceView),
    offers: toCardList(offers),
    pageCount,
    hubs,
    fallback,
    filtered: hasFilters(criteria, config),
    unknownPlace: unknown,
    scope:
      widens && other !== null
        ? {
            nearby: criteria.nearby === true,
            ownTotal: criteria.nearby ? other : offers.total,
            nearbyTotal: criteria.nearby ? offers.total : other,
          }
        : null,
  };
}
