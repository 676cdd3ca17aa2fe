import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../shared/contract';
import { testDbKinds } from '../../fixtures/db';
import { useListingsTest, type ListingsTest } from './helpers';

// Garbage in: a clear 4xx naming the field, never a 500 and never a stack trace.

// [request, expected status, expected field (undefined for 404s)]
const BAD_QUERIES: [string, number, string | undefined][] = [
  ['/offre?page=-1', 400, 'page'],
  ['/offre?page=0', 400, 'page'],
  ['/offre?page=1.5', 400, 'page'],
  ['/offre?page=99999999999', 400, 'page'],
  ['/offre?page=101&limit=100', 400, 'page'],
  ['/offre?page=418&limit=24', 400, 'page'],
  ['/offre?limit=1000000', 400, 'limit'],
  ['/offre?limit=0', 400, 'limit'],
  ['/offre?limit=', 400, 'limit'],
  ['/offre?sort=random', 400, 'sort'],
  ['/offre?sort=price_asc;DROP%20TABLE%20offers', 400, 'sort'],
  ['/offre?nature=X', 400, 'nature'],
  ['/offre?nature=v', 400, 'nature'],
  ['/offre?lieu=abc', 400, 'lieu'],
  ['/offre?lieu=1%20OR%201=1', 400, 'lieu'],
  ["/offre?lieu=1');DROP%20TABLE%20offers;--", 400, 'lieu'],
  ['/offre?lieu=-5', 400, 'lieu'],
  ['/offre?lieu=0', 400, 'lieu'],
  ['/offre?lieu=99999999999', 400, 'lieu'],
  ['/offre?rubrique=3,x', 400, 'rubrique'],
  ['/offre?rubrique=,,', 400, 'rubrique'],
  [`/offre?rubrique=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`, 400, 'rubrique'],
  [`/offre?id=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, 400, 'id'],
  ['/offre?prix_min=cheap', 400, 'prix_min'],
  ['/offre?prix_min=-1', 400, 'prix_min'],
  ['/offre?prix_max=1e9', 400, 'prix_max'],
  ['/offre?prix_min=10&prix_max=5', 400, 'prix_min'],
  ['/offre?loyer_min=9000&loyer_max=10', 400, 'loyer_min'],
  ['/offre?loyer_semaine_min=9000&loyer_semaine_max=10', 400, 'loyer_semaine_min'],
  ['/offre?surface_min=500&surface_max=100', 400, 'surface_min'],
  ['/offre?surface_terrain_min=500&surface_terrain_max=100', 400, 'surface_terrain_min'],
  ['/offre?nb_pieces=NaN', 400, 'nb_pieces'],
  ['/offre?nb_chambres=Infinity', 400, 'nb_chambres'],
  ['/offre?atouts=piscine,helipad', 400, 'atouts'],
  ['/offre?dpe_max=H', 400, 'dpe_max'],
  ['/offre?dpe_max=c', 400, 'dpe_max'],
  ['/offre?omr_list_id=list', 400, 'omr_list_id'],
  ['/offre?agency=%00', 400, 'agency'],
  ['/offre?network=1.0', 400, 'network'],
  ['/offre?lang=xx', 400, 'lang'],
  ['/offre?page=1&page=2', 400, 'page'],
  ['/offre/premium?limit=25', 400, 'limit'],
  ['/offre/navigation', 400, 'current_id'],
  ['/offre/navigation?current_id=x', 400, 'current_id'],
  ['/offre/navigation?current_id=1&sort=up', 400, 'sort'],
  ['/offre/navigation?current_id=1&search_key=%27%20OR%201=1', 400, 'search_key'],
  ['/search-lieu?q=%00%00', 400, 'q'],
  ['/lieu?id=1;SELECT', 400, 'id'],
  ['/lieu?slug=../../etc', 400, 'slug'],
  ['/lieu/abc/children', 400, 'id'],
  ['/lieu/1/children?min_count=-1', 400, 'min_count'],
  ['/url?lieu=', 400, 'lieu'],
  ['/liens-externes?lieu=x', 400, 'lieu'],
  ['/compteur?limit=1000', 400, 'limit'],
  ['/compteur/rubriques?nature=Z', 400, 'nature'],
  ['/agence?page=-1', 400, 'page'],
  ['/agence?lieu=x', 400, 'lieu'],
  ['/agence?search=' + 'x'.repeat(101), 400, 'search'],
  ['/client-survey', 400, 'agency'],
  ['/client-survey?agency=1&limit=51', 400, 'limit'],
  ['/omr-list?id=-1', 400, 'id'],
  ['/omr-agences-list?lieu=%27', 400, 'lieu'],
  ['/reseau/..%2F..%2Fetc', 400, 'slug'],
  ['/offre/999999999', 404, undefined],
  ['/offre/by-slug/nothing-here', 404, undefined],
  ['/reseau/nothing-here', 404, undefined],
  ['/lieu/999999/children', 404, undefined],
];

describe.each(testDbKinds)('bad input on %s', (kind) => {
  let t: ListingsTest;
  useListingsTest(kind, (opened) => (t = opened));

  it.each(BAD_QUERIES)('GET %s answers %i naming %s', async (url, status, field) => {
    const res = await t.get<ApiError>(url);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ statusCode: status });
    expect(res.body.field).toBe(field);
    expect(JSON.stringify(res.body)).not.toMatch(/node_modules|\.ts:\d+|at async/);
  });

  it.each([
    ['/stat', 'not json'],
    ['/stat', 'null'],
    ['/stat', '"text"'],
    ['/contact', '{"offer_id": {"$gt": 0}}'],
    ['/contact', '{"__proto__": {"admin": true}, "name": 1}'],
    ['/contact-prospect', '[]'],
    ['/alerte', '{"email": ["a@b.fr"]}'],
    ['/alerte', '{"email": "a@b.fr", "criteria": "V"}'],
  ])('POST %s with %s answers 400', async (url, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.json().field).toEqual(expect.any(String));
  });

  it('answers 404 for a method the route does not have', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/offre' });
    expect(res.statusCode).toBe(404);
  });
});
