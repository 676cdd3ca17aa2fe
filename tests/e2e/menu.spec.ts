import { expect, open, test } from './helpers';

test.describe('menu', () => {
  test('opens from the burger and closes on Escape, giving focus back', async ({ page }) => {
    await open(page, '/fr/');
    const burger = page.getByRole('button', { name: 'Menu', exact: true });
    await burger.click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog.getByRole('link', { name: /Ma sélection/ })).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'Sombre' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'English' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(burger).toBeFocused();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
  });

  test('keeps focus inside while open', async ({ page }) => {
    await open(page, '/fr/');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => {
        const active = document.activeElement;
        return !active || active === document.body || Boolean(active.closest('dialog'));
      });
      expect(inside).toBe(true);
    }
    await expect(dialog).toBeVisible();
  });

  test('closes on its close button and on the backdrop', async ({ page }) => {
    await open(page, '/en/');
    const burger = page.getByRole('button', { name: 'Menu', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await burger.click();
    await dialog.getByRole('button', { name: 'Close the menu' }).click();
    await expect(dialog).toBeHidden();
    await burger.click();
    await expect(dialog).toBeVisible();
    // The backdrop: left of the panel.
    await page.mouse.click(5, 300);
    await expect(dialog).toBeHidden();
  });

  test('closes when a link is followed', async ({ page }) => {
    await open(page, '/fr/');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    const first = dialog.getByRole('navigation').getByRole('link').first();
    const target = await first.getAttribute('href');
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(dialog).toBeHidden();
  });
});
