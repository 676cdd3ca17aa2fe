import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { accessibilityViolations, expect, open, test } from './helpers';

// Alerts in the browser: create one from a result list (with and without JavaScript), see it on
// the alerts page (also after a reload), refuse a duplicate, delete it; axe checks of the alerts
// page in both languages, empty and with an alert, and of the alert form; the buttons of the
// pages that mail links open. The forms post their page's actions: with JavaScript the page
// answers in place (same address), without it the page comes back with the outcome.

const email = () => `e2e-${randomBytes(4).toString('hex')}@example.com`;

test.describe('alerts', () => {
  test('are created from a result list and listed on the alerts page', async ({ page }) => {
    await open(page, '/fr/vente/?price_min=500000');
    const form = page.getByRole('region', { name: 'Créer une alerte' });
    const input = form.getByLabel('Votre adresse e-mail');
    const submit = form.getByRole('button', { name: "Créer l'alerte" });

    await submit.click();
    await expect(
      form.getByText('Veuillez saisir une adresse e-mail', { exact: true }),
    ).toBeVisible();
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await input.fill('pas-une-adresse');
    await submit.click();
    await expect(form.getByText('Veuillez saisir une adresse e-mail valide')).toBeVisible();

    const address = email();
    await input.fill(address);
    await form.getByLabel(/J'accepte d'être contacté/).check();
    const created = page.waitForResponse(
      (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/fr/vente/',
    );
    await submit.click();
    // With JavaScript the list's action answers as JSON, and the page stays where it is.
    const answer = await created;
    expect(answer.request().headers()['x-portal-action']).toBe('1');
    expect(await answer.json()).toMatchObject({
      data: { form: 'alert-create', status: 'created' },
    });
    await expect(form.getByRole('status')).toContainText('Votre demande a bien été enregistrée.');
    await expect(page).toHaveURL(/\/fr\/vente\/\?price_min=500000$/);

    await form.getByRole('link', { name: 'Voir mes alertes' }).click();
    await expect(page).toHaveURL(/\/fr\/alertes\/$/);
    const item = page.locator('.alert-item').filter({ hasText: address });
    await expect(item).toBeVisible();
    await expect(item).toContainText(/à partir de 500\s000\s€/);
    await expect(item).toContainText('En attente de confirmation');
    await page.reload();
    await expect(page.locator('.alert-item').filter({ hasText: address })).toBeVisible();
    // Its search is one click away.
    await expect(item.getByRole('link', { name: /Voir les biens/ })).toHaveAttribute(
      'href',
      /\/fr\/vente\/\?price_min=500000$/,
    );

    // The same search again for the same address: refused, in the page's language.
    await open(page, '/fr/vente/?price_min=500000');
    await page.getByLabel('Votre adresse e-mail').fill(address);
    await page.getByRole('button', { name: "Créer l'alerte" }).click();
    await expect(
      page.getByText('Une alerte existe déjà pour cette recherche avec cette adresse e-mail.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/fr\/vente\/\?price_min=500000$/);

    // Deleted from the alerts page.
    await open(page, '/fr/alertes/');
    await page
      .locator('.alert-item')
      .filter({ hasText: address })
      .getByRole('button', { name: /Supprimer l'alerte/ })
      .click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Votre alerte a bien été supprimée.' }),
    ).toBeVisible();
    await expect(page.locator('.alert-item').filter({ hasText: address })).toHaveCount(0);
    await expect(page).toHaveURL(/\/fr\/alertes\/$/);
    await page.reload();
    await expect(page.locator('.alert-item').filter({ hasText: address })).toHaveCount(0);
  });

  test('are created and listed without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto('/en/sale/?price_max=3000000');
      const form = page.getByRole('region', { name: 'Create an alert' });
      const posted = (path: RegExp) =>
        page.waitForResponse(
          (res) => res.request().method() === 'POST' && path.test(new URL(res.url()).pathname),
        );
      // The form posts to the list page: the list again, refused (400), with the message.
      const refused = posted(/^\/en\/sale\/$/);
      await form.getByRole('button', { name: 'Create the alert' }).click();
      expect((await refused).status()).toBe(400);
      // The list comes back scrolled to the form, whose message is in view.
      await expect(page).toHaveURL(/\/en\/sale\/\?price_max=3000000#alert-form$/);
      await expect(
        page.getByText('Please enter an email address', { exact: true }),
      ).toBeInViewport();

      const address = email();
      await page.getByLabel('Your email address').fill(address);
      const created = posted(/^\/en\/sale\/$/);
      await page.getByRole('button', { name: 'Create the alert' }).click();
      expect((await created).status()).toBe(200);
      await expect(page.getByText('Your request has been registered.')).toBeInViewport();
      // With room above the form: its frame is not flush with the window's top.
      const top = await form.evaluate((element) => element.getBoundingClientRect().top);
      expect(top).toBeGreaterThanOrEqual(8);
      await page.getByRole('link', { name: 'See my alerts' }).click();
      await expect(page).toHaveURL(/\/en\/alerts\/$/);
      const item = page.locator('.alert-item').filter({ hasText: address });
      await expect(item).toContainText('up to €3,000,000');

      const deleted = posted(/^\/en\/alerts\/$/);
      await item.getByRole('button', { name: /Delete the alert/ }).click();
      expect((await deleted).status()).toBe(200);
      await expect(page.getByText('Your alert has been deleted.')).toBeVisible();
      await expect(page.getByText("You don't have any saved search to date.")).toBeVisible();
    } finally {
      await context.close();
    }
  });

  for (const [lang, path, list, withAlert] of [
    ['fr', '/fr/alertes/', '/fr/vente/', false],
    ['en', '/en/alerts/', '/en/sale/', false],
    ['fr', '/fr/alertes/', '/fr/vente/', true],
    ['en', '/en/alerts/', '/en/sale/', true],
  ] as const) {
    test(`${path} has no accessibility violation (${withAlert ? 'with an alert' : 'empty'})`, async ({
      page,
    }) => {
      if (withAlert) {
        await open(page, list);
        // The alert form itself, with an error shown.
        await page.locator('#alert-form').getByRole('button').click();
        const form = await new AxeBuilder({ page })
          .include('#alert-form')
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze();
        expect(form.violations.map((v) => v.id)).toEqual([]);
        await page.locator('#alert-form input[type="email"]').fill(email());
        await page.locator('#alert-form').getByRole('button').click();
        await expect(page.locator('#alert-form .notice')).toBeVisible();
      }
      await open(page, path);
      const empty =
        lang === 'fr'
          ? "Vous n'avez aucune recherche sauvegardée à ce jour."
          : "You don't have any saved search to date.";
      if (withAlert) {
        await expect(page.locator('.alert-item')).toHaveCount(1);
        await expect(page.getByText(empty)).toHaveCount(0);
      } else {
        await expect(page.getByText(empty)).toBeVisible();
      }
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  }

  // The pages the links of alert mails open: one button, a plain form, in the link's language.
  for (const [lang, purpose, button] of [
    ['fr', 'confirm', 'Confirmer mon adresse e-mail'],
    ['en', 'confirm', 'Confirm my email address'],
    ['fr', 'unsubscribe', 'Ne plus recevoir ces e-mails'],
    ['en', 'unsubscribe', 'Stop these e-mails'],
  ] as const) {
    test(`the ${purpose} link opens a page with one button, accessible (${lang})`, async ({
      page,
    }) => {
      // A well-formed token of no alert: the page asks for the click all the same.
      await open(page, `/alerts/${purpose}?token=2000000000.${'A'.repeat(22)}&lang=${lang}`);
      await expect(page).toHaveURL(new RegExp(`[?&]${purpose}=`));
      const submit = page.getByRole('button', { name: button });
      await expect(submit).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
      // The click posts the page's action and the page answers in place (same address): the
      // token of no alert is said not to be valid, in the same language.
      const address = page.url();
      const posted = page.waitForResponse((res) => res.request().method() === 'POST');
      await submit.click();
      const answer = await posted;
      expect(answer.request().headers()['x-portal-action']).toBe('1');
      expect(answer.status()).toBe(400);
      expect(await answer.json()).toMatchObject({
        data: { form: `alert-${purpose}`, status: 'link-invalid' },
      });
      await expect(
        page.getByRole('alert').filter({
          hasText: lang === 'fr' ? "Ce lien n'est pas valide." : 'This link is not valid.',
        }),
      ).toBeVisible();
      expect(page.url()).toBe(address);
      // Not done: the button is still there to try again.
      await expect(submit).toBeVisible();
    });
  }

  test('the confirm button works without JavaScript: the page renders the outcome', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`/alerts/confirm?token=2000000000.${'A'.repeat(22)}&lang=en`);
      await expect(page).toHaveURL(/\/en\/alerts\/\?confirm=/);
      const address = page.url();
      const posted = page.waitForResponse((res) => res.request().method() === 'POST');
      await page.getByRole('button', { name: 'Confirm my email address' }).click();
      // The form posts to the page itself, which comes back with the outcome.
      const res = await posted;
      expect(res.url()).toBe(address);
      expect(res.status()).toBe(400);
      await expect(page.getByText('This link is not valid.', { exact: false })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Confirm my email address' })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
