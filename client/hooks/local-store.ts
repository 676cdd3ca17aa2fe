// localStorage behind a tiny subscription, for useSyncExternalStore hooks: reads never throw
// (private mode, quota, disabled storage), and a change in this tab or another one notifies.

type Listener = () => void;
const listeners = new Map<string, Set<Listener>>();

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the value lives until the page closes.
  }
  listeners.get(key)?.forEach((listener) => listener());
}

/** Subscribes to changes of one key, in this tab (writeStored) and in others (storage event). */
export function subscribeStored(key: string, listener: Listener): () => void {
  let set = listeners.get(key);
  if (!set) listeners.set(key, (set = new Set()));
  set.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    set.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
