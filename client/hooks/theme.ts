// The theme (spec sections 3, 4 and 9): light or dark. It starts empty, then follows the stored
// value or else the system scheme; it is stored on change. A stored value other than light or
// dark warns and counts as light. The same rule runs twice: in the inline script of <head>
// (before first paint, no flash) and in the hook (after hydration).

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_KEY = 'theme';

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

// The inline script: the same rule, written out in plain ES5 for the <head>. The unit test runs
// it against resolveTheme so the two cannot drift apart.
export const THEME_SCRIPT = `(function(){var d=document.documentElement,s=null,t;try{s=localStorage.getItem(${JSON.stringify(THEME_KEY)})}catch(e){}if(s===null||s===""){t=window.matchMedia&&matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}else if(s==="dark"){t="dark"}else{if(s!=="light")console.warn('Unknown theme "'+s+'", falling back to light');t="light"}d.setAttribute("data-theme",t)})()`;
