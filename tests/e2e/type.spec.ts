import { expect, open, test } from './helpers';

// The portal's own type: Playfair Display for headings, Inter for text, served by the portal
// (latin subset), the heading font alone preloaded.
test.describe('type', () => {
  for (const lang of ['fr', 'en'] as const) {
    test(`sets headings and text in the portal's own fonts, from its own server, in ${lang}`, async ({
      page,
    }) => {
      const fontRequests: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'font') fontRequests.push(req.url());
      });
      await open(page, `/${lang}/`);
      await page.evaluate(() => document.fonts.ready);
      const heading = page.getByRole('heading', { level: 1 });
      expect(await heading.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(
        /^"Playfair Display Variable"/,
      );
      expect(await page.locator('body').evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(
        /^"Inter Variable"/,
      );
      expect(
        await page.evaluate(() => [
          document.fonts.check('600 32px "Playfair Display Variable"'),
          document.fonts.check('16px "Inter Variable"'),
        ]),
      ).toEqual([true, true]);
      const origin = new URL(page.url()).origin;
      expect(fontRequests.length).toBeGreaterThan(0);
      for (const url of fontRequests) {
        expect(url.startsWith(`${origin}/`), url).toBe(true);
        expect(url).toMatch(/latin-wght-normal/);
        expect(url).not.toMatch(/latin-ext|cyrillic|greek|vietnamese/);
      }
      const preloads = page.locator('link[rel="preload"][as="font"]');
      await expect(preloads).toHaveCount(1);
      await expect(preloads).toHaveAttribute('href', /playfair-display-latin-wght-normal/);
    });
  }
});
