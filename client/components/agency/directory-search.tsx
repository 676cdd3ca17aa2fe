import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type { AgencySort, Config, Lang, LieuSuggestion } from '../../../shared/contract';
import { href } from '../../../shared/routes';
import { directorySearchParams, SEARCH_MAX_LENGTH, type DirectoryQuery } from './directory-query';
import { PlaceCombobox } from '../place-combobox';
import { FETCH_MIN_DELAY_MS } from '../suggest-scheduler';

// The directory's search form. Without JavaScript it is a GET form: the place typed is resolved
// by the page (redirect to the place's path), name and sort go in the query. With JavaScript the
// place comes from the autocomplete, the name searches as the visitor types (each new search
// cancels the previous one: a router navigation aborts the loader it replaces) and the sort
// applies at once.

export function DirectorySearch({
  lang,
  config,
  query,
  lieu,
}: {
  lang: Lang;
  config: Config;
  query: DirectoryQuery;
  lieu: { slug: string; libelle: string } | null;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [search, setSearch] = useState(query.search);
  const [sort, setSort] = useState<AgencySort>(query.sort);
  // The place picked in the autocomplete (or the page's), null once the visitor types again.
  const placeSlug = useRef<string | null>(lieu?.slug ?? null);
  const [sentSearch, setSentSearch] = useState(query.search);
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);

  // A search that changed from elsewhere (reset link, back button) refills the form; one this
  // form sent does not (the visitor may have typed on meanwhile).
  const [seen, setSeen] = useState({ query, slug: lieu?.slug ?? null });
  if (seen.query !== query || seen.slug !== (lieu?.slug ?? null)) {
    setSeen({ query, slug: lieu?.slug ?? null });
    if (query.search !== sentSearch.trim()) {
      setSentSearch(query.search);
      setSearch(query.search);
    }
    setSort(query.sort);
  }
  useEffect(() => {
    placeSlug.current = lieu?.slug ?? null;
  }, [lieu?.slug]);

  useEffect(
    () => () => {
      if (typing.current) clearTimeout(typing.current);
    },
    [],
  );

  const target = (next: { search?: string; sort?: AgencySort }) => {
    const text = next.search ?? search;
    setSentSearch(text);
    return href('agencyDirectory', { lieu: placeSlug.current ?? undefined }, lang, config, {
      query: directorySearchParams({ search: text.trim(), sort: next.sort ?? sort }),
    });
  };

  const go = (to: string) => navigate(to, { replace: true, preventScrollReset: true });

  const onPick = (place: LieuSuggestion | null) => {
    placeSlug.current = place?.slug ?? null;
    if (place) void go(target({}));
  };

  return (
    <form
      className="directory-search"
      role="search"
      method="get"
      action={href('agencyDirectory', { lieu: lieu?.slug }, lang, config)}
      aria-label={t`Rechercher une agence`}
      onSubmit={(event) => {
        event.preventDefault();
        if (typing.current) clearTimeout(typing.current);
        const typed = String(new FormData(event.currentTarget).get('lieu') ?? '').trim();
        if (typed === '') placeSlug.current = null;
        else if (placeSlug.current === null) {
          // A place name typed but not picked: the page resolves it, as without JavaScript.
          const params = directorySearchParams({ search: search.trim(), sort });
          params.set('lieu', typed);
          void navigate(href('agencyDirectory', {}, lang, config, { query: params }));
          return;
        }
        void navigate(target({}));
      }}
    >
      <div className="directory-search__field">
        <label htmlFor="directory-place">{t`Lieu`}</label>
        <PlaceCombobox
          id="directory-place"
          name="lieu"
          lang={lang}
          picked={lieu ? { slug: lieu.slug, label: lieu.libelle } : null}
          onPick={onPick}
          placeholder={t`Ville, département, région…`}
          maxLength={100}
        />
      </div>
      <div className="directory-search__field">
        <label htmlFor="directory-name">{t`Nom de l'agence`}</label>
        <input
          id="directory-name"
          name="search"
          type="search"
          value={search}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          onChange={(event) => {
            const value = event.target.value;
            setSearch(value);
            if (typing.current) clearTimeout(typing.current);
            typing.current = setTimeout(
              () => void go(target({ search: value })),
              FETCH_MIN_DELAY_MS,
            );
          }}
        />
      </div>
      <div className="directory-search__field">
        <label htmlFor="directory-sort">{t`Trier par`}</label>
        <select
          id="directory-sort"
          name="sort"
          value={sort}
          onChange={(event) => {
            const value = event.target.value as AgencySort;
            setSort(value);
            void go(target({ sort: value }));
          }}
        >
          <option value="relevance">{t`Pertinence`}</option>
          <option value="az">{t`Nom, de A à Z`}</option>
          <option value="za">{t`Nom, de Z à A`}</option>
        </select>
      </div>
      <div className="directory-search__actions">
        <button type="submit" className="button">
          {t`Rechercher`}
        </button>
        <Link to={href('agencyDirectory', {}, lang, config)} className="directory-search__reset">
          {t`Réinitialiser la recherche`}
        </Link>
      </div>
    </form>
  );
}
