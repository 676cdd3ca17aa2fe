import { accessibilityViolations, expect, open, test } from './helpers';

// The search on a phone (390×844, touch): the filter sheet survives a tap on each of its labels.

test.describe('on a phone with touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  for (const path of ['/fr/vente/cannes/', '/en/sale/']) {
    test(`the filter sheet of ${path} survives a tap on every label`, async ({ page }) => {
      // Dozens of taps, each with its checks.
      test.slow();
      let crashed = false;
      page.on('crash', () => (crashed = true));
      await open(page, path);
      // The form opens from the summary of the search, then the filters from the form.
      await page.locator('.search-summary').tap();
      const sheet = page.locator('details.search-form__filters');
      await sheet.locator('summary').first().tap();
      await expect(sheet).toHaveAttribute('open', '');
      // The property types open on demand: their labels are tapped too.
      await sheet.locator('.search-form__types > summary').tap();
      const labels = sheet.locator('.search-form__panel label');
      const count = await labels.count();
      expect(count).toBeGreaterThan(10);
      for (let i = 0; i < count; i += 1) {
        const label = labels.nth(i);
        if (!(await label.isVisible())) continue;
        await label.tap();
        expect(crashed, `tab crashed on label ${i}`).toBe(false);
        // The sheet stays open: a tap inside it is no focus leaving it.
        await expect(sheet).toHaveAttribute('open', '');
      }
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  }
});

for (const [lang, list, nature, notice, all] of [
  [
    'fr',
    '/fr/vente/paris/?price_max=4000000',
    '/fr/vente/',
    'Votre dernière recherche a été rétablie.',
    'Voir tous les biens à vendre',
  ],
  [
    'en',
    '/en/sale/paris/?price_max=4000000',
    '/en/sale/',
    'Your last search was restored.',
    'See all properties for sale',
  ],
] as const) {
  test(`a restored search says so, with a way to the whole list (${lang})`, async ({ page }) => {
    await open(page, list);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('portal.search')))
      .toContain('"maxPrice":4000000');
    await open(page, nature);
    await expect(page).toHaveURL(/\/paris\/\?price_max=4000000$/);
    const status = page.getByRole('status').filter({ hasText: notice });
    await expect(status).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await status.getByRole('link', { name: all }).click();
    // The whole list, not restored again, and no notice.
    await expect(page).toHaveURL(new RegExp(`${nature}$`));
    await expect(page.getByText(notice)).toHaveCount(0);
    await expect(page.locator('.search-page__total')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${nature}$`));
  });
}

test.describe('results on a phone’s first screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  for (const [lang, path, summary, apply] of [
    [
      'fr',
      '/fr/vente/cannes/?price_min=1000000&nb_rooms=2',
      /^Modifier la recherche : Vente · Cannes · 1\s?M\s?€\+ · Filtres \(1\)$/,
      'Rechercher',
    ],
    [
      'en',
      '/en/sale/cannes/?price_min=1000000&nb_rooms=2',
      /^Change the search: Sale · Cannes · €1M\+ · Filters \(1\)$/i,
      'Search',
    ],
  ] as const) {
    test(`a summary line, the results above the cookie banner, a search lands on them (${lang})`, async ({
      page,
    }) => {
      await open(page, path);
      await expect(page.locator('.consent-banner')).toBeVisible();
      const card = page.locator('.offer-card').first();
      expect((await card.boundingBox())!.y).toBeLessThanOrEqual(420);
      const line = page.locator('.search-summary');
      await expect(line).toHaveText(summary);
      // The summary opens the form as a sheet; its search lands on the results.
      await line.tap();
      const form = page.getByRole('search');
      await expect(form).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
      await form.getByRole('button', { name: apply, exact: true }).tap();
      await expect(page).toHaveURL(/#results$/);
      await expect(page.locator('#results')).toBeInViewport();
    });
  }

  test('a page change lands on the results', async ({ page }) => {
    await open(page, '/fr/vente/');
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('link', { name: 'Page 2', exact: true })
      .tap();
    await expect(page).toHaveURL(/page=2#results$/);
    await expect(page.locator('#results')).toBeInViewport();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the summary opens the form, whose search lands on the results', async ({ page }) => {
      await page.goto('/en/sale/cannes/');
      await expect(page.getByRole('search')).toBeHidden();
      await page.locator('.search-summary').tap();
      await expect(page.getByRole('search')).toBeVisible();
      await page.getByRole('search').getByRole('button', { name: 'Search', exact: true }).tap();
      await expect(page).toHaveURL(/\/en\/sale\/cannes\/#results$/);
      await expect(page.locator('#results')).toBeInViewport();
    });
  });
});

for (const [lang, home, nature, place, landing] of [
  ['fr', '/fr/', 'Location', 'Cannes', /\/fr\/location\/cannes\/#results$/],
  ['en', '/en/', 'Sale', 'Cannes', /\/en\/sale\/cannes\/#results$/],
] as const) {
  test(`the home page has a search field (${lang})`, async ({ page }) => {
    await open(page, home);
    const form = page.getByRole('search');
    await form.getByRole('combobox').first().selectOption({ label: nature });
    await form.getByRole('textbox').fill(place);
    await form.getByRole('button').click();
    await expect(page).toHaveURL(landing);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
}
