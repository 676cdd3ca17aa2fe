// Every script a page executes inline, exactly as the document emits it (client/app/document.tsx).
// They are fixed text (no data, nothing per request): the Content-Security-Policy allows each by
// its sha256 hash (server/plugins/security.ts), so a page is the same bytes for every visitor.
// Data goes in the JSON data element (client/app/shell.tsx) or the frame file, which browsers do
// not execute. Both sides read them here: the browser's document writes them, the BFF hashes them.

/** Where the visitor's theme choice is stored (localStorage). */
export const THEME_KEY = 'theme';

// The theme applied before first paint (spec sections 3, 4 and 9): the rule of
// client/hooks/theme.ts resolveTheme, written out in plain ES5 for the <head>. The unit test runs
// it against resolveTheme so the two cannot drift apart.
export const INLINE_THEME_SCRIPT = `(function(){var d=document.documentElement,s=null,t;try{s=localStorage.getItem(${JSON.stringify(THEME_KEY)})}catch(e){}if(s===null||s===""){t=window.matchMedia&&matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}else if(s==="dark"){t="dark"}else{if(s!=="light")console.warn('Unknown theme "'+s+'", falling back to light');t="light"}d.setAttribute("data-theme",t)})()`;

export const INLINE_SCRIPTS: readonly string[] = [INLINE_THEME_SCRIPT];
