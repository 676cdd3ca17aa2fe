import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserApi } from './browser-api';

// What the browser sends to the BFF: parameters in the query string, secrets in headers.

describe('the browser API', () => {
  const calls: { url: string; headers: Record<string, string> }[] = [];

  afterEach(() => {
    vi.unstubAllGlobals();
    calls.length = 0;
  });

  function stubFetch(body: unknown) {
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      calls.push({ url, headers: { ...(init.headers as Record<string, string>) } });
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
});
