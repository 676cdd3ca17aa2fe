import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ApiError, OfferDetail, OfferObsolete } from '../../../shared/contract';
import { testDbKinds } from '../../fixtures/db';
import { useListingsTest, type ListingsTest } from './helpers';

// GET /offre/{id} and /offre/by-slug/{slug}: the offer page's data, 410 for an obsolete offer,
// 404 for an unknown one.

describe.each(testDbKinds)('offer detail on %s', (kind) => {
  let t: ListingsTest;
  useListingsTest(kind, (opened) => (t = opened));

  async function pickOffer(status: 'active' | 'obsolete') {
    return t.db.kysely
      .selectFrom('offers as o')
      .innerJoin('agencies as a', 'a.id', 'o.agency_id')
      .selectAll('o')
      .select(['a.phone as agency_phone', 'a.network_id'])
      .where('o.status', '=', status)
      .where(sql`jsonb_array_length(o.photos)`, '>', 1)
      .orderBy('o.id')
      .limit(1)
      .executeTakeFirstOrThrow();
  }

  it('answers everything the offer page shows', async () => {
    const row = await pickOffer('active');
    const res = await t.get<OfferDetail>(`/offre/${row.id}`, { lang: 'en' });
    expect(res.status).toBe(200);
    const offer = res.body;
    expect(offer).toMatchObject({
      id: row.id,
      slug: row.slug,
      nature: { id: row.nature },
      rubrique: { id: row.rubrique_id },
      titre1: row.titre1_en,
      description: row.description_en,
      price: row.price,
      prixCache: row.prix_cache,
      priceWithoutFees: row.price_without_fees,
      atouts: row.atouts,
      dpe: { class: row.dpe_class, value: row.dpe_value },
      ges: { class: row.ges_class, value: row.ges_value },
      videoUrl: row.video_url,
      tourUrl: row.tour_url,
      lat: row.lat,
      lng: row.lng,
      status: 'active',
    });
    expect(offer.agency).toMatchObject({ id: row.agency_id, phone: row.agency_phone });
    expect(offer.agency.network?.id ?? null).toBe(row.network_id);
    expect(offer.photos).toHaveLength((row.photos as unknown as unknown[]).length);
    expect(offer.photos[0]!.src).toMatch(/^\/photos\/\d+-\{w\}\.jpg$/);
    // Breadcrumbs: the place and its ancestors root first, the generic place left out.
    expect(offer.lieu.id).toBe(row.lieu_id);
    expect([...offer.lieu.ancestors.map((a) => a.id), offer.lieu.id]).toEqual(
      row.lieu_path.filter((id) => id !== row.lieu_path[0]),
    );
    expect(offer.lieu.ancestors[0]!.type).toBe('Pays');
  });

  it('answers the same offer by slug', async () => {
    const row = await pickOffer('active');
    const byId = await t.get<OfferDetail>(`/offre/${row.id}`);
    const bySlug = await t.get<OfferDetail>(`/offre/by-slug/${row.slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toEqual(byId.body);
  });

  it.each(['id', 'slug'] as const)(
    'answers 410 with related links for an obsolete offer (by %s)',
    async (by) => {
      const row = await pickOffer('obsolete');
      const res = await t.get<OfferObsolete>(
        by === 'id' ? `/offre/${row.id}` : `/offre/by-slug/${row.slug}`,
      );
      expect(res.status).toBe(410);
      expect(res.body.status).toBe('obsolete');
      expect(res.body.offer).toMatchObject({ id: row.id, status: 'obsolete' });
      expect(res.body.related).toMatchObject({ nature: row.nature, rubrique: row.rubrique_id });
      expect(res.body.related.lieu.id).toBe(row.lieu_id);
    },
  );

  it.each([
    ['an unknown id', '/offre/999999999', 404, undefined],
    ['an unknown slug', '/offre/by-slug/no-such-offer', 404, undefined],
    ['a non-numeric id', '/offre/abc', 400, 'id'],
    ['a negative id', '/offre/-3', 400, 'id'],
    ['a huge id', '/offre/99999999999999', 400, 'id'],
    ['a slug with odd characters', '/offre/by-slug/DROP%20TABLE', 400, 'slug'],
    ['an unknown language', '/offre/1?lang=de', 400, 'lang'],
  ])('answers %s with its status', async (_name, url, status, field) => {
    const res = await t.get<ApiError>(url);
    expect(res.status).toBe(status);
    expect(res.body.statusCode).toBe(status);
    expect(res.body.field).toBe(field);
  });
});
