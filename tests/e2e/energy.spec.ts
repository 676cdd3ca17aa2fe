import type { APIRequestContext } from '@playwright/test';
import { accessibilityViolations, expect, open, test } from './helpers';
import { offerPath, portalConfig, type Lang, type OfferSummaryLike } from './seed-data';

// The energy mentions of an offer page in a browser (shared/energy-rules.ts): a sale offer of
// class F and a rent offer of class G of the e2e seed, in mainland France, read in both
// languages, with no accessibility violation and nothing wider than a 320-pixel screen.

/** The first mainland offer of a nature and class, found through the maximum-class filter. */
async function offerOfClass(
  request: APIRequestContext,
  nature: 'V' | 'L',
  cls: 'F' | 'G',
  lang: Lang,
): Promise<OfferSummaryLike> {
  for (let page = 1; page <= 20; page++) {
    const list = (await (
      await request.get(
        `/api/offre?nature=${nature}&dpe_max=${cls}&sort=new&page=${page}&limit=24&lang=${lang}`,
      )
    ).json()) as { items: (OfferSummaryLike & { dpeClass: string | null })[] };
    for (const item of list.items.filter((o) => o.dpeClass === cls)) {
      const detail = (await (
        await request.get(`/api/offre-detail?slug=${item.slug}&lang=${lang}`)
      ).json()) as {
        dpeReport: { cost: unknown };
        lieu: { postcodes: string[]; ancestors: { is_foreign_country: boolean }[] };
      };
      const overseas = detail.lieu.postcodes.some((cp) => cp.startsWith('97'));
      const abroad = detail.lieu.ancestors.some((a) => a.is_foreign_country);
      if (detail.dpeReport.cost && !overseas && !abroad) return item;
    }
    if (list.items.length < 24) break;
  }
  throw new Error(`no ${nature} offer of class ${cls} in the e2e seed`);
}

const TEXTS = {
  fr: {
    excessive: (cls: string) => `Logement à consommation énergétique excessive : classe ${cls}`,
    cost: /^Montant estimé des dépenses annuelles d'énergie pour un usage standard : entre .+\s€ et .+\s€ par an\. Prix moyens des énergies indexés au 1er janvier 20\d\d \(abonnements compris\)\.$/,
    sale: 'Location interdite à partir du 1er janvier 2028 (classe F)',
    rent: 'Location interdite à partir du 1er janvier 2025 (classe G)',
    lease: /^Un nouveau bail ne peut pas être signé pour ce logement/,
    letting: 'Mise en location',
  },
  en: {
    excessive: (cls: string) => `Housing with excessive energy consumption: class ${cls}`,
    cost: /^Estimated yearly energy costs for standard use: between €.+ and €.+ a year\. Average energy prices indexed on 1 January 20\d\d \(subscriptions included\)\.$/,
    sale: 'Letting banned from 1 January 2028 (class F)',
    rent: 'Letting banned from 1 January 2025 (class G)',
    lease: /^No new lease can be signed for this home/,
    letting: 'Letting',
  },
} as const;

for (const lang of ['fr', 'en'] as const) {
  test(`a class F sale offer and a class G rent offer say what the law asks (${lang})`, async ({
    page,
    request,
  }) => {
    const config = await portalConfig(request);
    const texts = TEXTS[lang];

    const sale = await offerOfClass(request, 'V', 'F', lang);
    await open(page, offerPath(config, sale, lang));
    const energy = page.locator('.energy-mentions');
    await expect(energy.getByText(texts.excessive('F'))).toBeVisible();
    await expect(energy.getByText(texts.cost)).toBeVisible();
    await expect(energy.getByRole('heading', { name: texts.letting, level: 3 })).toBeVisible();
    await expect(energy.getByRole('listitem')).toHaveText([texts.sale]);
    await expect(energy.getByText(texts.lease)).toHaveCount(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    const rent = await offerOfClass(request, 'L', 'G', lang);
    await open(page, offerPath(config, rent, lang));
    await expect(energy.getByText(texts.excessive('G'))).toBeVisible();
    await expect(energy.getByText(texts.cost)).toBeVisible();
    await expect(energy.getByText(texts.lease)).toBeVisible();
    await expect(energy.getByRole('listitem')).toHaveText([texts.rent]);
    expect(await accessibilityViolations(page)).toEqual([]);

    // At 320 pixels the mentions wrap: nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 800 });
    await energy.scrollIntoViewIfNeeded();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      'page width at 320 px',
    ).toBeLessThanOrEqual(320);
    const box = await energy.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
  });
}
