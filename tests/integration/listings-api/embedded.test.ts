import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readListingsConfig } from '../../../listings-api/config';
import { startListingsApi, type RunningListingsApi } from '../../../listings-api/embedded';
import type { Config, OfferList } from '../../../shared/contract';
import { preparePgliteDump, testDbKinds, TEST_PHOTOS_DIR } from '../../fixtures/db';

// startListingsApi, the way `npm start` and `npm run start:listings` run the API: over real HTTP
// on a free port. PGlite starts from the test seed's dump; PostgreSQL from an empty database
// that it migrates and seeds itself.

describe.each(testDbKinds)('the listings API started in-process on %s', (kind) => {
  let api: RunningListingsApi;
  let dropDatabase: (() => Promise<void>) | undefined;
  let photosDir: string | undefined;

  beforeAll(async () => {
    if (kind === 'pglite') {
      const { file } = await preparePgliteDump();
      api = await startListingsApi({
        port: 0,
        loadDataDir: new Blob([readFileSync(file)]),
        photosDir: TEST_PHOTOS_DIR,
      });
      return;
    }
    const admin = new URL(process.env.DATABASE_URL!);
    const name = `${path
      .basename(admin.pathname)
      .replace(/[^a-z0-9_]/gi, '_')
      .slice(0, 30)}_emb_${process.pid}`;
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    photosDir = mkdtempSync(path.join(tmpdir(), 'listings-photos-'));
    api = await startListingsApi({
      port: 0,
      databaseUrl: url.toString(),
      photosDir,
      seedOffers: 120,
      photoCount: 4,
    });
  });

  afterAll(async () => {
    await api?.close();
    await dropDatabase?.();
    if (photosDir) rmSync(photosDir, { recursive: true, force: true });
  });

  it('answers over HTTP on the port it was given', async () => {
    expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${api.url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', db: kind });
    const config = (await (await fetch(`${api.url}/config`)).json()) as Config;
    expect(config.natures).toHaveLength(3);
    const offers = (await (await fetch(`${api.url}/offre?limit=3`)).json()) as OfferList;
    expect(offers.total).toBeGreaterThan(0);
    const photo = await fetch(`${api.url}${offers.items[0]!.photo!.src.replace('{w}', '400')}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('stops listening once closed', async () => {
    const url = api.url;
    await api.close();
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    api = undefined as unknown as RunningListingsApi;
  });
});

describe('the listings API closed right after a first start', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'listings-close-'));
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  // A first start writes seeded agencies' feeds to the inbox and imports them at once. Closing
  // stops the jobs before the database: every feed taken is imported, none fails.
  it('stops its jobs before it closes the database', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const api = await startListingsApi({
        port: 0,
        dataDir: 'memory://',
        photosDir: path.join(dir, 'photos'),
        seedOffers: 40,
        photoCount: 2,
        config: readListingsConfig({ ...process.env, FEEDS_DIR: path.join(dir, 'feeds') }),
      });
      // Closed as soon as the first feed has been taken from the inbox.
      const work = path.join(dir, 'feeds', 'work');
      await vi.waitFor(() => expect(existsSync(work) && readdirSync(work).length).toBeTruthy(), {
        timeout: 10_000,
        interval: 5,
      });
      await api.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
    const list = (sub: string) =>
      readdirSync(path.join(dir, 'feeds', sub), { withFileTypes: true }).filter(
        (d) => readdirSync(path.join(d.parentPath, d.name)).length > 0,
      );
    const done = existsSync(path.join(dir, 'feeds', 'done')) ? list('done') : [];
    const waiting = list('inbox');
    expect(done.length).toBeGreaterThan(0);
    expect(done.length + waiting.length).toBe(3);
    expect(existsSync(path.join(dir, 'feeds', 'failed'))).toBe(false);
  });
});
