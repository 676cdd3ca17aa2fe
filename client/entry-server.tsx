import { createHash } from 'node:crypto';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { msg } from '@lingui/core/macro';
import { frameUrl, FRAME_HASH } from '../shared/bff-paths';
import type { CachePolicy } from '../shared/cache-policy';
import type { Lang } from '../shared/contract';
import type { PortalApi } from '../shared/portal-api';
import { INLINE_BOOT_SCRIPT } from '../shared/inline-scripts';
import { CATALOGS, langOfPath } from '../shared/routes';
import { PortalApiProvider } from './api/portal-api-context';
import { createRoutes, type PageData, type PageRequestContext, type RootData } from './app/routes';
import { loadedScreen } from './app/screens';
import { loadActions } from './app/screen-actions.server';
import { ShellProvider, scriptSafeJson, type PageDataJson, type Shell } from './app/shell';
import { serializeHydration, splitRootData, type FrameData } from './app/hydration';
import { describeError } from './app/errors';
import { loadI18n, loadedI18n } from './i18n/catalogs';

// The server entry, built by Vite (`vite build --ssr`) or loaded through Vite in development.
// The web server calls render() for every page request; everything React and Lingui lives here.
//
// A page's data is loaded by the router's loaders before React renders, and no screen suspends:
// the document is rendered to one string in one pass (renderToString), which costs markedly less
// than the streaming renderer's chunked output for the same HTML. The boot script that starts the
// browser app once the page has painted goes at the end of the body.

export interface PageAssets {
  /** Module scripts that start the browser app. */
  entryScripts: string[];
  /** Stylesheets and module preloads for a page of this screen in this language. */
  forPage(
    screen: string | undefined,
    lang: Lang,
  ): { stylesheets: string[]; modulePreloads: string[] };
}

export interface RenderOptions {
  api: PortalApi;
  assets: PageAssets;
  /** Public origin for canonical and alternate URLs. */
  origin: string;
  /** Receives the edge cache tags of the page. */
  tags: Set<string>;
  onError(error: unknown): void;
  /** Renders the error page of this status (a request the server could not read). */
  errorStatus?: number;
  /** A POST from the browser's router: run the page's action alone and answer its data. */
  actionOnly?: boolean;
}

export type RenderResult =
  | { kind: 'response'; response: Response }
  | {
      kind: 'action';
      status: number;
      /** The action's data; absent when it failed (then `message`, the visitor's text). */
      data?: unknown;
      message?: string;
    }
  | {
      kind: 'html';
      status: number;
      lang: Lang;
      screen: string | undefined;
      cache: CachePolicy | undefined;
      /** The whole document, UTF-8. */
      body: Buffer;
    };

// Every catalog of both languages, once: a page of any screen renders from them.
const catalogs = Promise.all([loadI18n('fr', CATALOGS), loadI18n('en', CATALOGS)]);
// Awaited by each render; this keeps a failed load from being an unhandled rejection meanwhile.
catalogs.catch(() => {});

// ---------------------------------------------------------------------------------------------
// The frame file (client/app/hydration.ts): its JSON and hash are computed once per config answer
// (the upstream cache hands out the same objects until it refreshes them), and the last few are
// kept so a page rendered just before a config change still finds its own.

interface FrameFile {
  promoteLieux: FrameData['promoteLieux'];
  hash: string;
  json: string;
}

const framesByConfig = new WeakMap<FrameData['config'], FrameFile>();
const recentFrames = new Map<string, string>();
const RECENT_FRAMES = 8;

function frameFile(frame: FrameData): FrameFile {
  const known = framesByConfig.get(frame.config);
  if (known && known.promoteLieux === frame.promoteLieux) return known;
  const json = JSON.stringify(frame);
  const hash = createHash('sha256').update(json).digest('base64url').slice(0, 22);
  const file = { promoteLieux: frame.promoteLieux, hash, json };
  framesByConfig.set(frame.config, file);
  recentFrames.delete(hash);
  recentFrames.set(hash, json);
  if (recentFrames.size > RECENT_FRAMES) recentFrames.delete(recentFrames.keys().next().value!);
  return file;
}

/**
 * The JSON of the frame file `hash`: one a page was rendered with lately, else the current one
 * (from `current`) when its hash is that one; null for anything else.
 */
export async function frameJson(
  hash: string,
  current: () => Promise<FrameData>,
): Promise<string | null> {
  if (!FRAME_HASH.test(hash)) return null;
  const known = recentFrames.get(hash);
  if (known !== undefined) return known;
  const file = frameFile(await current());
  return file.hash === hash ? file.json : null;
}

function renderContext(
  handler: ReturnType<typeof createStaticHandler>,
  context: StaticHandlerContext,
  request: Request,
  options: RenderOptions,
): Extract<RenderResult, { kind: 'html' }> {
  const root = context.loaderData.root as RootData | undefined;
  const page = context.loaderData.page as PageData | undefined;
  const lang = root?.lang ?? langOfPath(new URL(request.url).pathname);
  const screen = page?.match.screen;
  const { stylesheets, modulePreloads } = options.assets.forPage(screen, lang);
  // The frame's data goes in its own file; the page carries the rest of the root's data.
  let frame: string | undefined;
  let loaderData = context.loaderData;
  if (root) {
    const split = splitRootData(root);
    frame = frameUrl(frameFile(split.frame).hash);
    loaderData = { ...loaderData, root: split.page };
  }
  const data: PageDataJson = {
    hydration: serializeHydration({ ...context, loaderData }),
    shell: { stylesheets, modulePreloads, scripts: options.assets.entryScripts, frame },
  };
  const shell: Shell = { stylesheets, frame, dataJson: scriptSafeJson(data) };
  const router = createStaticRouter(handler.dataRoutes, context);
  const element = (
    <ShellProvider shell={shell}>
      <PortalApiProvider api={options.api}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </PortalApiProvider>
    </ShellProvider>
  );
  // React builds the document as a string of many small pieces: it is encoded once, and the boot
  // script goes in before the body's end in the bytes.
  const html = Buffer.from(renderToString(element), 'utf8');
  const close = html.lastIndexOf(BODY_END);
  if (close === -1) throw new Error('the document has no body');
  return {
    kind: 'html',
    status: context.statusCode,
    lang,
    screen,
    cache: screen ? loadedScreen(screen)?.cache : undefined,
    body: Buffer.concat([DOCTYPE, html.subarray(0, close), BOOT_SCRIPT, html.subarray(close)]),
  };
}

const DOCTYPE = Buffer.from('<!DOCTYPE html>', 'utf8');
const BODY_END = Buffer.from('</body>', 'utf8');
const BOOT_SCRIPT = Buffer.from(`<script>${INLINE_BOOT_SCRIPT}</script>`, 'utf8');

/** Renders the page of a request: a redirect/response, or the HTML document with its status. */
export async function render(request: Request, options: RenderOptions): Promise<RenderResult> {
  await catalogs;
  const routes = createRoutes({
    api: options.api,
    i18n: loadI18n,
    tag: (...tags) => tags.forEach((tag) => options.tags.add(tag)),
    origin: () => options.origin,
    errorStatus: options.errorStatus,
    actions: loadActions,
  });
  const handler = createStaticHandler(routes);
  const requestContext: PageRequestContext = {};
  const context = await handler.query(request, {
    skipRevalidation: options.actionOnly,
    requestContext,
  });
  if (context instanceof Response) return { kind: 'response', response: context };
  if (options.actionOnly) return actionResult(context);
  try {
    return renderContext(handler, context, request, options);
  } catch (error) {
    // A page that fails to render shows the error page (500); if that was already the error
    // page, the server answers its plain fallback.
    if (context.errors) throw error;
    options.onError(error);
    const { page: _failed, ...loaderData } = context.loaderData;
    return renderContext(
      handler,
      { ...context, loaderData, statusCode: 500, errors: { page: error } },
      request,
      options,
    );
  }
}

const actionRefused = msg`Cette demande n'a pas pu être traitée. Veuillez recharger la page et réessayer.`;

/** The answer of an action run alone: its data, or its failure's status and text. */
function actionResult(context: StaticHandlerContext): Extract<RenderResult, { kind: 'action' }> {
  const error = context.errors ? Object.values(context.errors)[0] : undefined;
  if (error === undefined) {
    return { kind: 'action', status: context.statusCode, data: context.actionData?.page };
  }
  const { status } = describeError(error);
  const lang = langOfPath(context.location.pathname);
  const i18n = loadedI18n(lang);
  return { kind: 'action', status, message: i18n ? i18n._(actionRefused) : undefined };
}

const fallbackTitle = msg`Une erreur est survenue lors de l'affichage de la page d'erreur`;
const fallbackHome = msg`Retour à l'accueil`;

/** The plain HTML page when even the error page cannot render (no React, no data). */
export async function renderFallbackHtml(lang: Lang): Promise<string> {
  await catalogs.catch(() => {});
  const i18n = loadedI18n(lang) ?? loadedI18n('fr');
  const title = i18n ? i18n._(fallbackTitle) : 'An error occurred while showing the error page';
  const home = i18n ? i18n._(fallbackHome) : 'Home';
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escape(title)}</title></head>` +
    `<body><main><h1>${escape(title)}</h1><p><a href="/${lang}/">${escape(home)}</a></p></main></body></html>`
  );
}
