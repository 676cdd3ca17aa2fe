import type { Page } from '@playwright/test';
import { expect, open, test, waitForHydration } from './helpers';

// A re-priced offer as a visitor meets it: the portal imports, right after it starts, the feeds
// of a few seeded agencies in which some prices dropped. The sale list's cards then say 'Prix en
// baisse' beside the price (without changing the card's height), and the offer page shows the
// label and its price history, in French and after the language switch in English.

const LIST = '/fr/vente/';
/** The import runs right after start: the lists show its drops within this time. */
const IMPORT_WAIT_MS = 40_000;

/** Walks the sale list's pages; the path of the first page with a reduced price, or null. */
async function pageWithReducedPrice(page: Page): Promise<string | null> {
  let path: string | null = LIST;
  while (path) {
    await page.goto(path);
    const reduced = page.locator('.offer-card', { hasText: 'Prix en baisse' });
    if ((await reduced.count()) > 0) return path;
    const next = page.locator('a[rel="next"]').first();
    path = (await next.count()) > 0 ? await next.getAttribute('href') : null;
  }
  return null;
}

test('a reduced price is labelled on its card and its offer page shows the price history', async ({
  page,
}) => {
  test.setTimeout(IMPORT_WAIT_MS + 60_000);
  let found: string | null = null;
  await expect
    .poll(async () => (found = await pageWithReducedPrice(page)), {
      timeout: IMPORT_WAIT_MS,
      intervals: [2_000],
    })
    .not.toBeNull();
  await open(page, found!);

  const card = page.locator('.offer-card', { hasText: 'Prix en baisse' }).first();
  const label = card.locator('.offer-card__price').getByText('Prix en baisse', { exact: true });
  await expect(label).toBeVisible();
  // The label sits on the price's line: every card's price line has the same height.
  const heights = await page
    .locator('.offer-card__price')
    .evaluateAll((lines) => lines.map((line) => line.getBoundingClientRect().height));
  expect(new Set(heights).size).toBe(1);

  const title = (await card.locator('.offer-card__link').textContent())!.trim();
  await card.locator('.offer-card__link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await waitForHydration(page);

  await expect(page.locator('.offer__price').getByText('Prix en baisse')).toBeVisible();
  const section = page.getByRole('region', { name: 'Historique des prix' });
  await expect(section.getByRole('heading', { level: 2 })).toHaveText('Historique des prix');
  const table = section.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Prix', 'Évolution']);
  const rows = table.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThanOrEqual(2);
  // The first known price, then changes signed in French typography; the last one is the drop.
  await expect(rows.first().getByRole('cell').last()).toHaveText('—Premier prix connu');
  await expect(rows.last().getByRole('rowheader')).toHaveText(/^\d{1,2} \S+ \d{4}$/);
  await expect(rows.last().getByRole('cell').first()).toHaveText(/^\d[\d\s\u202f]*\s€$/);
  await expect(rows.last().getByRole('cell').last()).toHaveText(/^\u2212\d+,\d\s%$/);

  await page.getByRole('link', { name: 'EN (English)', exact: true }).click();
  await expect(page).toHaveURL(/\/en\//);
  await expect(page.locator('.offer__price').getByText('Price reduced')).toBeVisible();
  const history = page.getByRole('region', { name: 'Price history' });
  await expect(history.getByRole('table').getByRole('columnheader')).toHaveText([
    'Date',
    'Price',
    'Change',
  ]);
  await expect(history.locator('tbody tr').last().getByRole('cell').last()).toHaveText(
    /^\u2212\d+\.\d%$/,
  );
  await expect(history.locator('tbody tr').last().getByRole('rowheader')).toHaveText(
    /^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/,
  );
});
