import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type { Config, Lang, NatureId, Rubrique } from '../../../shared/contract';
import { indexConfig } from '../../../shared/config-index';
import {
  NUMBER_FIELDS,
  PRICE_FIELDS,
  SORT_KEYS,
  sortOptionsFor,
  validateSearchForm,
  type NumericField,
  type SearchCriteria,
  type SearchFormError,
} from '../../../shared/criteria';
import { saveStoredSearch } from '../../hooks/use-stored-search';
import { assetCheckClass } from './asset-icons';
import { criteriaFromForm, placeFromForm, searchFormTarget } from './form-query';
import { ASSET_LABELS, PRICE_BOUND_LABELS, SORT_LABELS } from './labels';
import { fetchPlaceSuggestions, PlaceAutocomplete, type ChosenPlace } from './place-autocomplete';

// The search form (spec sections 3 and 5): nature, place (autocomplete), rubriques of the nature,
// price or rent bounds of the nature, rooms, bedrooms, surfaces, land surfaces, assets with their
// icons, and sort. It is a GET form to the BFF's /{lang}/search/ endpoint, which redirects to the
// result list: without JavaScript that is the whole story. With JavaScript the same URL is built
// here (same functions, form-query.ts), the rules of spec section 5 are checked before leaving,
// and the page changes without a reload. Fields of other natures are hidden by CSS (:has), so the
// form also follows a nature change without JavaScript.

/** Path of the BFF endpoint the form submits to without JavaScript. */
export function searchEndpointPath(lang: Lang): string {
  return `/${lang}/search/`;
}

const COUNT_OPTIONS = [1, 2, 3, 4, 5, 6, 7, 8];

const QUERY_OF = new Map(NUMBER_FIELDS.map((f) => [f.field, f.query]));
const MORE_FIELDS: readonly NumericField[] = [
  'roomsCount',
  'bedRoomsCount',
  'minSurface',
  'maxSurface',
  'minSurfaceTerrain',
  'maxSurfaceTerrain',
];

function RubriqueChoices({
  rubriques,
  chosen,
  lang,
  depth,
}: {
  rubriques: readonly Rubrique[];
  chosen: ReadonlySet<number>;
  lang: Lang;
  depth: number;
}) {
  return (
    <ul className={`search-form__rubs search-form__rubs--${depth}`}>
      {rubriques.map((r) => (
        <li key={r.id} data-natures={r.nature.join(' ')}>
          <label className="check">
            <input type="checkbox" name="rubs" value={r.id} defaultChecked={chosen.has(r.id)} />
            {r.plural[lang]}
          </label>
          {r.children.length > 0 ? (
            <RubriqueChoices rubriques={r.children} chosen={chosen} lang={lang} depth={depth + 1} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export interface SearchFormProps {
  config: Config;
  lang: Lang;
  criteria: SearchCriteria;
  /** The place of the search (null: everywhere). */
  place: ChosenPlace | null;
}

export function SearchForm({ config, lang, criteria, place }: SearchFormProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // Errors of the URL (a form sent without JavaScript) until the visitor submits again.
  const [errors, setErrors] = useState<SearchFormError[]>(() => validateSearchForm(criteria));
  const [busy, setBusy] = useState(false);
  const index = indexConfig(config);
  const natures = index.enabledNatures.flatMap((n) => index.natures.get(n) ?? []);
  const chosenRubs = new Set(criteria.rubriques);
  const chosenAssets = new Set(criteria.assets);
  const topRubriques = config.rubriquesTree.children.filter((r) =>
    r.nature.some((n) => index.enabledNatures.includes(n)),
  );
  const moreOpen = MORE_FIELDS.some((f) => criteria[f] !== null) || criteria.assets.length > 0;
  const chosenCount = criteria.rubriques.filter((r) => r !== index.generic.id).length;

  const fieldId = (query: string) => `${id}-${query}`;
  const errorOf = (field: NumericField) => errors.find((e) => e.field === field);
  const errorId = (field: NumericField) => `${id}-${field}-error`;
  const numberInput = (field: NumericField, label: string, nature?: NatureId) => {
    const query = QUERY_OF.get(field)!;
    const error = errorOf(field);
    const value = criteria[field];
    return (
      <div className="field" data-nature={nature}>
        <label htmlFor={fieldId(query)}>{label}</label>
        <input
          id={fieldId(query)}
          name={query}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={value === null ? '' : String(value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId(field) : undefined}
        />
        {error ? (
          <p className="field__error" id={errorId(field)}>
            {i18n._(error.message)}
          </p>
        ) : null}
      </div>
    );
  };
  const countSelect = (field: 'roomsCount' | 'bedRoomsCount', label: string) => {
    const query = QUERY_OF.get(field)!;
    const error = errorOf(field);
    const value = criteria[field];
    const options =
      value !== null && !COUNT_OPTIONS.includes(value) ? [...COUNT_OPTIONS, value] : COUNT_OPTIONS;
    return (
      <div className="field">
        <label htmlFor={fieldId(query)}>{label}</label>
        <select
          id={fieldId(query)}
          name={query}
          defaultValue={value === null ? '' : String(value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId(field) : undefined}
        >
          <option value="">{t`Indifférent`}</option>
          {options.map((n) => (
            <option key={n} value={n}>
              {t`${n} et plus`}
            </option>
          ))}
        </select>
        {error ? (
          <p className="field__error" id={errorId(field)}>
            {i18n._(error.message)}
          </p>
        ) : null}
      </div>
    );
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new URLSearchParams();
    for (const [key, value] of new FormData(form)) {
      if (typeof value === 'string') fields.append(key, value);
    }
    const next = criteriaFromForm(fields, config);
    const found = validateSearchForm(next);
    setErrors(found);
    if (found.length > 0) {
      const first = form.elements.namedItem(QUERY_OF.get(found[0]!.field)!);
      if (first instanceof HTMLElement) first.focus();
      return;
    }
    const chosen = placeFromForm(fields);
    let slug: string | null = null;
    if (chosen.kind === 'slug') slug = chosen.slug;
    else if (chosen.kind === 'text') {
      setBusy(true);
      try {
        slug = (await fetchPlaceSuggestions(chosen.text, lang, undefined, 1))[0]?.slug ?? null;
      } catch {
        // No answer: send the form as it is, the server resolves the place.
        form.submit();
        return;
      } finally {
        setBusy(false);
      }
    }
    saveStoredSearch(next, config);
    void navigate(searchFormTarget(next, slug, lang, config).href);
  }

  return (
    <form
      ref={formRef}
      className="search-form"
      method="get"
      action={searchEndpointPath(lang)}
      role="search"
      aria-label={t`Rechercher un bien`}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <div className="search-form__main">
        <fieldset className="search-form__natures">
          <legend>{t`Transaction`}</legend>
          {natures.map((nature) => (
            <label key={nature.id} className="choice">
              <input
                type="radio"
                name="nature"
                value={nature.id}
                defaultChecked={nature.id === criteria.nature}
              />
              {nature.libelle[lang]}
            </label>
          ))}
        </fieldset>
        <PlaceAutocomplete lang={lang} initial={place} />
        {(['V', 'L', 'S'] as const)
          .filter((n) => index.enabledNatures.includes(n))
          .map((n) => (
            <div key={n} className="search-form__bounds" data-nature={n}>
              {numberInput(PRICE_FIELDS[n].min, i18n._(PRICE_BOUND_LABELS[n].min))}
              {numberInput(PRICE_FIELDS[n].max, i18n._(PRICE_BOUND_LABELS[n].max))}
            </div>
          ))}
        <button type="submit" className="button search-form__submit" disabled={busy}>
          {t`Rechercher`}
        </button>
      </div>
      <details className="search-form__more" open={chosenCount > 0 || undefined}>
        <summary>
          {t`Type de bien`}
          {chosenCount > 0 ? <span className="badge">{chosenCount}</span> : null}
        </summary>
        <fieldset>
          <legend className="visually-hidden">{t`Type de bien`}</legend>
          <RubriqueChoices rubriques={topRubriques} chosen={chosenRubs} lang={lang} depth={0} />
        </fieldset>
      </details>
      <details className="search-form__more" open={moreOpen || errors.length > 0 || undefined}>
        <summary>{t`Plus de critères`}</summary>
        <div className="search-form__grid">
          {countSelect('roomsCount', t`Pièces`)}
          {countSelect('bedRoomsCount', t`Chambres`)}
          {numberInput('minSurface', t`Surface minimum (m²)`)}
          {numberInput('maxSurface', t`Surface maximum (m²)`)}
          {numberInput('minSurfaceTerrain', t`Terrain minimum (m²)`)}
          {numberInput('maxSurfaceTerrain', t`Terrain maximum (m²)`)}
          <div className="field">
            <label htmlFor={`${id}-sort`}>{t`Trier par`}</label>
            <select id={`${id}-sort`} name="sort" defaultValue={criteria.sort}>
              {SORT_KEYS.map((sort) => (
                <option
                  key={sort}
                  value={sort}
                  data-natures={(['V', 'L', 'S'] as const)
                    .filter((n) => sortOptionsFor(n).includes(sort))
                    .join(' ')}
                >
                  {i18n._(SORT_LABELS[sort])}
                </option>
              ))}
            </select>
          </div>
        </div>
        {index.assetKeys.length > 0 ? (
          <fieldset className="search-form__assets">
            <legend>{t`Atouts`}</legend>
            <div className="search-form__asset-grid">
              {index.assetKeys.map((key) => (
                <label key={key} className={assetCheckClass(key)}>
                  <input
                    type="checkbox"
                    name="assets"
                    value={key}
                    defaultChecked={chosenAssets.has(key)}
                  />
                  {ASSET_LABELS[key] ? i18n._(ASSET_LABELS[key]) : key}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
      </details>
      {errors.length > 0 ? (
        <div className="search-form__errors" role="alert">
          <p>{t`Veuillez corriger les critères signalés.`}</p>
        </div>
      ) : null}
    </form>
  );
}
