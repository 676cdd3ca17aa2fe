import { defineConfig } from 'vitest/config';

// Unit tests sit next to the code; integration tests in tests/integration. Browser tests run
// with Playwright (playwright.config.ts), not here.
export default defineConfig({
  test: {
    include: [
      'shared/**/*.test.{ts,tsx}',
      'server/**/*.test.{ts,tsx}',
      'client/**/*.test.{ts,tsx}',
      'listings-api/**/*.test.ts',
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/integration/**/*.test.{ts,tsx}',
    ],
    pool: 'forks',
    // Mails written as .eml files (no SMTP_URL) go with the other test files, not to .data/mail.
    env: { ALERTS_MAIL_DIR: '.data/test/mail' },
    globalSetup: ['./tests/fixtures/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    reporters: ['default', './tests/summary-reporter.ts'],
  },
});
