import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../../shared/contract';
import { testDbKinds } from '../../fixtures/db';
import { findOffer, offerPaths, startOfferWorld, type OfferWorld } from './offer-fixture';

// The images of the home, list and offer pages: one image per page, its largest paint candidate
// (the first mosaic tile, the first result card's photo, the offer's main photo), is preloaded at
// high priority; every other image loads lazily and decodes off the main thread; all have their
// width and height, so nothing moves while they arrive.

const imgs = (html: string) => [...html.matchAll(/<img\s[^>]*>/g)].map((m) => m[0]);
const imagePreloads = (html: string) =>
  [...html.matchAll(/<link\s[^>]*\bas="image"[^>]*>/g)].map((m) => m[0]);
const HIGH = /\bfetchpriority="high"/i;

describe.each(testDbKinds)('largest paint image on %s', (kind) => {
  let world: OfferWorld;
  const pages: Record<string, string> = {};

  beforeAll(async () => {
    world = await startOfferWorld(kind, { web: { upstreamTimeoutMs: 30_000 } });
    const id = await findOffer(
      world.db,
      sql<boolean>`o.nature = 'V' AND jsonb_array_length(o.photos) >= 3`,
    );
    const paths = await offerPaths(world, id);
    for (const lang of ['fr', 'en'] as Lang[]) pages[`offer ${lang}`] = paths[lang];
    pages['home fr'] = '/fr/';
    pages['home en'] = '/en/';
    pages['list fr'] = '/fr/vente/';
    pages['list en'] = '/en/sale/';
  });
  afterAll(async () => {
    await world?.close();
  });

  it.each(['home fr', 'home en', 'list fr', 'list en', 'offer fr', 'offer en'])(
    'the %s page preloads one image at high priority and lazy-loads the others',
    async (name) => {
      const res = await world.web.inject(pages[name]!);
      expect(res.statusCode).toBe(200);
      const images = imgs(res.body);
      expect(images.length).toBeGreaterThanOrEqual(3);
      const first = images.filter((img) => HIGH.test(img));
      expect(first).toHaveLength(1);
      expect(first[0]).not.toMatch(/\bloading="lazy"/);
      for (const img of images) {
        expect(img).toMatch(/\bwidth="\d+"/);
        expect(img).toMatch(/\bheight="\d+"/);
        if (img === first[0]) continue;
        expect(img).toMatch(/\bloading="lazy"/);
        expect(img).toMatch(/\bdecoding="async"/);
        expect(img).not.toMatch(HIGH);
      }
      const preloads = imagePreloads(res.body);
      expect(preloads).toHaveLength(1);
      expect(preloads[0]).toMatch(HIGH);
    },
  );
});
