// The theme (spec sections 3, 4 and 9): light or dark. It starts empty, then follows the stored
// value or else the system scheme; it is stored on change. A stored value other than light or
// dark warns and counts as light. The same rule runs twice: in the inline script of <head>
// (before first paint, no flash: shared/inline-scripts.ts) and in the hook (after hydration).

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The theme for a stored value and the system preference; warns on an unknown value. */
export function resolveTheme(
  stored: string | null,
  systemDark: boolean,
  warn: (m: string) => void,
): Theme {
  if (stored === null || stored === '') return systemDark ? 'dark' : 'light';
  if (stored === 'dark') return 'dark';
  if (stored !== 'light') warn(`Unknown theme "${stored}", falling back to light`);
  return 'light';
}
