import type { Page } from '@playwright/test';
import { accessibilityViolations, expect, open, test, waitForHydration } from './helpers';

// The search journey in a browser, in both languages: home, nature page, sort, page 2, back,
// reload, place autocomplete (spaced requests), filters; the `liste` statistic; the search form
// and the sort without JavaScript landing on the same URLs; no accessibility violation.

const LANGS = {
  fr: {
    nature: 'Vente',
    natureSlug: 'vente',
    hub: 'demeures-luxe',
    place: 'Lieu',
    maxPrice: 'Prix maximum (€)',
    minPrice: 'Prix minimum (€)',
    search: 'Rechercher',
    sortBy: 'Trier par',
    priceDesc: 'Prix décroissant',
    priceAsc: 'Prix croissant',
    sortButton: 'Trier',
    page2: 'Page 2',
    minAboveMax: 'Le prix minimum doit être inférieur au prix maximum',
    total: /^\d[\d\s\u202f]* biens?$/,
  },
  en: {
    nature: 'Sale',
    natureSlug: 'sale',
    hub: 'luxury-homes',
    place: 'Place',
    maxPrice: 'Max price (€)',
    minPrice: 'Min price (€)',
    search: 'Search',
    sortBy: 'Sort by',
    priceDesc: 'Price: high to low',
    priceAsc: 'Price: low to high',
    sortButton: 'Sort',
    page2: 'Page 2',
    minAboveMax: 'Min price must be lower than max price',
    total: /^\d[\d,]* propert(y|ies)$/,
  },
} as const;

async function cardIds(page: Page): Promise<string[]> {
  return page
    .locator('.result-list [data-offer-id]')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-offer-id') ?? ''));
}

/** A place with offers in the seed: the first suggestion for 'Paris'. */
const PLACE_TEXT = 'Paris';

for (const lang of ['fr', 'en'] as const) {
  const t = LANGS[lang];

  test(`search journey in ${lang}: nature, sort, page 2, back, reload, place, filters`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await open(page, `/${lang}/`);
    await page
      .getByRole('navigation', {
        name: lang === 'fr' ? 'Navigation principale' : 'Main navigation',
      })
      .getByRole('link', { name: t.nature, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/${t.natureSlug}/(#results)?$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.search-page__total')).toHaveText(t.total);

    // The list view is counted once, with the ids shown.
    const stat = page.waitForRequest((r) => r.url().endsWith('/api/stat') && r.method() === 'POST');
    // Sort: the list changes at once (JavaScript), first page, sorted URL.
    await page.locator('.sort-select').getByLabel(t.sortBy).selectOption({ label: t.priceDesc });
    await expect(page).toHaveURL(
      new RegExp(`/${lang}/${t.natureSlug}/\\?sort=price_desc(#results)?$`),
    );
    const statBody = (await stat).postDataJSON() as { type: string; id: number[] };
    expect(statBody.type).toBe('liste');
    expect(statBody.id.length).toBeGreaterThan(0);
    const sortedIds = await cardIds(page);
    expect(sortedIds.length).toBe(24);

    // Page 2, then back, then reload: the same pages.
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('link', { name: t.page2 })
      .click();
    await expect(page).toHaveURL(new RegExp(`\\?page=2&sort=price_desc(#results)?$`));
    await expect.poll(() => cardIds(page)).not.toEqual(sortedIds);
    const page2Ids = await cardIds(page);
    await page.goBack();
    await expect(page).toHaveURL(
      new RegExp(`/${lang}/${t.natureSlug}/\\?sort=price_desc(#results)?$`),
    );
    await expect.poll(() => cardIds(page)).toEqual(sortedIds);
    await page.goForward();
    await expect.poll(() => cardIds(page)).toEqual(page2Ids);
    await page.reload();
    await waitForHydration(page);
    expect(await cardIds(page)).toEqual(page2Ids);

    // Place autocomplete: requests spaced by at least the minimum delay, keyboard choice. The
    // start of each request is timed in the page, where the app calls fetch (events reaching the
    // test process can be delayed on a busy machine, which shortens the gaps seen from here).
    await page.evaluate(() => {
      const starts: number[] = [];
      const keys: number[] = [];
      const original = window.fetch;
      (window as unknown as { placeSearchStarts: number[] }).placeSearchStarts = starts;
      (window as unknown as { placeKeys: number[] }).placeKeys = keys;
      document.addEventListener('keydown', () => keys.push(performance.now()), true);
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.includes('/api/search-lieu')) starts.push(performance.now());
        return original(input, init);
      };
    });
    const place = page.getByRole('combobox', { name: t.place });
    await place.pressSequentially(PLACE_TEXT, { delay: 40 });
    const listbox = page.getByRole('listbox');
    await expect(listbox).toBeVisible();
    await expect(page.getByRole('option').first()).toContainText(PLACE_TEXT);
    const { starts, keys } = await page.evaluate(() => {
      const w = window as unknown as { placeSearchStarts: number[]; placeKeys: number[] };
      return { starts: w.placeSearchStarts, keys: w.placeKeys };
    });
    expect(starts.length).toBeGreaterThan(0);
    // No more requests than the typing time allows at one per 150 ms, and one after the last key
    // (five characters in about 200 ms make at most three): the time as the page saw it, since a
    // busy machine spaces the keys more.
    const typing = (keys.at(-1) ?? 0) - (keys[0] ?? 0);
    expect(keys).toHaveLength(PLACE_TEXT.length);
    expect(starts.length).toBeLessThanOrEqual(Math.floor(typing / 150) + 2);
    for (let i = 1; i < starts.length; i++) {
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(150);
    }
    await place.press('ArrowDown');
    await expect(place).toHaveAttribute('aria-activedescendant', /.+/);
    await place.press('Enter');
    await expect(listbox).toBeHidden();
    await expect(place).toHaveValue(PLACE_TEXT);

    // A filter, then the search: the result list of the place with the filter.
    await page.getByLabel(t.maxPrice, { exact: true }).fill('3000000');
    await page.getByRole('button', { name: t.search, exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`/${lang}/${t.natureSlug}/paris/\\?price_max=3000000&sort=price_desc(#results)?$`),
    );
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Paris');
    const prices = await page
      .locator('.result-list .offer-card__price')
      .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    for (const price of prices) {
      const digits = Number(price.replace(/\D/g, ''));
      if (digits > 0) expect(digits).toBeLessThanOrEqual(3_000_000);
    }
  });

  test(`the form checks the price bounds before leaving (${lang})`, async ({ page }) => {
    await open(page, `/${lang}/${t.natureSlug}/`);
    await page.getByLabel(t.minPrice, { exact: true }).fill('900000');
    await page.getByLabel(t.maxPrice, { exact: true }).fill('500000');
    await page.getByRole('button', { name: t.search, exact: true }).click();
    await expect(page.getByText(t.minAboveMax)).toBeVisible();
    await expect(page.getByLabel(t.minPrice, { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page.getByLabel(t.minPrice, { exact: true })).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/${lang}/${t.natureSlug}/(#results)?$`));
  });

  for (const path of [
    `/${lang}/${t.natureSlug}/`,
    `/${lang}/${t.natureSlug}/paris/?sort=price_asc`,
    `/${lang}/${t.natureSlug}/${t.hub}/paris/`,
    `/${lang}/${t.natureSlug}/?area_min=99999999`,
  ]) {
    test(`${path} has no accessibility violation`, async ({ page }) => {
      test.setTimeout(60_000);
      await open(page, path);
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  }
}

for (const path of ['/fr/vente/paris/', '/en/sale/luxury-homes/paris/']) {
  test(`${path} has no accessibility violation in the dark theme`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await open(page, path);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
}

test('the search form restores the stored search on the nature page', async ({ page }) => {
  await open(page, '/fr/vente/paris/?price_max=4000000');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('portal.search')))
    .toContain('"maxPrice":4000000');
  await open(page, '/fr/vente/');
  // The restored search is a search of its own: its URL, its results, its form.
  await expect(page).toHaveURL(/\/fr\/vente\/paris\/\?price_max=4000000(#results)?$/);
  await expect(page.getByRole('combobox', { name: 'Lieu' })).toHaveValue('Paris');
  await expect(page.getByLabel('Prix maximum (€)', { exact: true })).toHaveValue(
    '4\u202f000\u202f000',
  );
  // Another nature keeps its own search.
  await open(page, '/fr/location/');
  await expect(page.getByRole('combobox', { name: 'Lieu' })).toHaveValue('');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search form lands on the URL the script builds', async ({ page }) => {
    await page.goto('/fr/vente/');
    await page.getByRole('combobox', { name: 'Lieu' }).fill(PLACE_TEXT);
    await page.getByLabel('Prix maximum (€)', { exact: true }).fill('3000000');
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await expect(page).toHaveURL(/\/fr\/vente\/paris\/\?price_max=3000000(#results)?$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Paris');
  });

  test('a rent search in English with a category and an asset', async ({ page }) => {
    await page.goto('/en/sale/');
    await page.getByRole('radio', { name: 'Rent', exact: true }).check();
    await page.locator('summary', { hasText: 'Filters' }).click();
    await page.getByText('Property type').first().click();
    await page.getByRole('checkbox', { name: 'Apartments', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Lift', exact: true }).check();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // Everywhere: the nature page, no French slug of the generic place in an English URL.
    await expect(page).toHaveURL(/\/en\/rent\/apartments\/\?assets=ascenseur(#results)?$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'Luxury apartments for rent',
    );
  });

  test('the form shows the rule it broke', async ({ page }) => {
    await page.goto('/en/sale/');
    await page.getByLabel('Min price (€)', { exact: true }).fill('900000');
    await page.getByLabel('Max price (€)', { exact: true }).fill('500000');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('Min price must be lower than max price')).toBeVisible();
  });

  test('the sort and the pages are links and forms that work', async ({ page }) => {
    await page.goto('/fr/vente/');
    await page.locator('.sort-select').getByLabel('Trier par').selectOption('price_asc');
    await page.getByRole('button', { name: 'Trier', exact: true }).click();
    await expect(page).toHaveURL(/\/fr\/vente\/\?sort=price_asc(#results)?$/);
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('link', { name: 'Page 2' })
      .click();
    await expect(page).toHaveURL(/\/fr\/vente\/\?page=2&sort=price_asc(#results)?$/);
    await expect(page.locator('.result-list [data-offer-id]')).toHaveCount(24);
  });
});
