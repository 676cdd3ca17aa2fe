import { accessibilityViolations, expect, open, test } from './helpers';
import { screenPath, SCREENS } from './screens';

// axe-core, WCAG 2.2 A and AA rules: no violation on the home and not-found pages, in both
// languages and both themes.
for (const theme of ['light', 'dark'] as const) {
  for (const path of ['/fr/', '/en/', '/fr/page-inconnue/', '/en/unknown-page/']) {
    test(`${path} has no accessibility violation (${theme})`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await open(page, path);
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  }
}

test('the open menu has no accessibility violation', async ({ page }) => {
  await open(page, '/fr/');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});

// Every screen, in both languages: the pages of the seed's first offer, its agency and network.
// One test per screen, so each has its own time and a failure names its screen.
for (const lang of ['fr', 'en'] as const) {
  for (const screen of SCREENS) {
    test(`the ${screen} screen has no accessibility violation (${lang})`, async ({
      page,
      request,
    }) => {
      const path = await screenPath(request, lang, screen);
      await open(page, path);
      expect({ path, violations: await accessibilityViolations(page) }).toEqual({
        path,
        violations: [],
      });
    });
  }
}

// The same screens as served without JavaScript (the forms post, the links lead, the photos'
// section is a link target): the styles must hold without the page's scripts too. The page loads
// with script execution off, which is then turned back on for axe alone (the scripts the page
// skipped do not run).
for (const lang of ['fr', 'en'] as const) {
  for (const screen of SCREENS) {
    test(`the ${screen} screen has no accessibility violation without JavaScript (${lang})`, async ({
      page,
      request,
    }) => {
      const path = await screenPath(request, lang, screen);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
      await page.goto(path);
      await cdp.send('Emulation.setScriptExecutionDisabled', { value: false });
      expect(await page.evaluate(() => document.documentElement.dataset.theme ?? null)).toBe(null);
      expect({ path, violations: await accessibilityViolations(page) }).toEqual({
        path,
        violations: [],
      });
    });
  }
}
