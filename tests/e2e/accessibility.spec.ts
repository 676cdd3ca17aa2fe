import type { Page } from '@playwright/test';
import { accessibilityViolations, expect, open, test } from './helpers';
import { screenPath, SCREENS } from './screens';

// axe-core, WCAG 2.2 A and AA rules: no violation on the home and not-found pages, in both
// languages and both themes.
for (const theme of ['light', 'dark'] as const) {
  for (const path of ['/fr/', '/en/', '/fr/page-inconnue/', '/en/unknown-page/']) {
    test(`${path} has no accessibility violation (${theme})`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await open(page, path);
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  }
}

test('the open menu has no accessibility violation', async ({ page }) => {
  await open(page, '/fr/');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});

// Every screen, in both languages: the pages of the seed's first offer, its agency and network.
// One test per screen, so each has its own time and a failure names its screen.
for (const lang of ['fr', 'en'] as const) {
  for (const screen of SCREENS) {
    test(`the ${screen} screen has no accessibility violation (${lang})`, async ({
      page,
      request,
    }) => {
      const path = await screenPath(request, lang, screen);
      await open(page, path);
      expect({ path, violations: await accessibilityViolations(page) }).toEqual({
        path,
        violations: [],
      });
    });
  }
}

// Reflow (WCAG 1.4.10): at 320 CSS pixels wide, no screen scrolls sideways; what is wider than
// the screen sits in a container that scrolls or clips on its own.
for (const lang of ['fr', 'en'] as const) {
  test(`no screen scrolls sideways at 320 pixels wide (${lang})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 320, height: 800 });
    const wide: string[] = [];
    for (const screen of SCREENS) {
      const path = await screenPath(request, lang, screen);
      await open(page, path);
      const overflow = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const scrolls = document.documentElement.scrollWidth > width;
        const boxes = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => {
          if (el.getBoundingClientRect().right <= width + 1) return false;
          for (let a = el.parentElement; a; a = a.parentElement)
            if (getComputedStyle(a).overflowX !== 'visible') return false;
          return getComputedStyle(el).position !== 'fixed';
        });
        return { scrolls, boxes: boxes.slice(0, 3).map((el) => el.outerHTML.slice(0, 80)) };
      });
      if (overflow.scrolls || overflow.boxes.length > 0)
        wide.push(`${path}: ${JSON.stringify(overflow)}`);
    }
    expect(wide).toEqual([]);
  });
}

// Focus not obscured (WCAG 2.4.11): tabbing through a page on a phone, no control that takes
// focus is entirely hidden by what is fixed over the page, the cookie banner while it asks, the
// offer's contact bar once it is gone.
for (const lang of ['fr', 'en'] as const) {
  test(`tabbing never hides the focused control under a fixed bar at 390 pixels (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const hidden: string[] = [];
    for (const refuse of [false, true]) {
      for (const screen of ['nature', 'offer', 'directory'] as const) {
        const path = await screenPath(request, lang, screen);
        await open(page, path);
        const banner = page.locator('.consent-banner');
        // The banner asks until the visitor answers: refused on the first page, gone on the rest.
        if (refuse && (await banner.count()) > 0) {
          await banner
            .getByRole('button', { name: lang === 'fr' ? 'Tout refuser' : 'Refuse all' })
            .click();
        }
        await expect(banner).toHaveCount(refuse ? 0 : 1);
        hidden.push(
          ...(await focusHiddenWhileTabbing(page)).map(
            (h) => `${path}${refuse ? ' (cookies refused)' : ''}: ${h}`,
          ),
        );
      }
    }
    expect(hidden).toEqual([]);
  });
}

/** Tabs through the page once; the focused controls that no point of the screen shows. */
async function focusHiddenWhileTabbing(page: Page): Promise<string[]> {
  const hidden: string[] = [];
  let first: string | null = null;
  for (let step = 0; step < 400; step++) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const name = `${el.tagName.toLowerCase()} ${JSON.stringify((el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40))} #${[...document.querySelectorAll('*')].indexOf(el)}`;
      const box = el.getBoundingClientRect();
      const left = Math.max(box.left, 0);
      const right = Math.min(box.right, innerWidth);
      const top = Math.max(box.top, 0);
      const bottom = Math.min(box.bottom, innerHeight);
      if (right - left < 1 || bottom - top < 1) return { name, over: 'outside the screen' };
      const labels = [...((el as HTMLInputElement).labels ?? [])];
      for (const fx of [0.1, 0.5, 0.9])
        for (const fy of [0.1, 0.5, 0.9]) {
          const hit = document.elementFromPoint(
            left + (right - left) * fx,
            top + (bottom - top) * fy,
          );
          if (hit && (el.contains(hit) || labels.some((l) => l.contains(hit))))
            return { name, over: null };
        }
      const over = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      return { name, over: over ? `${over.tagName.toLowerCase()}.${over.className}` : 'nothing' };
    });
    if (!focus) {
      if (first) break;
      continue;
    }
    if (focus.name === first) break;
    first ??= focus.name;
    if (focus.over) hidden.push(`${focus.name} under ${focus.over}`);
  }
  return hidden;
}

// The same screens as served without JavaScript (the forms post, the links lead, the photos'
// section is a link target): the styles must hold without the page's scripts too. The page loads
// with script execution off, which is then turned back on for axe alone (the scripts the page
// skipped do not run).
for (const lang of ['fr', 'en'] as const) {
  for (const screen of SCREENS) {
    test(`the ${screen} screen has no accessibility violation without JavaScript (${lang})`, async ({
      page,
      request,
    }) => {
      const path = await screenPath(request, lang, screen);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
      await page.goto(path);
      await cdp.send('Emulation.setScriptExecutionDisabled', { value: false });
      expect(await page.evaluate(() => document.documentElement.dataset.theme ?? null)).toBe(null);
      expect({ path, violations: await accessibilityViolations(page) }).toEqual({
        path,
        violations: [],
      });
    });
  }
}
