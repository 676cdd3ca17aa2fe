import { createContext, useContext, type ReactNode } from 'react';

// What the HTML document needs beyond the page's data: the CSP nonce of the inline scripts, the
// stylesheets and module preloads of the build, and the inline script that carries the router's
// hydration data. The server fills it per request; the browser reads the same values back from
// the page so the document hydrates identically.

export interface Shell {
  nonce: string | undefined;
  stylesheets: string[];
  modulePreloads: string[];
  /** Body of the inline data script (hydration data and the shell itself). */
  dataScript: string;
}

const ShellContext = createContext<Shell>({
  nonce: undefined,
  stylesheets: [],
  modulePreloads: [],
  dataScript: '',
});

export function ShellProvider({ shell, children }: { shell: Shell; children: ReactNode }) {
  return <ShellContext.Provider value={shell}>{children}</ShellContext.Provider>;
}

export function useShell(): Shell {
  return useContext(ShellContext);
}

export const DATA_SCRIPT_ID = 'portal-data';

const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON inside an inline script: nothing that could close the tag or start a comment (one pass). */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, (c) => ESCAPES[c] ?? c);
}
