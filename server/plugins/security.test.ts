import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import security, { contentSecurityPolicy, tileOrigin } from './security';

describe('security headers', () => {
  const app = Fastify({ trustProxy: true });
  beforeAll(async () => {
    await app.register(security, { dev: false, imgSources: ['https://*.tile.example'] });
    app.get('/page', async (request, reply) =>
      reply.type('text/html; charset=utf-8').send(`<p>${request.cspNonce}</p>`),
    );
    app.get('/json', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('gives every HTML answer a CSP with a fresh nonce', async () => {
    const a = await app.inject('/page');
    const b = await app.inject('/page');
    const nonce = /'nonce-([^']+)'/.exec(String(a.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(a.body).toBe(`<p>${nonce}</p>`);
    expect(b.headers['content-security-policy']).not.toContain(nonce);
    expect(a.headers['content-security-policy']).toContain("object-src 'none'");
    expect(a.headers['content-security-policy']).toContain(
      "img-src 'self' data: https://*.tile.example",
    );
  });

  it.each([
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-frame-options', 'SAMEORIGIN'],
  ])('sets %s: %s on every answer', async (name, value) => {
    expect((await app.inject('/json')).headers[name]).toBe(value);
    expect((await app.inject('/page')).headers[name]).toBe(value);
  });

  it('sends no CSP with JSON', async () => {
    expect((await app.inject('/json')).headers['content-security-policy']).toBeUndefined();
  });

  it('sends HSTS only over HTTPS (here through a trusted proxy)', async () => {
    expect((await app.inject('/page')).headers['strict-transport-security']).toBeUndefined();
    const https = await app.inject({ url: '/page', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(https.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('lets Vite inject styles and its websocket in development only', () => {
    expect(contentSecurityPolicy('n', { dev: true, imgSources: [] }, false)).toContain(
      "style-src 'self' 'unsafe-inline'",
    );
    expect(contentSecurityPolicy('n', { dev: false, imgSources: [] }, false)).toContain(
      "style-src 'self' 'nonce-n'",
    );
    expect(contentSecurityPolicy('n', { dev: false, imgSources: [] }, false)).toContain(
      "connect-src 'self';",
    );
  });

  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.example.com/{z}/{x}/{y}.png', 'https://*.tile.example.com'],
    ['not a url', undefined],
  ])('allows the tiles of %s from %s', (template, origin) => {
    expect(tileOrigin(template)).toBe(origin);
  });
});
