import type { BrowserContext, Page } from '@playwright/test';
import { accessibilityViolations, expect, open, test } from './helpers';

// Cookie consent in a browser: the banner on a first visit with accept, refuse and choose; the
// choice kept across pages and visits; the footer's link reopening the choices; nothing from a
// third party before consent (an offer's map), the map's own button giving consent; and no
// accessibility violation with the banner or the dialog open.

const CONSENT = 'cookie_consent';

async function consentCookie(context: BrowserContext): Promise<string | undefined> {
  const cookie = (await context.cookies()).find((c) => c.name === CONSENT);
  return cookie ? decodeURIComponent(cookie.value) : undefined;
}

const banner = (page: Page) =>
  page.getByRole('region', { name: /Vos choix en matière de cookies|Your cookie choices/ });

test('asks on the first visit and remembers a refusal', async ({ page, context }) => {
  await open(page, '/fr/');
  await expect(banner(page)).toBeVisible();
  expect(await consentCookie(context)).toBeUndefined();
  for (const name of ['Tout accepter', 'Tout refuser', 'Personnaliser'])
    await expect(banner(page).getByRole('button', { name })).toBeVisible();

  await banner(page).getByRole('button', { name: 'Tout refuser' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await consentCookie(context)).toMatch(
    /^v1\|maps:0\|videos:0\|tours:0\|\d{4}-\d{2}-\d{2}$/,
  );
  const cookie = (await context.cookies()).find((c) => c.name === CONSENT)!;
  // Kept six months.
  expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(180 * 24 * 3600 * 1000);

  await open(page, '/en/cookies/');
  await expect(banner(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Cookies' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test('accepting everything is remembered', async ({ page, context }) => {
  await open(page, '/en/');
  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await consentCookie(context)).toMatch(/^v1\|maps:1\|videos:1\|tours:1\|/);
});

test('the footer link reopens the choices, which are saved per category', async ({
  page,
  context,
}) => {
  await open(page, '/fr/');
  await banner(page).getByRole('button', { name: 'Tout refuser' }).click();

  const footerButton = page
    .getByRole('contentinfo')
    .getByRole('button', { name: 'Gérer mes cookies' });
  await footerButton.click();
  const dialog = page.getByRole('dialog', { name: 'Gérer mes cookies' });
  await expect(dialog).toBeVisible();
  const maps = dialog.getByRole('checkbox', { name: 'Cartes interactives' });
  await expect(maps).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /Cookies essentiels/ })).toBeDisabled();
  expect(await accessibilityViolations(page)).toEqual([]);

  await maps.check();
  await dialog.getByRole('button', { name: 'Enregistrer mes choix' }).click();
  await expect(dialog).toBeHidden();
  await expect(footerButton).toBeFocused();
  expect(await consentCookie(context)).toMatch(/^v1\|maps:1\|videos:0\|tours:0\|/);

  await page.reload();
  await open(page, '/fr/annuaire-immobilier-luxe/');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Gérer mes cookies' }).click();
  await expect(
    page.getByRole('dialog').getByRole('checkbox', { name: 'Cartes interactives' }),
  ).toBeChecked();
  await expect(
    page.getByRole('dialog').getByRole('checkbox', { name: 'Vidéos' }),
  ).not.toBeChecked();

  // Escape closes without saving.
  await page.getByRole('dialog').getByRole('checkbox', { name: 'Vidéos' }).check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(await consentCookie(context)).toMatch(/^v1\|maps:1\|videos:0\|tours:0\|/);
});

test('choosing from the banner opens the choices', async ({ page, context }) => {
  await open(page, '/en/');
  expect(await accessibilityViolations(page)).toEqual([]);
  await banner(page).getByRole('button', { name: 'Customise' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie choices' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: '3D virtual tours' }).check();
  await dialog.getByRole('button', { name: 'Save my choices' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await consentCookie(context)).toMatch(/^v1\|maps:0\|videos:0\|tours:1\|/);
});

test('loads nothing from a third party before consent', async ({ page }) => {
  const thirdParty: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['http:', 'https:'].includes(url.protocol)) return;
    if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') thirdParty.push(r.url());
  });
  // Map tiles never leave the machine in tests.
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());

  await open(page, '/fr/vente/');
  const offers = await page
    .locator('.offer-card__link')
    .evaluateAll((links) => links.slice(0, 6).map((a) => a.getAttribute('href')!));
  let found = false;
  for (const offer of offers) {
    await open(page, offer);
    if ((await page.getByRole('button', { name: 'Afficher la carte' }).count()) > 0) {
      found = true;
      break;
    }
  }
  expect(found, 'an offer with a map among the first ones').toBe(true);
  expect(thirdParty).toEqual([]);

  const show = page.getByRole('button', { name: 'Afficher la carte' });
  await show.click();
  await expect(show).toHaveCount(0);
  await expect(banner(page)).toHaveCount(0);
  expect(await page.context().cookies()).toContainEqual(
    expect.objectContaining({ name: CONSENT, value: expect.stringMatching(/maps%3A1/) }),
  );
});

test("the banner comes with the page's HTML, before the page's script runs", async ({
  page,
  context,
}) => {
  // The page's scripts never arrive: what shows is the server's HTML and the <head> script.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/fr/vente/');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Tout refuser' })).toBeVisible();

  // A returning visitor's choice hides it from the first paint on.
  await context.addCookies([
    {
      name: CONSENT,
      value: encodeURIComponent('v1|maps:0|videos:0|tours:0|2026-11-27'),
      url: page.url(),
    },
  ]);
  await page.reload();
  await expect(page.locator('.consent-banner')).toHaveCount(1);
  await expect(banner(page)).toHaveCount(0);
  await expect(page.locator('.consent-banner')).toBeHidden();

  // A cookie the portal cannot read asks again, as the page would once it runs.
  await context.addCookies([{ name: CONSENT, value: 'v0', url: page.url() }]);
  await page.reload();
  await expect(banner(page)).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("there is no banner (its buttons need the page's script)", async ({ page }) => {
    await page.goto('/en/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.consent-banner')).toHaveCount(1);
    await expect(banner(page)).toHaveCount(0);
  });
});
