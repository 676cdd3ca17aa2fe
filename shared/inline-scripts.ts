// Every script a page executes inline, exactly as the page carries it: the head's (written by
// client/app/document.tsx) and the boot script at the body's end (client/entry-server.tsx).
// They are fixed text (no data, nothing per request): the Content-Security-Policy allows each by
// its sha256 hash (server/plugins/security.ts), so a page is the same bytes for every visitor.
// Data goes in the JSON data element (client/app/shell.tsx) or the frame file, which browsers do
// not execute. Both sides read them here: the pages carry them, the BFF hashes them.

/** Where the visitor's theme choice is stored (localStorage). */
export const THEME_KEY = 'theme';

// The theme applied before first paint (spec sections 3, 4 and 9): the rule of
// client/hooks/theme.ts resolveTheme, written out in plain ES5 for the <head>. The unit test runs
// it against resolveTheme so the two cannot drift apart.
export const INLINE_THEME_SCRIPT = `(function(){var d=document.documentElement,s=null,t;try{s=localStorage.getItem(${JSON.stringify(THEME_KEY)})}catch(e){}if(s===null||s===""){t=window.matchMedia&&matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}else if(s==="dark"){t="dark"}else{if(s!=="light")console.warn('Unknown theme "'+s+'", falling back to light');t="light"}d.setAttribute("data-theme",t)})()`;

/** The cookie keeping the visitor's cookie choices (client/hooks/use-consent.ts). */
export const CONSENT_COOKIE_NAME = 'cookie_consent';

// The cookie banner is in every page's HTML, hidden by CSS (client/styles/consent.css) unless
// <html> says data-consent="ask": this script says so before first paint when no valid choice is
// stored, "stored" otherwise, so the banner is painted with the page for a first visit and never
// flashes for a returning visitor. Without JavaScript it stays hidden (its buttons need the
// page's script). A valid choice is what client/hooks/use-consent.ts parseConsent accepts; the
// unit test checks the two agree.
export const INLINE_CONSENT_SCRIPT = `(function(){var v="";try{var m=/(?:^|;)\\s*${CONSENT_COOKIE_NAME}\\s*=\\s*([^;]*)/.exec(document.cookie);v=m?decodeURIComponent(m[1].replace(/\\s+$/,"")):""}catch(e){}document.documentElement.setAttribute("data-consent",/^v1\\|maps:[01]\\|videos:[01]\\|tours:[01]\\|\\d{4}-\\d{2}-\\d{2}$/.test(v)?"stored":"ask")})()`;

/** The id of the JSON data element (client/app/shell.tsx), which also lists the page's scripts. */
export const DATA_SCRIPT_ID = 'portal-data';

// The browser app starts once the page has painted its content: this script, last in the body,
// waits for the first contentful paint (Paint Timing), then adds the module preloads and the entry
// scripts that the JSON data element's `shell` lists. Until then the network and the main thread go
// to the stylesheets, the largest paint's image and the first paint; the server-rendered page is
// readable and its links and forms work meanwhile. A page opened in a background tab (it paints
// nothing) starts at once; a browser without Paint Timing starts after the first frame; and
// BOOT_WAIT_MS bounds the wait.
export const BOOT_WAIT_MS = 3000;
export const INLINE_BOOT_SCRIPT = `(function(){var d=document,w=window,b=0;function go(){if(b)return;b=1;var e=d.getElementById(${JSON.stringify(DATA_SCRIPT_ID)});if(!e)return;var s=JSON.parse(e.textContent).shell;s.modulePreloads.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});s.scripts.forEach(function(h){var t=d.createElement("script");t.type="module";t.src=h;d.body.appendChild(t)})}var P=w.PerformanceObserver;if(d.visibilityState==="hidden")go();else if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go,0)}}).observe({type:"paint",buffered:true});setTimeout(go,${BOOT_WAIT_MS})}else if(w.requestAnimationFrame)requestAnimationFrame(function(){setTimeout(go,0)});else go()})()`;

/** The inline scripts of the document's head, in order. */
export const HEAD_SCRIPTS: readonly string[] = [INLINE_THEME_SCRIPT, INLINE_CONSENT_SCRIPT];

/** Every inline script a page runs (the Content-Security-Policy lists their hashes). */
export const INLINE_SCRIPTS: readonly string[] = [...HEAD_SCRIPTS, INLINE_BOOT_SCRIPT];
