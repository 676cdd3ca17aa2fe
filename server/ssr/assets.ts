import { readFile } from 'node:fs/promises';
import type { PageAssets } from '../../client/entry-server';
import { catalogsOf } from '../../shared/routes';

// Which files a page needs, from Vite's build manifest: the entry's script, its stylesheets
// and the chunks it imports (module preloads), plus the chunk and styles of the page's screen and
// the catalogs of its language it needs (the professional space's besides the portal's).

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export const CLIENT_ENTRY = 'client/entry-client.tsx';

export function screenModuleKey(screen: string): string {
  return `client/routes/${screen.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.tsx`;
}

/** Page assets of a production build. */
export function assetsFromManifest(manifest: Manifest, base = '/'): PageAssets {
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`build manifest has no ${CLIENT_ENTRY}: run npm run build`);
  const url = (file: string) => `${base}${file}`;

  const walk = (
    key: string,
    scripts: Set<string>,
    styles: Set<string>,
    seen = new Set<string>(),
  ) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    scripts.add(url(chunk.file));
    for (const css of chunk.css ?? []) styles.add(url(css));
    for (const imported of chunk.imports ?? []) walk(imported, scripts, styles, seen);
  };

  const entryScripts = new Set<string>();
  const entryStyles = new Set<string>();
  walk(CLIENT_ENTRY, entryScripts, entryStyles);
  const entryFile = url(entry.file);
  const perScreen = new Map<string, { stylesheets: string[]; modulePreloads: string[] }>();

  return {
    entryScripts: [entryFile],
    forPage(screen, lang) {
      const key = `${screen ?? ''} ${lang}`;
      const hit = perScreen.get(key);
      if (hit) return hit;
      const scripts = new Set(entryScripts);
      const styles = new Set(entryStyles);
      if (screen) walk(screenModuleKey(screen), scripts, styles);
      for (const name of catalogsOf(screen)) walk(`locales/${lang}/${name}.po`, scripts, styles);
      scripts.delete(entryFile);
      const result = { stylesheets: [...styles], modulePreloads: [...scripts] };
      perScreen.set(key, result);
      return result;
    },
  };
}

export async function loadBuildAssets(manifestPath: string): Promise<PageAssets> {
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  return assetsFromManifest(manifest);
}

/** Page assets in development: Vite serves the sources and injects styles itself. */
export const devAssets: PageAssets = {
  entryScripts: ['/@vite/client', `/${CLIENT_ENTRY}`],
  forPage: () => ({ stylesheets: ['/client/styles/main.css'], modulePreloads: [] }),
};
