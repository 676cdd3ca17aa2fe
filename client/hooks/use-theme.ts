import { useCallback, useSyncExternalStore } from 'react';
import { readStored, subscribeStored, writeStored } from './local-store';
import { THEME_KEY } from '../../shared/inline-scripts';
import { resolveTheme, type Theme } from './theme';

function getSnapshot(): Theme {
  const applied = document.documentElement.getAttribute('data-theme');
  if (applied === 'dark' || applied === 'light') return applied;
  const systemDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  return resolveTheme(readStored(THEME_KEY), systemDark, () => {});
}

// Empty on the server: the document carries no theme until the inline script runs.
const getServerSnapshot = (): Theme | undefined => undefined;

const subscribe = (listener: () => void) => subscribeStored(THEME_KEY, listener);

/** The current theme (undefined while server-rendered) and a setter that stores the choice. */
export function useTheme(): [Theme | undefined, (theme: Theme) => void] {
  const theme = useSyncExternalStore<Theme | undefined>(subscribe, getSnapshot, getServerSnapshot);
  const setTheme = useCallback((next: Theme) => {
    document.documentElement.setAttribute('data-theme', next);
    writeStored(THEME_KEY, next);
  }, []);
  return [theme, setTheme];
}
