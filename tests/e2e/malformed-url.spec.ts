import { expect, open, test } from './helpers';

// A malformed address (a broken percent-encoding in the path): the server answers the portal's
// error page (400) in the path's language, and in the browser that page hydrates without a
// script error, so its header links work as on any page.

for (const [lang, path, message] of [
  ['fr', '/fr/vente/%E0%A4%A/', "L'adresse de cette page n'est pas valide."],
  ['en', '/en/sale/%E0%A4%A/', 'The address of this page is not valid.'],
] as const) {
  test(`the error page of a malformed address hydrates (${lang})`, async ({ page }) => {
    const answer = page.waitForResponse((r) => r.url().includes('%E0%A4%A'));
    await open(page, path);
    expect((await answer).status()).toBe(400);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByText(message)).toBeVisible();
    // A header link navigates in the app, like on any other page.
    await page.locator('header a.brand').first().click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/$`));
    await expect(page.locator('h1').first()).toBeVisible();
  });
}
