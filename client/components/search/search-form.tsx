import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type { Config, Lang, NatureId, Rubrique } from '../../../shared/contract';
import { indexConfig } from '../../../shared/config-index';
import { formatCompact, formatNumber } from '../../../shared/format';
import {
  MAX_AMOUNT,
  NUMBER_FIELDS,
  PRICE_FIELDS,
  SORT_KEYS,
  parseCriteriaNumber,
  sortOptionsFor,
  validateSearchForm,
  type NumericField,
  type SearchCriteria,
  type SearchFormError,
} from '../../../shared/criteria';
import { saveStoredSearch } from '../../hooks/use-stored-search';
import { useHydrated } from '../../hooks/use-selection';
import { assetCheckClass } from './asset-icons';
import {
  criteriaFromForm,
  placeFromForm,
  searchFormTarget,
  withUnknownPlace,
} from '../../../shared/search-form';
import { searchFormPath } from '../../../shared/bff-paths';
import type { UnknownPlace } from './load-search';
import { ASSET_LABELS, PRICE_BOUND_LABELS, SORT_LABELS, dpeMaxLabel } from './labels';
import { ENERGY_CLASSES } from '../../../shared/energy-rules';
import { PlaceCombobox, type PickedPlace } from '../place-combobox';
import { usePortalApi } from '../../api/portal-api-context';

// The search form (spec sections 3 and 5): nature, place (autocomplete), rubriques of the nature,
// price or rent bounds of the nature, rooms, bedrooms, surfaces, land surfaces, assets with their
// icons, and sort. It is a GET form to the BFF's /{lang}/search/ endpoint, which redirects to the
// result list: without JavaScript that is the whole story. With JavaScript the same URL is built
// here (same functions, shared/search-form.ts), the rules of spec section 5 are checked before
// leaving, and the page changes without a reload. Fields of other natures are hidden by CSS
// (:has), so the form also follows a nature change without JavaScript.
//
// Nature, place and price are always in view; every other criterion is in the filters panel, a
// <details> labelled with the count of active criteria, closed by default so the results start
// on the first screen. On a phone it opens as a sheet with its own apply button; the property
// types show the chosen ones and open on demand. Without JavaScript both still open and submit.

const COUNT_OPTIONS = [1, 2, 3, 4, 5, 6, 7, 8];

/** The maximum DPE classes offered (G would only leave out offers without a class). */
const DPE_OPTIONS = ENERGY_CLASSES.filter((c) => c !== 'G');

/** The panel is a bottom sheet below this width (the sm breakpoint, spec section 9). */
const SHEET_QUERY = '(max-width: 767.98px)';

/** Price fields show their digits grouped in the visitor's language ('3 000 000', '3,000,000'). */
const AMOUNT_FIELDS = new Set<NumericField>(
  Object.values(PRICE_FIELDS).flatMap((p) => [p.min, p.max]),
);

function amountText(value: number | null, lang: Lang): string {
  return value === null ? '' : formatNumber(value, lang);
}

const QUERY_OF = new Map(NUMBER_FIELDS.map((f) => [f.field, f.query]));
const MORE_FIELDS: readonly NumericField[] = [
  'roomsCount',
  'bedRoomsCount',
  'minSurface',
  'maxSurface',
  'minSurfaceTerrain',
  'maxSurfaceTerrain',
];

/** Active criteria of the filters panel: chosen types, counts, surfaces, energy and assets. */
function filterCount(criteria: SearchCriteria, genericId: number): number {
  return (
    criteria.rubriques.filter((r) => r !== genericId).length +
    MORE_FIELDS.filter((f) => criteria[f] !== null).length +
    (criteria.dpeMax ? 1 : 0) +
    criteria.assets.length
  );
}

/** The same count read from the form's fields as the visitor changes them. */
function filterCountOf(form: HTMLFormElement): number {
  const fields = new FormData(form);
  const filled = MORE_FIELDS.filter((f) => String(fields.get(QUERY_OF.get(f)!) ?? '').trim());
  const dpe = String(fields.get('dpe_max') ?? '') !== '' ? 1 : 0;
  return fields.getAll('rubs').length + filled.length + dpe + fields.getAll('assets').length;
}

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
  place: PickedPlace | null;
  /** Text searched as a place that names none, with the closest places. */
  unknownPlace?: UnknownPlace | null;
  /**
   * On a phone, the form hides behind a one-line summary of the search that opens it as a sheet
   * (result lists: the results start on the first screen).
   */
  compact?: boolean;
}

/** The page part a search lands on: its results ('#results'). */
export const RESULTS_ID = 'results';

/** The price bounds of a search, short: '2 M€+', '≤ 3 M€', '1 M€–3 M€'. */
function priceSummary(criteria: SearchCriteria, lang: Lang): string | null {
  const { min, max } = PRICE_FIELDS[criteria.nature];
  const amount = (n: number) =>
    lang === 'fr' ? `${formatCompact(n, lang)}\u00a0€` : `€${formatCompact(n, lang)}`;
  const low = criteria[min];
  const high = criteria[max];
  if (low !== null && high !== null) return `${amount(low)}–${amount(high)}`;
  if (low !== null) return `${amount(low)}+`;
  if (high !== null) return `≤\u00a0${amount(high)}`;
  return null;
}

export function SearchForm({
  config,
  lang,
  criteria,
  place,
  unknownPlace,
  compact = false,
}: SearchFormProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const api = usePortalApi();
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
  const chosenNames = criteria.rubriques
    .filter((r) => r !== index.generic.id)
    .flatMap((r) => index.rubriques.get(r)?.plural[lang] ?? []);
  // The panel opens by itself only to show a criterion it must correct.
  const panelError = errors.some((e) => MORE_FIELDS.includes(e.field));
  const [count, setCount] = useState(() => filterCount(criteria, index.generic.id));
  const [panelOpen, setPanelOpen] = useState(panelError);
  const hydrated = useHydrated();
  // The form's sheet on a phone (compact forms), opened from the summary.
  const [sheetOpen, setSheetOpen] = useState(false);
  const summaryLinkRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (!sheetOpen) return;
    const first = formRef.current?.querySelector<HTMLElement>('input:checked, input, select');
    first?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || detailsRef.current?.open) return;
      setSheetOpen(false);
      summaryLinkRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [sheetOpen]);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const panelTitleRef = useRef<HTMLHeadingElement>(null);
  const isSheet = () => typeof window !== 'undefined' && window.matchMedia(SHEET_QUERY).matches;
  const closePanel = () => {
    setPanelOpen(false);
    summaryRef.current?.focus();
  };
  const onPanelToggle = (open: boolean) => {
    setPanelOpen(open);
    // A sheet covers the page: focus goes into it.
    if (open && isSheet()) panelTitleRef.current?.focus();
  };
  // Escape closes the panel (focus back on its toggle); focus leaving the sheet closes it, as
  // nothing behind a sheet is in view while it is open.
  useEffect(() => {
    const details = detailsRef.current;
    if (!details || !panelOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      setPanelOpen(false);
      summaryRef.current?.focus();
    };
    // A tap on a label or on the sheet's background moves focus to the closest focusable
    // ancestor: the panel itself (tabIndex -1) or, above the details, the page's <main>. Only
    // focus going elsewhere closes the sheet, and never while the tap is being handled: hiding
    // the fixed, scrolling panel in the middle of a label's activation crashes Chromium's tab.
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (!(next instanceof Node) || details.contains(next) || next.contains(details)) return;
      if (!isSheet()) return;
      window.setTimeout(() => {
        const now = document.activeElement;
        if (now && !details.contains(now) && !now.contains(details)) setPanelOpen(false);
      }, 0);
    };
    details.addEventListener('keydown', onKeyDown);
    details.addEventListener('focusout', onFocusOut);
    return () => {
      details.removeEventListener('keydown', onKeyDown);
      details.removeEventListener('focusout', onFocusOut);
    };
  }, [panelOpen]);

  const fieldId = (query: string) => `${id}-${query}`;
  const errorOf = (field: NumericField) => errors.find((e) => e.field === field);
  const errorId = (field: NumericField) => `${id}-${field}-error`;
  const numberInput = (field: NumericField, label: string, nature?: NatureId) => {
    const query = QUERY_OF.get(field)!;
    const error = errorOf(field);
    const value = criteria[field];
    const amount = AMOUNT_FIELDS.has(field);
    return (
      <div className="field" data-nature={nature}>
        <label htmlFor={fieldId(query)}>{label}</label>
        <input
          id={fieldId(query)}
          name={query}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={amount ? amountText(value, lang) : value === null ? '' : String(value)}
          // Amounts are regrouped once typed; the server reads grouped digits too.
          onBlur={
            amount
              ? (event) => {
                  const n = parseCriteriaNumber(event.currentTarget.value, MAX_AMOUNT);
                  if (n !== null) event.currentTarget.value = amountText(n, lang);
                }
              : undefined
          }
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
      if (found.some((e) => MORE_FIELDS.includes(e.field))) setPanelOpen(true);
      const first = form.elements.namedItem(QUERY_OF.get(found[0]!.field)!);
      if (first instanceof HTMLElement) setTimeout(() => first.focus(), 0);
      return;
    }
    const chosen = placeFromForm(fields);
    let slug: string | null = null;
    if (chosen.kind === 'slug') slug = chosen.slug;
    else if (chosen.kind === 'text') {
      setBusy(true);
      try {
        slug =
          (await api.get('searchLieu', { q: chosen.text, lang, limit: 1 })).items[0]?.slug ?? null;
      } catch {
        // No answer: send the form as it is, the server resolves the place.
        form.submit();
        return;
      } finally {
        setBusy(false);
      }
    }
    const target = searchFormTarget(next, slug, lang, config).href;
    // Text no place answers to: the list says so next to the field, with the closest places.
    if (chosen.kind === 'text' && slug === null) {
      void navigate(withUnknownPlace(target, chosen.text));
      return;
    }
    saveStoredSearch(next, config);
    setSheetOpen(false);
    void navigate(`${target}#${RESULTS_ID}`);
  }

  const formId = `${id}-form`;
  const summary = [
    chosenNames.length > 0
      ? chosenNames.join(', ')
      : (index.natures.get(criteria.nature)?.libelle[lang] ?? ''),
    place?.label ?? null,
    priceSummary(criteria, lang),
    count > 0 ? t`Filtres (${count})` : null,
  ].filter((part): part is string => Boolean(part));
  // Errors and an unknown place are shown in the open form, never behind the summary.
  const mustShow = errors.length > 0 || Boolean(unknownPlace);
  const form = (
    <form
      ref={formRef}
      id={compact ? formId : undefined}
      className={`search-form${compact ? ' search-form--compact' : ''}${
        compact && (sheetOpen || mustShow) ? ' search-form--open' : ''
      }`}
      method="get"
      action={`${searchFormPath(lang)}#${RESULTS_ID}`}
      role="search"
      aria-label={t`Rechercher un bien`}
      onSubmit={(event) => void onSubmit(event)}
      onChange={(event) => setCount(filterCountOf(event.currentTarget))}
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
        {/* The map area and the view go with the search (shared/search-form.ts: formKeepsArea). */}
        {criteria.bbox ? <input type="hidden" name="bbox" value={criteria.bbox} /> : null}
        {criteria.view ? <input type="hidden" name="view" value={criteria.view} /> : null}
        {/* The wider list of a place (omr list) stays chosen while the filters change. */}
        {criteria.nearby ? <input type="hidden" name="nearby" value="1" /> : null}
        <PlaceCombobox
          lang={lang}
          name="lieu_q"
          label={t`Lieu`}
          placeholder={t`Ville, département, région, pays…`}
          picked={place}
          fields={{ slug: 'lieu', label: 'lieu_label' }}
          unknown={
            unknownPlace
              ? {
                  ...unknownPlace,
                  hrefFor: (slug) => searchFormTarget(criteria, slug, lang, config).href,
                }
              : undefined
          }
        />
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
      <details
        className="search-form__filters"
        open={panelOpen}
        ref={detailsRef}
        onToggle={(event) => onPanelToggle(event.currentTarget.open)}
      >
        <summary ref={summaryRef} className="search-form__filters-toggle">
          {count > 0 ? t`Filtres (${count})` : t`Filtres`}
        </summary>
        <div
          className="search-form__panel"
          role="group"
          aria-labelledby={`${id}-panel-title`}
          tabIndex={-1}
        >
          <div className="search-form__panel-head">
            <h2
              id={`${id}-panel-title`}
              ref={panelTitleRef}
              tabIndex={-1}
              className="search-form__panel-title"
            >
              {t`Filtres`}
            </h2>
            {hydrated ? (
              <button type="button" className="search-form__panel-close" onClick={closePanel}>
                {t`Fermer`}
              </button>
            ) : null}
          </div>
          <details className="search-form__types">
            <summary>
              <span className="search-form__types-label">{t`Type de bien`}</span>
              <span className="search-form__types-chosen">
                {chosenNames.length > 0 ? chosenNames.join(', ') : t`Tous les types`}
              </span>
            </summary>
            <fieldset>
              <legend className="visually-hidden">{t`Type de bien`}</legend>
              <RubriqueChoices rubriques={topRubriques} chosen={chosenRubs} lang={lang} depth={0} />
            </fieldset>
          </details>
          <div className="search-form__grid">
            {countSelect('roomsCount', t`Pièces`)}
            {countSelect('bedRoomsCount', t`Chambres`)}
            {numberInput('minSurface', t`Surface minimum (m²)`)}
            {numberInput('maxSurface', t`Surface maximum (m²)`)}
            {numberInput('minSurfaceTerrain', t`Terrain minimum (m²)`)}
            {numberInput('maxSurfaceTerrain', t`Terrain maximum (m²)`)}
            <div className="field">
              <label htmlFor={`${id}-dpe_max`}>{t`Performance énergétique`}</label>
              <select id={`${id}-dpe_max`} name="dpe_max" defaultValue={criteria.dpeMax ?? ''}>
                <option value="">{t`Indifférent`}</option>
                {(criteria.dpeMax === 'G' ? ENERGY_CLASSES : DPE_OPTIONS).map((cls) => (
                  <option key={cls} value={cls}>
                    {dpeMaxLabel(i18n, cls)}
                  </option>
                ))}
              </select>
            </div>
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
          <div className="search-form__panel-actions">
            <button type="submit" className="button search-form__apply" disabled={busy}>
              {t`Appliquer`}
            </button>
          </div>
        </div>
      </details>
      {errors.length > 0 ? (
        <div className="search-form__errors" role="alert">
          <p>{t`Veuillez corriger les critères signalés.`}</p>
        </div>
      ) : null}
      {compact ? (
        // Closes the form's sheet on a phone (a link to the results: works without script).
        <a
          href={`#${RESULTS_ID}`}
          className="search-form__sheet-close"
          onClick={() => {
            setSheetOpen(false);
            summaryLinkRef.current?.focus();
          }}
        >
          {t`Fermer la recherche`}
        </a>
      ) : null}
    </form>
  );
  if (!compact) return form;
  return (
    <>
      <a
        ref={summaryLinkRef}
        href={`#${formId}`}
        className="search-summary"
        aria-expanded={hydrated ? sheetOpen || mustShow : undefined}
        aria-controls={hydrated ? formId : undefined}
        onClick={(event) => {
          event.preventDefault();
          setSheetOpen(true);
        }}
      >
        <span className="visually-hidden">{t`Modifier la recherche :`} </span>
        {summary.join(' · ')}
      </a>
      {form}
    </>
  );
}
