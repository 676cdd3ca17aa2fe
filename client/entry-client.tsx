import '@vitejs/plugin-react/preamble';
import './styles/main.css';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createBrowserApi } from './api/browser-api';
import { createRoutes, type PageData, type RootData } from './app/routes';
import { langOfPath } from './app/route-table';
import { loadScreen, reloadAfterChunkFailure } from './app/screens';
import { DATA_SCRIPT_ID, ShellProvider, type Shell } from './app/shell';
import { trackTask } from './app/loading-tracker';
import type { HydrationState } from './app/hydration';
import { loadI18n } from './i18n/catalogs';

declare global {
  interface Window {
    __staticRouterHydrationData?: HydrationState;
    __portalShell?: Pick<Shell, 'stylesheets' | 'modulePreloads'>;
  }
}

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

async function start() {
  const dataScript = document.getElementById(DATA_SCRIPT_ID) as HTMLScriptElement | null;
  const state = window.__staticRouterHydrationData;
  const hydrationData = state
    ? {
        loaderData: state.loaderData,
        actionData: state.actionData,
        errors: deserializeErrors(state.errors),
      }
    : undefined;
  const root = state?.loaderData.root as RootData | undefined;
  const page = state?.loaderData.page as PageData | undefined;
  const lang = langOfPath(window.location.pathname);

  // The catalog and the screen's code must be there before hydrating, or the first render differs.
  await Promise.all([loadI18n(lang), page ? loadScreen(page.match.screen) : undefined]);

  const api = createBrowserApi({ config: root?.config });
  const router = createBrowserRouter(
    createRoutes({
      api,
      i18n: (l) => trackTask(loadI18n(l)),
      tag: () => {},
      origin: () => window.location.origin,
      track: trackTask,
    }),
    { hydrationData },
  );
  const shell: Shell = {
    nonce: dataScript?.nonce || undefined,
    stylesheets: window.__portalShell?.stylesheets ?? [],
    modulePreloads: window.__portalShell?.modulePreloads ?? [],
    dataScript: dataScript?.textContent ?? '',
  };
  hydrateRoot(
    document,
    <StrictMode>
      <ShellProvider shell={shell}>
        <RouterProvider router={router} />
      </ShellProvider>
    </StrictMode>,
  );
}

void start();
