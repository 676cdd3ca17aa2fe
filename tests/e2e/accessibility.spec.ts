import { accessibilityViolations, expect, open, test } from './helpers';

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
