import { useSyncExternalStore } from 'react';
import { readStored, subscribeStored } from './local-store';

// The favourites selection (spec section 3: offer ids grouped by nature id) as the header badge
// needs it: a count. The selection screen owns the list itself and writes it with writeStored
// under SELECTION_KEY, which notifies this hook.

export const SELECTION_KEY = 'selection';

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

const subscribe = (listener: () => void) => subscribeStored(SELECTION_KEY, listener);
const getSnapshot = () => countSelection(readStored(SELECTION_KEY));
const getServerSnapshot = () => 0;

/** Offers in the visitor's selection: 0 on the server, the stored count after hydration. */
export function useSelectionCount(): number {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
