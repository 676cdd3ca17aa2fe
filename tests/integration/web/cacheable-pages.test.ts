import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../../shared/contract';
import { INLINE_BOOT_SCRIPT } from '../../../shared/inline-scripts';
import { testDbKinds } from '../../fixtures/db';
import { pageDataOf } from './helpers';
import { findOffer, offerPaths, startOfferWorld, type OfferWorld } from './offer-fixture';

// Pages an edge cache can keep: nothing in a page depends on the request, so two visitors get the
// same bytes and the same headers, and the Content-Security-Policy allows each inline script of
// the page by its hash (no per-request nonce a cached copy would hand to everybody).

/** Headers that may differ between two answers of the same page. */
const PER_ANSWER = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);

/** Executed inline scripts of a page: no src, and no data type (JSON, JSON-LD). */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script((?:\s[^>]*)?)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=/.test(attributes!))
    .filter(([, attributes]) => {
      const type = /\btype="([^"]*)"/.exec(attributes!)?.[1];
      return type === undefined || type === '' || /javascript|module/.test(type);
    })
    .map(([, , text]) => text!);
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

describe.each(testDbKinds)('cacheable pages on %s', (kind) => {
  let world: OfferWorld;
  const pages: Record<string, string> = {};

  beforeAll(async () => {
    // A busy machine's first render (Vite compiling the screens) must not time out.
    world = await startOfferWorld(kind, { web: { upstreamTimeoutMs: 30_000 } });
    const id = await findOffer(world.db, sql<boolean>`o.nature = 'V'`);
    const paths = await offerPaths(world, id);
    for (const lang of ['fr', 'en'] as Lang[]) pages[`offer ${lang}`] = paths[lang];
    pages['list fr'] = '/fr/vente/';
    pages['list en'] = '/en/sale/';
    // Warm-up: the screens' code is compiled once.
    for (const path of Object.values(pages)) await world.web.inject(path);
  });
  afterAll(async () => {
    await world?.close();
  });

  it.each(['list fr', 'list en', 'offer fr', 'offer en'])(
    'answers the %s page with the same bytes and headers twice',
    async (name) => {
      const path = pages[name]!;
      const headers = { 'accept-encoding': 'identity' };
      const a = await world.web.inject({ url: path, headers });
      const b = await world.web.inject({ url: path, headers });
      expect(a.statusCode).toBe(200);
      expect(a.headers['cache-control']).toMatch(/^public, /);
      expect(a.body.length).toBeGreaterThan(1000);
      expect(b.body).toBe(a.body);
      const kept = (h: typeof a.headers) =>
        Object.fromEntries(Object.entries(h).filter(([k]) => !PER_ANSWER.has(k)));
      expect(kept(b.headers)).toEqual(kept(a.headers));
    },
  );

  it.each(['list fr', 'offer en'])(
    'allows every inline script of the %s page by its hash, and nothing by nonce',
    async (name) => {
      const res = await world.web.inject(pages[name]!);
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = /(?:^|; )script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      const scripts = inlineScripts(res.body);
      expect(scripts.length).toBeGreaterThanOrEqual(1); // the theme
      for (const script of scripts) expect(scriptSrc).toContain(`'sha256-${sha256(script)}'`);
      expect(csp).not.toContain('nonce-');
      expect(res.body).not.toMatch(/\snonce=/);
      // The page's data is JSON that browsers never execute.
      expect(res.body).toMatch(/<script id="portal-data" type="application\/json">\{/);
    },
  );

  it.each(['list fr', 'offer en'])(
    'starts the browser app of the %s page from the boot script, after the first paint',
    async (name) => {
      const res = await world.web.inject(pages[name]!);
      // No script is fetched while the page paints: no module script, no module preload.
      expect(/<script[^>]*\ssrc=/.test(res.body)).toBe(false);
      expect(/<link[^>]*\srel="modulepreload"/.test(res.body)).toBe(false);
      // The boot script closes the body and reads the scripts from the page's data.
      const end = `</script><script>${INLINE_BOOT_SCRIPT}</script></body></html>`;
      expect(res.body.slice(-end.length)).toBe(end);
      const { shell } = pageDataOf(res.body);
      expect(shell.scripts.length).toBeGreaterThan(0);
      for (const src of [...shell.scripts, ...shell.modulePreloads]) {
        expect(src).toMatch(/^\//);
        const script = await world.web.inject({ url: src });
        expect(script.statusCode, src).toBe(200);
      }
    },
  );
});
