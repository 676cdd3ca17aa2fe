import { expect, open, test } from './helpers';
import {
  agencyWithBilingualReviews,
  offerPath,
  offersOf,
  offerWithPhotos,
  portalConfig,
  type Lang,
  type OfferSummaryLike,
} from './seed-data';

// The offer and agency screens as a visitor meets them: the contact bar of phones, the agency
// link that keeps the offer's nature, the agency's reviews (newest first, more of them, each
// review's language said), and what works without JavaScript (all the photos, the menu, no
// favourite heart that cannot work).

const AGENCY_PATH: Record<Lang, string> = {
  fr: '/fr/annuaire-immobilier-luxe/agence/',
  en: '/en/luxury-real-estate-agencies/agency/',
};

async function refuseCookies(page: import('@playwright/test').Page) {
  await page.getByRole('button', { name: /^(Tout refuser|Refuse all)$/ }).click();
}

for (const lang of ['fr', 'en'] as const) {
  const contactText = lang === 'fr' ? "Contacter l'agence" : 'Contact the agency';

  test(`a phone gets a contact bar once past the gallery, which leads into the form (${lang})`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { path } = await offerWithPhotos(request, lang, 2);
    await open(page, path);
    await refuseCookies(page);
    const bar = page.getByTestId('contact-bar');
    await expect(bar).toBeHidden();
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.locator('#offer-description').scrollIntoViewIfNeeded();
    await page.evaluate(() => {
      const gallery = document.getElementById('photos')!;
      window.scrollTo(0, gallery.getBoundingClientRect().bottom + window.scrollY + 10);
    });
    await expect(bar).toBeVisible();
    // Fixed at the bottom of the screen, the page keeping room for it: nothing moved.
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(844);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(pageHeight);
    const room = await page.evaluate(() =>
      parseFloat(getComputedStyle(document.body).paddingBottom),
    );
    expect(room).toBeGreaterThanOrEqual(box.height);
    await expect(bar.getByRole('button', { name: /téléphone|phone/i })).toBeVisible();
    await bar.getByRole('link', { name: contactText }).click();
    // Focus in the form's first field, the form on the screen.
    await expect(
      page.locator('#contact form :is(input, textarea, select):not([type="hidden"])').first(),
    ).toBeFocused();
    await expect(page.locator('#contact h2')).toBeInViewport();
    await expect(bar).toBeHidden();
  });

  test(`no contact bar on a desktop (${lang})`, async ({ page, request }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const { path } = await offerWithPhotos(request, lang, 2);
    await open(page, path);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await expect(page.getByTestId('contact-bar')).toBeHidden();
  });

  test(`the agency link of a seasonal rent opens the agency on its seasonal rents (${lang})`, async ({
    page,
    request,
  }) => {
    const config = await portalConfig(request);
    // A seasonal rent of an agency that has offers for sale too (its page opens on sales).
    let offer: OfferSummaryLike | undefined;
    for (const item of await offersOf(request, 'S', lang)) {
      const agency = (await (
        await request.get(`/api/agence?slug=${item.agency.slug}&lang=${lang}`)
      ).json()) as { offerCounts: Record<string, number> };
      if ((agency.offerCounts.V ?? 0) > 0) {
        offer = item;
        break;
      }
    }
    expect(offer, 'a seasonal rent of an agency that also sells').toBeDefined();
    await open(page, offerPath(config, offer!, lang));
    await page.locator('.agency-block__name').getByRole('link').click();
    const seasonal = config.natures.find((n) => n.id === 'S')!;
    await page.waitForURL(/\/(agence|agency)\//);
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe(
      `${AGENCY_PATH[lang]}${offer!.agency.slug}/?nature=${seasonal.slug[lang]}`,
    );
    await expect(page.locator('.nature-links [aria-current="true"]')).toContainText(
      seasonal.libelle[lang],
    );
  });

  test(`an agency's reviews: newest first, their language said, more on demand (${lang})`, async ({
    page,
    request,
  }) => {
    const agency = await agencyWithBilingualReviews(request);
    await open(page, `${AGENCY_PATH[lang]}${agency.slug}/`);
    const reviews = page.locator('.reviews .review');
    await expect(reviews).toHaveCount(4);
    const titles = await reviews.locator('h3').allTextContents();
    expect(titles).toEqual(agency.items.slice(0, 4).map((r) => r.title));
    const dates = agency.items.map((r) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    // The average and the count, for people and for search engines.
    const ld = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((els) =>
        els.map((el) => JSON.parse(el.textContent ?? '{}') as Record<string, unknown>),
      );
    const rating = ld
      .map((o) => o.aggregateRating as Record<string, unknown> | undefined)
      .find(Boolean);
    expect(rating).toMatchObject({ '@type': 'AggregateRating', reviewCount: agency.total });
    // More reviews, four at a time; focus on the first new one.
    const more = page.getByRole('link', {
      name: lang === 'fr' ? "Voir plus d'avis" : 'More reviews',
    });
    await more.click();
    await expect(page).toHaveURL(/[?&]avis=2/);
    await expect(reviews).toHaveCount(8);
    await expect(reviews.nth(4)).toBeFocused();
    // Each review in the other language says so.
    const other = lang === 'fr' ? 'en' : 'fr';
    const label = lang === 'fr' ? 'Avis en anglais' : 'Review in French';
    const shown = agency.items.slice(0, 8);
    for (const [i, review] of shown.entries()) {
      const item = reviews.nth(i);
      if (review.lang === other) {
        await expect(item.locator('.review__lang')).toHaveText(label);
        await expect(item.locator('h3')).toHaveAttribute('lang', other);
      } else {
        await expect(item.locator('.review__lang')).toHaveCount(0);
      }
    }
    expect(shown.some((r) => r.lang === other) || agency.items.some((r) => r.lang === other)).toBe(
      true,
    );
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of ['fr', 'en'] as const) {
    test(`the photos, the menu and no favourite heart (${lang})`, async ({ page, request }) => {
      const { path, count } = await offerWithPhotos(request, lang, 6);
      await page.goto(path);
      // Every photo, each a link to its large file.
      await page
        .getByRole('link', {
          name: lang === 'fr' ? `Voir les ${count} photos` : `See the ${count} photos`,
        })
        .click();
      const every = page.locator('#toutes-les-photos');
      await expect(every).toBeVisible();
      await expect(every.getByRole('link')).toHaveCount(count);
      // The hearts are not shown: they need the browser's storage.
      await expect(page.locator('.favourite-button')).toBeHidden();
      // The burger opens the menu.
      await page.locator('.site-header').getByRole('link', { name: 'Menu', exact: true }).click();
      const menu = page.locator('#site-menu');
      await expect(menu).toBeVisible();
      await expect(
        menu.getByRole('link', { name: lang === 'fr' ? 'Agences' : 'Agencies' }),
      ).toBeVisible();
      // The theme choice needs the page's script: not offered without it.
      await expect(menu.locator('.theme-chooser')).toBeHidden();
      await menu
        .getByRole('link', { name: lang === 'fr' ? 'Fermer le menu' : 'Close the menu' })
        .click();
      await expect(menu).toBeHidden();
    });

    test(`more reviews of an agency (${lang})`, async ({ page, request }) => {
      const agency = await agencyWithBilingualReviews(request);
      await page.goto(`${AGENCY_PATH[lang]}${agency.slug}/`);
      await expect(page.locator('.reviews .review')).toHaveCount(4);
      await page
        .getByRole('link', { name: lang === 'fr' ? "Voir plus d'avis" : 'More reviews' })
        .click();
      await expect(page).toHaveURL(/[?&]avis=2#avis-5$/);
      await expect(page.locator('.reviews .review')).toHaveCount(8);
      // Past the last reviews: the last page that shows some.
      await page.goto(`${AGENCY_PATH[lang]}${agency.slug}/?avis=12`);
      await expect(page.locator('.reviews .review')).toHaveCount(agency.total);
      await expect(
        page.getByRole('link', { name: lang === 'fr' ? "Voir plus d'avis" : 'More reviews' }),
      ).toHaveCount(0);
    });
  }
});

test('one line between two sections of an offer, not two', async ({ page, request }) => {
  const { path } = await offerWithPhotos(request, 'en', 2);
  await open(page, path);
  // A border drawn at the bottom of a section's last row doubles the next section's top border.
  const doubled = await page.locator('.offer-section').evaluateAll((sections) =>
    sections.flatMap((section) => {
      const bottom =
        section.getBoundingClientRect().bottom -
        parseFloat(getComputedStyle(section).paddingBottom);
      return [...section.querySelectorAll('*')]
        .filter((el) => {
          const style = getComputedStyle(el);
          return (
            parseFloat(style.borderBottomWidth) > 0 &&
            style.borderBottomStyle !== 'none' &&
            Math.abs(el.getBoundingClientRect().bottom - bottom) < 2
          );
        })
        .map((el) => `${section.getAttribute('aria-labelledby')}: ${el.className}`);
    }),
  );
  expect(doubled).toEqual([]);
});
