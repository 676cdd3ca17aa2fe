import { THEME_SCRIPT } from '../hooks/theme';

// Every script a page executes inline, exactly as the document emits it. They are fixed text (no
// data, nothing per request): the Content-Security-Policy allows each by its sha256 hash
// (server/plugins/security.ts), so a page is the same bytes for every visitor. Data goes in the
// JSON data element (client/app/shell.tsx) or the frame file, which browsers do not execute.

/** The theme, applied before first paint. */
export const INLINE_THEME_SCRIPT = THEME_SCRIPT;

export const INLINE_SCRIPTS: readonly string[] = [INLINE_THEME_SCRIPT];
