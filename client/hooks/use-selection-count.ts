import { useCallback, useSyncExternalStore } from 'react';
import { usePortalApi } from '../api/portal-api-context';
import { reloadSelectionAtStart, selectionSize, selectionStore } from './use-selection';

// The favourites selection (spec section 3: offer ids grouped by nature id) as the header badge
// needs it: a count. The selection itself is the store of use-selection.ts (memory first, then
// localStorage), which notifies this hook on each change.

export { SELECTION_KEY } from './use-selection';

/** Number of offers in a stored selection value; 0 for anything unreadable. */
export function countSelection(stored: string | null): number {
  if (!stored) return 0;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (typeof parsed !== 'object' || parsed === null) return 0;
    const byNature = (parsed as { offers?: unknown }).offers ?? parsed;
    if (typeof byNature !== 'object' || byNature === null) return 0;
    const ids = new Set<number>();
    for (const list of Object.values(byNature as Record<string, unknown>)) {
      if (Array.isArray(list))
        for (const id of list) if (Number.isInteger(id)) ids.add(id as number);
    }
    return ids.size;
  } catch {
    return 0;
  }
}

const getSnapshot = () => selectionSize(selectionStore.get());
const getServerSnapshot = () => 0;

/** Offers in the visitor's selection: 0 on the server, the stored count after hydration. */
export function useSelectionCount(): number {
  const api = usePortalApi();
  // The header subscribes on every page: the stored ids are reloaded once per page load from here.
  const subscribe = useCallback(
    (listener: () => void) => {
      reloadSelectionAtStart(api);
      return selectionStore.subscribe(listener);
    },
    [api],
  );
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
