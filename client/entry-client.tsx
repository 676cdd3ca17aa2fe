import '@vitejs/plugin-react/preamble';
import './styles/main.css';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createBrowserApi } from './api/browser-api';
import { PortalApiProvider } from './api/portal-api-context';
import { submitToServer } from './api/page-actions';
import { createRoutes, type PageData, type RootData } from './app/routes';
import { loadScreen, reloadAfterChunkFailure } from './app/screens';
import { DATA_SCRIPT_ID, ShellProvider, type PageDataJson, type Shell } from './app/shell';
import { trackTask } from './app/loading-tracker';
import {
  joinRootData,
  type FrameData,
  type HydrationState,
  type PageRootData,
} from './app/hydration';
import { API_PATHS } from '../shared/portal-api';
import { BFF_PATHS, FRAME_HASH } from '../shared/bff-paths';
import { catalogsOf, langOfPath } from '../shared/routes';
import type { Config, OmrData } from '../shared/contract';
import { loadI18n } from './i18n/catalogs';

function deserializeErrors(errors: HydrationState['errors']): HydrationState['errors'] {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(errors)) {
    const e = value as {
      __type?: string;
      status?: number;
      statusText?: string;
      data?: unknown;
      message?: string;
    };
    if (e.__type === 'RouteErrorResponse') {
      out[id] = new ErrorResponseImpl(e.status ?? 500, e.statusText ?? '', e.data, false);
    } else {
      out[id] = new Error(e.message ?? 'Unexpected Server Error');
    }
  }
  return out;
}

// A chunk that fails to preload after a deploy: reload once (at most once a minute).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadAfterChunkFailure()) event.preventDefault();
});

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

/**
 * The frame's data of the page (client/app/hydration.ts): its file, preloaded by the page, else
 * (a file of an older deploy or config) the current config and footer places from the API.
 */
async function loadFrame(url: string | undefined): Promise<FrameData> {
  const frame = BFF_PATHS.frame;
  if (url?.startsWith(frame) && FRAME_HASH.test(url.slice(frame.length, -5))) {
    try {
      return await getJson<FrameData>(url);
    } catch {
      // below
    }
  }
  const [config, omr] = await Promise.all([
    getJson<Config>(API_PATHS.config),
    getJson<OmrData>(API_PATHS.omrData),
  ]);
  return { config, promoteLieux: omr.footer.promoteLieux };
}

async function start() {
  // The page's data: the JSON data element the server wrote (client/app/shell.tsx).
  const dataJson = document.getElementById(DATA_SCRIPT_ID)?.textContent ?? '';
  const data = dataJson ? (JSON.parse(dataJson) as PageDataJson<HydrationState>) : undefined;
  const state = data?.hydration;
  const hydrationData = state
    ? {
        loaderData: state.loaderData,
        actionData: state.actionData,
        errors: deserializeErrors(state.errors),
      }
    : undefined;
  const pageRoot = state?.loaderData.root as PageRootData | undefined;
  const page = state?.loaderData.page as PageData | undefined;
  const lang = langOfPath(window.location.pathname);

  // The catalog, the screen's code and the frame's data must be there before hydrating, or the
  // first render differs.
  const [, , frame] = await Promise.all([
    loadI18n(lang, catalogsOf(page?.match.screen)),
    page ? loadScreen(page.match.screen) : undefined,
    pageRoot ? loadFrame(data?.shell.frame) : undefined,
  ]);
  const root: RootData | undefined = pageRoot && frame ? joinRootData(pageRoot, frame) : undefined;
  if (hydrationData && root) hydrationData.loaderData = { ...hydrationData.loaderData, root };

  const api = createBrowserApi({ config: root?.config });
  const router = createBrowserRouter(
    createRoutes({
      api,
      i18n: (l, catalogs) => trackTask(loadI18n(l, catalogs)),
      tag: () => {},
      origin: () => window.location.origin,
      track: trackTask,
      submit: submitToServer,
    }),
    { hydrationData },
  );
  const shell: Shell = {
    stylesheets: data?.shell.stylesheets ?? [],
    frame: data?.shell.frame,
    dataJson,
  };
  // Hydrated as a transition: React yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page, so input and paint are never blocked long.
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <ShellProvider shell={shell}>
          <PortalApiProvider api={api}>
            <RouterProvider router={router} />
          </PortalApiProvider>
        </ShellProvider>
      </StrictMode>,
    );
  });
}

void start();
