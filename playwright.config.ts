import { defineConfig, devices } from '@playwright/test';

// Browser tests against the production build, in embedded mode on a throw-away PGlite database
// seeded with a few offers (fast), with Debian's Chromium (never a downloaded browser).

// Chosen once by the runner; workers re-read this file and inherit the same value.
process.env.E2E_PORT ??= String(41_000 + Math.floor(Math.random() * 8000));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

/** Where the portal under test writes its mails (.eml files). */
export const E2E_MAIL_DIR = '.data/e2e/mail';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A test's whole time, pages and axe runs included, on a machine busy with two workers.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'npm run build && rm -rf .data/e2e && npx tsx server/main.ts',
    url: `${baseURL}/readyz`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      // The address links are written with (canonical, copied links): the one the tests open.
      PUBLIC_URL: baseURL,
      COOKIE_SECRET: 'e2e-cookie-secret-0123456789abcdefghijklmnop',
      // Embedded mode on its own throw-away database, whatever the shell says.
      LISTINGS_API_URL: '',
      DATABASE_URL: '',
      PGLITE_DIR: '.data/e2e/pglite',
      // The seed's feeds of a few agencies are imported right after start (price drops among them).
      FEEDS_DIR: '.data/e2e/feeds',
      // Mails as .eml files (no SMTP_URL), where the contact tests read them.
      ALERTS_MAIL_DIR: E2E_MAIL_DIR,
      FEEDS_INTERVAL_MS: '2000',
      // The seed's video and tour hosts are players here (the tests answer them themselves).
      MEDIA_EMBED_HOSTS: 'video.example.com,visite.example.com',
      EMBEDDED_API_PORT: '0',
      SEED_OFFERS: process.env.E2E_SEED_OFFERS ?? '300',
      LOG_LEVEL: 'warn',
    },
  },
});
