import { expect, open, test } from './helpers';

test.describe('language switch', () => {
  test('goes to the same page in the other language and remembers the choice', async ({
    page,
    context,
  }) => {
    await open(page, '/fr/');
    await page.getByRole('link', { name: 'EN (English)', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('en');
    // About 365 days.
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
    await page.goto('/');
    await expect(page).toHaveURL(/\/en\/$/);
  });

  test('keeps the page: nature slugs are translated', async ({ page }) => {
    await page.goto('/fr/vente/');
    await page.getByRole('link', { name: 'EN (English)', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/sale\/$/);
  });

  test('follows the browser language on a first visit', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/en\/$/);
    await context.close();
  });
});
