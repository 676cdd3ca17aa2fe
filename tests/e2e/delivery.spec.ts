import { expect, test } from './helpers';

// How the production build is delivered: build files compressed once at build time (brotli and
// gzip copies), sent as they are to a client that accepts them, cached for a year.

test.describe('build files delivery', () => {
  test('scripts and styles come precompressed, the same bytes once decoded', async ({
    page,
    request,
  }) => {
    await page.goto('/fr/');
    const files = await page.evaluate(() => [
      ...[...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.src),
      ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
        (l) => l.href,
      ),
    ]);
    const built = files.filter((url) => new URL(url).pathname.startsWith('/assets/'));
    expect(built.length).toBeGreaterThan(0);
    for (const url of built) {
      const plain = await request.get(url, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.status()).toBe(200);
      expect(plain.headers()['content-encoding']).toBeUndefined();
      expect(plain.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      const original = await plain.body();
      if (original.length < 1024) continue;
      for (const encoding of ['br', 'gzip']) {
        const packed = await request.get(url, { headers: { 'accept-encoding': encoding } });
        expect(packed.status()).toBe(200);
        expect(packed.headers()['content-encoding'], url).toBe(encoding);
        expect(packed.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
        // A file sent as it is has its length known up front (on-the-fly compression streams).
        const length = Number(packed.headers()['content-length']);
        expect(length, url).toBeGreaterThan(0);
        expect(length, url).toBeLessThan(original.length);
        expect((await packed.body()).equals(original), url).toBe(true);
      }
    }
  });
});
