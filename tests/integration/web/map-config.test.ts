import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapConfig } from '../../../shared/portal-api';
import { buildWebApp } from './helpers';

// The maps' settings are the web app's own (MAP_TILE_URL): the same answer through PortalApi on
// the server and at /api/map-config for the browser, without asking the listings API (here
// unreachable) anything.

const TILES = 'https://tiles.example.com/{z}/{x}/{y}.png';

describe('map settings', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildWebApp('http://127.0.0.1:9', { mapTileUrl: TILES, upstreamTimeoutMs: 500 });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('are the same for server pages and for the browser, asked of no service', async () => {
    const expected: MapConfig = { tileUrl: TILES, attribution: 'tiles.example.com' };
    const api = app.portalApi({
      id: 'map-config-test',
      headers: {},
      ip: '127.0.0.1',
    } as FastifyRequest);
    await expect(api.get('mapConfig', {})).resolves.toEqual(expected);
    const res = await app.inject({ method: 'GET', url: '/api/map-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expected);
  });
});
