import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config, OfferClusters, OfferList } from '../../../shared/contract';
import { parseSearchQuery, toAlertPayload } from '../../../shared/criteria';
import { testDbKinds } from '../../fixtures/db';
import { buildWebApp, startListingsApi, upstreamJson } from './helpers';

// The web app's side of map search: /api/offre-clusters (the browser's cluster fetch, checked,
// cached like the list), and result lists on a map area (`bbox`) and in the map view (`view=map`):
// the count follows the area, the place reads "Zone de la carte" / "Map area" in the form and
// the breadcrumbs, the list is served without JavaScript, the language switch keeps the view.

const FRANCE = '-5.5,41,10,51.5';
const PARIS = '2.2,48.8,2.45,48.92';

function totalOf(html: string): number {
  const m = /class="search-page__total"[^>]*>([^<]*)</.exec(html);
  if (!m) throw new Error('no total on the page');
  return Number(m[1]!.replace(/\D/g, ''));
}

describe.each(testDbKinds)('map search in the web app on %s', (kind) => {
  let listings: Awaited<ReturnType<typeof startListingsApi>>;
  let app: FastifyInstance;
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'localhost' } });

  beforeAll(async () => {
    listings = await startListingsApi(kind);
    app = await buildWebApp(listings.url);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await listings?.close();
  });

  it('answers the clusters of a search, cacheable like the list', async () => {
    const res = await get(`/api/offre-clusters?nature=V&bbox=${FRANCE}&zoom=5&lang=fr`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as OfferClusters;
    const list = await upstreamJson<OfferList>(listings.url, `/offre?nature=V&bbox=${FRANCE}`);
    expect(body.clusters.reduce((n, c) => n + c.count, 0)).toBe(list.total);
    expect(res.headers['cache-control']).toMatch(/max-age=60/);
    const listAnswer = await get(`/api/offre?nature=V&bbox=${FRANCE}&lang=fr`);
    expect(listAnswer.headers['cache-control']).toBe(res.headers['cache-control']);
  });

  it.each([
    [`/api/offre-clusters?nature=V&zoom=5&lang=fr`, 'bbox'],
    [`/api/offre-clusters?nature=V&bbox=3,40,2,50&zoom=5&lang=fr`, 'bbox'],
    [`/api/offre-clusters?nature=V&bbox=${FRANCE}&zoom=30&lang=fr`, 'zoom'],
    [`/api/offre?nature=V&bbox=1,2,3&lang=fr`, 'bbox'],
  ])('refuses %s naming the field', async (url, field) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { field: string }).field).toBe(field);
  });

  it('lists a map area: its count, "Zone de la carte" in the form and the breadcrumbs', async () => {
    const all = await get('/fr/vente/');
    const area = await get(`/fr/vente/?bbox=${PARIS}`);
    expect(area.statusCode).toBe(200);
    const expected = await upstreamJson<OfferList>(listings.url, `/offre?nature=V&bbox=${PARIS}`);
    expect(totalOf(area.body)).toBe(expected.total);
    expect(totalOf(area.body)).toBeLessThan(totalOf(all.body));
    expect(area.body).toMatch(
      /name="lieu_q"[^>]*value="Zone de la carte"|value="Zone de la carte"[^>]*name="lieu_q"/,
    );
    expect(area.body).toMatch(/<input type="hidden" name="bbox" value="2.2,48.8,2.45,48.92"/);
    expect(area.body).toMatch(/class="breadcrumbs"[\s\S]*Zone de la carte/);
    const en = await get(`/en/sale/?bbox=${PARIS}`);
    expect(en.body).toContain('Map area');
    // A box that does not read as one is dropped: the list of everywhere.
    const bad = await get('/fr/vente/?bbox=9,9,1,1');
    expect(totalOf(bad.body)).toBe(totalOf(all.body));
  });

  it('serves the list on the map view, says the map needs JavaScript, keeps the view', async () => {
    const res = await get(`/fr/vente/?bbox=${PARIS}&view=map`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('class="offer-card');
    expect(res.body).toContain('La carte nécessite JavaScript');
    expect(res.body).toMatch(/<a[^>]*href="\/fr\/vente\/\?bbox=[^"]*"[^>]*>Liste</);
    // The language switch keeps the query, view and area included.
    expect(res.body).toContain(
      `href="/lang/en?to=${encodeURIComponent('/en/sale/?bbox=2.2%2C48.8%2C2.45%2C48.92&view=map')}"`,
    );
    // The map itself never in the HTML: Leaflet loads in the browser only.
    expect(res.body).not.toContain('leaflet');
  });

  it('saves an alert on a map area: the alert keeps the area', async () => {
    const config = await upstreamJson<Config>(listings.url, '/config');
    const criteria = parseSearchQuery(new URLSearchParams(`bbox=${PARIS}&view=map`), {
      config,
      nature: 'V',
    });
    const payload = toAlertPayload(criteria, { config });
    expect(payload.bbox).toBe(PARIS);
    // The alert form of the map's result list posts to the list page, criteria in a hidden field.
    const res = await app.inject({
      method: 'POST',
      url: `/fr/vente/?bbox=${PARIS}&view=map`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-portal-action': '1',
      },
      payload: new URLSearchParams({
        _form: 'alert-create',
        email: `area-${kind}@example.com`,
        criteria: JSON.stringify(payload),
      }).toString(),
      remoteAddress: '203.0.113.77',
    });
    expect(res.statusCode, res.body).toBe(200);
    const outcome = res.json<{ data: { status: string; token: string } }>().data;
    expect(outcome.status).toBe('created');
    const saved = await fetch(`${listings.url}/alerte`, {
      headers: { 'x-alert-tokens': outcome.token },
    });
    const list = (await saved.json()) as { items: { alert: { criteria: { bbox?: string } } }[] };
    expect(list.items[0]?.alert.criteria.bbox).toBe(PARIS);
  });

  it('keeps a map area through the search form without JavaScript', async () => {
    const kept = await get(
      `/fr/search/?nature=V&lieu_q=Zone+de+la+carte&lieu=&lieu_label=Zone+de+la+carte&bbox=${PARIS}&view=map`,
    );
    expect(kept.statusCode).toBe(302);
    expect(kept.headers.location).toBe(`/fr/vente/?bbox=${encodeURIComponent(PARIS)}&view=map`);
    const replaced = await get(
      `/fr/search/?nature=V&lieu_q=Paris&lieu=paris&lieu_label=Paris&bbox=${PARIS}`,
    );
    expect(replaced.headers.location).not.toContain('bbox');
  });
});
