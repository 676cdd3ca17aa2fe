import type { Page } from '@playwright/test';
import { accessibilityViolations, expect, open, test } from './helpers';

// Favourites in the browser: add and remove per nature after confirmation, the header badge,
// the favourites page grouped by nature after a reload, its filter and sort, the empty text,
// private mode (no localStorage), a withdrawn favourite kept as no longer available, and axe
// checks of the page and the dialog in both languages.

const badge = (page: Page, lang: 'fr' | 'en' = 'fr') =>
  page.getByRole('link', { name: lang === 'fr' ? /^Ma sélection : / : /^My selection: / });

/** The favourite toggle of the n-th card of a result list, and the card's title. */
async function cardToggle(page: Page, n: number) {
  const card = page.locator('.offer-card').nth(n);
  const title = (await card.locator('.offer-card__title').innerText()).trim();
  return { title, toggle: card.getByRole('button', { name: /ma sélection|my selection/i }) };
}

async function addFromList(page: Page, n: number) {
  const { title, toggle } = await cardToggle(page, n);
  await toggle.click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter à ma sélection' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Voulez-vous ajouter « ${title} » à votre sélection ?`);
  await dialog.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  return title;
}

test.describe('favourites', () => {
  test('are added and removed after confirmation, counted in the header and kept after a reload', async ({
    page,
  }) => {
    // One long visit: three list pages, the favourites page and four reloads.
    test.slow();
    await open(page, '/fr/vente/');
    await expect(badge(page)).toHaveAccessibleName('Ma sélection : 0 bien');

    const first = await addFromList(page, 0);
    await expect(badge(page)).toHaveAccessibleName('Ma sélection : 1 bien');
    await expect(page.getByRole('status').filter({ hasText: 'a été ajouté' })).toHaveText(
      `« ${first} » a été ajouté à votre sélection.`,
    );
    const second = await addFromList(page, 1);
    await expect(badge(page)).toHaveAccessibleName('Ma sélection : 2 biens');

    // Cancelled, with the button or with Escape: nothing changes.
    const third = await cardToggle(page, 2);
    await third.toggle.click();
    await page.getByRole('button', { name: 'Annuler' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(third.toggle).toBeFocused();
    await third.toggle.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(third.toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(badge(page)).toHaveAccessibleName('Ma sélection : 2 biens');

    // One of another nature.
    await open(page, '/fr/location/');
    const rental = await addFromList(page, 0);
    await expect(badge(page)).toHaveAccessibleName('Ma sélection : 3 biens');

    await badge(page).click();
    await expect(page).toHaveURL(/\/fr\/favoris\/$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ma sélection');
    await expect(page.getByText('3 biens dans votre sélection')).toBeVisible();
    const sale = page.getByRole('region', { name: /^Vente/ });
    const rent = page.getByRole('region', { name: /^Location/ });
    await expect(sale.locator('.offer-card')).toHaveCount(2);
    await expect(rent.locator('.offer-card')).toHaveCount(1);
    // Last added first.
    await expect(sale.locator('.offer-card__title')).toHaveText([second, first]);
    await expect(rent.locator('.offer-card__title')).toHaveText([rental]);

    // The filter shows one nature; it is kept like the rest of the selection.
    await page.getByLabel('Afficher').selectOption({ label: 'Location' });
    await expect(page.locator('.offer-card')).toHaveCount(1);
    await page.reload();
    await expect(page.getByLabel('Afficher')).toHaveValue('L');
    await expect(page.locator('.offer-card')).toHaveCount(1);
    await page.getByLabel('Afficher').selectOption('all');
    await page.getByLabel('Trier par').selectOption({ label: 'Prix décroissant' });
    await expect(page.getByLabel('Trier par')).toHaveValue('price_desc');

    // Removed from the favourites page, after confirmation.
    const toggle = sale.getByRole('button', { name: `Retirer « ${first} » de ma sélection` });
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: 'Retirer de ma sélection' });
    await dialog.getByRole('button', { name: 'Retirer', exact: true }).click();
    await expect(sale.locator('.offer-card')).toHaveCount(1);
    await expect(badge(page)).toHaveAccessibleName('Ma sélection : 2 biens');
    await page.reload();
    await expect(page.locator('.offer-card')).toHaveCount(2);
    await expect(page.getByText(first, { exact: true })).toHaveCount(0);
  });

  test('keep a withdrawn offer as no longer available, with a link to similar offers', async ({
    page,
    request,
  }) => {
    // A withdrawn offer of the seed: stored in the selection as it was before it was withdrawn
    // (withdrawn offers appear in no list, so none can be added today).
    const ids = Array.from({ length: 100 }, (_, i) => i + 1).join(',');
    type Answer = {
      items: { id: number; titre1: string; nature: { id: 'V' | 'L' | 'S' } }[];
      withdrawn: { id: number; related: { lieu: { slug: string } } }[];
    };
    const byIds = async (lang: 'fr' | 'en') =>
      (await (await request.get(`/api/offre-ids?ids=${ids}&lang=${lang}`)).json()) as Answer;
    const [fr, en] = [await byIds('fr'), await byIds('en')];
    const gone = fr.withdrawn[0]!;
    const offer = fr.items.find((item) => item.id === gone.id)!;
    const title = { fr: offer.titre1, en: en.items.find((item) => item.id === gone.id)!.titre1 };

    await open(page, '/fr/vente/');
    const kept = await addFromList(page, 0);
    await page.evaluate(
      ([id, nature]) => {
        const stored = JSON.parse(localStorage.getItem('selection')!);
        stored.offers[nature] = [id, ...(stored.offers[nature] ?? [])];
        localStorage.setItem('selection', JSON.stringify(stored));
      },
      [offer.id, offer.nature.id] as const,
    );

    for (const [path, lang, notice] of [
      ['/en/wishlist/', 'en', 'This exceptional property is no longer available'],
      ['/fr/favoris/', 'fr', "Ce bien d'exception n'est plus disponible"],
    ] as const) {
      await open(page, path);
      const entry = page.locator('.selection-withdrawn__offer');
      await expect(entry).toHaveCount(1);
      await expect(entry.getByRole('heading', { level: 3 })).toHaveText(title[lang]);
      await expect(entry.getByText(notice, { exact: true })).toBeVisible();
      await expect(page.locator('.offer-card')).toHaveCount(1);
      if (lang === 'fr') await expect(page.locator('.offer-card__title')).toHaveText([kept]);
      expect(await accessibilityViolations(page)).toEqual([]);
    }
    // Still in the selection after the reload, and counted.
    await expect(page.getByText('2 biens dans votre sélection')).toBeVisible();
    await expect(badge(page)).toHaveAccessibleName('Ma sélection : 2 biens');

    // Its link leads to the list of similar offers: same nature, rubrique and place.
    const link = page.locator('.selection-withdrawn__offer').getByRole('link');
    const target = await link.getAttribute('href');
    expect(target).toContain(`/${gone.related.lieu.slug}/`);
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === target);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('says the English list is empty, and the French one too', async ({ page }) => {
    await open(page, '/en/wishlist/');
    await expect(page.getByRole('status').filter({ hasText: 'empty' })).toHaveText(
      'Your favorite property list is empty.',
    );
    await expect(badge(page, 'en')).toHaveAccessibleName('My selection: 0 properties');
    await open(page, '/fr/favoris/');
    await expect(page.getByText('Votre liste de biens favoris est vide.')).toBeVisible();
  });

  test('works in private mode, when localStorage refuses everything', async ({ page }) => {
    await page.addInitScript(() => {
      const refuse = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get: () => ({
          getItem: refuse,
          setItem: refuse,
          removeItem: refuse,
          clear: refuse,
          key: refuse,
          length: 0,
        }),
      });
    });
    await open(page, '/fr/vente/');
    const title = await addFromList(page, 0);
    await expect(badge(page)).toHaveAccessibleName('Ma sélection : 1 bien');
    // A client-side navigation keeps the selection of this page's memory.
    await badge(page).click();
    await expect(page.locator('.offer-card__title')).toHaveText([title]);
  });

  for (const [path, withOffers] of [
    ['/fr/favoris/', true],
    ['/en/wishlist/', true],
    ['/fr/favoris/', false],
    ['/en/wishlist/', false],
  ] as const) {
    test(`${path} has no accessibility violation (${withOffers ? 'with offers' : 'empty'})`, async ({
      page,
    }) => {
      if (withOffers) {
        await open(page, path.startsWith('/fr') ? '/fr/vente/' : '/en/sale/');
        const { toggle } = await cardToggle(page, 0);
        await toggle.click();
        // The open dialog too.
        expect(await accessibilityViolations(page)).toEqual([]);
        await page.getByRole('dialog').getByRole('button').first().click();
        await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      }
      await open(page, path);
      if (withOffers) await expect(page.locator('.offer-card')).toHaveCount(1);
      else await expect(page.locator('.selection-page__status')).not.toBeEmpty();
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  }
});
