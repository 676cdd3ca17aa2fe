import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageCache, negotiatedEncoding, sharedLifetime, tagsOfHeader } from './page-cache';

// The page cache's rules without the web app: lifetimes read from Cache-Control, the encoding
// picked as compression picks it, entries bounded in bytes, purges by tag, and a render that
// began before a purge of its tags not stored after it.

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'public, max-age=0, s-maxage=300, stale-while-revalidate=3600',
};

/** Any start but 0 (which lru-cache reads as "no time"). */
const T0 = 1_000_000;

function cache(maxBytes = 1024 * 1024) {
  const clock = { now: T0 };
  const pages = new PageCache({
    maxBytes,
    now: () => clock.now,
    brotliQuality: 4,
    compressThreshold: 1024,
  });
  return { pages, clock };
}

const page = (text: string, tags: string[] = [], since = 0) => ({
  status: 200,
  headers: HEADERS,
  body: Buffer.from(`<!DOCTYPE html><title>${text}</title>${'x'.repeat(2000)}`),
  tags,
  since,
});

describe('sharedLifetime', () => {
  it('reads s-maxage and stale-while-revalidate of public answers only', () => {
    expect(sharedLifetime(HEADERS['cache-control'])).toEqual({
      sMaxAge: 300,
      staleWhileRevalidate: 3600,
    });
    expect(sharedLifetime('public, s-maxage=60')).toEqual({ sMaxAge: 60, staleWhileRevalidate: 0 });
    for (const refused of [
      undefined,
      'private, no-store',
      'no-store',
      'public, max-age=60',
      'public, s-maxage=0, stale-while-revalidate=60',
      'public, no-cache, s-maxage=60',
      'max-age=3600, s-maxage=60',
    ])
      expect(sharedLifetime(refused), String(refused)).toBeUndefined();
  });
});

describe('negotiatedEncoding', () => {
  it('picks as @fastify/compress does', () => {
    expect(negotiatedEncoding(undefined)).toBe('identity');
    expect(negotiatedEncoding('identity')).toBe('identity');
    expect(negotiatedEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiatedEncoding('gzip, br;q=0.5')).toBe('gzip');
    expect(negotiatedEncoding('x-gzip')).toBe('gzip');
    expect(negotiatedEncoding('*')).toBe('gzip');
    expect(negotiatedEncoding('deflate')).toBe('identity');
  });
});

describe('tagsOfHeader', () => {
  it('reads comma- and space-separated tag headers', () => {
    expect(tagsOfHeader('offre-1,liste-V')).toEqual(['offre-1', 'liste-V']);
    expect(tagsOfHeader('offre-1 liste-V offre-1')).toEqual(['offre-1', 'liste-V']);
    expect(tagsOfHeader(undefined)).toEqual([]);
  });
});

describe('PageCache', () => {
  it('answers fresh, then stale, then nothing', async () => {
    const { pages, clock } = cache();
    expect(pages.store('/a', page('a'))).toBe(true);
    expect((await pages.lookup('/a', 'identity'))?.state).toBe('HIT');
    clock.now = T0 + 300_000;
    expect((await pages.lookup('/a', 'identity'))?.state).toBe('HIT');
    clock.now = T0 + 300_001;
    expect((await pages.lookup('/a', 'identity'))?.state).toBe('STALE');
    clock.now = T0 + 3_900_001;
    expect(await pages.lookup('/a', 'identity')).toBeUndefined();
    expect(pages.stats).toMatchObject({ hits: 2, stale: 1, entries: 0, bytes: 0 });
  });

  it('stores 200, 404 and 410 pages only', () => {
    const { pages } = cache();
    for (const status of [200, 404, 410])
      expect(pages.store(`/${status}`, { ...page('p'), status })).toBe(true);
    for (const status of [201, 301, 400, 403, 500, 503])
      expect(pages.store(`/${status}`, { ...page('p'), status })).toBe(false);
  });

  it('compresses each encoding once from the identity entry', async () => {
    const { pages } = cache();
    pages.store('/a', page('a'));
    const [br, again] = await Promise.all([pages.lookup('/a', 'br'), pages.lookup('/a', 'br')]);
    expect(br?.page.encoding).toBe('br');
    expect(again?.page).toBe(br?.page);
    expect(brotliDecompressSync(br!.page.body).toString()).toContain('<title>a</title>');
    const gzip = await pages.lookup('/a', 'gzip');
    expect(gunzipSync(gzip!.page.body).toString()).toContain('<title>a</title>');
    expect(pages.stats.entries).toBe(3);
    // A page rendered again replaces its encodings.
    pages.store('/a', page('b'));
    expect(pages.stats.entries).toBe(1);
    const renewed = await pages.lookup('/a', 'br');
    expect(brotliDecompressSync(renewed!.page.body).toString()).toContain('<title>b</title>');
  });

  it('keeps small pages as they are for every encoding', async () => {
    const { pages } = cache();
    pages.store('/small', { ...page('s'), body: Buffer.from('<p>small</p>') });
    expect((await pages.lookup('/small', 'br'))?.page.encoding).toBe('identity');
  });

  it('holds at most maxBytes, dropping the least recently used entry', async () => {
    const one = cache();
    one.pages.store('/a', page('a'));
    const size = one.pages.stats.bytes;
    const { pages } = cache(size * 2 + 10);
    pages.store('/a', page('a'));
    pages.store('/b', page('b'));
    await pages.lookup('/a', 'identity');
    pages.store('/c', page('c'));
    expect(pages.stats.bytes).toBeLessThanOrEqual(size * 2 + 10);
    expect(await pages.lookup('/b', 'identity')).toBeUndefined();
    expect(await pages.lookup('/a', 'identity')).toBeDefined();
    expect(await pages.lookup('/c', 'identity')).toBeDefined();
    // A page larger than the whole cache is not kept.
    const big = { ...page('big'), body: Buffer.alloc(size * 3, 'x') };
    expect(pages.store('/big', big)).toBe(false);
  });

  it('purges every entry of a tag, in every encoding, and those only', async () => {
    const { pages } = cache();
    pages.store('/offer', page('offer', ['offre-1', 'lieu-2']));
    pages.store('/list', page('list', ['offre-1', 'liste-V']));
    pages.store('/other', page('other', ['offre-3']));
    await pages.lookup('/offer', 'br');
    expect(pages.purgeTags(['offre-1'])).toBe(3);
    expect(await pages.lookup('/offer', 'br')).toBeUndefined();
    expect(await pages.lookup('/offer', 'identity')).toBeUndefined();
    expect(await pages.lookup('/list', 'identity')).toBeUndefined();
    expect(await pages.lookup('/other', 'identity')).toBeDefined();
    expect(pages.purgeTags(['offre-1'])).toBe(0);
  });

  it('does not store a render that began before a purge of one of its tags', () => {
    const { pages } = cache();
    const since = pages.purgeSeq;
    pages.purgeTags(['offre-1']);
    expect(pages.store('/offer', page('offer', ['offre-1'], since))).toBe(false);
    expect(pages.store('/other', page('other', ['offre-2'], since))).toBe(true);
    expect(pages.store('/offer', page('offer', ['offre-1'], pages.purgeSeq))).toBe(true);
  });

  it('does not store an encoding compressed from a page purged meanwhile', async () => {
    const { pages } = cache();
    pages.store('/a', page('a', ['offre-1']));
    const pending = pages.lookup('/a', 'gzip');
    pages.purgeTags(['offre-1']);
    expect((await pending)?.page.encoding).toBe('gzip');
    expect(await pages.lookup('/a', 'gzip')).toBeUndefined();
    expect(pages.stats.entries).toBe(0);
  });

  it('has one render under way per page', async () => {
    const { pages } = cache();
    const first = pages.join('/a');
    expect(first && 'settle' in first).toBe(true);
    const second = pages.join('/a');
    expect(second && 'wait' in second).toBe(true);
    expect(pages.join('/a', false)).toMatchObject({ wait: expect.any(Promise) });
    expect(pages.join('/b', false)).toBeUndefined();
    if (first && 'settle' in first) first.settle();
    if (second && 'wait' in second) await second.wait;
    // Over: the next miss begins a new one.
    expect(pages.join('/a')).toMatchObject({ settle: expect.any(Function) });
  });
});
