import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { Config, Lang, LieuWithAncestors } from '../../shared/contract';
import {
  mergeStoredSearch,
  parseStoredSearch,
  toStoredSearch,
  type CriteriaInput,
  type SearchCriteria,
  type StoredSearch,
} from '../../shared/criteria';
import type { PortalApi } from '../../shared/portal-api';
import { usePortalApi } from '../api/portal-api-context';
import { readStored, subscribeStored, writeStored } from './local-store';

// The stored search (spec section 4): the visitor's last search, kept in local storage. Saved
// whenever a result list shows a search; restored at load by the rules of shared/criteria.ts
// mergeStoredSearch (the stored lieu fetched by id). The server renders without it (null), the
// browser reads it after hydration.

export const STORED_SEARCH_KEY = 'portal.search';

/** The stored search, or null (none, unreadable, or on the server). */
export function readStoredSearch(config: Config): StoredSearch | null {
  if (typeof window === 'undefined') return null;
  const raw = readStored(STORED_SEARCH_KEY);
  if (!raw) return null;
  try {
    return parseStoredSearch(JSON.parse(raw) as unknown, { config });
  } catch {
    return null;
  }
}

/** Saves criteria as the stored search (generic rubrique dropped, numbers or null...). */
export function saveStoredSearch(criteria: CriteriaInput, config: Config): void {
  const stored = toStoredSearch(criteria, { config });
  const json = JSON.stringify(stored);
  if (readStored(STORED_SEARCH_KEY) === json) return;
  writeStored(STORED_SEARCH_KEY, json);
}

const subscribe = (listener: () => void) => subscribeStored(STORED_SEARCH_KEY, listener);
const snapshot = () => readStored(STORED_SEARCH_KEY);
const serverSnapshot = () => null;

/** The stored search, live (null on the server and before hydration). */
export function useStoredSearch(config: Config): StoredSearch | null {
  const raw = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return useMemo(() => {
    if (!raw) return null;
    try {
      return parseStoredSearch(JSON.parse(raw) as unknown, { config });
    } catch {
      return null;
    }
  }, [raw, config]);
}

/** Saves the search a page shows, each time it changes (after hydration only). */
export function useSaveSearchOnChange(criteria: SearchCriteria | null, config: Config): void {
  const json = criteria ? JSON.stringify(toStoredSearch(criteria, { config })) : null;
  useEffect(() => {
    if (json === null) return;
    if (readStored(STORED_SEARCH_KEY) !== json) writeStored(STORED_SEARCH_KEY, json);
  }, [json]);
}

/** A place by id (the stored lieu); null when it is gone or unreachable. */
export async function fetchLieuById(
  api: PortalApi,
  id: number,
  lang: Lang,
  signal?: AbortSignal,
): Promise<LieuWithAncestors | null> {
  try {
    return await api.get('lieu', { id, lang }, { signal, background: true });
  } catch {
    return null;
  }
}

export interface RestoredSearch {
  criteria: SearchCriteria;
  /** The stored lieu as fetched (null: the generic place). */
  lieu: LieuWithAncestors | null;
}

/**
 * The stored search restored over `current` at load (spec section 4), once after hydration:
 * null while loading, when disabled, when nothing is stored, or when the rules keep `current`.
 */
export function useRestoredSearch(
  current: SearchCriteria | null,
  config: Config,
  lang: Lang,
  enabled: boolean,
): RestoredSearch | null {
  const api = usePortalApi();
  const [restored, setRestored] = useState<RestoredSearch | null>(null);
  const currentJson = JSON.stringify(current);
  useEffect(() => {
    if (!enabled) return;
    const stored = readStoredSearch(config);
    if (!stored) return;
    const base = JSON.parse(currentJson) as SearchCriteria | null;
    const controller = new AbortController();
    void (async () => {
      const lieu =
        stored.lieu === null
          ? null
          : await fetchLieuById(api, stored.lieu, lang, controller.signal);
      if (controller.signal.aborted) return;
      const criteria = mergeStoredSearch(base, stored, { config }, lieu);
      if (JSON.stringify(criteria) === currentJson) return;
      const keptLieu = lieu && criteria.lieu === lieu.id ? lieu : null;
      setRestored({ criteria, lieu: keptLieu });
    })();
    return () => controller.abort();
  }, [api, enabled, config, lang, currentJson]);
  return enabled ? restored : null;
}
