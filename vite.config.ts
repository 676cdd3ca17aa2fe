import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';

// Client bundle (dist/client, with a manifest the server reads for script and style tags) and
// server entry (dist/server/entry-server.mjs, `vite build --ssr`). Lingui's macros compile
// through Babel in the React plugin; .po catalogs compile on import.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
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
        rollupOptions: { input: 'client/entry-client.tsx' },
      },
  ssr: {
    // Bundled into the server entry so the macros' runtime and the catalogs resolve once.
    noExternal: ['@lingui/core', '@lingui/react'],
  },
}));

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
