import type { APIRequestContext, Page } from '@playwright/test';
import { accessibilityViolations, expect, open, test, waitForHydration } from './helpers';

// The agency screens in a browser: find an agency by name in the directory (the list follows the
// typing), open it, switch its offers to another nature through the link's hash, open an agency
// from its network page on the nature shown there, send the professional contact form (an invalid
// then a valid one, the city picked in the autocomplete; without JavaScript too), and no
// accessibility violation on these pages in either language.

interface AgencySummary {
  slug: string;
  name: string;
  network: { slug: string } | null;
}
interface AgencyDetail extends AgencySummary {
  offerCounts: Record<'V' | 'L' | 'S', number>;
}
interface ConfigLike {
  natures: { id: 'V' | 'L' | 'S'; slug: Record<'fr' | 'en', string> }[];
}

/** An agency with offers of two natures at least, among the most relevant ones. */
async function agencyWithTwoNatures(request: APIRequestContext): Promise<AgencyDetail> {
  for (let page = 1; page <= 7; page++) {
    const list = (await (
      await request.get(`/api/agences?limit=48&page=${page}&lang=fr`)
    ).json()) as { items: AgencySummary[] };
    for (const item of list.items) {
      const agency = (await (
        await request.get(`/api/agence?slug=${item.slug}&lang=fr`)
      ).json()) as AgencyDetail;
      if (Object.values(agency.offerCounts).filter((n) => n > 0).length >= 2) return agency;
    }
  }
  throw new Error('no agency with offers of two natures in the e2e database');
}

async function consentGiven(page: Page) {
  // These journeys are not about cookies: answer the banner first.
  await page.getByRole('button', { name: /^(Tout refuser|Refuse all)$/ }).click();
}

test('finds an agency by name and opens it', async ({ page }) => {
  await open(page, '/fr/annuaire-immobilier-luxe/?sort=za');
  await consentGiven(page);
  const first = page.locator('.agency-card__name a').first();
  const name = (await first.textContent())!.trim();
  const word = name.split(' ').slice(0, 2).join(' ');

  await open(page, '/fr/annuaire-immobilier-luxe/');
  const field = page.getByRole('searchbox', { name: "Nom de l'agence" });
  await field.pressSequentially(word, { delay: 30 });
  await expect(page).toHaveURL(/[?&]search=/);
  await expect(field).toBeFocused();
  const card = page.getByRole('link', { name, exact: true });
  await expect(card).toBeVisible();
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/fr\/annuaire-immobilier-luxe\/agence\//);
  // The reset brings the directory back to its defaults.
  await page.goBack();
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Réinitialiser la recherche' }).click();
  await expect(page).toHaveURL(/\/fr\/annuaire-immobilier-luxe\/$/);
  await expect(page.getByRole('searchbox', { name: "Nom de l'agence" })).toHaveValue('');
});

test('opens the nature named in the hash of an agency link', async ({ page, request }) => {
  const agency = await agencyWithTwoNatures(request);
  const config = (await (await request.get('/api/config')).json()) as ConfigLike;
  const natures = config.natures.filter((n) => agency.offerCounts[n.id] > 0);
  const other = natures[1]!;
  const path = `/fr/annuaire-immobilier-luxe/agence/${agency.slug}/`;

  await open(page, `${path}#${other.slug.fr}`);
  const nav = page.getByRole('navigation', { name: 'Biens par nature' });
  await expect(nav.locator('[aria-current="true"]')).toContainText(
    new RegExp(
      `^${other.id === 'V' ? 'Vente' : other.id === 'L' ? 'Location' : 'Location saisonnière'}`,
    ),
  );
  await expect(page).toHaveURL(new RegExp(`nature=${other.slug.fr}#${other.slug.fr}$`));
  const links = page.locator('.agency-offers .offer-card__link');
  await expect(links.first()).toBeVisible();
  for (const href of await links.evaluateAll((els) => els.map((a) => a.getAttribute('href')))) {
    expect(href).toMatch(new RegExp(`^/fr/${other.slug.fr}/`));
  }

  // A hash changed on the page switches again.
  const first = natures[0]!;
  await page.evaluate((slug) => (window.location.hash = slug), first.slug.fr);
  await expect(page).toHaveURL(new RegExp(`#${first.slug.fr}$`));
  await expect(page.locator('.agency-offers .offer-card__link').first()).toHaveAttribute(
    'href',
    new RegExp(`^/fr/${first.slug.fr}/`),
  );
});

test('opens an agency from its network page on the nature shown there', async ({
  page,
  request,
}) => {
  const agency = await agencyWithTwoNatures(request);
  test.skip(!agency.network, 'the agency found belongs to no network');
  await open(page, `/fr/reseau/${agency.network!.slug}/`);
  await consentGiven(page);
  const nav = page.getByRole('navigation', { name: 'Biens par nature' });
  const second = nav.getByRole('link').nth(1);
  const natureSlug = new URL((await second.getAttribute('href'))!, page.url()).searchParams.get(
    'nature',
  )!;
  await second.click();
  await expect(page).toHaveURL(new RegExp(`nature=${natureSlug}`));
  await expect(nav.locator('[aria-current="true"]')).toBeVisible();
  const card = page.locator('.agency-card__name a').first();
  await expect(card).toHaveAttribute('href', new RegExp(`\\?nature=${natureSlug}#${natureSlug}$`));
  const name = (await card.textContent())!.trim();
  const slug = (await card.getAttribute('href'))!.split('/').at(-2)!;
  const opened = (await (
    await request.get(`/api/agence?slug=${slug}&lang=fr`)
  ).json()) as AgencyDetail;
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?nature=${natureSlug}#${natureSlug}$`));
  // That nature's offers, or the empty text with links to the natures the agency has.
  const offers = page.locator('.agency-offers .offer-card__link');
  if ((await offers.count()) > 0) {
    for (const href of await offers.evaluateAll((els) => els.map((el) => el.getAttribute('href'))))
      expect(href).toMatch(new RegExp(`^/fr/${natureSlug}/`));
  } else {
    await expect(
      page.getByText("Il semble que cette agence n'ait aucun bien d'exception à présenter ici"),
    ).toBeVisible();
    const links = page.getByRole('navigation', { name: 'Biens par nature' }).getByRole('link');
    await expect(links).toHaveCount(Object.values(opened.offerCounts).filter((n) => n > 0).length);
  }
});

test('sends the professional contact form', async ({ page }) => {
  await open(page, '/fr/contact-professionnel/');
  await consentGiven(page);
  const form = page.locator('form.prospect-form');
  await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(form.getByText('Le formulaire contient des erreurs')).toBeVisible();
  await expect(form.getByText('Veuillez saisir une ville').first()).toBeVisible();
  await expect(form.getByRole('textbox', { name: /^Nom/ })).toBeFocused();

  await form.getByRole('textbox', { name: /^Nom/ }).fill('Lefèvre');
  await form.getByRole('textbox', { name: /^Prénom/ }).fill('Hélène');
  await form.getByRole('textbox', { name: /^Société/ }).fill('Lefèvre Immobilier');
  const city = form.getByRole('combobox', { name: /^Ville/ });
  // The suggestions of the whole text: an answer for the text typed before the last key could
  // otherwise replace the highlighted option between the arrow and the Enter key.
  const suggested = page.waitForResponse(
    (res) =>
      res.url().includes('/api/search-lieu') &&
      new URL(res.url()).searchParams.get('q') === 'Paris',
  );
  await city.pressSequentially('Paris', { delay: 40 });
  await suggested;
  const option = page.getByRole('option').first();
  await expect(option).toBeVisible();
  await city.press('ArrowDown');
  await expect(city).toHaveAttribute('aria-activedescendant', /.+/);
  await city.press('Enter');
  await expect(city).toHaveValue(/Paris/);
  await expect(form.locator('input[name="lieu_id"]')).toHaveValue(/^\d+$/);
  await form.getByRole('textbox', { name: /^Téléphone/ }).fill('06 12 34 56 78');
  await form.getByRole('textbox', { name: /^Adresse e-mail/ }).fill('helene@example.com');
  await form.getByRole('textbox', { name: /^Message/ }).fill('Nous souhaitons diffuser nos biens.');
  // The page's `prospect` action, called by the router on the page's own address.
  const sent = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/fr/contact-professionnel/'),
  );
  await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Merci pour votre demande' })).toBeFocused();
  await expect(page.getByText('Votre demande a bien été envoyée.')).toBeVisible();
  await expect(page).toHaveURL(/\/fr\/contact-professionnel\/$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const lang of ['fr', 'en'] as const) {
    test(`sends the professional contact form (${lang})`, async ({ page }) => {
      const fr = lang === 'fr';
      const path = fr ? '/fr/contact-professionnel/' : '/en/professional-contact/';
      await page.goto(path);
      const form = page.locator('form.prospect-form');
      const submit = form.getByRole('button', {
        name: fr ? 'Envoyer ma demande' : 'Send my request',
      });
      await form.locator('input[name="lastname"]').fill('Lefèvre');
      await form.locator('input[name="firstname"]').fill('Hélène');
      await form.locator('input[name="company"]').fill('Lefèvre Immobilier');
      await form.locator('input[name="phone"]').fill('06 12 34 56 78');
      await form.locator('input[name="email"]').fill(`helene-${lang}@example.com`);
      await form.locator('textarea[name="message"]').fill('Nous souhaitons diffuser nos biens.');
      // No city: the page comes back with its message and what was typed.
      await submit.click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(
        form.getByText(fr ? 'Veuillez saisir une ville' : 'Please enter a city').first(),
      ).toBeVisible();
      await expect(form.locator('input[name="company"]')).toHaveValue('Lefèvre Immobilier');
      await form.locator('input[name="city"]').fill('Paris');
      await submit.click();
      await expect(page).toHaveURL(new RegExp(`${path}\\?sent=1$`));
      await expect(
        page.getByRole('heading', {
          name: fr ? 'Merci pour votre demande' : 'Thank you for your request',
        }),
      ).toBeVisible();
    });
  }
});

const A11Y_PATHS: Record<'fr' | 'en', string[]> = {
  fr: [
    '/fr/annuaire-immobilier-luxe/',
    '/fr/contact-professionnel/',
    '/fr/cgu/',
    '/fr/cookies/',
    '/fr/legals/',
    '/fr/personal-data/',
    '/fr/classement-des-annonces/',
  ],
  en: [
    '/en/luxury-real-estate-agencies/',
    '/en/professional-contact/',
    '/en/cgu/',
    '/en/cookies/',
    '/en/legals/',
    '/en/personal-data/',
    '/en/how-listings-are-ranked/',
  ],
};

for (const lang of ['fr', 'en'] as const) {
  for (const path of A11Y_PATHS[lang]) {
    test(`${path} has no accessibility violation`, async ({ page }) => {
      await open(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  }

  test(`agency and network pages have no accessibility violation (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const agency = await agencyWithTwoNatures(request);
    const base =
      lang === 'fr'
        ? '/fr/annuaire-immobilier-luxe/agence/'
        : '/en/luxury-real-estate-agencies/agency/';
    await open(page, `${base}${agency.slug}/`);
    expect(await accessibilityViolations(page)).toEqual([]);
    if (agency.network) {
      await open(page, `/${lang}/${lang === 'fr' ? 'reseau' : 'network'}/${agency.network.slug}/`);
      expect(await accessibilityViolations(page)).toEqual([]);
    }
  });
}

// The dark theme, with the consent banner and its dialog on screen.
for (const path of ['/fr/annuaire-immobilier-luxe/', '/en/professional-contact/', '/fr/cookies/']) {
  test(`${path} has no accessibility violation in the dark theme`, async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await open(page, path);
    await expect(
      page.getByRole('region', { name: /Vos choix en matière de cookies|Your cookie choices/ }),
    ).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /^(Personnaliser|Customise)$/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
}
