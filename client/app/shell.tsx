import { createContext, useContext, type ReactNode } from 'react';

// What the HTML document needs beyond the page's data: the stylesheets of the build, and the JSON
// data element that carries the router's hydration data and the page's scripts (started by the
// boot script of shared/inline-scripts.ts). The server fills it per request; the browser reads the
// same values back from the page so the document hydrates identically.
//
// No inline script of a page depends on the request: the data travels as JSON in a
// `<script type="application/json">` element, which browsers never execute, and the executed
// inline scripts (theme, cookie banner: shared/inline-scripts.ts) are fixed text whose hashes the
// Content-Security-Policy lists.
// A page is then the same bytes for every visitor and can be cached by an edge.

export interface Shell {
  stylesheets: string[];
  /** The frame file of the page (the data every page shares), fetched with the page. */
  frame?: string;
  /** Text of the JSON data element: a PageData, script-safe. */
  dataJson: string;
}

/** What the JSON data element holds. */
export interface PageDataJson<Hydration = unknown> {
  /** The router's hydration state (client/app/hydration.ts). */
  hydration: Hydration;
  /** The shell as the browser needs it, and the frame file of the page. */
  shell: {
    stylesheets: string[];
    /** Module scripts the boot script preloads, then the entry scripts it runs. */
    modulePreloads: string[];
    scripts: string[];
    frame?: string;
  };
}

const ShellContext = createContext<Shell>({
  stylesheets: [],
  dataJson: '',
});

export function ShellProvider({ shell, children }: { shell: Shell; children: ReactNode }) {
  return <ShellContext.Provider value={shell}>{children}</ShellContext.Provider>;
}

export function useShell(): Shell {
  return useContext(ShellContext);
}

export { DATA_SCRIPT_ID } from '../../shared/inline-scripts';

const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON inside a script element: nothing that could close the tag or start a comment (one pass). */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, (c) => ESCAPES[c] ?? c);
}
