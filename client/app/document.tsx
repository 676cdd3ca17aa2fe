import { useEffect, type ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { ScrollRestoration } from 'react-router';
import type { Lang } from '../../shared/contract';
import { HEAD_SCRIPTS } from '../../shared/inline-scripts';
import { DATA_SCRIPT_ID, useShell } from './shell';
// The heading font, preloaded: headings are the page's largest text. The text font is not, so
// the two do not compete with the page's image for the first bytes.
import headingFont from '@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2?url';

/**
 * The whole HTML document, rendered by React on both sides. The inline scripts (theme, and
 * whether the cookie banner shows) run before first paint (no flash); they are fixed text, each
 * allowed by its hash in the Content-Security-Policy.
 * The JSON data element carries the router's hydration data; browsers do not execute it.
 */
export function Document({
  lang,
  i18n,
  children,
}: {
  lang: Lang;
  i18n: I18n;
  children: ReactNode;
}) {
  const shell = useShell();
  useEffect(() => {
    // Hydrated: the page's controls work from now on (browser tests wait for this).
    document.documentElement.dataset.ready = 'true';
  }, []);
  return (
    <html lang={lang} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {HEAD_SCRIPTS.map((script, i) => (
          <script key={i} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />
        ))}
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="preload" href={headingFont} as="font" type="font/woff2" crossOrigin="" />
        {shell.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
        {shell.frame ? <link rel="preload" href={shell.frame} as="fetch" crossOrigin="" /> : null}
      </head>
      <body>
        <I18nProvider i18n={i18n}>{children}</I18nProvider>
        <ScrollRestoration />
        <script
          id={DATA_SCRIPT_ID}
          type="application/json"
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: shell.dataJson }}
        />
      </body>
    </html>
  );
}
