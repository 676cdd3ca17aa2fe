import type { Page } from '@playwright/test';
import { accessibilityViolations, expect, open, test } from './helpers';

// The map view of a result list: consent to map tiles, clusters as buttons named by their count,
// keyboard panning, "Rechercher dans cette zone", the list and the count following, back to the
// list, the language switch keeping the view, and axe. Map tiles come from a local tile server:
// every tile request is answered with a blank PNG.

const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

async function serveTiles(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route(/\/\d+\/\d+\/\d+\.png$/, (route) => {
    asked.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE });
  });
  return asked;
}

/** The counts of the cluster buttons shown ("12 biens" → 12). */
async function clusterCounts(page: Page, word: RegExp): Promise<number[]> {
  const names = await page
    .locator('.map-cluster')
    .evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));
  return names.map((name) => {
    const match = word.exec(name);
    if (!match) throw new Error(`cluster named ${name}`);
    return Number(match[1]);
  });
}

function totalOf(text: string): number {
  return Number(text.replace(/\D/g, ''));
}

test('the map view: consent, clusters, search this area, back to the list, language', async ({
  page,
}) => {
  // A long visit (five views, axe with the map shown): three times the usual time.
  test.slow();
  const tiles = await serveTiles(page);
  await open(page, '/fr/vente/');
  // Nothing of the map before the visitor asks for it.
  await page.getByRole('link', { name: 'Carte', exact: true }).click();
  await expect(page).toHaveURL(/[?&]view=map/);
  const show = page.getByRole('button', { name: 'Afficher la carte' });
  await expect(show).toBeVisible();
  expect(tiles).toEqual([]);
  await show.click();

  const map = page.getByRole('region', { name: /^Carte des biens/ });
  await expect(map).toBeVisible();
  const clusters = page.getByRole('button', { name: /^\d+ biens?$/ });
  await expect(clusters.first()).toBeVisible();
  expect(tiles.length).toBeGreaterThan(0);
  // Every offer of the list is in a cluster.
  const listTotal = totalOf((await page.locator('.search-page__total').textContent()) ?? '');
  expect((await clusterCounts(page, /^(\d+) biens?/)).reduce((a, b) => a + b, 0)).toBe(listTotal);

  // The list is one keystroke away, and the page passes axe with the map shown.
  await expect(page.getByRole('link', { name: 'Passer la carte et aller à la liste' })).toHaveCount(
    1,
  );
  expect(await accessibilityViolations(page)).toEqual([]);

  // Pan with the keyboard, zoom in with the keyboard, then search this area.
  await map.focus();
  await page.keyboard.press('+');
  await page.keyboard.press('ArrowLeft');
  const area = page.getByRole('button', { name: 'Rechercher dans cette zone' });
  await expect(area).toBeVisible();
  await area.click();
  await expect(page).toHaveURL(/[?&]bbox=-?[\d.]+(%2C-?[\d.]+){3}&/);
  await expect(page).toHaveURL(/[?&]view=map/);
  await expect(page.getByRole('combobox', { name: 'Lieu' })).toHaveValue('Zone de la carte');
  await expect(page.getByRole('navigation', { name: /fil d'Ariane/i })).toContainText(
    'Zone de la carte',
  );
  await expect(page.getByRole('button', { name: /^\d+ biens?$/ }).first()).toBeVisible();
  const areaTotal = totalOf((await page.locator('.search-page__total').textContent()) ?? '');
  expect(areaTotal).toBeLessThanOrEqual(listTotal);
  expect((await clusterCounts(page, /^(\d+) biens?/)).reduce((a, b) => a + b, 0)).toBe(areaTotal);
  const cards = page.locator('.result-list .offer-card, .search-page .offer-card');
  if (areaTotal > 0) await expect(cards.first()).toBeVisible();

  // Back to the list: the area stays, the map goes.
  await page.getByRole('link', { name: 'Liste', exact: true }).click();
  await expect(page).not.toHaveURL(/view=map/);
  await expect(page).toHaveURL(/bbox=/);
  await expect(map).toHaveCount(0);
  expect(totalOf((await page.locator('.search-page__total').textContent()) ?? '')).toBe(areaTotal);

  // The language switch keeps the view.
  await page.getByRole('link', { name: 'Carte', exact: true }).click();
  await expect(page).toHaveURL(/view=map/);
  // The consent is remembered: the map comes back at once. The address changes before the page
  // shows the new view (and its language links, which keep the view): switch once it shows it.
  await expect(map).toBeVisible();
  await page.getByRole('link', { name: 'EN (English)', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/sale\/.*view=map/);
  await expect(page.getByRole('region', { name: /^Map of the properties/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^\d+ propert(y|ies)$/ }).first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Place' })).toHaveValue('Map area');
});

test('a single offer shows its card with a link to the offer in the search', async ({ page }) => {
  await serveTiles(page);
  await open(page, '/fr/vente/?view=map');
  await page.getByRole('button', { name: 'Afficher la carte' }).click();
  const map = page.getByRole('region', { name: /^Carte des biens/ });
  await expect(page.getByRole('button', { name: /^\d+ biens?$/ }).first()).toBeVisible();
  // Zoom in on clusters (each click zooms to its offers) until one offer stands alone.
  const draws = () => map.getAttribute('data-draws');
  for (let i = 0; i < 10; i++) {
    if ((await page.getByRole('button', { name: '1 bien', exact: true }).count()) > 0) break;
    const before = await draws();
    await page
      .getByRole('button', { name: /^\d+ biens$/ })
      .first()
      .click();
    await expect.poll(draws).not.toBe(before);
  }
  const one = page.getByRole('button', { name: '1 bien', exact: true }).first();
  await one.focus();
  await page.keyboard.press('Enter');
  const card = page.locator('.map-view__card');
  await expect(card).toBeVisible();
  const link = card.locator('a').first();
  await expect(link).toHaveAttribute('href', /\?from=%2Ffr%2Fvente%2F%3Fview%3Dmap/);
  await expect(card.locator('img')).toHaveCount(1);
});

// Clusters come from grid cells aligned on the map, not on the offers: two cells sharing a town
// would put two markers one over the other. Drawn markers never overlap (as circles), however
// close the visitor zooms, and the counts they show still add up to the list's.
test('no two cluster markers overlap, at any zoom', async ({ page }) => {
  test.slow();
  await serveTiles(page);
  await open(page, '/fr/vente/?view=map');
  await page.getByRole('button', { name: 'Afficher la carte' }).click();
  const map = page.getByRole('region', { name: /^Carte des biens/ });
  await expect(page.getByRole('button', { name: /^\d+ biens?$/ }).first()).toBeVisible();
  const listTotal = totalOf((await page.locator('.search-page__total').textContent()) ?? '');
  expect((await clusterCounts(page, /^(\d+) biens?/)).reduce((a, b) => a + b, 0)).toBe(listTotal);
  const draws = () => map.getAttribute('data-draws');
  const overlaps: string[] = [];
  for (let step = 0; step < 6; step++) {
    const markers = await page.locator('.map-cluster').evaluateAll((nodes) =>
      nodes.map((n) => {
        const r = n.getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2, d: r.width, name: n.textContent };
      }),
    );
    for (const [i, a] of markers.entries())
      for (const b of markers.slice(i + 1))
        if (Math.hypot(a.x - b.x, a.y - b.y) < (a.d + b.d) / 2)
          overlaps.push(`step ${step}: ${a.name} over ${b.name}`);
    // Closer, as a visitor goes: into the largest cluster.
    const counts = await clusterCounts(page, /^(\d+) biens?/);
    const largest = Math.max(...counts);
    if (largest === 1) break;
    const before = await draws();
    await page.locator('.map-cluster').nth(counts.indexOf(largest)).click();
    await expect.poll(draws).not.toBe(before);
  }
  expect(overlaps).toEqual([]);
});

test('without JavaScript the list is served and the switch says the map needs it', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/fr/vente/?view=map');
  await expect(page.locator('.offer-card').first()).toBeVisible();
  await expect(page.getByText(/^La carte nécessite JavaScript/)).toBeVisible();
  await expect(page.getByRole('link', { name: /Carte \(nécessite JavaScript\)/ })).toBeVisible();
  await context.close();
});

for (const [width, touch] of [
  [1366, false],
  [390, true],
] as const) {
  test(`"Rechercher dans cette zone" keeps the visitor's zoom (${width} px)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width, height: width > 400 ? 900 : 844 },
      hasTouch: touch,
      isMobile: touch,
    });
    const page = await context.newPage();
    await serveTiles(page);
    await open(page, '/en/sale/cannes/?view=map');
    await page.getByRole('button', { name: 'Show the map' }).click();
    const map = page.getByRole('region', { name: /^Map of the properties/ });
    await expect(map).toHaveAttribute('data-zoom', /\d+/);
    // On a phone the map starts on the first screen.
    expect((await map.boundingBox())!.y).toBeLessThan(844);
    await map.focus();
    for (let i = 0; i < 8 && Number(await map.getAttribute('data-zoom')) < 16; i++) {
      const zoom = Number(await map.getAttribute('data-zoom'));
      await page.keyboard.press('+');
      await expect(map).toHaveAttribute('data-zoom', String(zoom + 1));
    }
    await page.keyboard.press('ArrowLeft');
    const area = page.getByRole('button', { name: 'Search this area' });
    await expect(area).toBeVisible();
    // The button covers no part of the map on a phone.
    if (touch) {
      const [a, m] = [(await area.boundingBox())!, (await map.boundingBox())!];
      expect(a.y).toBeGreaterThanOrEqual(m.y + m.height);
    }
    await area.click();
    await expect(page).toHaveURL(/[?&]bbox=/);
    await expect(page.getByRole('region', { name: /^Map of the properties/ })).toHaveAttribute(
      'data-zoom',
      '16',
    );
    await context.close();
  });
}
