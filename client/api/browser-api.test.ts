import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetTasks, taskStore } from '../app/loading-tracker';
import { createBrowserApi } from './browser-api';

// What the browser sends to the BFF: parameters in the query string, secrets in headers.

describe('the browser API', () => {
  const calls: { url: string; headers: Record<string, string>; init: RequestInit }[] = [];

  afterEach(() => {
    vi.unstubAllGlobals();
    calls.length = 0;
  });

  function stubFetch(body: unknown) {
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      calls.push({ url, headers: { ...(init.headers as Record<string, string>) }, init });
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
  }

  it('sends alert tokens in x-alert-tokens, never in the URL', async () => {
    stubFetch({ items: [] });
    const tokens = ['a'.repeat(43), 'b'.repeat(43)];
    await createBrowserApi().get('alerts', { tokens });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/alerts');
    expect(calls[0]!.headers['x-alert-tokens']).toBe(tokens.join(','));
  });

  it('sends other parameters in the query string, lists comma-separated, empty ones left out', async () => {
    stubFetch({ items: [], total: 0, page: 1, limit: 24 });
    await createBrowserApi().get('offersByIds', { ids: [3, 1], lang: 'fr' });
    const url = new URL(calls[0]!.url, 'http://portal.test');
    expect(url.pathname).toBe('/api/offre-ids');
    expect(url.searchParams.get('ids')).toBe('3,1');
    expect(url.searchParams.get('lang')).toBe('fr');
    expect(calls[0]!.headers).toEqual({ accept: 'application/json' });
  });

  it("counts a page's calls in the progress bar, background calls not", async () => {
    stubFetch({ items: [] });
    resetTasks();
    const api = createBrowserApi();
    await api.get('searchLieu', { q: 'Paris', lang: 'fr', limit: 8 }, { background: true });
    await api.send('stat', { type: 'liste', id: [1, 2] }, { background: true });
    expect(taskStore.getSnapshot().total).toBe(0);
    await api.get('offersByIds', { ids: [1], lang: 'fr' });
    expect(taskStore.getSnapshot().total).toBe(1);
    resetTasks();
  });

  it('sends a statistic as a call that outlives the page when asked', async () => {
    stubFetch({ id: 1 });
    const api = createBrowserApi();
    await api.send('stat', { type: 'detail', id: 7 }, { keepalive: true });
    await api.send('stat', { type: 'detail', id: 7 });
    expect(calls.map((c) => [c.url, c.init.method, c.init.keepalive])).toEqual([
      ['/api/stat', 'POST', true],
      ['/api/stat', 'POST', undefined],
    ]);
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ type: 'detail', id: 7 });
  });

  it('asks for the map settings once per visit, at /api/map-config', async () => {
    stubFetch({ tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png', attribution: 'x' });
    const api = createBrowserApi();
    const first = await api.get('mapConfig', {});
    const second = await api.get('mapConfig', {});
    expect(second).toBe(first);
    expect(calls.map((c) => c.url)).toEqual(['/api/map-config']);
  });

  it('fails on an answer that is not JSON instead of answering nothing', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>proxy page</html>', { status: 200 }));
    const call = createBrowserApi().get(
      'offersByIds',
      { ids: [1], lang: 'fr' },
      { background: true },
    );
    await expect(call).rejects.toMatchObject({ name: 'PortalApiError', status: 502 });
  });
});
