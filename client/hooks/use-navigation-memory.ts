import { useMemo, useSyncExternalStore } from 'react';
import { readStored, subscribeStored, writeStored } from './local-store';

// The navigation memory (spec section 3): the URLs the visitor has seen (newest last), the origin
// (the result list the visitor came from to detail pages: the way back), the last offer and the
// last agency looked at (a list can show where the visitor was). Kept in local storage; the
// server renders with the empty memory.

export const NAVIGATION_MEMORY_KEY = 'portal.navigation';
/** URLs kept in urlsSeen (the oldest go first). */
export const URLS_SEEN_MAX = 50;

export interface NavigationMemory {
  urlsSeen: string[];
  origin: string | null;
  lastOfferId: number | null;
  lastAgencyId: number | null;
}

export const EMPTY_MEMORY: NavigationMemory = {
  urlsSeen: [],
  origin: null,
  lastOfferId: null,
  lastAgencyId: null,
};

const isId = (x: unknown): x is number => Number.isInteger(x) && (x as number) > 0;
/** Only paths of this site are remembered (never another origin). */
const isLocalUrl = (x: unknown): x is string =>
  typeof x === 'string' && x.startsWith('/') && !x.startsWith('//') && x.length <= 2000;

/** The memory from its stored form; unreadable parts are dropped, never thrown. */
export function parseNavigationMemory(raw: string | null): NavigationMemory {
  if (!raw) return EMPTY_MEMORY;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return EMPTY_MEMORY;
  }
  if (typeof json !== 'object' || json === null) return EMPTY_MEMORY;
  const m = json as Record<string, unknown>;
  return {
    urlsSeen: Array.isArray(m.urlsSeen) ? m.urlsSeen.filter(isLocalUrl).slice(-URLS_SEEN_MAX) : [],
    origin: isLocalUrl(m.origin) ? m.origin : null,
    lastOfferId: isId(m.lastOfferId) ? m.lastOfferId : null,
    lastAgencyId: isId(m.lastAgencyId) ? m.lastAgencyId : null,
  };
}

export interface Visit {
  /** The page's path and query. */
  url: string;
  origin?: string | null;
  lastOfferId?: number;
  lastAgencyId?: number;
}

/** The memory after a visit: the URL moves to the end of urlsSeen (once), the rest is updated. */
export function withVisit(memory: NavigationMemory, visit: Visit): NavigationMemory {
  const urlsSeen = isLocalUrl(visit.url)
    ? [...memory.urlsSeen.filter((u) => u !== visit.url), visit.url].slice(-URLS_SEEN_MAX)
    : memory.urlsSeen;
  return {
    urlsSeen,
    origin:
      visit.origin === undefined
        ? memory.origin
        : isLocalUrl(visit.origin)
          ? visit.origin
          : memory.origin,
    lastOfferId: isId(visit.lastOfferId) ? visit.lastOfferId : memory.lastOfferId,
    lastAgencyId: isId(visit.lastAgencyId) ? visit.lastAgencyId : memory.lastAgencyId,
  };
}

export function readNavigationMemory(): NavigationMemory {
  if (typeof window === 'undefined') return EMPTY_MEMORY;
  return parseNavigationMemory(readStored(NAVIGATION_MEMORY_KEY));
}

/** Records a visit (browser only; call it from an effect). */
export function recordVisit(visit: Visit): void {
  const next = withVisit(readNavigationMemory(), visit);
  writeStored(NAVIGATION_MEMORY_KEY, JSON.stringify(next));
}

const subscribe = (listener: () => void) => subscribeStored(NAVIGATION_MEMORY_KEY, listener);
const snapshot = () => readStored(NAVIGATION_MEMORY_KEY);
const serverSnapshot = () => null;

/** The navigation memory, live (empty on the server and before hydration). */
export function useNavigationMemory(): NavigationMemory {
  const raw = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return useMemo(() => parseNavigationMemory(raw), [raw]);
}
