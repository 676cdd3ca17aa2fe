import type { Page } from '@playwright/test';
import { accessibilityViolations, expect, open, recordLayoutShifts, test } from './helpers';
import { offerWithPhotos, type Lang } from './seed-data';

// What a visitor sees of the search form's rows, the offer's gallery and the result cards, at
// 1366 px and on a phone (390 px), in both languages.

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1366, height: 900 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
] as const;

const LISTS: Record<Lang, string[]> = {
  fr: ['/fr/vente/cannes/', '/fr/location/paris/', '/fr/location-saisonniere/'],
  en: ['/en/sale/cannes/', '/en/rent/paris/', '/en/seasonal-rent/'],
};

/**
 * The boxes of the form that stand side by side (their heights overlap) and whose tops differ:
 * [] when every row of fields is in line.
 */
async function misalignedBoxes(page: Page) {
  return page.evaluate(() => {
    const boxes = [
      ...document.querySelectorAll<HTMLElement>(
        '.search-form input[type="text"], .search-form select, .search-form__submit',
      ),
    ]
      .filter((el) => el.getClientRects().length > 0 && el.offsetParent !== null)
      .map((el) => {
        const r = el.getBoundingClientRect();
        const label = (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
        // The filter sheet of a phone lies over the form: boxes are compared within one layer.
        const layer = el.closest('.search-form__panel') ? 'panel' : 'form';
        return { label: label.trim(), layer, top: r.top, bottom: r.bottom };
      });
    const out: string[] = [];
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const sideBySide = a.layer === b.layer && a.top < b.bottom && b.top < a.bottom;
        if (sideBySide && Math.abs(a.top - b.top) > 1) {
          out.push(`${a.label} (${Math.round(a.top)}) / ${b.label} (${Math.round(b.top)})`);
        }
      }
    }
    return out;
  });
}

for (const { name, viewport, phone } of WIDTHS) {
  test.describe(`on ${name} (${viewport.width} px)`, () => {
    test.use({ viewport, hasTouch: phone, isMobile: phone });

    for (const lang of ['fr', 'en'] as const) {
      test(`the search form's fields stand in line, row by row (${lang})`, async ({ page }) => {
        // Three lists, each with its filters, and the accessibility check.
        test.slow();
        for (const path of LISTS[lang]) {
          await open(page, path);
          if (phone) await page.locator('.search-summary').click();
          const filters = page.locator('details.search-form__filters');
          await filters.locator('summary').first().click();
          await expect(filters).toHaveAttribute('open', '');
          expect(await misalignedBoxes(page), path).toEqual([]);
        }
        expect(await accessibilityViolations(page)).toEqual([]);
      });

      test(`the offer's thumbnails leave no space under them, without layout shift (${lang})`, async ({
        page,
        request,
      }) => {
        const { path } = await offerWithPhotos(request, lang, 5);
        const layout = await recordLayoutShifts(page);
        await open(page, path);
        await page.evaluate(() =>
          Promise.all(
            [...document.querySelectorAll('.gallery img')].map((img) =>
              (img as HTMLImageElement).decode().catch(() => undefined),
            ),
          ),
        );
        const gallery = await page.evaluate(() => {
          const rect = (selector: string) =>
            document.querySelector(selector)!.getBoundingClientRect();
          const thumbs = rect('.gallery__thumbs');
          const next = document.querySelector('.gallery__thumbs')!.nextElementSibling!;
          const lastThumb = [...document.querySelectorAll('.gallery__thumbs img')].at(-1)!;
          return {
            main: rect('.gallery__main img').bottom,
            thumbs: thumbs.bottom,
            lastThumb: lastThumb.getBoundingClientRect().bottom,
            next: next.getBoundingClientRect().top,
            gap: parseFloat(getComputedStyle(document.querySelector('.gallery')!).rowGap),
          };
        });
        // Nothing between the last thumbnail and the strip's end.
        expect(gallery.thumbs - gallery.lastThumb).toBeLessThanOrEqual(1);
        if (phone) {
          // Under the first photo: the strip, then what follows at the gallery's gap.
          expect(gallery.next - gallery.thumbs).toBeLessThanOrEqual(gallery.gap + 1);
        } else {
          // Beside the first photo: the thumbnails end where it ends.
          expect(Math.abs(gallery.thumbs - gallery.main)).toBeLessThanOrEqual(1);
        }
        const shifts = await layout.shifts();
        expect(shifts.filter((s) => s.sources.some((c) => /gallery/.test(c)))).toEqual([]);
        expect(shifts.reduce((sum, s) => sum + s.value, 0)).toBeLessThan(0.01);
        expect(await accessibilityViolations(page)).toEqual([]);
      });

      test(`a result list does not move when its script starts (${lang})`, async ({ page }) => {
        const layout = await recordLayoutShifts(page);
        await open(page, LISTS[lang][0]!);
        // A shift at hydration is reported within the next frames.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))),
        );
        const shifts = await layout.shifts();
        expect(
          shifts.reduce((sum, s) => sum + s.value, 0),
          JSON.stringify(shifts),
        ).toBeLessThan(0.01);
      });

      test(`a result card gives its surface once (${lang})`, async ({ page }) => {
        await open(page, lang === 'fr' ? '/fr/vente/' : '/en/sale/');
        const cards = page.locator('.offer-card');
        expect(await cards.count()).toBeGreaterThan(5);
        const repeated = await cards.evaluateAll((nodes) =>
          nodes.flatMap((card) => {
            // Surfaces written on the card ('250 m²'; a price per m², '12 000 €/m²', is none),
            // read line by line (the price's digits would run into the facts' first number).
            const lines = [...card.children].map((child) => child.textContent ?? '');
            const text = lines.join(' | ');
            const surfaces = lines.flatMap((line) =>
              [...line.matchAll(/(\d[\d\u00a0\u202f ,.]*)\s?m²/g)].map((m) =>
                m[1]!.replace(/\D/g, ''),
              ),
            );
            const twice = surfaces.filter((s, i) => surfaces.indexOf(s) !== i);
            return twice.length > 0 ? [text] : [];
          }),
        );
        expect(repeated).toEqual([]);
        // Each card still gives its surface (in its subtitle or its facts).
        const withSurface = await cards.evaluateAll(
          (nodes) => nodes.filter((card) => /\d\s?m²/.test(card.textContent ?? '')).length,
        );
        expect(withSurface).toBeGreaterThan(0);
      });
    }
  });
}
