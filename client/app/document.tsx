import { useEffect, type ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { ScrollRestoration } from 'react-router';
import type { Lang } from '../../shared/contract';
import { THEME_SCRIPT } from '../hooks/theme';
import { DATA_SCRIPT_ID, useShell } from './shell';

/**
 * The whole HTML document, rendered by React on both sides. The inline theme script runs before
 * first paint (no flash); the inline data script carries the router's hydration data. Both carry
 * the request's CSP nonce, which browsers hide after load: hydration must not compare it.
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
        <script
          nonce={shell.nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }}
        />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {shell.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {shell.modulePreloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body>
        <I18nProvider i18n={i18n}>{children}</I18nProvider>
        <ScrollRestoration />
        <script
          id={DATA_SCRIPT_ID}
          nonce={shell.nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: shell.dataScript }}
        />
      </body>
    </html>
  );
}
