import type { APIRequestContext, Page } from '@playwright/test';
import { formatAmount } from '../../shared/format';
import { loanPayment, notaryFees } from '../../shared/purchase-costs';
import { accessibilityViolations, expect, open, test } from './helpers';
import { offerPath, offersOf, portalConfig, type Lang } from './seed-data';

// What an offer costs, as a visitor reads it: on a sale offer the notary's fees with their
// breakdown and the monthly payment, which follows the form's fields with JavaScript and comes
// back computed after sending it without; on a rent offer the rent budget and the legal deposit;
// on both the price per m². In French and in English, with no axe violation, within 320 pixels.

interface Detail {
  slug: string;
  price: number | null;
  monthlyRent: number | null;
  prixCache: boolean;
  departementCode: string | null;
  surface: number | null;
  lieu: { type: string; libelle: string; ancestors: { type: string; libelle: string }[] };
}

const TEXT = {
  fr: {
    costs: 'Frais de notaire et mensualité',
    rent: 'Budget de la location',
    perM2: 'Prix au m²',
    total: 'Total des frais de notaire',
    monthly: 'Mensualité (hors assurance)',
    years: 'Durée (années)',
    send: 'Calculer',
    unfurnished: /Dépôt maximal, location vide/,
    furnished: /Dépôt maximal, location meublée/,
  },
  en: {
    costs: 'Notary fees and monthly payment',
    rent: 'Rental budget',
    perM2: 'Price per m²',
    total: 'Total notary fees',
    monthly: 'Monthly payment (without insurance)',
    years: 'Duration (years)',
    send: 'Calculate',
    unfurnished: /Maximum deposit, unfurnished let/,
    furnished: /Maximum deposit, furnished let/,
  },
} as const;

const DEFAULTS = { downPaymentPct: 20, years: 20, ratePct: 3.2 };

function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
}

/** The first offer of a nature with a shown amount (and a département for a sale). */
async function offerOf(request: APIRequestContext, nature: 'V' | 'L', lang: Lang) {
  const config = await portalConfig(request);
  for (const item of await offersOf(request, nature, lang)) {
    const detail = (await (
      await request.get(`/api/offre-detail?slug=${item.slug}&lang=${lang}`)
    ).json()) as Detail;
    const amount = nature === 'V' ? detail.price : detail.monthlyRent;
    if (amount !== null && !detail.prixCache && (nature === 'L' || detail.departementCode)) {
      return { path: offerPath(config, item, lang), detail, amount };
    }
  }
  throw new Error(`no ${nature} offer with a shown price in the seed`);
}

function expectedSale(price: number, code: string, years = DEFAULTS.years) {
  const fees = notaryFees({
    price,
    departement: code,
    newBuild: false,
    firstTimeBuyer: false,
    day: today(),
  });
  const withFees = price + fees.total;
  const down = Math.round((withFees * DEFAULTS.downPaymentPct) / 100);
  const loan = loanPayment({ principal: withFees - down, years, ratePct: DEFAULTS.ratePct });
  return { fees, loan };
}

/** The value beside a label in a section's facts. */
function fact(page: Page, section: string, label: string) {
  return page
    .getByRole('region', { name: section })
    .locator('.offer-facts__row', { has: page.getByText(label, { exact: true }) })
    .locator('dd');
}

async function fitsAt320(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const lang of ['fr', 'en'] as const) {
  const text = TEXT[lang];

  test(`a sale offer shows its notary fees and a monthly payment that follows the form (${lang})`, async ({
    page,
    request,
  }) => {
    const { path, detail, amount } = await offerOf(request, 'V', lang);
    await open(page, path);
    const section = page.getByRole('region', { name: text.costs });
    const table = section.getByRole('table');
    await expect(table.locator('tbody tr')).toHaveCount(5);
    const { fees, loan } = expectedSale(amount, detail.departementCode!);
    await expect(table.locator('tfoot tr').first().locator('td')).toHaveText(
      formatAmount(fees.total, lang),
    );
    await expect(fact(page, text.costs, text.monthly)).toHaveText(formatAmount(loan.monthly, lang));
    // Live: ten years instead of twenty.
    await section.getByLabel(text.years).fill('10');
    await expect(fact(page, text.costs, text.monthly)).toHaveText(
      formatAmount(expectedSale(amount, detail.departementCode!, 10).loan.monthly, lang),
    );
    await expect(page.getByRole('region', { name: text.perM2 })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await fitsAt320(page);
  });

  test(`a rent offer shows its budget and the deposit the law allows (${lang})`, async ({
    page,
    request,
  }) => {
    const { path, amount } = await offerOf(request, 'L', lang);
    await open(page, path);
    const section = page.getByRole('region', { name: text.rent });
    await expect(
      section.locator('.offer-facts__row', { hasText: text.unfurnished }).locator('dd'),
    ).toHaveText(formatAmount(amount, lang));
    await expect(
      section.locator('.offer-facts__row', { hasText: text.furnished }).locator('dd'),
    ).toHaveText(formatAmount(amount * 2, lang));
    await expect(page.getByRole('region', { name: text.costs })).toHaveCount(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await fitsAt320(page);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the payment form is sent and the page comes back computed', async ({ page, request }) => {
    const { path, detail, amount } = await offerOf(request, 'V', 'fr');
    await page.goto(path);
    const section = page.getByRole('region', { name: TEXT.fr.costs });
    await section.getByLabel(TEXT.fr.years).fill('15');
    await section.getByRole('button', { name: TEXT.fr.send }).click();
    await expect(page).toHaveURL(/years=15/);
    await expect(fact(page, TEXT.fr.costs, TEXT.fr.monthly)).toHaveText(
      formatAmount(expectedSale(amount, detail.departementCode!, 15).loan.monthly, 'fr'),
    );
  });

  test('a wrong value answers 400 with the field in error', async ({ page, request }) => {
    const { path } = await offerOf(request, 'V', 'en');
    const response = await page.goto(`${path}?years=99`);
    expect(response?.status()).toBe(400);
    const field = page.getByLabel(TEXT.en.years);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByText('Enter a duration of 1 to 30 years, in whole years.'),
    ).toBeVisible();
  });
});
