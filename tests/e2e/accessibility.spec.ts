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
for (const lang of ['fr', 'en'] as const) {
  test(`every screen has no accessibility violation (${lang})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const [offer] = await offersOf(request, 'V', lang);
    const config = await portalConfig(request);
    const nature = config.natures.find((n) => n.id === 'V')!.slug[lang];
    const agency = (await (
      await request.get(`/api/agence?slug=${offer!.agency.slug}&lang=${lang}`)
    ).json()) as { network: { slug: string } | null };
    const networks = (await (await request.get(`/api/agences?limit=48&lang=${lang}`)).json()) as {
      items: { network: { slug: string } | null }[];
    };
    const network = agency.network ?? networks.items.find((a) => a.network)?.network;
    const fr = lang === 'fr';
    const paths = [
      `/${lang}/`,
      `/${lang}/${nature}/`,
      `/${lang}/${nature}/${fr ? 'demeures-luxe' : 'luxury-homes'}/${offer!.lieu.slug}/`,
      `/${lang}/${nature}/${offer!.lieu.slug}/`,
      offerPath(config, offer!, lang),
      `/${lang}/${fr ? 'annuaire-immobilier-luxe/agence' : 'luxury-real-estate-agencies/agency'}/${offer!.agency.slug}/`,
      `/${lang}/${fr ? 'annuaire-immobilier-luxe' : 'luxury-real-estate-agencies'}/`,
      `/${lang}/${fr ? 'reseau' : 'network'}/${network!.slug}/`,
      `/${lang}/${fr ? 'alertes' : 'alerts'}/`,
      `/${lang}/${fr ? 'favoris' : 'wishlist'}/`,
      `/${lang}/${fr ? 'contact-professionnel' : 'professional-contact'}/`,
      `/${lang}/cgu/`,
      `/${lang}/cookies/`,
      `/${lang}/legals/`,
      `/${lang}/personal-data/`,
      `/${lang}/${fr ? 'classement-des-annonces' : 'how-listings-are-ranked'}/`,
      `/${lang}/${fr ? 'page-inconnue' : 'unknown-page'}/`,
    ];
    const found: { path: string; violations: unknown[] }[] = [];
    for (const path of paths) {
      await open(page, path);
      const violations = await accessibilityViolations(page);
      if (violations.length > 0) found.push({ path, violations });
    }
    expect(found).toEqual([]);
  });
}
