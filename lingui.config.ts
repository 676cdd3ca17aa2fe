import { defineConfig } from '@lingui/conf';

// French is the source language and the fallback. Messages come from the client (macros), from
// shared/ (descriptors marked /*i18n*/, e.g. the form messages) and from the mails of the
// listings API (listings-api/alerts/mail-messages.ts, descriptors too). `npm run i18n:extract`
// updates both catalogs; tests/unit/locales.test.ts fails on a missing English translation.
export default defineConfig({
  sourceLocale: 'fr',
  locales: ['fr', 'en'],
  fallbackLocales: { default: 'fr' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: [
        '<rootDir>/client',
        '<rootDir>/shared',
        '<rootDir>/listings-api/alerts/mail-messages.ts',
      ],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'],
    },
  ],
  orderBy: 'message',
});
