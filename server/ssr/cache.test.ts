import { describe, expect, it } from 'vitest';
import { cacheTagValue, pageCacheControl } from './cache';

describe('page cache', () => {
  it.each([
    [200, undefined, 'public, max-age=0, s-maxage=300, stale-while-revalidate=3600'],
    [
      200,
      { sMaxAge: 60, staleWhileRevalidate: 120, maxAge: 10 },
      'public, max-age=10, s-maxage=60, stale-while-revalidate=120',
    ],
    [404, undefined, 'public, max-age=0, s-maxage=60, stale-while-revalidate=300'],
    [
      410,
      { sMaxAge: 9999, staleWhileRevalidate: 1 },
      'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
    ],
    [200, { sMaxAge: 300, staleWhileRevalidate: 60, private: true }, 'private, no-store'],
    [404, { sMaxAge: 300, staleWhileRevalidate: 60, private: true }, 'private, no-store'],
    [500, undefined, 'no-store'],
    [503, undefined, 'no-store'],
    [400, undefined, 'no-store'],
  ])('status %i → %s', (status, policy, header) => {
    expect(pageCacheControl(status, policy)).toBe(header);
  });

  it.each([
    ['Cache-Tag', ['config', 'omr', 'rubrique-2', 'omr'], 'config,omr,rubrique-2'],
    ['Surrogate-Key', ['config', 'lieu-3'], 'config lieu-3'],
    ['xkey', ['offre-7', 'liste-vente', 'offre-7'], 'liste-vente offre-7'],
    // Whatever order a page's data arrived in.
    ['Cache-Tag', ['lieu-2', 'config', 'offre-9'], 'config,lieu-2,offre-9'],
    ['Cache-Tag', ['offre-9', 'lieu-2', 'config'], 'config,lieu-2,offre-9'],
    ['XKey', ['a', 'b'], 'a b'],
    ['Cache-Tag', ['ok', 'not ok', 'a,b', 'x'], 'ok,x'],
    ['Cache-Tag', [], ''],
  ])('%s of %j → %j', (header, tags, value) => {
    expect(cacheTagValue(header, tags)).toBe(value);
  });
});
