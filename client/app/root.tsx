import { Outlet, useLoaderData, useLocation, useRouteError } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { Header } from '../components/header';
import { Footer } from '../components/footer';
import { OnlineStatus } from '../components/online-status';
import { useIdlePrefetch } from '../hooks/use-idle-prefetch';
import { useLinkNavigation } from '../hooks/use-link-navigation';
import { loadedI18n } from '../i18n/catalogs';
import { Document } from './document';
import { describeError } from './errors';
import { ErrorPage, ErrorPageBoundary, ErrorPageFailure } from './error-page';
import { usePageData } from './links';
import { langOfPath } from '../../shared/routes';
import { RouteAnnouncer } from './route-focus';
import type { RootData } from './routes';

function useDocumentI18n() {
  const lang = langOfPath(useLocation().pathname);
  const i18n = loadedI18n(lang) ?? loadedI18n(lang === 'fr' ? 'en' : 'fr');
  if (!i18n) throw new Error('no catalog loaded');
  return { lang: i18n.locale === lang ? lang : (i18n.locale as typeof lang), i18n };
}

/** The outermost route: the HTML document around everything. */
export function DocumentRoute() {
  const { lang, i18n } = useDocumentI18n();
  return (
    <Document lang={lang} i18n={i18n}>
      <Outlet />
    </Document>
  );
}

/** Last resort, when even the error page failed (the server answers its own HTML for this). */
export function DocumentError() {
  const { lang, i18n } = useDocumentI18n();
  return (
    <Document lang={lang} i18n={i18n}>
      <main id="main">
        <ErrorPageFailure lang={lang} />
      </main>
    </Document>
  );
}

function SkipLink() {
  const { t } = useLingui();
  return (
    <a className="skip-link" href="#main">
      {t`Aller au contenu principal`}
    </a>
  );
}

/** The frame of every page: header (with the progress bar), main content, footer, online status. */
export function Frame() {
  const root = useLoaderData() as RootData;
  const page = usePageData();
  useIdlePrefetch(root.config);
  useLinkNavigation();
  return (
    <>
      <SkipLink />
      <Header lang={root.lang} config={root.config} />
      <OnlineStatus />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <RouteAnnouncer />
      <Footer
        lang={root.lang}
        config={root.config}
        promoteLieux={root.promoteLieux}
        externalLinks={page?.footerLinks ?? null}
        year={root.year}
      />
    </>
  );
}

/** The frame's data could not load (the listings API is down...): the error page on its own. */
export function RootError() {
  const error = useRouteError();
  const { t } = useLingui();
  const lang = langOfPath(useLocation().pathname);
  return (
    <>
      <SkipLink />
      <header className="site-header">
        <div className="site-header__inner">
          <a href={`/${lang}/`} className="brand">
            {t`Accueil`}
          </a>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <ErrorPageBoundary lang={lang}>
          <ErrorPage info={describeError(error)} lang={lang} />
        </ErrorPageBoundary>
      </main>
    </>
  );
}
