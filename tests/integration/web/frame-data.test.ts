import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config, OmrData } from '../../../shared/contract';
import { testDbKinds } from '../../fixtures/db';
import { pageDataOf, upstreamJson, useWebApp } from './helpers';

// The frame's data (config and footer places) leaves the pages: each page names a frame file
// (`/_frame/{hash}.json`, cached for good) and preloads it; its hydration data carries the rest.

interface PageState {
  loaderData: { root?: Record<string, unknown>; page?: unknown };
}

function pageState(html: string): { state: PageState; shell: { frame?: string } } {
  const data = pageDataOf<PageState>(html);
  return { state: data.hydration, shell: data.shell };
}

describe.each(testDbKinds)('frame file on %s', (kind) => {
  let listings: { url: string };
  let app: FastifyInstance;
  let config: Config;
  let omr: OmrData;

  useWebApp(kind, (web) => {
    ({ listings, app } = web);
  });
  beforeAll(async () => {
    config = await upstreamJson<Config>(listings.url, '/config');
    omr = await upstreamJson<OmrData>(listings.url, '/omr-data');
  });

  it.each(['/fr/', '/en/sale/', '/fr/nulle-part/'])(
    '%s names and preloads the frame file instead of carrying the config',
    async (path) => {
      const res = await app.inject(path);
      const { state, shell } = pageState(res.body);
      expect(shell.frame).toMatch(/^\/_frame\/[A-Za-z0-9_-]{22}\.json$/);
      expect(res.body).toContain(
        `<link rel="preload" href="${shell.frame}" as="fetch" crossorigin=""/>`,
      );
      expect(state.loaderData.root).toBeDefined();
      expect(state.loaderData.root).not.toHaveProperty('config');
      expect(state.loaderData.root).not.toHaveProperty('promoteLieux');
      expect(state.loaderData.root).toMatchObject({ lang: path.slice(1, 3) });
    },
  );

  it('serves the config and the footer places, cached for good, the same for every page', async () => {
    const [home, list] = await Promise.all([app.inject('/fr/'), app.inject('/en/sale/')]);
    const frame = pageState(home.body).shell.frame!;
    expect(pageState(list.body).shell.frame).toBe(frame);
    const res = await app.inject(frame);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.json()).toEqual({ config, promoteLieux: omr.footer.promoteLieux });
  });

  it('answers 404 for a frame file it does not know, and for a malformed name', async () => {
    for (const url of ['/_frame/AAAAAAAAAAAAAAAAAAAAAA.json', '/_frame/x.json', '/_frame/..%2Fx']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});
