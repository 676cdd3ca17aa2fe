import { defineConfig } from '@lingui/conf';

// French is the source language and the fallback. Messages come from the client (macros) and
// from shared/ (descriptors marked /*i18n*/, e.g. the form messages). `npm run i18n:extract`
// updates both catalogs; tests/unit/locales.test.ts fails on a missing English translation.
export default defineConfig({
  sourceLocale: 'fr',
  locales: ['fr', 'en'],
  fallbackLocales: { default: 'fr' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/client', '<rootDir>/shared'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'],
    },
  ],
  orderBy: 'message',
});
