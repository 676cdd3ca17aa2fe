import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBrowserApi } from '../../../client/api/browser-api';
import type { Config, OfferList } from '../../../shared/contract';
import { parseSearchQuery, toApiParams } from '../../../shared/criteria';
import type { OfferClustersQuery } from '../../../shared/portal-api';
import { testDbKinds } from '../../fixtures/db';
import { buildWebApp, startListingsApi, upstreamJson } from './helpers';

// The map's clusters as the map of a result list asks for them: through the browser's PortalApi
// (client/api/browser-api.ts) over the web app's /api/offre-clusters, served over HTTP, with the
// query the map writes (the search's API parameters, the view's box, a numeric zoom). The answer
// is the server PortalApi's, every offer of the search is in a cluster, and a call the map gives
// up (a newer view) while its answer is read is given up: never an answer without clusters, which
// the map would draw as an empty map.

const WORLD = '-180,-85,180,85';

describe.each(testDbKinds)('the map clusters through the browser PortalApi on %s', (kind) => {
  let listings: Awaited<ReturnType<typeof startListingsApi>>;
  let app: FastifyInstance;
  let base = '';
  let query: OfferClustersQuery;
  const realFetch = globalThis.fetch;

  /** The browser's PortalApi over this web app; `received` runs once an answer's headers came. */
  function browserApi(received: () => void = () => {}) {
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const res = await realFetch(new URL(url, base), init);
      received();
      return res;
    });
    return createBrowserApi();
  }

  beforeAll(async () => {
    listings = await startListingsApi(kind);
    app = await buildWebApp(listings.url);
    base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
    // The map of /fr/vente/: the sale search everywhere, asked over the whole world at zoom 2.
    const config = await upstreamJson<Config>(listings.url, '/config');
    const criteria = parseSearchQuery(new URLSearchParams(), { config, nature: 'V' });
    const {
      page: _page,
      sort: _sort,
      bbox: _bbox,
      ...params
    } = toApiParams(criteria, {
      config,
      lieu: { id: config.genericLieu.id, omr_list_id: null },
    });
    query = { ...params, bbox: WORLD, zoom: 2, lang: 'fr' };
  }, 120_000);

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  afterAll(async () => {
    await app?.close();
    await listings?.close();
  });

  it("answers the map's query with the server's clusters, every offer of the search in one", async () => {
    const answer = await browserApi().get('offerClusters', query, { background: true });
    const server = await app
      .portalApi({ id: 'map-clusters-test', headers: {}, ip: '127.0.0.1' } as FastifyRequest)
      .get('offerClusters', query);
    expect(answer).toEqual(server);
    const list = await upstreamJson<OfferList>(listings.url, `/offre?nature=V&bbox=${WORLD}`);
    expect(list.total).toBeGreaterThan(0);
    expect(answer.clusters.reduce((n, c) => n + c.count, 0)).toBe(list.total);
  });

  it('gives up a call given up while its answer is read, never answering without clusters', async () => {
    const controller = new AbortController();
    // The map moves on (a newer view) once the answer's headers are in, before its body is read.
    const call = browserApi(() => controller.abort()).get('offerClusters', query, {
      signal: controller.signal,
      background: true,
    });
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('answers a query the map cannot have written with a 400 naming the field', async () => {
    const call = browserApi().get('offerClusters', { ...query, zoom: 21 }, { background: true });
    await expect(call).rejects.toMatchObject({ status: 400, body: { field: 'zoom' } });
  });
});
