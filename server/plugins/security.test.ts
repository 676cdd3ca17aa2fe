import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import security, { contentSecurityPolicy, scriptHashSource, tileOrigin } from './security';
import { INLINE_SCRIPTS } from '../../shared/inline-scripts';
import { httpsSources } from '../../shared/host-list';

describe('security headers', () => {
  const app = Fastify({ trustProxy: true });
  beforeAll(async () => {
    await app.register(security, {
      dev: false,
      imgSources: ['https://*.tile.example'],
      inlineScripts: ['a()', 'b()'],
    });
    app.get('/page', async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send('<p>page</p>'),
    );
    app.get('/json', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('gives every HTML answer the same CSP, allowing the inline scripts by their hashes', async () => {
    const a = await app.inject('/page');
    const b = await app.inject('/page');
    const csp = String(a.headers['content-security-policy']);
    const hash = (text: string) => createHash('sha256').update(text).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash('a()')}' 'sha256-${hash('b()')}';`);
    expect(csp).not.toContain('nonce');
    expect(/script-src [^;]*/.exec(csp)?.[0]).not.toContain('unsafe');
    expect(b.headers['content-security-policy']).toBe(csp);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("img-src 'self' data: https://*.tile.example");
  });

  it('lets pages frame the allowed players alone (MEDIA_EMBED_HOSTS), nothing else over https', async () => {
    const csp = String((await app.inject('/page')).headers['content-security-policy']);
    expect(csp).toContain("frame-src 'self';");
    const withPlayers = contentSecurityPolicy(
      {
        dev: false,
        imgSources: [],
        frameSources: httpsSources(['player.vimeo.com', '*.matterport.com']),
      },
      false,
    );
    expect(/frame-src [^;]*/.exec(withPlayers)?.[0]).toBe(
      "frame-src 'self' https://player.vimeo.com https://*.matterport.com",
    );
  });

  it("lists the document's inline scripts by default", () => {
    const csp = contentSecurityPolicy({ dev: false, imgSources: [] }, false);
    expect(INLINE_SCRIPTS.length).toBeGreaterThan(0);
    for (const script of INLINE_SCRIPTS) expect(csp).toContain(scriptHashSource(script));
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
    expect(contentSecurityPolicy({ dev: true, imgSources: [] }, false)).toContain(
      "style-src 'self' 'unsafe-inline'",
    );
    expect(contentSecurityPolicy({ dev: false, imgSources: [] }, false)).toContain(
      "style-src 'self';",
    );
    expect(contentSecurityPolicy({ dev: false, imgSources: [] }, false)).toContain(
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
