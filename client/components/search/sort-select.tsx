import { useId, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type { Config } from '../../../shared/contract';
import { sortOptionsFor, toSearchQuery, type SearchCriteria } from '../../../shared/criteria';
import { SORT_LABELS } from './labels';

// The sort of a result list (spec section 9 options for the nature). Without JavaScript it is a
// small GET form on the same page (the other criteria as hidden fields, back to page 1); with
// JavaScript, choosing an option goes to the sorted URL at once.

const subscribeNothing = () => () => {};
/** False on the server and during hydration, true once the page is interactive. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

export function SortSelect({
  criteria,
  config,
  path,
}: {
  criteria: SearchCriteria;
  config: Config;
  /** Path of the list (without query). */
  path: string;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const id = useId();
  // The other criteria of the list, back to page 1: the sort select adds its own value.
  const kept = toSearchQuery({ ...criteria, page: 1, sort: 'default' }, { config });
  const targetFor = (sort: string) => {
    const query = new URLSearchParams(kept);
    if (sort !== 'default') query.set('sort', sort);
    const s = query.toString();
    return `${path}${s ? `?${s}` : ''}`;
  };
  return (
    <form className="sort-select" method="get" action={path}>
      {[...kept.entries()].map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor={id}>{t`Trier par`}</label>
      <select
        id={id}
        name="sort"
        value={criteria.sort}
        onChange={(event) => void navigate(targetFor(event.target.value))}
      >
        {sortOptionsFor(criteria.nature).map((sort) => (
          <option key={sort} value={sort}>
            {i18n._(SORT_LABELS[sort])}
          </option>
        ))}
      </select>
      <button type="submit" className="sort-select__submit" hidden={hydrated}>
        {t`Trier`}
      </button>
    </form>
  );
}
