import type { Page } from '@playwright/test';
import { accessibilityViolations, expect, open, test } from './helpers';

// The search screens as a visitor meets them, in both languages: the first result on the first
// screen (desktop and phone) with the other criteria in a filters panel (a sheet on a phone),
// the form showing the search the results come from, a place that names none said next to the
// field, and price fields with their digits grouped.

const T = {
  fr: {
    sale: 'Vente',
    saleSlug: 'vente',
    rentSlug: 'location',
    villas: 'villas',
    filters: 'Filtres',
    apply: 'Appliquer',
    close: 'Fermer',
    types: 'Type de bien',
    houses: 'Maisons',
    pool: 'Piscine',
    place: 'Lieu',
    maxPrice: 'Prix maximum (€)',
    minPrice: 'Prix minimum (€)',
    search: 'Rechercher',
    nav: 'Navigation principale',
    grouped: '3\u202f000\u202f000',
    notFound: (text: string) => `Lieu introuvable\u00a0: «\u00a0${text}\u00a0»`,
    closest: 'Lieux les plus proches',
  },
  en: {
    sale: 'Sale',
    saleSlug: 'sale',
    rentSlug: 'rent',
    villas: 'villas',
    filters: 'Filters',
    apply: 'Apply',
    close: 'Close',
    types: 'Property type',
    houses: 'Houses',
    pool: 'Swimming pool',
    place: 'Place',
    maxPrice: 'Max price (€)',
    minPrice: 'Min price (€)',
    search: 'Search',
    nav: 'Main navigation',
    grouped: '3,000,000',
    notFound: (text: string) => `Place not found: "${text}"`,
    closest: 'Closest places',
  },
} as const;

const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

const firstCard = (page: Page) => page.locator('.result-list [data-offer-id]').first();
const filtersToggle = (page: Page) => page.locator('summary.search-form__filters-toggle');

for (const lang of ['fr', 'en'] as const) {
  const t = T[lang];
  const villasInCannes = `/${lang}/${t.saleSlug}/${t.villas}/cannes/`;

  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test(`${villasInCannes} shows its first result on the first screen (${device})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await open(page, villasInCannes);
      const box = await firstCard(page).boundingBox();
      expect(box, 'a first result card').not.toBeNull();
      expect(box!.y).toBeLessThan(viewport.height);
      // The criteria beyond nature, place and price wait in the panel, with their count.
      await expect(filtersToggle(page)).toHaveText(`${t.filters} (1)`);
      await expect(page.getByRole('checkbox', { name: t.houses, exact: true })).toBeHidden();
    });
  }

  test(`the filters panel opens as a sheet on a phone and applies (${lang})`, async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await open(page, villasInCannes);
    // On a phone the form opens from the one-line summary of the search.
    await page.locator('.search-summary').click();
    const toggle = filtersToggle(page);
    const panel = page.locator('.search-form__panel');
    await expect(panel).toBeHidden();
    await toggle.click();
    await expect(panel).toBeVisible();
    // A sheet: fixed to the bottom of the screen, the focus in it.
    expect(await panel.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await expect(page.getByRole('heading', { name: t.filters, exact: true })).toBeFocused();
    // Escape closes it, the focus back on the toggle.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
    // The keyboard opens it again; the types show the chosen one and open on demand.
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    const types = page.locator('.search-form__types > summary');
    await expect(types).toContainText(t.types);
    await expect(types).toContainText(lang === 'fr' ? 'Villas' : 'Villas');
    await expect(page.getByRole('checkbox', { name: t.houses, exact: true })).toBeHidden();
    await types.click();
    await expect(page.getByRole('checkbox', { name: t.houses, exact: true })).toBeVisible();
    await page.getByRole('checkbox', { name: t.pool, exact: true }).check();
    await expect(toggle).toHaveText(`${t.filters} (2)`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: t.apply, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${villasInCannes}\\?assets=piscine(#results)?$`));
    await expect(filtersToggle(page)).toHaveText(`${t.filters} (2)`);
    await expect(page.locator('.search-form__panel')).toBeHidden();
  });

  test(`the close button of the sheet gives the focus back (${lang})`, async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await open(page, `/${lang}/${t.saleSlug}/`);
    await page.locator('.search-summary').click();
    await filtersToggle(page).click();
    await page.getByRole('button', { name: t.close, exact: true }).click();
    await expect(page.locator('.search-form__panel')).toBeHidden();
    await expect(filtersToggle(page)).toBeFocused();
  });

  test(`the form shows the search the results come from (${lang})`, async ({ page }) => {
    // A search, then the nature in the header: the stored search is restored, on its own URL.
    const search = `/${lang}/${t.saleSlug}/${t.villas}/cannes/?price_min=3000000`;
    await open(page, search);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('portal.search')))
      .toContain('"minPrice":3000000');
    await page
      .getByRole('navigation', { name: t.nav })
      .getByRole('link', { name: t.sale, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`${search.replace(/[?]/g, '\\?')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Cannes');
    await expect(page.getByRole('combobox', { name: t.place })).toHaveValue('Cannes');
    await expect(page.getByLabel(t.minPrice, { exact: true })).toHaveValue(t.grouped);
    await expect(filtersToggle(page)).toHaveText(`${t.filters} (1)`);

    // The rules keep the URL's search (another nature): the form shows exactly the URL's.
    await open(page, `/${lang}/${t.rentSlug}/`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/${t.rentSlug}/$`));
    await expect(page.getByRole('combobox', { name: t.place })).toHaveValue('');
    await expect(filtersToggle(page)).toHaveText(t.filters);
    // A list with its own place: its criteria only, nothing of the stored search.
    await open(page, `/${lang}/${t.saleSlug}/paris/`);
    await expect(page.getByRole('combobox', { name: t.place })).toHaveValue('Paris');
    await expect(page.getByLabel(t.minPrice, { exact: true })).toHaveValue('');
    await expect(filtersToggle(page)).toHaveText(t.filters);
  });

  test(`a place that names none is said next to the field (${lang})`, async ({ page }) => {
    await open(page, `/${lang}/${t.saleSlug}/`);
    const place = page.getByRole('combobox', { name: t.place });
    await place.fill('Xyzzyville');
    await page.getByRole('button', { name: t.search, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/${t.saleSlug}/\\?lieu_q=Xyzzyville$`));
    await expect(page.locator('.place-field__unknown')).toHaveText(t.notFound('Xyzzyville'));
    await expect(place).toHaveValue('Xyzzyville');
    await expect(place).toHaveAttribute('aria-invalid', 'true');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Text close to a place: the closest places are offered, each a link to the search there.
    await place.fill('Parisxyzzyville');
    await page.getByRole('button', { name: t.search, exact: true }).click();
    await expect(page.locator('.place-field__unknown')).toContainText(
      t.notFound('Parisxyzzyville'),
    );
    await expect(page.locator('.place-field__unknown')).toContainText(t.closest);
    await page
      .locator('.place-field__suggestions')
      .getByRole('link', { name: 'Paris', exact: true })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/${t.saleSlug}/paris/$`));
    await expect(page.locator('.place-field__unknown')).toHaveCount(0);
  });

  test(`price fields group their digits and still search (${lang})`, async ({ page }) => {
    await open(page, `/${lang}/${t.saleSlug}/?price_max=3000000`);
    const max = page.getByLabel(t.maxPrice, { exact: true });
    await expect(max).toHaveValue(t.grouped);
    const min = page.getByLabel(t.minPrice, { exact: true });
    await min.fill('1500000');
    await min.blur();
    await expect(min).toHaveValue(lang === 'fr' ? '1\u202f500\u202f000' : '1,500,000');
    await page.getByRole('button', { name: t.search, exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`/${lang}/${t.saleSlug}/\\?price_min=1500000&price_max=3000000(#results)?$`),
    );
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of ['fr', 'en'] as const) {
    const t = T[lang];

    test(`the filters panel opens and submits (${lang})`, async ({ page }) => {
      await page.setViewportSize(VIEWPORTS.phone);
      await page.goto(`/${lang}/${t.saleSlug}/${t.villas}/cannes/`);
      // On a phone the form opens from the one-line summary of the search.
      await page.locator('.search-summary').click();
      await filtersToggle(page).click();
      await page.getByRole('checkbox', { name: t.pool, exact: true }).check();
      await page.getByRole('button', { name: t.apply, exact: true }).click();
      await expect(page).toHaveURL(
        new RegExp(`/${lang}/${t.saleSlug}/${t.villas}/cannes/\\?assets=piscine(#results)?$`),
      );
      await expect(filtersToggle(page)).toHaveText(`${t.filters} (2)`);
    });

    test(`a place that names none is said, grouped prices read (${lang})`, async ({ page }) => {
      await page.goto(`/${lang}/${t.saleSlug}/`);
      await page.getByRole('combobox', { name: t.place }).fill('Xyzzyville');
      await page.getByLabel(t.maxPrice, { exact: true }).fill(t.grouped);
      await page.getByRole('button', { name: t.search, exact: true }).click();
      await expect(page).toHaveURL(
        new RegExp(`/${lang}/${t.saleSlug}/\\?price_max=3000000&lieu_q=Xyzzyville(#results)?$`),
      );
      await expect(page.locator('.place-field__unknown')).toHaveText(t.notFound('Xyzzyville'));
      await expect(page.getByRole('combobox', { name: t.place })).toHaveValue('Xyzzyville');
      await expect(page.getByLabel(t.maxPrice, { exact: true })).toHaveValue(t.grouped);
    });
  }
});
