import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const CLIENT_NEVER_IMPORTS = ['**/server/**', '**/listings-api/**', '**/mails/**', '**/tools/**'];

export default tseslint.config(
  { ignores: ['node_modules', 'dist', '.data', 'test-results', 'playwright-report', 'locales'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['client/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      // A scrolling table is a labelled region the keyboard can reach (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'], tags: [] }],
    },
  },
  // Who may import whom (docs/architecture.md, Folders): shared imports no other part; client
  // imports shared only.
  {
    files: ['shared/**/*.ts', 'shared/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '**/client/**',
            '**/server/**',
            '**/listings-api/**',
            '**/mails/**',
            '**/tools/**',
          ],
        },
      ],
    },
  },
  // Modules named *.server.ts (the screens' actions) are built into the server entry alone: browser
  // code never imports them, only the server entry and other .server modules.
  {
    files: ['client/**/*.ts', 'client/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: CLIENT_NEVER_IMPORTS },
            {
              group: ['**/*.server', '**/*.server.ts'],
              message: 'Server only: imported by client/entry-server and other .server modules.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/entry-server.tsx', 'client/**/*.server.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: CLIENT_NEVER_IMPORTS }] },
  },
  // The server reaches browser code only through the server entry, which renders pages; what
  // both sides need lives in shared/ (type imports included).
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/client/**', '!**/client/entry-server'],
              message: 'Only client/entry-server: what both sides need goes to shared/.',
            },
            { group: ['**/tools/**'], message: 'The demo seed is no part of the web app.' },
          ],
        },
      ],
    },
  },
  // The listings API runs the demo seed (tools/seed/) in one place: its start, on an empty database.
  {
    files: ['listings-api/**/*.ts'],
    ignores: ['listings-api/embedded.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**', '**/server/**'] },
            {
              group: ['**/tools/**'],
              message: 'The listings API runs the seed only from embedded.ts (its first start).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['listings-api/embedded.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/client/**', '**/server/**'] }] },
  },
  // The seed writes the listings database through the listings API's schema and helpers.
  {
    files: ['tools/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/client/**', '**/server/**'] }] },
  },
  // Mails are rendered from their inputs alone: the listings API gathers the data and sends them.
  {
    files: ['mails/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/client/**', '**/server/**', '**/listings-api/**', '**/tools/**'] },
      ],
    },
  },
);
