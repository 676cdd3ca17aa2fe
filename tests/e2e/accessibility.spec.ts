import type { APIRequestContext } from '@playwright/test';
import type { Lang } from '../../shared/contract';
import { accessibilityViolations, expect, open, test } from './helpers';
import { offerPath, offersOf, portalConfig } from './seed-data';

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
const SCREENS = [
  'home',
  'nature',
  'category list',
  'place list',
  'offer',
  'agency',
  'directory',
  'network',
  'alerts',
  'favourites',
  'professional contact',
  'terms',
  'cookies',
  'legal notice',
  'personal data',
  'ranking',
  'not found',
] as const;
type Screen = (typeof SCREENS)[number];

async function screenPath(request: APIRequestContext, lang: Lang, screen: Screen) {
  const fr = lang === 'fr';
  const directory = fr ? 'annuaire-immobilier-luxe' : 'luxury-real-estate-agencies';
  const config = await portalConfig(request);
  const nature = config.natures.find((n) => n.id === 'V')!.slug[lang];
  const [offer] = await offersOf(request, 'V', lang);
  switch (screen) {
    case 'home':
      return `/${lang}/`;
    case 'nature':
      return `/${lang}/${nature}/`;
    case 'category list':
      return `/${lang}/${nature}/${fr ? 'demeures-luxe' : 'luxury-homes'}/${offer!.lieu.slug}/`;
    case 'place list':
      return `/${lang}/${nature}/${offer!.lieu.slug}/`;
    case 'offer':
      return offerPath(config, offer!, lang);
    case 'agency':
      return `/${lang}/${directory}/${fr ? 'agence' : 'agency'}/${offer!.agency.slug}/`;
    case 'directory':
      return `/${lang}/${directory}/`;
    case 'network': {
      const agency = (await (
        await request.get(`/api/agence?slug=${offer!.agency.slug}&lang=${lang}`)
      ).json()) as { network: { slug: string } | null };
      const agencies = (await (await request.get(`/api/agences?limit=48&lang=${lang}`)).json()) as {
        items: { network: { slug: string } | null }[];
      };
      const network = agency.network ?? agencies.items.find((a) => a.network)?.network;
      return `/${lang}/${fr ? 'reseau' : 'network'}/${network!.slug}/`;
    }
    case 'alerts':
      return `/${lang}/${fr ? 'alertes' : 'alerts'}/`;
    case 'favourites':
      return `/${lang}/${fr ? 'favoris' : 'wishlist'}/`;
    case 'professional contact':
      return `/${lang}/${fr ? 'contact-professionnel' : 'professional-contact'}/`;
    case 'terms':
      return `/${lang}/cgu/`;
    case 'cookies':
      return `/${lang}/cookies/`;
    case 'legal notice':
      return `/${lang}/legals/`;
    case 'personal data':
      return `/${lang}/personal-data/`;
    case 'ranking':
      return `/${lang}/${fr ? 'classement-des-annonces' : 'how-listings-are-ranked'}/`;
    case 'not found':
      return `/${lang}/${fr ? 'page-inconnue' : 'unknown-page'}/`;
  }
}

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
