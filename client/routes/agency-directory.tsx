import { redirect, useNavigation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { msg, plural } from '@lingui/core/macro';
import '../styles/agency.css';
import type { AgencyList } from '../../shared/contract';
import { isPortalApiError } from '../../shared/portal-api';
import { href } from '../../shared/routes';
import { defineScreen } from '../app/screen';
import { AgencyCard } from '../components/agency/agency-card';
import { DirectorySearch } from '../components/agency/directory-search';
import {
  DIRECTORY_PAGE_SIZE,
  directorySearchParams,
  isSearchable,
  pageCount,
  parseDirectoryQuery,
  type DirectoryQuery,
} from '../components/agency/directory-query';
import { Pager } from '../components/search/pager';

// The agency directory (/fr/annuaire-immobilier-luxe/{lieu?}/, /en/luxury-real-estate-agencies/
// {lieu?}/): search by place (in the path) and by name, sort, paging (search, sort and page in
// the query). A `lieu` query parameter is the place name typed in the form without JavaScript:
// it is resolved to a place and redirected to that place's path.

interface DirectoryLieu {
  id: number;
  slug: string;
  libelle: string;
  libelle_prep: string;
}

export interface DirectoryData {
  lieu: DirectoryLieu | null;
  query: DirectoryQuery;
  list: AgencyList;
  pages: number;
  /** A place name typed in the form that matches no place. */
  unknownPlace: string | null;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

export default defineScreen({
  async loader({ api, config, lang, match, url, request }): Promise<DirectoryData> {
    const { signal } = request;
    const slug = (match.params as { lieu?: string }).lieu;
    const query = parseDirectoryQuery(url.search);
    const found = slug ? await api.get('lieu', { slug, lang }, { signal }) : null;
    const lieu: DirectoryLieu | null = found
      ? { id: found.id, slug: found.slug, libelle: found.libelle, libelle_prep: found.libelle_prep }
      : null;
    const toPlace = (place: string | undefined, q: Partial<DirectoryQuery>) =>
      href('agencyDirectory', { lieu: place }, lang, config, { query: directorySearchParams(q) });

    let unknownPlace: string | null = null;
    const typed = url.searchParams.get('lieu');
    if (typed !== null) {
      const text = typed.trim().slice(0, 100);
      const keep = { search: query.search, sort: query.sort };
      if (text === '') throw redirect(toPlace(undefined, keep));
      if (lieu && fold(text) === fold(lieu.libelle)) throw redirect(toPlace(lieu.slug, keep));
      const suggestions = await api
        .get('searchLieu', { q: text, lang, limit: 1 }, { signal })
        .catch((error: unknown) => {
          // Text the place search refuses (too short...) is a place that does not exist.
          if (isPortalApiError(error) && error.status === 400) return { items: [] };
          throw error;
        });
      const place = suggestions.items[0];
      if (place) throw redirect(toPlace(place.slug, keep));
      unknownPlace = text;
    }

    const list = await api.get(
      'agencies',
      {
        search: isSearchable(query.search) ? query.search : undefined,
        lieu: lieu?.id,
        sort: query.sort,
        page: query.page,
        limit: DIRECTORY_PAGE_SIZE,
        lang,
      },
      { signal },
    );
    const pages = pageCount(list.total, DIRECTORY_PAGE_SIZE);
    // A page past the end (a list that shrank): the first page of the same search.
    if (query.page > pages) throw redirect(toPlace(lieu?.slug, { ...query, page: 1 }));
    return { lieu, query, list, pages, unknownPlace };
  },

  head({ data, i18n }) {
    const where = data.lieu?.libelle_prep ?? '';
    const title = data.lieu
      ? i18n._(msg`Agences immobilières de luxe ${where}`)
      : i18n._(msg`Annuaire des agences immobilières de luxe`);
    const description = data.lieu
      ? i18n._(
          msg`Les agences immobilières de prestige ${where} : coordonnées, réseau, avis clients, barème des honoraires et biens d’exception.`,
        )
      : i18n._(
          msg`Trouvez une agence immobilière de prestige par lieu ou par nom : coordonnées, réseau, avis clients, barème des honoraires et biens d’exception.`,
        );
    const filtered = data.query.search !== '' || data.query.sort !== 'relevance';
    return { title, description, robots: filtered ? 'noindex, follow' : undefined };
  },

  footerLieuId: (data) => data.lieu?.id ?? null,

  Component: function AgencyDirectory({ data, config, lang }) {
    const { t } = useLingui();
    const navigation = useNavigation();
    const loading = navigation.state === 'loading';
    const { lieu, query, list, pages } = data;
    const where = lieu?.libelle_prep ?? '';
    const hrefFor = (page: number) =>
      href('agencyDirectory', { lieu: lieu?.slug }, lang, config, {
        query: directorySearchParams({ ...query, page }),
      });
    return (
      <div className="agency-directory">
        <h1>
          {lieu
            ? t`Agences immobilières de luxe ${where}`
            : t`Annuaire des agences immobilières de luxe`}
        </h1>
        <DirectorySearch lang={lang} config={config} query={query} lieu={lieu} />
        {data.unknownPlace !== null ? (
          <p className="agency-directory__notice" role="alert">
            {t`Aucun lieu ne correspond à « ${data.unknownPlace} » : voici toutes les agences.`}
          </p>
        ) : null}
        <section
          className="agency-directory__results"
          aria-labelledby="directory-results-title"
          aria-busy={loading}
        >
          <h2 id="directory-results-title" aria-live="polite">
            {list.total === 0
              ? t`Aucune agence trouvée`
              : t`${plural(list.total, { one: '# agence', other: '# agences' })}`}
          </h2>
          {list.total === 0 ? (
            <p>{t`Aucune agence ne correspond à votre recherche. Essayez un autre nom ou un lieu plus large.`}</p>
          ) : (
            <ul className="agency-directory__list">
              {list.items.map((agency) => (
                <li key={agency.id}>
                  <AgencyCard agency={agency} lang={lang} config={config} />
                </li>
              ))}
            </ul>
          )}
          <Pager
            page={query.page}
            pageCount={pages}
            hrefFor={hrefFor}
            label={t`Pages des agences`}
          />
        </section>
      </div>
    );
  },
});
