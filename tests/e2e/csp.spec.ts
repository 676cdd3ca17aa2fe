import type { Page } from '@playwright/test';
import { expect, open, test } from './helpers';

// The Content-Security-Policy of the production build holds on every screen, in both languages:
// its inline scripts are allowed by their hashes (no nonce), and the browser reports no
// violation (no securitypolicyviolation event, no CSP message in the console) while a screen
// loads, hydrates and fetches what it needs.

const STATIC_SCREENS = {
  fr: [
    '/fr/',
    '/fr/vente/',
    '/fr/annuaire-immobilier-luxe/',
    '/fr/alertes/',
    '/fr/favoris/',
    '/fr/cgu/',
    '/fr/cookies/',
    '/fr/legals/',
    '/fr/personal-data/',
    '/fr/classement-des-annonces/',
    '/fr/contact-professionnel/',
    '/fr/page-inconnue/',
  ],
  en: [
    '/en/',
    '/en/sale/',
    '/en/luxury-real-estate-agencies/',
    '/en/alerts/',
    '/en/wishlist/',
    '/en/cgu/',
    '/en/cookies/',
    '/en/legals/',
    '/en/personal-data/',
    '/en/how-listings-are-ranked/',
    '/en/professional-contact/',
    '/en/unknown-page/',
  ],
} as const;

/** Records CSP violations of every document the page opens, and CSP messages of the console. */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return async () => [
    ...console,
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    )),
  ];
}

async function visit(page: Page, path: string, violations: () => Promise<string[]>) {
  const response = await page.goto(path);
  expect(response?.headers()['content-security-policy'], path).toMatch(
    /script-src 'self' 'sha256-[A-Za-z0-9+/=]{44}'/,
  );
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await page.waitForLoadState('load');
  // Violation reports are queued as tasks: let the ones of what has loaded arrive.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  // The theme script ran (it is inline): the document has its theme before the app starts.
  expect(await page.locator('html').getAttribute('data-theme'), path).toMatch(/^(light|dark)$/);
  expect(await violations(), path).toEqual([]);
}

for (const lang of ['fr', 'en'] as const) {
  test(`no screen violates the Content-Security-Policy (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    const violations = await watchPolicy(page);
    for (const path of STATIC_SCREENS[lang]) await visit(page, path, violations);

    // An offer and the list it belongs to (the offer path without its last segment).
    await open(page, STATIC_SCREENS[lang][1]);
    const offerPath = new URL(
      (await page.locator('.result-list .offer-card__link').first().getAttribute('href'))!,
      page.url(),
    ).pathname;
    await visit(page, offerPath, violations);
    await visit(page, offerPath.replace(/[^/]+\/$/, ''), violations);

    // An agency of the directory.
    await open(page, STATIC_SCREENS[lang][2]);
    const agencyPath = new URL(
      (await page.locator('.agency-card__name a').first().getAttribute('href'))!,
      page.url(),
    ).pathname;
    await visit(page, agencyPath, violations);
  });
}
