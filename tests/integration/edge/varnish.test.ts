import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../listings-api/db/connection';
import { buildApp } from '../../../server/app';
import { loadConfig, type AppConfig } from '../../../server/config';
import { edgePurges } from '../../../server/metrics';
import { offerChangeTags } from '../../../shared/cache-tags';
import type { Config, OfferDetail, OfferSummary } from '../../../shared/contract';
import { href } from '../../../shared/routes';
import { createTestDb, testDbKinds } from '../../fixtures/db';
import { canConnect, freePort, startVarnish, VARNISHD, type Varnish } from '../../fixtures/varnish';
import { agencyWithoutOffers, buildFeedsApi, validFeedFiles } from '../feeds/helpers';
import { upstreamJson } from '../web/helpers';

// The shipped deploy/varnish/default.vcl, in a real varnishd on free ports, in front of the real
// web app (its tags in the xkey header, its edge purger on) and the listings API on a test
// database: pages are cached and served again (MISS, then HIT); an import that changes an offer
// purges exactly the pages tagged with it, through the purger following GET /changes; pages of the
// visitor (alerts), answers with Set-Cookie and POSTs are never cached; purges come only from the
// purgers' ACL; a visitor's X-Forwarded-* headers never reach a cached page; and a cached page is
// still served once the web app has stopped (grace).

const SKIP_MESSAGE = 'varnishd is not installed (Debian packages varnish and varnish-modules)';

if (!VARNISHD) console.warn(`tests/integration/edge/varnish.test.ts skipped: ${SKIP_MESSAGE}`);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One plain HTTP/1.1 request (from a given local address when asked). */
function call(
  port: number,
  pathname: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    host?: string;
    localAddress?: string;
    body?: string;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: options.host ?? '127.0.0.1',
        port,
        path: pathname,
        method: options.method ?? 'GET',
        headers: { 'accept-encoding': 'gzip', ...options.headers },
        localAddress: options.localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body =
            encoding === 'gzip'
              ? gunzipSync(raw)
              : encoding === 'br'
                ? brotliDecompressSync(raw)
                : raw;
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: body.toString('utf8'),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const TITLE = VARNISHD
  ? 'Varnish in front of the web app on %s'
  : `Varnish in front of the web app on %s (skipped: ${SKIP_MESSAGE})`;

describe.skipIf(!VARNISHD).each(testDbKinds)(TITLE, (kind) => {
  let db: Db;
  let tmp: string;
  let api: FastifyInstance;
  let apiUrl: string;
  let web: FastifyInstance;
  let webPort: number;
  let varnishPort: number;
  let varnish: Varnish | undefined;
  let config: Config;
  let agency: { id: number; slug: string };
  let offer: OfferDetail;
  let offerPath: string;
  let placeListPath: string;
  let rubriqueListPath: string;
  let unrelatedPath: string;
  let setCookieCalls = 0;
  let flakyCalls = 0;
  let flakyFails = false;
  let feedCount = 0;

  const get = (pathname: string, headers: Record<string, string> = {}) =>
    call(varnishPort, pathname, { headers });
  const purge = (headers: Record<string, string>, localAddress = '127.0.0.1') =>
    call(varnishPort, '/', { method: 'PURGE', headers, host: localAddress, localAddress });

  /** Imports the sample feed for the agency, its villa at this price. */
  async function importFeed(villaPrice: string) {
    const files = await validFeedFiles();
    const csv = files['annonces.csv'].toString('latin1');
    const changed = csv.replace('"4 500 000"', `"${villaPrice}"`);
    expect(changed === csv).toBe(villaPrice === '4 500 000');
    const dir = path.join(tmp, 'feeds-src', String(++feedCount));
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'annonces.csv'), Buffer.from(changed, 'latin1'));
    writeFileSync(path.join(dir, 'villa-1.jpg'), files['villa-1.jpg']);
    writeFileSync(path.join(dir, 'villa-2.jpg'), files['villa-2.jpg']);
    const report = await api.feedRunner.submit({ agency, dir, source: 'cli' }).report;
    expect(report.status).toBe('done');
    return report;
  }

  /** The web app's own tags for a page (asked without Varnish). */
  async function tagsOf(pathname: string): Promise<string[]> {
    const res = await call(webPort, pathname);
    expect(res.status).toBe(200);
    return String(res.headers.xkey ?? '').split(' ');
  }

  beforeAll(async () => {
    db = await createTestDb(kind);
    tmp = mkdtempSync(path.join(tmpdir(), 'edge-varnish-'));
    api = await buildFeedsApi(db, tmp, { cacheTtlMs: 0 });
    apiUrl = (await api.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
    agency = await agencyWithoutOffers(db);
    await importFeed('4 500 000');

    varnishPort = await freePort();
    webPort = await freePort();
    const appConfig: AppConfig = {
      ...loadConfig({
        LOG_LEVEL: 'silent',
        CACHE_TAG_HEADER: 'xkey',
        EDGE_PURGE_URL: `http://127.0.0.1:${varnishPort}/`,
        // Polled by the test itself (changesFollower.poll()), not by the clock.
        EDGE_PURGE_INTERVAL_MS: '3600000',
        EDGE_PURGE_REPEAT_MS: '0',
        EDGE_PURGE_CURSOR_FILE: path.join(tmp, 'edge-purge.cursor'),
        PAGE_CACHE_BYTES: '0',
        // As docker-compose.yml runs it: the forwarded headers of one proxy in front are believed.
        TRUST_PROXY: '1',
      }),
      renderer: 'vite',
      listingsApiUrl: apiUrl,
    };
    web = await buildApp(appConfig, { logger: pino({ level: 'silent' }), hmr: false });
    // An answer marked public that sets a cookie: Varnish must never keep it.
    web.get('/test/public-with-cookie', async (_request, reply) => {
      setCookieCalls += 1;
      return reply
        .header('cache-control', 'public, max-age=0, s-maxage=300')
        .header('set-cookie', `visit=${setCookieCalls}; Path=/`)
        .send({ calls: setCookieCalls });
    });
    // A public page that fails on demand, without stale-while-revalidate.
    web.get('/test/flaky', async (_request, reply) => {
      flakyCalls += 1;
      if (flakyFails) return reply.code(500).header('cache-control', 'no-store').send('down');
      return reply
        .header('cache-control', 'public, max-age=0, s-maxage=300, stale-while-revalidate=0')
        .header('xkey', 'test-flaky')
        .send(`version ${flakyCalls}`);
    });
    await web.listen({ port: webPort, host: '127.0.0.1' });

    // A second address outside the purgers' ACL.
    varnish = await startVarnish({
      backendPort: webPort,
      port: varnishPort,
      alsoOn: ['127.0.0.2'],
      storage: 'malloc,64m',
    });

    // The tags of the first import go out before any page is cached.
    await web.changesFollower?.poll();

    config = await upstreamJson<Config>(apiUrl, '/config');
    const villa = await db.kysely
      .selectFrom('offers')
      .select('slug')
      .where('agency_id', '=', agency.id)
      .where('reference', '=', 'VILLA-CANNES-01')
      .executeTakeFirstOrThrow();
    offer = await upstreamJson<OfferDetail>(apiUrl, `/offre/by-slug/${villa.slug}?lang=fr`);
    offerPath = href(
      'offer',
      {
        nature: offer.nature.id,
        rubrique: offer.rubrique.id,
        lieu: offer.lieu.slug,
        offre: offer.slug,
      },
      'fr',
      config,
    );
    placeListPath = href('list', { nature: offer.nature.id, lieu: offer.lieu.slug }, 'fr', config);
    rubriqueListPath = href(
      'list',
      { nature: offer.nature.id, rubrique: offer.rubrique.id, lieu: offer.lieu.slug },
      'fr',
      config,
    );
    // Another agency's offer of another nature: nothing of the villa's change concerns it.
    const other = await upstreamJson<{ items: OfferSummary[] }>(
      apiUrl,
      `/offre?nature=${offer.nature.id === 'L' ? 'V' : 'L'}&lang=fr`,
    );
    const unrelated = other.items.find((o) => o.agency?.id !== agency.id) ?? other.items[0];
    if (!unrelated) throw new Error('the test seed has no offer of another nature');
    unrelatedPath = href(
      'offer',
      {
        nature: unrelated.nature.id,
        rubrique: unrelated.rubrique.id,
        lieu: unrelated.lieu.slug,
        offre: unrelated.slug,
      },
      'fr',
      config,
    );
  });

  afterAll(async () => {
    await varnish?.stop();
    await web?.close();
    await api?.close();
    await db?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('keeps a list and an offer page: MISS, then HIT', async () => {
    for (const pathname of [offerPath, placeListPath, rubriqueListPath, unrelatedPath]) {
      const first = await get(pathname);
      expect(first.status, `${pathname}\n${varnish?.log()}`).toBe(200);
      expect(first.headers['x-cache'], pathname).toBe('MISS');
      expect(first.headers['cache-control']).toMatch(/^public, .*s-maxage=\d+/);
      const second = await get(pathname);
      expect(second.status).toBe(200);
      expect(second.headers['x-cache'], pathname).toBe('HIT');
      expect(Number(second.headers['x-cache-hits'])).toBeGreaterThanOrEqual(1);
      expect(second.headers.age).toBeDefined();
      expect(second.body).toBe(first.body);
      // The tags are for Varnish, not for visitors.
      expect(second.headers.xkey).toBeUndefined();
    }
    // Another encoding is another copy; a browser's full list maps to the same one.
    expect((await get(offerPath, { 'accept-encoding': 'identity' }))['headers']['x-cache']).toBe(
      'MISS',
    );
    const browser = await get(offerPath, { 'accept-encoding': 'gzip, deflate' });
    expect(browser.headers['x-cache']).toBe('HIT');
    expect(browser.headers['content-encoding']).toBe('gzip');
    expect(browser.headers.vary).toMatch(/Accept-Encoding/i);
    // A cookie of the visitor does not change a public page.
    const withCookie = await get(offerPath, {
      cookie: 'cookie_consent=maps:1; i18n_redirected=fr',
    });
    expect(withCookie.headers['x-cache']).toBe('HIT');
  });

  it('purges exactly the pages an import changed, through the purger following GET /changes', async () => {
    const changeTags = offerChangeTags({
      id: offer.id,
      agencyId: agency.id,
      nature: offer.nature.id,
      lieuPath: [],
      rubriquePath: [],
    });
    // What the web app tags these pages with: the villa's pages share a tag with its change, the
    // unrelated page none.
    const unrelatedTags = await tagsOf(unrelatedPath);
    for (const pathname of [offerPath, placeListPath, rubriqueListPath]) {
      const tags = await tagsOf(pathname);
      expect(tags.some((tag) => tag.startsWith('liste-') || changeTags.includes(tag))).toBe(true);
    }

    const report = await importFeed('4 200 000');
    expect(report.counts).toMatchObject({ updated: 1 });
    const changes = await upstreamJson<{ tags: string[] }>(apiUrl, '/changes');
    expect(changes.tags).toContain(`offre-${offer.id}`);
    expect(unrelatedTags.filter((tag) => changes.tags.includes(tag))).toEqual([]);

    const sent = async () =>
      (await edgePurges.get()).values.find((v) => v.labels.outcome === 'sent')?.value ?? 0;
    const sentBefore = await sent();
    const polled = await web.changesFollower?.poll();
    expect(polled?.tags).toContain(`offre-${offer.id}`);
    expect(await sent()).toBe(sentBefore + 1);

    for (const pathname of [offerPath, placeListPath, rubriqueListPath]) {
      const again = await get(pathname);
      expect(again.status).toBe(200);
      expect(again.headers['x-cache'], pathname).toBe('MISS');
      expect((await get(pathname)).headers['x-cache'], pathname).toBe('HIT');
    }
    expect((await get(offerPath)).body).toMatch(/4[\s\u202f\u00a0]200[\s\u202f\u00a0]000/);
    expect((await get(unrelatedPath)).headers['x-cache']).toBe('HIT');

    // Nothing new: the next poll purges nothing, the pages stay.
    expect((await web.changesFollower?.poll())?.tags).toEqual([]);
    expect((await get(offerPath)).headers['x-cache']).toBe('HIT');
  });

  it('never keeps the alerts page, an answer with Set-Cookie, or a POST', async () => {
    const alerts = href('alerts', {}, 'fr', config);
    for (let i = 0; i < 3; i++) {
      const res = await get(alerts);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toMatch(/private/);
      expect(res.headers['x-cache']).not.toBe('HIT');
    }

    const before = setCookieCalls;
    for (let i = 0; i < 3; i++) {
      const res = await get('/test/public-with-cookie');
      expect(res.headers['set-cookie']).toBeDefined();
      expect(res.headers['x-cache']).not.toBe('HIT');
    }
    expect(setCookieCalls).toBe(before + 3);

    for (let i = 0; i < 2; i++) {
      // A form posted to a page (here without the form's name: refused) is never cached.
      const res = await call(varnishPort, '/fr/vente/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=',
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers['x-cache']).toBe('PASS');
    }
  });

  it('takes purges only from the purgers, by tag', async () => {
    expect((await purge({ 'xkey-purge': `offre-${offer.id}` }, '127.0.0.2')).status).toBe(403);
    expect((await get(offerPath)).headers['x-cache']).toBe('HIT');
    expect((await purge({})).status).toBe(400);
    expect((await call(varnishPort, '/', { method: 'BAN' })).status).toBe(405);
    const done = await purge({ 'xkey-purge': `offre-${offer.id}` });
    expect(done.status).toBe(200);
    expect(Number(done.headers['x-purged'])).toBeGreaterThanOrEqual(1);
    expect((await get(offerPath)).headers['x-cache']).toBe('MISS');
    expect((await get(unrelatedPath)).headers['x-cache']).toBe('HIT');
  });

  it.each([
    ['x-forwarded-proto', 'https'],
    ['x-forwarded-host', 'attacker.example'],
    ['x-forwarded-for', '203.0.113.7'],
    ['forwarded', 'for=203.0.113.7;proto=https;host=attacker.example'],
  ])("keeps no page poisoned by a visitor's %s header", async (name, value) => {
    // What differs from one answer to the next whatever the request: time, the cache's counters,
    // the id of the request that rendered the page, and the framing (a miss is streamed or sent
    // with its length, as the fetch goes).
    const volatile = new Set([
      'date',
      'age',
      'x-varnish',
      'x-cache-hits',
      'via',
      'x-request-id',
      'content-length',
      'transfer-encoding',
    ]);
    const stable = (answer: Answer) =>
      Object.fromEntries(Object.entries(answer.headers).filter(([key]) => !volatile.has(key)));
    const fresh = async () => {
      expect((await purge({ 'xkey-purge': `offre-${offer.id}` })).status).toBe(200);
    };

    // The unpoisoned copy: rendered for a plain visitor (MISS), then served from the cache (HIT).
    await fresh();
    const clean = await get(offerPath);
    expect(clean.headers['x-cache']).toBe('MISS');
    const cleanHit = await get(offerPath);
    expect(cleanHit.headers['x-cache']).toBe('HIT');

    await fresh();
    const attack = await get(offerPath, { [name]: value });
    expect(attack.headers['x-cache']).toBe('MISS');
    const visitor = await get(offerPath);
    expect(visitor.headers['x-cache']).toBe('HIT');
    expect(stable(visitor)).toEqual(stable(cleanHit));
    expect(visitor.body).toBe(cleanHit.body);
    expect(visitor.body).not.toContain('attacker.example');
    // The attacker's own answer is the plain page too: the edge said how it was reached.
    expect(stable(attack)).toEqual(stable(clean));
    expect(attack.body).toBe(clean.body);

    // robots.txt names the sitemap by the portal's address (each case on URLs of its own).
    const robots = await get(`/robots.txt?clean=${name}`);
    expect(robots.headers['x-cache']).toBe('MISS');
    expect((await get(`/robots.txt?attack=${name}`, { [name]: value })).body).toBe(robots.body);
    const robotsVisitor = await get(`/robots.txt?attack=${name}`);
    expect(robotsVisitor.headers['x-cache']).toBe('HIT');
    expect(robotsVisitor.body).toBe(robots.body);
  });

  it('serves an expired copy when the web app answers an error, and asks it again next time', async () => {
    expect((await get('/test/flaky')).headers['x-cache']).toBe('MISS');
    const cached = await get('/test/flaky');
    expect(cached.headers['x-cache']).toBe('HIT');
    expect((await purge({ 'xkey-softpurge': 'test-flaky' })).status).toBe(200);
    flakyFails = true;
    const calls = flakyCalls;
    const stale = await get('/test/flaky');
    expect(stale.status).toBe(200);
    expect(stale.body).toBe(cached.body);
    expect(flakyCalls).toBeGreaterThan(calls);
    // The error was not kept: once the web app answers again, the page is fresh.
    flakyFails = false;
    const fresh = await get('/test/flaky');
    expect(fresh.status).toBe(200);
    expect(fresh.body).not.toBe(cached.body);
    expect((await get('/test/flaky')).headers['x-cache']).toBe('HIT');
  });

  it('still serves cached pages, even expired ones, once the web app has stopped', async () => {
    // Both pages in the cache (the purge above took them).
    await get(offerPath);
    await get(placeListPath);
    const cached = await get(offerPath);
    expect(cached.headers['x-cache']).toBe('HIT');
    const list = await get(placeListPath);
    expect(list.headers['x-cache']).toBe('HIT');
    const flaky = await get('/test/flaky');
    expect(flaky.headers['x-cache']).toBe('HIT');
    // The offer page and the flaky one expire now (kept as stale); then the web app stops.
    expect((await purge({ 'xkey-softpurge': `offre-${offer.id} test-flaky` })).status).toBe(200);
    await web.close();
    expect(await canConnect(webPort)).toBe(false);

    const stale = await get(offerPath);
    expect(stale.status).toBe(200);
    expect(stale.headers['x-cache']).toBe('HIT');
    expect(stale.body).toBe(cached.body);
    // Past its own stale-while-revalidate (none), the copy still beats an error.
    const staleFlaky = await get('/test/flaky');
    expect(staleFlaky.status).toBe(200);
    expect(staleFlaky.body).toBe(flaky.body);
    const stillList = await get(placeListPath);
    expect(stillList.status).toBe(200);
    expect(stillList.body).toBe(list.body);
    // A page never cached has nothing to fall back on.
    expect((await get('/fr/cgu/')).status).toBe(503);
  });
});
