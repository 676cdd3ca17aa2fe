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
