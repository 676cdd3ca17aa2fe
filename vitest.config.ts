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
      'mails/**/*.test.ts',
      'tools/**/*.test.ts',
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/integration/**/*.test.{ts,tsx}',
    ],
    pool: 'forks',
    // Mails written as .eml files (no SMTP_URL) go with the other test files, not to .data/mail;
    // the periodic alert job runs only where a test starts it (POST /alerte still mails at once).
    // Feeds likewise: their folders apart, and the inbox looked at only where a test asks.
    env: {
      ALERTS_MAIL_DIR: '.data/test/mail',
      ALERTS_INTERVAL_MS: '0',
      FEEDS_DIR: '.data/test/feeds',
      FEEDS_INTERVAL_MS: '0',
      // Audience counters written with each event: a test reads them right after its call.
      STATS_FLUSH_MS: '0',
    },
    globalSetup: ['./tests/fixtures/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    reporters: ['default', './tests/summary-reporter.ts'],
  },
});
