import { expect, open, test } from './helpers';

test.describe('keyboard', () => {
  test('reaches every header control in order, starting with the skip link', async ({ page }) => {
    await open(page, '/fr/');
    const header = page.locator('header.site-header');
    const controls = header
      .locator(':is(a, button):visible')
      .filter({ hasNot: page.locator('dialog *') });
    const expected = await controls.evaluateAll((els) =>
      els
        .filter((el) => !el.closest('dialog'))
        .map((el) => el.textContent?.trim() || el.getAttribute('aria-label')),
    );
    expect(expected.length).toBeGreaterThanOrEqual(6);

    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Aller au contenu principal' })).toBeFocused();
    const reached: (string | null)[] = [];
    for (let i = 0; i < expected.length; i++) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          return el?.closest('header')
            ? el.textContent?.trim() || el.getAttribute('aria-label')
            : null;
        }),
      );
    }
    expect(reached).toEqual(expected);
  });

  test('opens the menu with the keyboard', async ({ page }) => {
    await open(page, '/en/');
    await page.getByRole('button', { name: 'Menu', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  });

  test('skips to the main content', async ({ page }) => {
    await open(page, '/en/');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });

  for (const [lang, path, place, send] of [
    ['fr', '/fr/vente/', 'Prix maximum (€)', 'Rechercher'],
    ['en', '/en/sale/', 'Max price (€)', 'Search'],
  ] as const) {
    test(`rings the keyboard's focus, not the results focused after a search (${lang})`, async ({
      page,
    }) => {
      await open(page, path);
      const outline = () =>
        page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          return { tag: el.tagName, style: getComputedStyle(el).outlineStyle };
        });
      await page.getByLabel(place, { exact: true }).focus();
      await page.keyboard.type('5000000');
      await page.getByRole('button', { name: send, exact: true }).focus();
      expect(await outline()).toEqual({ tag: 'BUTTON', style: 'solid' });
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/price_max=5000000/);
      // The search lands on its results, focused by script: no ring there.
      await expect(page.locator('#results')).toBeFocused();
      expect((await outline()).style).toBe('none');
      await page.keyboard.press('Tab');
      expect((await outline()).style).toBe('solid');
    });
  }
});
