import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, BrowserContext, Cookie, Page } from '@playwright/test';
import { E2E_MAIL_DIR } from '../../playwright.config';
import { feedWithBadPriceRow } from '../integration/feeds/helpers';
import { accessibilityViolations, expect, test, waitForHydration } from './helpers';
import { offerPath, portalConfig, type OfferSummaryLike } from './seed-data';

// The professional space in a browser, as an agency uses it: sign-in with the link read from the
// mail, the lead sent from one of its offer pages read and marked handled, the CSV export, a feed
// with one bad row uploaded and its reason found in the report, the audience, then "sign out
// everywhere" and the old session refused. Axe and the keyboard on every screen, both languages.
// The tests share one signed-in browser context, in order.

// Long flows on a busy machine (two runs at a time with --repeat-each): four minutes each.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const SCREENS = {
  fr: {
    signIn: '/fr/espace-pro/connexion/',
    dashboard: '/fr/espace-pro/',
    leads: '/fr/espace-pro/prospects/',
    audience: '/fr/espace-pro/audience/',
    feeds: '/fr/espace-pro/flux/',
    team: '/fr/espace-pro/equipe/',
  },
  en: {
    signIn: '/en/pro/sign-in/',
    dashboard: '/en/pro/',
    leads: '/en/pro/leads/',
    audience: '/en/pro/audience/',
    feeds: '/en/pro/feeds/',
    team: '/en/pro/team/',
  },
} as const;

/** The names of the .eml files written so far. */
async function mailFiles(): Promise<Set<string>> {
  const names = await readdir(E2E_MAIL_DIR).catch(() => [] as string[]);
  return new Set(names.filter((n) => n.endsWith('.eml')));
}

/** The sign-in token of a mail to `address` written after `before`, once it is there. */
async function signInToken(address: string, before: Set<string>): Promise<string> {
  let token = '';
  await expect
    .poll(
      async () => {
        for (const name of await mailFiles()) {
          if (before.has(name)) continue;
          const mail = await readFile(join(E2E_MAIL_DIR, name), 'utf8');
          const head = mail.slice(0, mail.indexOf('\r\n\r\n'));
          if (!new RegExp(`^To: .*${address}`, 'm').test(head)) continue;
          // Quoted-printable: soft line breaks and the escaped "=".
          const body = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          const match = /\?token=([A-Za-z0-9_-]+)/.exec(body);
          if (match) token = match[1]!;
        }
        return token;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return token;
}

/**
 * Which of the repeated runs this is (`--repeat-each`): runs against the same portal, at the same
 * time or one after the other, each use agencies of their own, so that one run's "sign out
 * everywhere" or feed leaves the other's agency alone.
 */
const runIndex = () => test.info().repeatEachIndex;

/**
 * An active sale of one of the agencies with the most active offers among the newest sales (the
 * `run`-th of them), and its owner's address. Agencies are taken by size, the largest first: the
 * few offers a feed of another run brings to an agency without offers do not move them.
 */
async function agencyOffer(request: APIRequestContext, run: number) {
  const config = await portalConfig(request);
  const byAgency = new Map<string, OfferSummaryLike>();
  for (let page = 1; page <= 3; page++) {
    const list = (await (
      await request.get(`/api/offre?nature=V&sort=new&limit=24&page=${page}&lang=fr`)
    ).json()) as { items: OfferSummaryLike[] };
    for (const item of list.items)
      if (!byAgency.has(item.agency.slug)) byAgency.set(item.agency.slug, item);
  }
  const candidates: { offer: OfferSummaryLike; total: number; email: string; slug: string }[] = [];
  for (const [slug, offer] of byAgency) {
    const detail = (await (await request.get(`/api/agence?slug=${slug}&lang=fr`)).json()) as {
      offerCounts: { V: number; L: number; S: number };
      email: string;
    };
    const total = detail.offerCounts.V + detail.offerCounts.L + detail.offerCounts.S;
    candidates.push({ slug, offer, total, email: detail.email });
  }
  candidates.sort((a, b) => b.total - a.total || a.slug.localeCompare(b.slug));
  const chosen = candidates[run % candidates.length];
  if (!chosen) throw new Error('no offer for sale in the e2e database');
  return { email: chosen.email, path: offerPath(config, chosen.offer, 'fr') };
}

/** Signs in from the sign-in page with the link mailed to `address`; axe on the confirm page. */
async function signIn(page: Page, address: string, checkAxe = false): Promise<void> {
  await page.goto(SCREENS.fr.signIn);
  await waitForHydration(page);
  const before = await mailFiles();
  await page.getByLabel('Adresse e-mail').fill(address);
  await page.getByRole('button', { name: 'Recevoir un lien de connexion' }).click();
  await expect(page.getByText(/^Si cette adresse est celle d'un compte/)).toBeVisible();
  const token = await signInToken(address, before);
  await page.goto(`${SCREENS.fr.signIn}?token=${token}`);
  await waitForHydration(page);
  if (checkAxe) expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Me connecter' }).click();
  await expect(page).toHaveURL(new RegExp(`${SCREENS.fr.dashboard}$`));
  await expect(page.getByRole('button', { name: 'Se déconnecter partout' })).toBeVisible();
}

/**
 * The public address of an agency without active offers, the `run`-th found (an agency that took
 * an earlier run's feed has offers now): a feed of the sample's rows replaces no stock there (an
 * import that would withdraw most of an agency's offers is held back).
 */
async function agencyWithoutOffers(request: APIRequestContext, run: number): Promise<string> {
  let skip = run;
  for (let page = 1; page <= 10; page++) {
    const list = (await (
      await request.get(`/api/agences?limit=48&page=${page}&lang=fr`)
    ).json()) as { items: { slug: string }[]; total: number };
    for (const { slug } of list.items) {
      const detail = (await (await request.get(`/api/agence?slug=${slug}&lang=fr`)).json()) as {
        offerCounts: { V: number; L: number; S: number };
        email: string;
      };
      if (detail.offerCounts.V + detail.offerCounts.L + detail.offerCounts.S === 0) {
        if (skip === 0) return detail.email;
        skip -= 1;
      }
    }
    if (page * 48 >= list.total) break;
  }
  throw new Error('no agency without offers in the e2e database');
}

/** Opens a screen of the space and checks it has no accessibility violation. */
async function openClean(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await accessibilityViolations(page), path).toEqual([]);
}

let context: BrowserContext;
let page: Page;
let agency: { email: string; path: string };
const visitor = `claire.${randomBytes(4).toString('hex')}@example.org`;

test.beforeAll(async ({ browser, request }) => {
  agency = await agencyOffer(request, runIndex());
  context = await browser.newContext({ acceptDownloads: true });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
});

test('signs in with the mailed link, reads the lead, marks it handled and exports it', async () => {
  // A lead from the agency's offer page first.
  await page.goto(agency.path);
  await waitForHydration(page);
  const contact = page.getByRole('region', { name: "Contacter l'agence" });
  await contact.getByLabel('Nom').fill('Claire Dupont');
  await contact.getByLabel('E-mail').fill(visitor);
  await contact.getByLabel('Téléphone').fill('06 12 34 56 78');
  await contact.getByLabel('Message').fill('Je souhaite visiter ce bien.');
  await contact.getByRole('button', { name: 'Envoyer' }).click();
  await expect(contact.getByText("Votre demande d'informations a bien été envoyée.")).toBeVisible();

  // Signed out, the space leads to its sign-in page.
  await page.goto(SCREENS.fr.leads);
  await expect(page).toHaveURL(new RegExp(`${SCREENS.fr.signIn}`));
  for (const lang of ['en', 'fr'] as const) await openClean(page, SCREENS[lang].signIn);

  // The seed gives each agency an owner at its public address.
  const address = agency.email;
  await signIn(page, address, true);
  const cookies = await context.cookies();
  expect(cookies.some((c) => c.httpOnly && c.sameSite === 'Lax')).toBe(true);

  // The lead, newest first: marked handled, it says so.
  await page
    .getByRole('navigation', { name: 'Espace professionnel' })
    .getByRole('link', { name: 'Prospects' })
    .click();
  await expect(page).toHaveURL(new RegExp(`${SCREENS.fr.leads}$`));
  const lead = page.locator('li.pro-lead').filter({ hasText: visitor });
  await expect(lead).toBeVisible();
  await expect(lead).toContainText('Je souhaite visiter ce bien.');
  await expect(lead).toContainText('À traiter');
  await waitForHydration(page);
  await lead.getByRole('button', { name: 'Marquer Claire Dupont comme traité' }).click();
  await expect(lead).toContainText(/Traité le .+ par /);
  await expect(
    lead.getByRole('button', { name: 'Remettre Claire Dupont à traiter' }),
  ).toBeVisible();

  // The CSV: UTF-8 with a BOM, the lead's row in it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Exporter en CSV' }).click(),
  ]);
  const csv = await readFile((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const row = csv
    .toString('utf8')
    .split(/\r?\n/)
    .find((line) => line.includes(visitor));
  expect(row).toBeDefined();
  expect(row).toContain('Claire Dupont');
});

test('uploads a feed with one bad row and finds its reason in the report', async ({
  browser,
  request,
}) => {
  // Another agency's user, in a browser of its own.
  const feeder = await browser.newContext();
  const page = await feeder.newPage();
  await signIn(page, await agencyWithoutOffers(request, runIndex()));
  await page.goto(SCREENS.fr.feeds);
  await waitForHydration(page);
  await page.getByLabel('Archive du flux (.zip : annonces.csv et ses photos)').setInputFiles({
    name: 'stock.zip',
    mimeType: 'application/zip',
    buffer: await feedWithBadPriceRow(),
  });
  await page.getByRole('button', { name: 'Envoyer le flux' }).click();
  await expect(page).toHaveURL(/\?run=[A-Za-z0-9_-]+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: "Rapport d'import du flux" }),
  ).toBeVisible();
  // The import runs within seconds: the report is reloaded until it holds the row.
  const problems = page.getByRole('region', { name: 'Lignes rejetées et photos en échec' });
  await expect(async () => {
    await page.reload();
    await expect(problems.getByRole('row').filter({ hasText: 'BAD-PRICE-1' })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(problems.getByRole('row').filter({ hasText: 'BAD-PRICE-1' })).toContainText(/prix/i);
  await waitForHydration(page);
  expect(await accessibilityViolations(page)).toEqual([]);
  await feeder.close();
});

test('every screen of the space passes axe in both languages, and the keyboard reaches its controls', async () => {
  test.setTimeout(360_000);
  for (const lang of ['fr', 'en'] as const) {
    const screens = SCREENS[lang];
    for (const path of [
      screens.dashboard,
      screens.leads,
      screens.audience,
      screens.feeds,
      screens.team,
    ]) {
      await openClean(page, path);
    }
  }

  // From the top of the leads page, Tab goes through the space's navigation and then the
  // filters, in order, each with a visible focus.
  await page.goto(SCREENS.fr.leads);
  await waitForHydration(page);
  const wanted = [
    'Tableau de bord',
    'Prospects',
    'Audience',
    'Flux',
    'Équipe',
    'lead-offer',
    'lead-state',
    'lead-from',
    'lead-to',
    'Filtrer',
  ];
  const reached: string[] = [];
  for (let i = 0; i < 40 && reached.at(-1) !== 'Filtrer'; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const visible =
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none';
      const name = el.id && /^lead-/.test(el.id) ? el.id : (el.textContent ?? '').trim();
      // A date field's focus is on one of its parts (day, month, year), inside the field, which
      // Chromium highlights itself: the field is only required to be reached.
      if (el instanceof HTMLInputElement && el.type === 'date') {
        return { name, visible: true, focusVisible: true };
      }
      return { name, visible, focusVisible: el.matches(':focus-visible') };
    });
    if (!focused) continue;
    expect(focused.visible && focused.focusVisible, `focus shown on ${focused.name}`).toBe(true);
    // A date field takes three Tabs (day, month, year): it counts once.
    if (wanted.includes(focused.name) && reached.at(-1) !== focused.name)
      reached.push(focused.name);
  }
  expect(reached).toEqual(wanted);
});

test('shows the audience, signs out everywhere, and the old session is refused', async ({
  browser,
}) => {
  await page.goto(SCREENS.en.audience);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The agency's listings, in a table that scrolls by keyboard on a phone.
  await expect(page.getByRole('region', { name: 'By listing' }).getByRole('table')).toBeVisible();

  const old: Cookie[] = await context.cookies();
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(new RegExp(`${SCREENS.en.signIn}`));

  // The cookie of the ended session, sent again, lands on the sign-in page.
  const other = await browser.newContext();
  try {
    await other.addCookies(old);
    const again = await other.newPage();
    await again.goto(SCREENS.fr.leads);
    await expect(again).toHaveURL(new RegExp(`${SCREENS.fr.signIn}`));
    await expect(again.getByLabel('Adresse e-mail')).toBeVisible();
  } finally {
    await other.close();
  }
});
