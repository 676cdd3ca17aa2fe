import { expect, open, test } from './helpers';

test.describe('home page', () => {
  for (const [lang, categories, selection] of [
    ['fr', 'Nos catégories de biens', 'Ma sélection'],
    ['en', 'Our property categories', 'My selection'],
  ] as const) {
    test(`shows the mosaic and the frame in ${lang}`, async ({ page }) => {
      await open(page, `/${lang}/`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: categories })).toBeAttached();
      const tiles = page.locator('.mosaic__link');
      expect(await tiles.count()).toBeGreaterThanOrEqual(3);
      // Every tile links to its nature page and its image loaded.
      for (const tile of await tiles.all()) {
        await expect(tile).toHaveAttribute('href', new RegExp(`^/${lang}/[a-z-]+/[a-z0-9-]+/$`));
      }
      const first = tiles.first().locator('img');
      await expect(first).toHaveJSProperty('complete', true);
      expect(await first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expect(page.getByRole('link', { name: new RegExp(selection) }).first()).toBeVisible();
      await expect(page.locator('.site-footer__copyright')).toContainText(
        `© 2003-${new Date().getFullYear()}`,
      );
    });
  }

  test('follows page links inside the app, without reloading the document', async ({ page }) => {
    await open(page, '/fr/');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const tile = page.locator('.mosaic__link').first();
    const href = await tile.getAttribute('href');
    await tile.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await page.goBack();
    await expect(page).toHaveURL(/\/fr\/$/);
    await expect(page.locator('.mosaic__link').first()).toBeVisible();
  });

  test('shows the not-found page for an unknown address', async ({ page }) => {
    const response = await page.goto('/en/no-such-page/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'The page you are visiting does not exist.',
    );
    await expect(page.getByText('This page could not be found')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/en\/$/);
  });
});
