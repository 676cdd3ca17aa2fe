import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { getEndpoints, sendEndpoints } from './shared/endpoints';

// Client bundle (dist/client, with a manifest the server reads for script and style tags) and
// server entry (dist/server/entry-server.mjs, `vite build --ssr`). Lingui's macros compile
// through Babel in the React plugin; .po catalogs compile on import.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    isSsrBuild ? null : browserCatalogs(),
    isSsrBuild ? null : browserEndpointTable(),
    isSsrBuild ? null : precompress(),
  ],
  publicDir: 'client/public',
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        rollupOptions: {
          output: { entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
        },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        rollupOptions: {
          input: 'client/entry-client.tsx',
          output: {
            // React, React DOM and React Router in a chunk of their own: it changes only when
            // they are upgraded, so a deploy of the portal's code leaves it in browsers' caches.
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router)[\\/]/,
                },
              ],
            },
          },
        },
      },
  ssr: {
    // Bundled into the server entry so the macros' runtime and the catalogs resolve once.
    noExternal: ['@lingui/core', '@lingui/react'],
  },
}));

const CATALOG = /[\\/]locales[\\/][^\\/]+[\\/][^\\/]+\.po$/;
/** Sources of the messages only servers write: the listings API and the mails it sends. */
const SERVER_ONLY = /^(?:listings-api|mails)\//;

/**
 * The browser's catalogs without the messages only the listings API uses (the mails): a .po
 * entry whose every reference is under listings-api/ or mails/ is left out of the client build's
 * compiled catalog (the server's keeps every message).
 */
function browserCatalogs(): Plugin {
  return {
    name: 'browser-catalogs',
    enforce: 'post',
    async transform(code, id) {
      const file = id.split('?')[0]!;
      if (!CATALOG.test(file)) return null;
      const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(code);
      if (!literal) return null;
      const serverOnly = new Set<string>();
      for (const entry of (await readFile(file, 'utf8')).split(/\n\s*\n/)) {
        const refs = [...entry.matchAll(/^#: (.+)$/gm)].flatMap((m) => m[1]!.trim().split(/\s+/));
        const msgid = /^msgid "((?:[^"\\]|\\.)*)"$/m.exec(entry)?.[1];
        if (msgid && refs.length > 0 && refs.every((ref) => SERVER_ONLY.test(ref))) {
          serverOnly.add(JSON.parse(`"${msgid}"`) as string);
        }
      }
      // A JavaScript string literal: its \xHH escapes (no-break spaces) made JSON's \u00HH.
      const text = literal[1]!.replace(/\\(x([0-9a-fA-F]{2})|[^])/g, (escape, _, hex?: string) =>
        hex ? `\\u00${hex}` : escape,
      );
      const messages = JSON.parse(JSON.parse(text) as string) as Record<string, unknown>;
      for (const msgid of serverOnly) delete messages[msgid];
      const json = JSON.stringify(JSON.stringify(messages));
      return { code: code.replace(literal[0], `JSON.parse(${json})`), map: null };
    },
  };
}

const ENDPOINT_TABLE = path.resolve('shared/endpoints.ts');

/**
 * The browser's copy of the endpoint table (shared/endpoints.ts): each row's /api path and the
 * parameters it sends as headers, all the browser's PortalApi reads of it. The schemas, tags and
 * upstream paths are the server's: they stay out of the client bundle.
 */
function browserEndpointTable(): Plugin {
  const rows = (table: Record<string, { browser: string; headers?: object }>) =>
    Object.fromEntries(
      Object.entries(table).map(([name, row]) => [
        name,
        { browser: row.browser, ...(row.headers ? { headers: row.headers } : {}) },
      ]),
    );
  return {
    name: 'browser-endpoint-table',
    enforce: 'pre',
    load(id, options) {
      if (options?.ssr || id.split('?')[0] !== ENDPOINT_TABLE) return null;
      return [
        `export const getEndpoints = ${JSON.stringify(rows(getEndpoints))};`,
        `export const sendEndpoints = ${JSON.stringify(rows(sendEndpoints))};`,
      ].join('\n');
    },
  };
}

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml)$/;

/**
 * Writes a brotli (best quality) and a gzip copy next to each text file of the client build, once,
 * so the server sends them as they are (@fastify/static `preCompressed`) instead of compressing
 * every response.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      for (const file of files) {
        const content = await readFile(file);
        if (content.length < 1024) continue;
        const br = brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        });
        await writeFile(`${file}.br`, br);
        await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}
