import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_MAIL_DIR } from '../../playwright.config';
import { accessibilityViolations, expect, open, test, waitForHydration } from './helpers';
import { offerWithPhotos } from './seed-data';

// The offer page in a browser: opened from a result list, previous/next in that search and back
// to the list, the page-view and phone statistics, the gallery's lightbox with the keyboard, the
// contact form with an invalid then a valid phone (details kept for the next visit), copying the
// link (success and error), and no accessibility violation in either language or theme.

const statTypes = (page: Page) => {
  const types: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/stat') && r.method() === 'POST') {
      types.push((r.postDataJSON() as { type: string }).type);
    }
  });
  return types;
};

/** The .eml files the portal wrote that name an address in their headers. */
async function mailsNaming(address: string): Promise<string[]> {
  const names = await readdir(E2E_MAIL_DIR).catch(() => [] as string[]);
  const mails = await Promise.all(
    names.filter((n) => n.endsWith('.eml')).map((n) => readFile(join(E2E_MAIL_DIR, n), 'utf8')),
  );
  return mails.map((m) => m.slice(0, m.indexOf('\r\n\r\n'))).filter((h) => h.includes(address));
}

/** A sent request gives two mails: the lead, answering to the visitor, and the visitor's copy. */
async function expectLeadAndCopy(visitor: string): Promise<void> {
  await expect.poll(async () => (await mailsNaming(visitor)).length, { timeout: 20_000 }).toBe(2);
  const heads = await mailsNaming(visitor);
  expect(heads.filter((h) => new RegExp(`^Reply-To: ${visitor}`, 'm').test(h))).toHaveLength(1);
  expect(heads.filter((h) => new RegExp(`^To: ${visitor}`, 'm').test(h))).toHaveLength(1);
}

test('from a list to an offer, next, previous and back to the list', async ({ page }) => {
  test.setTimeout(60_000);
  const stats = statTypes(page);
  await open(page, '/fr/vente/?sort=new');
  const firstCard = page.locator('.result-list .offer-card__link').first();
  const firstTitle = (await firstCard.textContent())!.trim();
  await firstCard.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstTitle);
  await waitForHydration(page);
  const firstUrl = page.url();

  // The stored search of the list gives the neighbours.
  const nav = page.getByRole('navigation', { name: 'Navigation dans les résultats' });
  await expect(nav.getByText(/^Bien 1 sur \d+$/)).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Bien précédent/ })).toHaveCount(0);
  await expect.poll(() => stats).toContain('detail');

  await nav.getByRole('link', { name: /^Bien suivant/ }).click();
  await expect(nav.getByText(/^Bien 2 sur \d+$/)).toBeVisible();
  await expect(page).toHaveURL(/\?from=/);
  const secondTitle = await page.getByRole('heading', { level: 1 }).textContent();
  expect(secondTitle).not.toBe(firstTitle);

  await nav.getByRole('link', { name: /^Bien précédent/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstTitle);
  expect(page.url().split('?')[0]).toBe(firstUrl.split('?')[0]);

  await nav.getByRole('link', { name: 'Retour à la liste' }).click();
  await expect(page).toHaveURL(/\/fr\/vente\/\?sort=new$/);
  await expect(page.locator('.result-list .offer-card__link').first()).toHaveText(firstTitle);
});

test('reveals the phone number and counts it', async ({ page, request }) => {
  const offer = await offerWithPhotos(request, 'fr', 1);
  const stats = statTypes(page);
  await open(page, offer.path);
  await page.getByRole('button', { name: 'Afficher le téléphone' }).click();
  await expect(page.locator('.agency-block__phone a[href^="tel:+"]')).toBeVisible();
  await expect.poll(() => stats).toContain('telephone');
});

test('the gallery opens in a lightbox moved through with the keyboard', async ({
  page,
  request,
}) => {
  const offer = await offerWithPhotos(request, 'fr', 3);
  await open(page, offer.path);
  const all = page.getByRole('button', { name: `Voir les ${offer.count} photos` });
  await all.click();
  const dialog = page.getByRole('dialog', { name: offer.offer.titre1 });
  await expect(dialog).toBeVisible();
  const counter = dialog.locator('.lightbox__count');
  await expect(counter).toContainText(`Photo 1 sur ${offer.count}`);
  await page.keyboard.press('ArrowRight');
  await expect(counter).toContainText(`Photo 2 sur ${offer.count}`);
  await page.keyboard.press('End');
  await expect(counter).toContainText(`Photo ${offer.count} sur ${offer.count}`);
  await page.keyboard.press('ArrowRight');
  await expect(counter).toContainText(`Photo 1 sur ${offer.count}`);
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toContainText(`Photo ${offer.count} sur ${offer.count}`);
  await page.keyboard.press('Home');
  await expect(counter).toContainText(`Photo 1 sur ${offer.count}`);
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(all).toBeFocused();
});

test('the contact form refuses an invalid phone, then sends and remembers the details', async ({
  page,
  request,
}) => {
  const offer = await offerWithPhotos(request, 'fr', 1);
  await open(page, offer.path);
  const form = page.getByRole('region', { name: "Contacter l'agence" });
  // The message names the offer, as a start.
  await expect(form.getByLabel('Message')).toHaveValue(
    /^Bonjour, je souhaiterais obtenir plus d'informations sur ce bien \(référence .+\)\. Merci\.$/,
  );
  await form.getByLabel('Nom').fill('Camille Martin');
  await form.getByLabel('E-mail').fill('camille.martin@example.org');
  await form.getByLabel('Téléphone').fill('06 12');
  await form.getByLabel('Message').fill('Je souhaite visiter ce bien.');
  // The address of this request alone, to find its mails among those of other tests.
  const visitor = `camille.${randomBytes(4).toString('hex')}@example.org`;
  await form.getByLabel('E-mail').fill(visitor);
  await form.getByRole('button', { name: 'Envoyer' }).click();
  const phone = form.getByLabel('Téléphone');
  await expect(form.getByText('Veuillez saisir un numéro de téléphone valide')).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toBeFocused();
  expect(await accessibilityViolations(page)).toEqual([]);

  await phone.fill('06 12 34 56 78');
  await form.getByRole('button', { name: 'Envoyer' }).click();
  await expect(form.getByText("Votre demande d'informations a bien été envoyée.")).toBeVisible();
  await expect(
    form.getByText(`Une copie de votre demande a été envoyée à ${visitor}.`),
  ).toBeVisible();
  // The outcome stands in place of the form, with a way to write another request.
  await expect(form.getByLabel('Message')).toBeHidden();
  await expect(form.getByRole('button', { name: 'Envoyer' })).toBeHidden();
  await form.getByRole('link', { name: 'Envoyer une autre demande' }).click();
  await expect(form.getByLabel('Message')).toBeFocused();
  await expect(form.getByLabel('Message')).toHaveValue(/\(référence .+\)/);
  await expect(form.getByText("Votre demande d'informations a bien été envoyée.")).toBeHidden();
  await expectLeadAndCopy(visitor);
  const stored = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('portal.contact') ?? 'null'),
  );
  expect(stored).toMatchObject({
    name: 'Camille Martin',
    email: visitor,
    phone: '06 12 34 56 78',
    phoneObject: { number: '+33612345678', country: 'FR' },
    isSpammer: false,
  });

  // The next visit starts with the details filled in.
  await page.reload();
  await waitForHydration(page);
  await expect(form.getByLabel('Nom')).toHaveValue('Camille Martin');
  await expect(form.getByLabel('Téléphone')).toHaveValue('06 12 34 56 78');
});

test('without JavaScript, the contact form posts its page and answers in the page (EN)', async ({
  browser,
  request,
}) => {
  const offer = await offerWithPhotos(request, 'en', 1);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(offer.path);
    const form = page.getByRole('region', { name: 'Contact the agency' });
    await form.getByLabel('Name').fill('Camille Martin');
    const visitor = `camille.${randomBytes(4).toString('hex')}@example.org`;
    await form.getByLabel('E-mail').fill(visitor);
    await form.getByLabel('Telephone').fill('06 12');
    await form.getByLabel('Message').fill('I would like to visit.');
    await form.getByRole('button', { name: 'Send' }).click();
    // The page comes back with the message, what was typed and the form's anchor.
    await expect(form.getByText('Please enter a valid telephone number')).toBeVisible();
    await expect(form.getByLabel('Message')).toHaveValue('I would like to visit.');
    expect(new URL(page.url()).pathname).toBe(offer.path);
    await form.getByLabel('Telephone').fill('06 12 34 56 78');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByText('Your request for information has been sent.')).toBeVisible();
    await expect(
      form.getByText(`A copy of your request has been sent to ${visitor}.`),
    ).toBeVisible();
    await expect(form.getByLabel('Message')).toBeHidden();
    await form.getByRole('link', { name: 'Send another request' }).click();
    await expect(form.getByLabel('Message')).toHaveValue(
      /^Hello, I would like more information about this property \(reference .+\)\. Thank you\.$/,
    );
    await expectLeadAndCopy(visitor);
  } finally {
    await context.close();
  }
});

test('copies the link of the offer', async ({ page, context, request, baseURL }) => {
  const offer = await offerWithPhotos(request, 'en', 1);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await open(page, offer.path);
  const copy = page.getByRole('button', { name: 'Copy the link' });
  await copy.click();
  await expect(page.locator('.copy__button--success')).toHaveText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${offer.path}`);
  // Back to idle after a moment.
  await expect(page.getByRole('button', { name: 'Copy the link' })).toBeVisible({ timeout: 5_000 });
});

test('says Error! when the clipboard refuses', async ({ page, request }) => {
  const offer = await offerWithPhotos(request, 'en', 1);
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
    });
  });
  await open(page, offer.path);
  await page.getByRole('button', { name: 'Copy the reference' }).click();
  await expect(page.locator('.copy__button--error')).toHaveText('Error!');
  await expect(page.getByRole('status').filter({ hasText: 'Error!' })).toHaveCount(1);
});

for (const lang of ['fr', 'en'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the offer page has no accessibility violation (${lang}, ${theme})`, async ({
      page,
      request,
    }) => {
      const offer = await offerWithPhotos(request, lang, 1);
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await open(page, offer.path);
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  }
}
