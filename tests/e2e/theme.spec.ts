import type { Page } from '@playwright/test';
import { expect, open, test } from './helpers';

// The theme recorded when <body> is first parsed: what the first paint uses.
async function recordThemeAtFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.body) {
        (window as unknown as { themeAtBody: string }).themeAtBody =
          document.documentElement.getAttribute('data-theme') ?? 'none';
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

const themeAtBody = (page: Page) =>
  page.evaluate(() => (window as unknown as { themeAtBody?: string }).themeAtBody);

test.describe('theme', () => {
  test('is stored when chosen and applied before first paint on the next load', async ({
    page,
  }) => {
    await recordThemeAtFirstPaint(page);
    await open(page, '/fr/');
    expect(await themeAtBody(page)).toBe('light');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('radio', { name: 'Sombre' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    expect(await themeAtBody(page)).toBe('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(18, 21, 28)');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Sombre' })).toBeChecked();
  });

  test('follows the system scheme when nothing is stored', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await recordThemeAtFirstPaint(page);
    await page.goto('/en/');
    expect(await themeAtBody(page)).toBe('dark');
    await context.close();
  });

  test('warns about an unknown stored value and falls back to light', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('theme', 'purple'));
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.goto('/en/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(warnings.some((w) => w.includes('Unknown theme "purple"'))).toBe(true);
    await context.close();
  });
});
