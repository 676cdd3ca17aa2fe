import { describe, expect, it, vi } from 'vitest';
import { INLINE_THEME_SCRIPT } from '../../shared/inline-scripts';
import { resolveTheme } from './theme';

// One row per case of spec section 4: stored value × system scheme → applied theme, warning.
const CASES: {
  stored: string | null;
  systemDark: boolean;
  theme: 'light' | 'dark';
  warns: boolean;
}[] = [
  { stored: null, systemDark: false, theme: 'light', warns: false },
  { stored: null, systemDark: true, theme: 'dark', warns: false },
  { stored: '', systemDark: true, theme: 'dark', warns: false },
  { stored: 'light', systemDark: true, theme: 'light', warns: false },
  { stored: 'dark', systemDark: false, theme: 'dark', warns: false },
  { stored: 'blue', systemDark: true, theme: 'light', warns: true },
  { stored: 'Dark', systemDark: false, theme: 'light', warns: true },
];

/** Runs the inline <head> script against a fake document and returns what it did. */
function runScript(stored: string | null, systemDark: boolean, storageThrows = false) {
  const attributes: Record<string, string> = {};
  const warn = vi.fn();
  const window = {
    matchMedia: (query: string) => ({ matches: systemDark && query.includes('dark') }),
  };
  const localStorage = {
    getItem: () => {
      if (storageThrows) throw new Error('denied');
      return stored;
    },
  };
  const document = {
    documentElement: { setAttribute: (k: string, v: string) => (attributes[k] = v) },
  };
  new Function('window', 'document', 'localStorage', 'matchMedia', 'console', INLINE_THEME_SCRIPT)(
    window,
    document,
    localStorage,
    window.matchMedia,
    { warn },
  );
  return { theme: attributes['data-theme'], warned: warn.mock.calls.length > 0 };
}

describe('theme', () => {
  it.each(CASES)(
    'stored $stored, system dark $systemDark → $theme',
    ({ stored, systemDark, theme, warns }) => {
      const warn = vi.fn();
      expect(resolveTheme(stored, systemDark, warn)).toBe(theme);
      expect(warn).toHaveBeenCalledTimes(warns ? 1 : 0);
    },
  );

  it.each(CASES)(
    'the inline script agrees: stored $stored, system dark $systemDark',
    ({ stored, systemDark, theme, warns }) => {
      expect(runScript(stored, systemDark)).toEqual({ theme, warned: warns });
    },
  );

  it('follows the system scheme when storage is unavailable', () => {
    expect(runScript(null, true, true).theme).toBe('dark');
  });
});
