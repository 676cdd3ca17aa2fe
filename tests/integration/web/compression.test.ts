import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useWebApp } from './helpers';

// Pages and /api answers are compressed when the client accepts it, and only then; small
// answers are sent as they are.

describe('response compression', () => {
  let app: FastifyInstance;

  useWebApp('pglite', (web) => {
    ({ app } = web);
  });

  it('sends a page as it is to a client that accepts no encoding', async () => {
    const res = await app.inject({ url: '/fr/', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('<html lang="fr"');
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('compresses a page with %s, same HTML once decoded', async (encoding, decode) => {
    const res = await app.inject({
      url: '/fr/',
      headers: { 'accept-encoding': `${encoding}, identity;q=0.5` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    const html = decode(res.rawPayload).toString('utf8');
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('</html>');
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(html) / 2);
  });

  it('prefers brotli when the client accepts both', async () => {
    const res = await app.inject({ url: '/en/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('compresses large /api answers and leaves small ones alone', async () => {
    const large = await app.inject({
      url: '/api/offre?nature=V&limit=24&lang=fr',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(large.rawPayload).toString('utf8'))).toHaveProperty('items');
    const small = await app.inject({ url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
