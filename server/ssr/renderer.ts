import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import type * as EntryServer from '../../client/entry-server';
import { devAssets, loadBuildAssets } from './assets';

// Where the server entry comes from: Vite's dev server (fresh on every request, with hot reload)
// or the production build in dist/server.

export type SsrModule = Pick<typeof EntryServer, 'render' | 'renderFallbackHtml' | 'frameJson'>;
export type PageAssets = EntryServer.PageAssets;

export interface Renderer {
  load(): Promise<SsrModule>;
  assets: PageAssets;
}

export const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

export function viteRenderer(vite: ViteDevServer): Renderer {
  return {
    load: () => vite.ssrLoadModule('/client/entry-server.tsx') as Promise<SsrModule>,
    assets: devAssets,
  };
}

export async function buildRenderer(distDir = path.join(ROOT, 'dist')): Promise<Renderer> {
  const [assets, module] = await Promise.all([
    loadBuildAssets(path.join(distDir, 'client/.vite/manifest.json')),
    import(pathToFileURL(path.join(distDir, 'server/entry-server.mjs')).href) as Promise<SsrModule>,
  ]);
  return { load: async () => module, assets };
}
