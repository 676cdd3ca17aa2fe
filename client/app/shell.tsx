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

/** JSON inside an inline script: nothing that could close the tag or start a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
