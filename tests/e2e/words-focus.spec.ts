import type { Page } from '@playwright/test';
import { expect, open, test } from './helpers';
import { screenPath, SCREENS } from './screens';
import { agencyWithBilingualReviews, offersOf, offerWithPhotos } from './seed-data';

// Words, focus and the cookie banner: no French typography in English pages (space before a
// colon or a percent sign, word glued to a parenthesis, doubled or trailing spaces in headings)
// and no two headings of a page saying the same; focus on the new page's heading with its title
// announced after a navigation in the app (not on the first load, not when a control of the page
// changes the query), and a cookie banner that leaves most of a phone's screen to the page, with
// a link that says where it goes.

/** Lines of the page's text, and its headings' and links' names, that break English typography. */
async function typographyFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const english = (el: Element) => el.closest('[lang]')?.getAttribute('lang') !== 'fr';
    const check = (where: string, text: string) => {
      if (/\S {2,}\S/.test(text)) faults.push(`${where}: doubled space in ${JSON.stringify(text)}`);
      if (/[\s\u00a0\u202f][:;!?%]/.test(text))
        faults.push(`${where}: space before punctuation in ${JSON.stringify(text)}`);
      if (/\p{L}\(|\( /u.test(text))
        faults.push(`${where}: parenthesis in ${JSON.stringify(text)}`);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node as HTMLElement;
      if (!english(el) || el.closest('script, style, noscript, template')) continue;
      const own = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('');
      if (own.trim()) check(el.tagName.toLowerCase(), own.replace(/\n\s*/g, ' '));
      const label = el.getAttribute('aria-label');
      if (label) check(`aria-label of ${el.tagName.toLowerCase()}`, label);
      if (/^H[1-6]$/.test(el.tagName) && el.textContent !== el.textContent?.trim())
        faults.push(`heading with outer spaces: ${JSON.stringify(el.textContent)}`);
    }
    // The rendered text, as a visitor reads it (spans glued together), what is in French aside.
    // (Through the CSSOM: the page's Content-Security-Policy refuses a new style sheet.)
    const french = [...document.querySelectorAll<HTMLElement>('body [lang="fr"]')];
    const displays = french.map((el) => el.style.display);
    for (const el of french) el.style.display = 'none';
    const text = document.body.innerText;
    french.forEach((el, i) => (el.style.display = displays[i]!));
    for (const line of text.split('\n')) check('text', line);
    check('title', document.title);
    // Two sections of one page never bear the same heading (two French words, one English one).
    // (Cards of a list and reviews are items of their own: two offers may bear one title.)
    const headings = [...document.querySelectorAll('main h2, main h3')]
      .filter((h) => !h.closest('.offer-card, li'))
      .map((h) => (h.textContent ?? '').trim());
    for (const [i, heading] of headings.entries())
      if (heading && headings.indexOf(heading) !== i) faults.push(`two headings say ${heading}`);
    return faults;
  });
}

test('English pages follow English typography', async ({ page, request }) => {
  test.setTimeout(90_000);
  const offers = await offersOf(request, 'V', 'en');
  const withPhotos = await offerWithPhotos(request, 'en', 2);
  const agency = await agencyWithBilingualReviews(request);
  const paths = [
    '/en/',
    '/en/sale/',
    '/en/sale/villas/',
    '/en/rent/',
    // An offer seen from its list: the previous and next links of the search.
    `${withPhotos.path}?from=${encodeURIComponent('/en/sale/')}`,
    `/en/luxury-real-estate-agencies/agency/${agency.slug}/?avis=3`,
    `/en/luxury-real-estate-agencies/agency/${offers[0]!.agency.slug}/`,
    '/en/luxury-real-estate-agencies/',
  ];
  const faults: string[] = [];
  for (const path of paths) {
    await open(page, path);
    faults.push(...(await typographyFaults(page)).map((f) => `${path} ${f}`));
  }
  expect(faults).toEqual([]);
});

/**
 * Words a flex or grid container runs together: a space between a text and an element child
 * (`Vente <span>(36)</span>`) is dropped when they become items of their own, so the two touch
 * on screen unless the container sets a gap. Measured on the rendered boxes.
 */
async function gluedWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const glued: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (!/flex|grid/.test(getComputedStyle(el).display) || !el.checkVisibility()) continue;
      // Runs of adjacent text nodes (React separates them with comments) and element children.
      const items: (Text[] | Element)[] = [];
      for (const node of el.childNodes) {
        const last = items[items.length - 1];
        if (node.nodeType === Node.TEXT_NODE) {
          if (Array.isArray(last)) last.push(node as Text);
          else items.push([node as Text]);
        } else if (node.nodeType === Node.ELEMENT_NODE) items.push(node as Element);
      }
      items.forEach((item, i) => {
        if (!Array.isArray(item)) return;
        const text = item.map((t) => t.data).join('');
        if (!text.trim()) return;
        const range = document.createRange();
        range.setStartBefore(item[0]!);
        range.setEndAfter(item[item.length - 1]!);
        const words = range.getBoundingClientRect();
        const touches = (left: DOMRect, right: DOMRect) =>
          left.width > 0 &&
          right.width > 0 &&
          right.left - left.right < 2 &&
          Math.min(left.bottom, right.bottom) > Math.max(left.top, right.top);
        const next = items[i + 1];
        const prev = items[i - 1];
        if (
          (/\s$/.test(text) &&
            next instanceof Element &&
            touches(words, next.getBoundingClientRect())) ||
          (/^\s/.test(text) &&
            prev instanceof Element &&
            touches(prev.getBoundingClientRect(), words))
        )
          glued.push(JSON.stringify(el.textContent?.trim().replace(/\s+/g, ' ')));
      });
    }
    return glued;
  });
}

for (const lang of ['fr', 'en'] as const) {
  test(`no words run together where a flex or grid container drops a space (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const paths = [];
    for (const screen of SCREENS) paths.push(await screenPath(request, lang, screen));
    const faults: string[] = [];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of paths) {
        await open(page, path);
        faults.push(...(await gluedWords(page)).map((words) => `${path} at ${width} px: ${words}`));
      }
    }
    expect(faults).toEqual([]);
  });
}

test('French counts keep a space before their parenthesis', async ({ page, request }) => {
  const agency = await agencyWithBilingualReviews(request);
  await open(page, `/fr/annuaire-immobilier-luxe/agence/${agency.slug}/`);
  const text = await page.evaluate(() => document.body.innerText);
  expect(text).not.toMatch(/\p{L}\(\d/u);
});

for (const lang of ['fr', 'en'] as const) {
  test(`after a navigation in the app, focus is on the new heading and the title is announced (${lang})`, async ({
    page,
  }) => {
    await open(page, `/${lang}/`);
    // The first load leaves focus to the browser.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    const announcer = page.locator('[data-route-announcer]');
    await expect(announcer).toHaveText('');
    await page
      .getByRole('navigation', {
        name: lang === 'fr' ? 'Navigation principale' : 'Main navigation',
      })
      .getByRole('link', { name: lang === 'fr' ? 'Vente' : 'Sale', exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/(vente|sale)/$`));
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeFocused();
    await expect(heading).toHaveAttribute('tabindex', '-1');
    await expect(announcer).toHaveText(await page.title());
    await expect(announcer).toHaveAttribute('aria-live', 'polite');

    // The sort select changes the query: focus stays on it, for the next choice.
    const select = page.locator('.sort-select select');
    await select.focus();
    await select.selectOption({ index: 2 });
    await expect(page).toHaveURL(/\?sort=/);
    await expect(select).toBeFocused();
  });

  test(`the cookie banner takes at most 30 % of a phone's screen and says where its link goes (${lang})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, `/${lang}/`);
    const banner = page.locator('.consent-banner');
    await expect(banner).toBeVisible();
    const box = (await banner.boundingBox())!;
    expect(box.height * box.width).toBeLessThanOrEqual(0.3 * 390 * 844);
    // Its buttons are on the screen, not scrolled away inside it.
    for (const name of lang === 'fr'
      ? ['Tout accepter', 'Tout refuser', 'Personnaliser']
      : ['Accept all', 'Refuse all', 'Customise']) {
      await expect(banner.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
    }
    await expect(banner.getByRole('link')).toHaveText(
      lang === 'fr' ? 'En savoir plus sur les cookies' : 'Learn more about cookies',
    );
  });
}

test('one site name: header, footer, page titles and legal pages say the settings’ name', async ({
  page,
  request,
}) => {
  const config = (await (await request.get('/api/config')).json()) as {
    settings: { siteName: string };
  };
  const name = config.settings.siteName;
  expect(name).toBe('Prestige Portal');
  for (const lang of ['fr', 'en'] as const) {
    await open(page, `/${lang}/`);
    await expect(page.locator('.site-header .brand')).toHaveText(name);
    await expect(page.locator('footer')).toContainText(
      `© 2003-${new Date().getFullYear()} ${name}`,
    );
    await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute('content', name);
    await open(page, lang === 'fr' ? '/fr/favoris/' : '/en/wishlist/');
    expect(await page.title()).toMatch(new RegExp(` \\| ${name}$`));
    await open(page, `/${lang}/cgu/`);
    await expect(page.locator('main')).toContainText(name);
  }
});
