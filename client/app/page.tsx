import { useLoaderData, useLocation, useRouteError } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { describeError } from './errors';
import { ErrorPage, ErrorPageBoundary } from './error-page';
import { HeadTags } from './head-tags';
import { langOfPath } from '../../shared/routes';
import type { PageData } from './routes';
import { useRootData } from './links';
import { loadedScreen } from './screens';

/** The page route's element: the screen's head and component, with the page's data. */
export function Page() {
  const page = useLoaderData() as PageData;
  const root = useRootData();
  const location = useLocation();
  const { i18n } = useLingui();
  const screen = loadedScreen(page.match.screen);
  if (!root || !screen) throw new Error(`screen ${page.match.screen} rendered before it loaded`);
  const url = new URL(`${location.pathname}${location.search}`, root.origin);
  const props = { data: page.data, config: root.config, lang: root.lang, match: page.match };
  const head = screen.head({ ...props, i18n, url });
  return (
    <>
      <HeadTags
        head={head}
        lang={root.lang}
        origin={root.origin}
        canonical={page.alternates[root.lang]}
        alternates={page.alternates}
        siteName={root.config.settings.siteName}
      />
      <screen.Component {...props} />
    </>
  );
}

/** A page that failed inside the frame: not-found or error page with its status. */
export function PageError() {
  const error = useRouteError();
  const location = useLocation();
  const lang = langOfPath(location.pathname);
  return (
    <ErrorPageBoundary lang={lang}>
      <ErrorPage info={describeError(error)} lang={lang} />
    </ErrorPageBoundary>
  );
}
