import { defineConfig } from '@lingui/conf';

// French is the source language and the fallback. Messages come from the client (macros), from
// shared/ (descriptors marked /*i18n*/, e.g. the form messages) and from the mails (mails/,
// descriptors too: the listings API renders them under tsx, without macros). `npm run
// i18n:extract` updates both catalogs; tests/unit/locales.test.ts fails on a missing English
// translation. No compile step: the web app's bundles compile the catalogs on import (Vite
// plugin), the servers read the .po files at run time (shared/catalogs.server.ts).
export default defineConfig({
  sourceLocale: 'fr',
  locales: ['fr', 'en'],
  fallbackLocales: { default: 'fr' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/client', '<rootDir>/shared', '<rootDir>/mails'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'],
    },
  ],
  orderBy: 'message',
});
