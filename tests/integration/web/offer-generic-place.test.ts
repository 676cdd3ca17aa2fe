import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKinds } from '../../fixtures/db';
import { findOffer, offerWithPath, startOfferWorld, type OfferWorld } from './offer-fixture';

// An offer filed at the generic place ("France et international") on the real web app: its
// English path carries the generic place's English slug, never the French one; the English path
// with the French slug answers a 301 to it; the page's canonical and hreflang follow.

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(testDbKinds)('an offer at the generic place (%s)', (kind) => {
  let world: OfferWorld;
  let id: number;

  beforeAll(async () => {
    world = await startOfferWorld(kind);
    id = await findOffer(world.db, sql<boolean>`o.nature = 'V'`);
    await sql`UPDATE offers SET lieu_id = ${world.config.genericLieu.id} WHERE id = ${id}`.execute(
      world.db.kysely,
    );
  }, 120_000);

  afterAll(async () => {
    await world?.close();
  });

  it('has no French slug in its English path', async () => {
    const { offer, path } = await offerWithPath(world, id, 'en');
    expect(offer.lieu.id).toBe(world.config.genericLieu.id);
    expect(path).not.toContain(world.config.genericLieu.slug);
    expect(path).toContain('/france-and-abroad/');
    const res = await world.web.inject(path);
    expect(res.statusCode).toBe(200);
    const frPath = (await offerWithPath(world, id, 'fr')).path;
    expect(frPath).toContain(`/${world.config.genericLieu.slug}/`);
    expect(res.body).toMatch(
      new RegExp(`<link rel="canonical" href="https?://[^"]+${escapeRe(path)}"`),
    );
    expect(res.body).toMatch(
      new RegExp(`<link rel="alternate" hrefLang="en" href="https?://[^"]+${escapeRe(path)}"`),
    );
    expect(res.body).toMatch(
      new RegExp(`<link rel="alternate" hrefLang="fr" href="https?://[^"]+${escapeRe(frPath)}"`),
    );
    expect((await world.web.inject(frPath)).statusCode).toBe(200);
  });

  it('redirects the English path with the French slug to it (301), keeping the query', async () => {
    const { path } = await offerWithPath(world, id, 'en');
    const old = path.replace('/france-and-abroad/', `/${world.config.genericLieu.slug}/`);
    expect(old).not.toBe(path);
    const res = await world.web.inject(`${old}?demande=adresse`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`${path}?demande=adresse`);
  });
});
