import { sql } from 'kysely';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS } from '../../../playwright.config';
import { findOffer, offerPaths, startOfferWorld, type OfferWorld } from './offer-fixture';

// The browser hydrates what the server rendered without a mismatch: React's development build
// (the web app through Vite, as `npm run dev` serves it) reports any difference in the console.
// The ids of useId (labels and fields, ARIA references) are the ones at risk: they follow the
// shape of the whole tree, so an element the server renders beside the app and the browser does
// not shifts every id of the page.

describe('hydration in the browser', () => {
  let world: OfferWorld;
  let browser: Browser;
  let origin = '';
  const pages: string[] = [];

  beforeAll(async () => {
    world = await startOfferWorld('pglite', { web: { upstreamTimeoutMs: 30_000 } });
    origin = (await world.web.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
    const id = await findOffer(world.db, sql<boolean>`o.nature = 'V'`);
    const paths = await offerPaths(world, id);
    pages.push(paths.fr, paths.en);
    pages.push('/fr/vente/', '/en/sale/');
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await world?.close();
  });

  it('hydrates the list and offer pages in both languages with no mismatch', async () => {
    for (const path of pages) {
      const page = await browser.newPage();
      const errors: string[] = [];
      // Vite's hot reload has no socket to join here (the web app runs in a test): its complaints
      // are left out, every other error counts.
      const keep = (text: string) => {
        if (!/WebSocket|^\[vite\]/.test(text)) errors.push(text.slice(0, 300));
      };
      page.on('console', (message) => {
        if (message.type() === 'error') keep(message.text());
      });
      page.on('pageerror', (error) => keep(String(error)));
      await page.goto(`${origin}${path}`);
      await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, {
        timeout: 60_000,
      });
      await page.close();
      expect({ path, errors }).toEqual({ path, errors: [] });
    }
  }, 240_000);
});
