import type { ScreenModule } from './screen';

// The screens that exist: every client/routes/{name}.tsx, found by file name (kebab-case of the
// route table's screen name: agencyDirectory → agency-directory.tsx). A screen of the route table
// without a module is not routed yet: its URLs answer 404 until the module lands.

const modules = import.meta.glob<{ default: ScreenModule }>([
  '../routes/*.tsx',
  '!../routes/*.test.tsx',
]);

const loaded = new Map<string, ScreenModule>();

export function screenFile(screen: string): string {
  return `client/routes/${screen.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.tsx`;
}

export function hasScreen(screen: string): boolean {
  return `../${screenFile(screen).slice('client/'.length)}` in modules;
}

/** The module of a screen already loaded (synchronous, for rendering). */
export function loadedScreen(screen: string): ScreenModule | undefined {
  return loaded.get(screen);
}

const RELOAD_KEY = 'chunk-reload-at';
const RELOAD_GUARD_MS = 60_000;

/**
 * After a deploy, an old page may ask for a chunk that no longer exists: reload the page to get
 * the new build, at most once per minute (a loop of reloads would be worse than an error).
 */
export function reloadAfterChunkFailure(now = Date.now()): boolean {
  if (typeof window === 'undefined') return false;
  try {
    const last = Number(window.sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (now - last < RELOAD_GUARD_MS) return false;
    window.sessionStorage.setItem(RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/**
 * Loads a screen's module; undefined when the screen has none yet. A chunk that fails to load
 * reloads the page (once a minute at most) unless `reload` is false (prefetching).
 */
export async function loadScreen(
  screen: string,
  { reload = true } = {},
): Promise<ScreenModule | undefined> {
  const hit = loaded.get(screen);
  if (hit) return hit;
  const load = modules[`../${screenFile(screen).slice('client/'.length)}`];
  if (!load) return undefined;
  try {
    const module = (await load()).default;
    loaded.set(screen, module);
    return module;
  } catch (error) {
    if (reload && reloadAfterChunkFailure()) return new Promise(() => {}); // the page is going away
    throw error;
  }
}
