import { useSyncExternalStore } from 'react';
import { NATURE_IDS, type Lang, type NatureId, type OfferSummary } from '../../shared/contract';
import { isId } from '../../shared/validation';
import type { PortalApi } from '../../shared/portal-api';

// The favourites selection (spec section 3: offer ids grouped by nature id, a filter and a sort),
// kept in the browser without an account. The state lives in memory and is written to
// localStorage on each change; when localStorage is unavailable (private mode, quota, disabled)
// the selection simply lasts as long as the page. Another tab's change arrives through the
// storage event. On the server the selection is always empty (nothing is stored there).

export const SELECTION_KEY = 'selection';
/** Most offers a selection holds (the offers call reloads them 100 at a time). */
export const MAX_SELECTION = 200;
/** Ids per offers call (the listings API's limit). */
export const RELOAD_CHUNK = 100;

export const SELECTION_FILTERS = ['all', ...NATURE_IDS] as const;
export type SelectionFilter = (typeof SELECTION_FILTERS)[number];

/** added: last added first; new: newest offers first; price: the nature's price or rent. */
export const SELECTION_SORTS = ['added', 'new', 'price_asc', 'price_desc'] as const;
export type SelectionSort = (typeof SELECTION_SORTS)[number];

export interface Selection {
  /** Offer ids per nature, in the order they were added (last added last). */
  offers: Record<NatureId, number[]>;
  filter: SelectionFilter;
  sort: SelectionSort;
}

export const EMPTY_SELECTION: Selection = Object.freeze({
  offers: Object.freeze({ V: [], L: [], S: [] }) as unknown as Record<NatureId, number[]>,
  filter: 'all',
  sort: 'added',
}) as Selection;

// ---------------------------------------------------------------------------------------------
// The value and its rules (pure)

/**
 * A selection from its stored form; anything unreadable is left out. Also reads the bare
 * `{ "V": [1, 2] }` form. An id listed under two natures is kept under the first.
 * @example parseSelection('{"offers":{"V":[3,7]},"sort":"new"}').offers.V // [3, 7]
 */
export function parseSelection(raw: string | null): Selection {
  if (!raw) return EMPTY_SELECTION;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return EMPTY_SELECTION;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return EMPTY_SELECTION;
  const value = parsed as { offers?: unknown; filter?: unknown; sort?: unknown };
  const byNature =
    typeof value.offers === 'object' && value.offers !== null ? value.offers : parsed;
  const offers: Record<NatureId, number[]> = { V: [], L: [], S: [] };
  const seen = new Set<number>();
  for (const nature of NATURE_IDS) {
    const list = (byNature as Record<string, unknown>)[nature];
    if (!Array.isArray(list)) continue;
    for (const id of list) {
      if (!isId(id) || seen.has(id) || seen.size >= MAX_SELECTION) continue;
      seen.add(id);
      offers[nature].push(id);
    }
  }
  return {
    offers,
    filter: SELECTION_FILTERS.find((f) => f === value.filter) ?? 'all',
    sort: SELECTION_SORTS.find((s) => s === value.sort) ?? 'added',
  };
}

export function serialiseSelection(selection: Selection): string {
  return JSON.stringify(selection);
}

/** Every id of the selection, nature by nature. */
export function selectionIds(selection: Selection): number[] {
  return NATURE_IDS.flatMap((nature) => selection.offers[nature]);
}

export function selectionSize(selection: Selection): number {
  return NATURE_IDS.reduce((n, nature) => n + selection.offers[nature].length, 0);
}

/** The nature an offer is kept under, or null when it is not in the selection. */
export function natureInSelection(selection: Selection, id: number): NatureId | null {
  return NATURE_IDS.find((nature) => selection.offers[nature].includes(id)) ?? null;
}

/** The selection with the offer added under its nature (moved there if it was elsewhere). */
export function withOffer(selection: Selection, nature: NatureId, id: number): Selection {
  if (!isId(id)) return selection;
  if (selection.offers[nature].includes(id)) return selection;
  const without = withoutOffer(selection, id);
  if (selectionSize(without) >= MAX_SELECTION) return selection;
  return { ...without, offers: { ...without.offers, [nature]: [...without.offers[nature], id] } };
}

export function withoutOffer(selection: Selection, id: number): Selection {
  const nature = natureInSelection(selection, id);
  if (nature === null) return selection;
  return {
    ...selection,
    offers: { ...selection.offers, [nature]: selection.offers[nature].filter((x) => x !== id) },
  };
}

/** What the offers call said of an offer. */
export type ReloadedOffer = Pick<OfferSummary, 'id' | 'status'> & { nature: { id: NatureId } };

/**
 * The selection after reloading `asked` through the offers call: offers it did not return (they
 * no longer exist) are dropped, the others are kept under the nature the listings API gives;
 * offers no longer on sale stay, for the wishlist to say so and point to similar ones. Ids added
 * while the call ran are kept as they are.
 */
export function pruneSelection(
  selection: Selection,
  asked: readonly number[],
  found: readonly ReloadedOffer[],
): Selection {
  const askedSet = new Set(asked);
  const byId = new Map(found.map((offer) => [offer.id, offer]));
  const offers: Record<NatureId, number[]> = { V: [], L: [], S: [] };
  let changed = false;
  for (const nature of NATURE_IDS) {
    for (const id of selection.offers[nature]) {
      if (!askedSet.has(id)) {
        offers[nature].push(id);
        continue;
      }
      const offer = byId.get(id);
      if (!offer) {
        changed = true;
        continue;
      }
      if (offer.nature.id !== nature) changed = true;
      offers[offer.nature.id].push(id);
    }
  }
  return changed ? { ...selection, offers } : selection;
}

/** The amount an offer is sorted by: its sale price, monthly rent or weekly rent; null if hidden. */
export function sortAmount(offer: OfferSummary): number | null {
  if (offer.prixCache) return null;
  const amount =
    offer.nature.id === 'V'
      ? offer.price
      : offer.nature.id === 'L'
        ? offer.monthlyRent
        : offer.weeklyRent;
  return amount ?? null;
}

export interface SelectionGroup {
  nature: NatureId;
  offers: OfferSummary[];
}

/**
 * The selection's offers as the favourites page shows them: grouped by nature (in nature order),
 * only the natures of the filter, each group in the selection's sort. Offers of `offers` that
 * are not (or no longer) in the selection are left out; hidden prices sort last.
 */
export function groupSelection(
  selection: Selection,
  offers: readonly OfferSummary[],
): SelectionGroup[] {
  const byId = new Map(offers.map((offer) => [offer.id, offer]));
  const groups: SelectionGroup[] = [];
  for (const nature of NATURE_IDS) {
    if (selection.filter !== 'all' && selection.filter !== nature) continue;
    const ids = selection.offers[nature];
    // Last added first.
    const list = ids.flatMap((id) => byId.get(id) ?? []).reverse();
    if (selection.sort === 'new') {
      list.sort((a, b) => b.date.localeCompare(a.date));
    } else if (selection.sort === 'price_asc' || selection.sort === 'price_desc') {
      const sign = selection.sort === 'price_asc' ? 1 : -1;
      list.sort((a, b) => {
        const x = sortAmount(a);
        const y = sortAmount(b);
        if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
        return sign * (x - y);
      });
    }
    if (list.length > 0) groups.push({ nature, offers: list });
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------
// A value persisted in localStorage, for useSyncExternalStore

/** The little of the Storage interface a persisted value uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface PersistedValueOptions<T> {
  key: string;
  empty: T;
  parse(raw: string | null): T;
  serialise(value: T): string;
  /** The storage, or null when there is none (server, private mode); may throw. */
  storage(): StorageLike | null;
  /** Listens to other tabs' changes (the window's storage event); returns the unsubscription. */
  listenExternal?(onChange: (key: string | null) => void): () => void;
}

export interface PersistedValue<T> {
  get(): T;
  /** Replaces the value: memory first, then storage (a storage failure is ignored). */
  set(next: T): void;
  update(change: (value: T) => T): void;
  subscribe(listener: () => void): () => void;
}

export function createPersistedValue<T>(options: PersistedValueOptions<T>): PersistedValue<T> {
  const listeners = new Set<() => void>();
  let value: T | undefined;
  let stopExternal: (() => void) | undefined;

  const storage = (): StorageLike | null => {
    try {
      return options.storage();
    } catch {
      return null;
    }
  };
  const read = (): T | undefined => {
    const store = storage();
    if (!store) return undefined;
    try {
      return options.parse(store.getItem(options.key));
    } catch {
      return undefined;
    }
  };
  const notify = () => listeners.forEach((listener) => listener());

  const get = (): T => {
    value ??= read() ?? options.empty;
    return value;
  };
  const set = (next: T) => {
    if (next === get()) return;
    value = next;
    try {
      storage()?.setItem(options.key, options.serialise(next));
    } catch {
      // Private mode or full storage: the value lives in memory until the page closes.
    }
    notify();
  };

  return {
    get,
    set,
    update: (change) => set(change(get())),
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1 && options.listenExternal) {
        stopExternal = options.listenExternal((key) => {
          if (key !== null && key !== options.key) return;
          const fresh = read();
          // Unreadable storage keeps what this page has.
          if (fresh === undefined) return;
          value = fresh;
          notify();
        });
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stopExternal?.();
          stopExternal = undefined;
        }
      };
    },
  };
}

/** The browser's localStorage (null on the server); reading it may throw in private mode. */
export function browserStorage(): StorageLike | null {
  return typeof window === 'undefined' ? null : window.localStorage;
}

export function listenStorageEvents(onChange: (key: string | null) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const handler = (event: StorageEvent) => onChange(event.key);
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}

// ---------------------------------------------------------------------------------------------
// The visitor's selection

export const selectionStore = createPersistedValue<Selection>({
  key: SELECTION_KEY,
  empty: EMPTY_SELECTION,
  parse: parseSelection,
  serialise: serialiseSelection,
  storage: browserStorage,
  listenExternal: listenStorageEvents,
});

export type FetchOffersByIds = (ids: number[]) => Promise<readonly ReloadedOffer[]>;

/**
 * Reloads the stored ids through the offers call (spec section 4) and drops the offers that no
 * longer exist (those withdrawn stay). A failed call changes nothing and is not reported.
 * Answers the offers found, or null when the call failed.
 */
export async function reloadSelection<O extends ReloadedOffer>(
  store: PersistedValue<Selection>,
  fetchOffers: (ids: number[]) => Promise<readonly O[]>,
): Promise<O[] | null> {
  const asked = selectionIds(store.get());
  if (asked.length === 0) return [];
  const chunks: number[][] = [];
  for (let i = 0; i < asked.length; i += RELOAD_CHUNK)
    chunks.push(asked.slice(i, i + RELOAD_CHUNK));
  let found: O[];
  try {
    found = (await Promise.all(chunks.map((chunk) => fetchOffers(chunk)))).flat();
  } catch {
    return null;
  }
  store.update((current) => pruneSelection(current, asked, found));
  return found;
}

/** The offers call, without the page's progress bar (a background check). */
export function fetchOffersByIds(api: PortalApi, lang: Lang): FetchOffersByIds {
  return async (ids) => {
    const list = await api.get('offersByIds', { ids, lang }, { background: true });
    if (!Array.isArray(list?.items)) throw new Error('offers call answered no items');
    return list.items;
  };
}

let startupReload: Promise<unknown> | undefined;

/**
 * Once per page load, after the page is interactive: the stored ids are reloaded through the
 * offers call (the header's badge then counts only offers that still exist).
 */
export function reloadSelectionAtStart(api: PortalApi): void {
  if (startupReload || typeof window === 'undefined') return;
  const lang: Lang = document.documentElement.lang === 'en' ? 'en' : 'fr';
  startupReload = new Promise<void>((resolve) => {
    const run = () => resolve();
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 200);
  }).then(() => reloadSelection(selectionStore, fetchOffersByIds(api, lang)));
}

const getServerSnapshot = () => EMPTY_SELECTION;

/** The visitor's selection: empty on the server and while hydrating, then the stored one. */
export function useSelection(): Selection {
  return useSyncExternalStore(selectionStore.subscribe, selectionStore.get, getServerSnapshot);
}

export const addToSelection = (nature: NatureId, id: number) =>
  selectionStore.update((s) => withOffer(s, nature, id));
export const removeFromSelection = (id: number) =>
  selectionStore.update((s) => withoutOffer(s, id));
export const setSelectionFilter = (filter: SelectionFilter) =>
  selectionStore.update((s) => (s.filter === filter ? s : { ...s, filter }));
export const setSelectionSort = (sort: SelectionSort) =>
  selectionStore.update((s) => (s.sort === sort ? s : { ...s, sort }));

const noSubscription = () => () => {};

/** False on the server and while hydrating, true once the page runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
