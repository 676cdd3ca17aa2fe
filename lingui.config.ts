import { defineConfig } from '@lingui/conf';

// French is the source language and the fallback. Messages come from the client (macros), from
// shared/ (descriptors marked /*i18n*/, e.g. the form messages) and from the mails (mails/,
// descriptors too: the listings API renders them under tsx, without macros). `npm run
// i18n:extract` updates the catalogs; tests/unit/locales.test.ts fails on a missing English
// translation. No compile step: the web app's bundles compile the catalogs on import (Vite
// plugin), the servers read the .po files at run time (shared/catalogs.server.ts).
//
// Two catalogs per language. `messages` is the portal's: every page loads it. `pro` holds the
// professional space's texts (its screens, PRO_SCREENS of shared/routes.ts, with their actions,
// its components and its shared modules): only the space's pages load it, besides the portal's,
// so the visitors' pages never download them. A text used on both sides is in both catalogs.
// The professional contact page (pro-contact) is a public page: its texts are the portal's.
const PRO_SPACE = [
  'client/routes/pro-!(contact.*)',
  'client/components/pro/**/*.*',
  'client/components/pro-feeds/**/*.*',
  'shared/pro.ts',
  'shared/pro-*.ts',
].map((glob) => `<rootDir>/${glob}`);
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'];

export default defineConfig({
  sourceLocale: 'fr',
  locales: ['fr', 'en'],
  fallbackLocales: { default: 'fr' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/client', '<rootDir>/shared', '<rootDir>/mails'],
      exclude: [...TESTS, ...PRO_SPACE],
    },
    {
      path: '<rootDir>/locales/{locale}/pro',
      include: PRO_SPACE,
      exclude: TESTS,
    },
  ],
  orderBy: 'message',
});
