import type { I18n } from '@lingui/core';
import { data, redirect, type RouteObject, type ShouldRevalidateFunction } from 'react-router';
import type { Config, ExternalLinks, Lang, Omr } from '../../shared/contract';
import type { PortalApi } from '../../shared/portal-api';
import {
  ROUTE_BY_SCREEN,
  alternates,
  catalogsOf,
  langOfPath,
  resolvePath,
  type CatalogName,
} from '../../shared/routes';
import { FORM_FIELD } from '../../shared/page-actions';
import { badRequest, notFound, toRouteError } from './errors';
import { runGuards } from './guards';
import type { ScreenMatch } from './route-table';
import { loadScreen } from './screens';
import type { ScreenActionArgs, ScreenActions, ScreenLoaderArgs } from './screen';
import { DocumentError, DocumentRoute, Frame, RootError } from './root';
import { Page, PageError } from './page';

// The react-router tree, the same on both sides:
//   document  (the HTML document; its error element is the last resort)
//   └─ root  (loader: config + editorial config; element: the frame: header, footer...)
//      └─ page  '*'  (loader: the route table resolves the URL, then the screen's guards and loader)
// Screens are dispatched by data (shared/routes.ts), not by react-router path patterns: see
// docs/decisions/001-routing.md.

export interface Platform {
  api: PortalApi;
  /**
   * Loads a language's catalogs, the portal's by default (rendering needs them before the page
   * shows).
   */
  i18n(lang: Lang, catalogs?: readonly CatalogName[]): Promise<I18n>;
  /** Collects edge cache tags (server); a no-op in the browser. */
  tag(...tags: string[]): void;
  /** Public origin for canonical and alternate URLs. */
  origin(request: Request): string;
  /** Counts a task of the navigation for the progress bar (browser). */
  track?<T>(task: Promise<T>): Promise<T>;
  /** The server could not read the request: the page is the error page of this status. */
  errorStatus?: number;
  /** Runs a page's action on the server (browser: shared/page-actions.ts). */
  submit?(request: Request): Promise<unknown>;
  /**
   * The actions of a screen, to run here (server: client/routes/{screen}.server.ts, built into
   * the server entry alone); undefined for a screen without any.
   */
  actions?(screen: string): Promise<ScreenActions | undefined>;
}

export interface RootData {
  lang: Lang;
  config: Config;
  promoteLieux: Omr['footer']['promoteLieux'];
  origin: string;
  year: number;
}

export interface PageData<D = unknown> {
  match: ScreenMatch;
  data: D;
  /** Canonical root-relative path of the page in each language (and x-default). */
  alternates: Partial<Record<Lang | 'x-default', string>>;
  footerLinks: ExternalLinks | null;
  status: number;
}

/**
 * Shared by a page's action and its loaders within one server request (the static handler's
 * request context): a page rendered after a form posted without JavaScript can show the outcome
 * even where its own data failed to load (e.g. the contact form kept when the offer is unavailable).
 */
export interface PageRequestContext {
  posted?: unknown;
}

/** An action's data, without the status `data()` wraps it in. */
function outcomeOf(result: unknown): unknown {
  const wrapped = result as { type?: unknown; data?: unknown } | null;
  return wrapped && typeof wrapped === 'object' && wrapped.type === 'DataWithResponseInit'
    ? wrapped.data
    : result;
}

/** An action's answer asking for the page's data again (e.g. the alerts list after a change). */
export interface ReloadingOutcome {
  reload?: boolean;
}

// After a write, the page's data is loaded again only when the action says it changed.
const pageShouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  actionResult,
  defaultShouldRevalidate,
}) =>
  formMethod !== undefined && formMethod.toUpperCase() !== 'GET'
    ? Boolean((actionResult as ReloadingOutcome | undefined)?.reload)
    : defaultShouldRevalidate;

// The frame's data only changes with the language.
const rootShouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod }) =>
  formMethod !== undefined || langOfPath(currentUrl.pathname) !== langOfPath(nextUrl.pathname);

export function createRoutes(platform: Platform): RouteObject[] {
  const { api } = platform;

  async function rootLoader({ request }: { request: Request }): Promise<RootData> {
    const lang = langOfPath(new URL(request.url).pathname);
    // The catalog first: even an error page needs its texts.
    await platform.i18n(lang);
    try {
      const [config, omr] = await Promise.all([
        api.get('config', {}, { signal: request.signal }),
        api.get('omrData', {}, { signal: request.signal }),
      ]);
      return {
        lang,
        config,
        promoteLieux: omr.footer.promoteLieux,
        origin: platform.origin(request),
        year: new Date().getFullYear(),
      };
    } catch (error) {
      throw toRouteError(error);
    }
  }

  /** The portal's configuration, a failure to get it being the route's error. */
  async function loadConfig(request: Request): Promise<Config> {
    try {
      return await api.get('config', {}, { signal: request.signal });
    } catch (error) {
      throw toRouteError(error);
    }
  }

  async function pageLoader({ request, context }: { request: Request; context?: unknown }) {
    const url = new URL(request.url);
    const lang = langOfPath(url.pathname);
    if (platform.errorStatus) throw badRequest(platform.errorStatus);
    const config = await loadConfig(request);
    const resolved = resolvePath(url.pathname, config);
    if (resolved.kind === 'redirect')
      throw redirect(`${resolved.location}${url.search}`, resolved.status);
    if (resolved.kind !== 'screen') throw notFound('unmatched');
    const args: ScreenLoaderArgs = {
      api,
      config,
      lang,
      match: resolved,
      url,
      request,
      tag: platform.tag,
      posted: (context as PageRequestContext | undefined)?.posted,
    };
    try {
      // The entry's guards first (the spec's middleware), then the screen: a screen without a
      // module yet is not routed (404).
      await runGuards(ROUTE_BY_SCREEN[resolved.screen].guards, args);
      // The screen's code and the catalogs it needs besides the portal's (the space's).
      const loading = loadScreen(resolved.screen);
      const [screen] = await Promise.all([
        platform.track ? platform.track(loading) : loading,
        platform.i18n(lang, catalogsOf(resolved.screen)),
      ]);
      if (!screen) throw notFound('unmatched');
      // The footer's links are not worth failing the page for.
      const links = (lieu: number | null) =>
        api
          .get('externalLinks', lieu === null ? { lang } : { lieu, lang }, {
            signal: request.signal,
          })
          .catch(() => null);
      // Without a place of its own, the page's footer links load alongside its data.
      const genericLinks = screen.footerLieuId ? undefined : links(null);
      const screenData = await screen.loader(args);
      const footerLinks = await (genericLinks ?? links(screen.footerLieuId?.(screenData) ?? null));
      const status = screen.status?.(screenData) ?? 200;
      const page: PageData = {
        match: resolved,
        data: screenData,
        alternates: alternates(resolved, config, url.search),
        footerLinks,
        status,
      };
      return status === 200 ? page : data(page, { status });
    } catch (error) {
      throw toRouteError(error);
    }
  }

  /** Runs the screen's action named by the posted form (server; the browser forwards it). */
  async function pageAction({ request, context }: { request: Request; context?: unknown }) {
    if (platform.submit) return platform.submit(request);
    const url = new URL(request.url);
    const lang = langOfPath(url.pathname);
    const config = await loadConfig(request);
    const resolved = resolvePath(url.pathname, config);
    if (resolved.kind !== 'screen') throw notFound('unmatched');
    const actions = await platform.actions?.(resolved.screen);
    const form = await request.formData();
    const name = form.get(FORM_FIELD);
    const action =
      typeof name === 'string' && actions && Object.hasOwn(actions, name)
        ? actions[name]
        : undefined;
    // A form this page does not have: the request is not one of ours.
    if (!action) throw badRequest(400);
    const args: ScreenActionArgs = {
      api,
      config,
      lang,
      match: resolved,
      url,
      request,
      tag: platform.tag,
      form,
    };
    let result: unknown;
    try {
      result = await action(args);
    } catch (error) {
      throw toRouteError(error);
    }
    if (context && typeof context === 'object') {
      (context as PageRequestContext).posted = outcomeOf(result);
    }
    return result;
  }

  return [
    {
      id: 'document',
      path: '/',
      element: <DocumentRoute />,
      errorElement: <DocumentError />,
      children: [
        {
          id: 'root',
          loader: rootLoader,
          shouldRevalidate: rootShouldRevalidate,
          element: <Frame />,
          errorElement: <RootError />,
          children: [
            {
              id: 'page',
              path: '*',
              loader: pageLoader,
              action: pageAction,
              shouldRevalidate: pageShouldRevalidate,
              element: <Page />,
              errorElement: <PageError />,
            },
          ],
        },
      ],
    },
  ];
}
