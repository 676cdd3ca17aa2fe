import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';

// Client bundle (dist/client, with a manifest the server reads for script and style tags) and
// server entry (dist/server/entry-server.mjs, `vite build --ssr`). Lingui's macros compile
// through Babel in the React plugin; .po catalogs compile on import.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()],
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
