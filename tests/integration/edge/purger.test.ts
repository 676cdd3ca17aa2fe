import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../listings-api/db/connection';
import { createChangesFollower } from '../../../server/edge/changes-follower';
import { changesFromListingsApi } from '../../../server/edge/changes-source';
import { cursorFile } from '../../../server/edge/cursor-file';
import { createEdgePurger } from '../../../server/edge/purgers';
import { loadConfig } from '../../../server/config';
import { createUpstreamClient, type UpstreamClient } from '../../../server/upstream/client';
import { createTestDb, testDbKinds } from '../../fixtures/db';
import { buildFeedsApi, tempDir } from '../feeds/helpers';
import { buildWebApp } from '../web/helpers';
import { startRecorder, type Recorder } from './recorder';

// The edge purger against the real listings API's GET /changes: every change's tags are purged
// once, in order; the cursor kept in its file lets a restarted purger go on where the last one
// stopped (nothing missed, nothing purged twice); a refused purge or an unreachable API keeps the
// cursor, and the same tags are purged at the next poll. In the web app, each process has one
// follower: the purging process hands the tags to its page cache and to the edge, the others to
// their page cache alone.

describe.each(testDbKinds)('edge purger on %s', (kind) => {
  let db: Db;
  let api: FastifyInstance;
  let apiUrl: string;
  let client: UpstreamClient;
  let dir: string;
  let varnish: Recorder;

  /** Records a change as an import does. */
  const change = async (tags: string[]) => {
    await db.kysely.insertInto('cache_changes').values({ tags, run_id: null }).execute();
  };

  /** A purger as the web app builds it, with its cursor in `file`. */
  const purger = (file: string, source = client) => {
    const cursor = cursorFile(file);
    const edge = createEdgePurger({ kind: 'varnish', urls: [`${varnish.url}/`] });
    return createChangesFollower({
      fetchChanges: changesFromListingsApi(source),
      intervalMs: 60_000,
      loadCursor: cursor.load,
      saveCursor: cursor.save,
      onTags: (tags) => edge.purge(tags),
    });
  };

  const purged = () => varnish.requests.map((r) => String(r.headers['xkey-purge']));

  beforeAll(async () => {
    db = await createTestDb(kind);
    dir = tempDir('edge-purger');
    api = await buildFeedsApi(db, dir);
    apiUrl = (await api.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
    client = createUpstreamClient({
      baseUrl: apiUrl,
      timeoutMs: 5000,
      logger: pino({ level: 'silent' }),
    });
  });

  afterAll(async () => {
    await client?.close();
    await api?.close();
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await db.kysely.deleteFrom('cache_changes').execute();
    varnish = await startRecorder();
  });
  afterEach(async () => {
    await varnish.close();
  });

  it('purges every change once, and a restarted purger neither repeats nor misses one', async () => {
    const file = path.join(dir, 'restart', 'edge-purge.cursor');
    await change(['offre-1', 'liste-vente']);
    await change(['offre-2', 'liste-vente', 'agence-3']);

    const first = purger(file);
    const result = await first.poll();
    expect(purged()).toEqual(['agence-3 liste-vente offre-1 offre-2']);
    expect(result.tags.sort()).toEqual(['agence-3', 'liste-vente', 'offre-1', 'offre-2']);
    expect(readFileSync(file, 'utf8').trim()).toBe(result.cursor);
    await first.stop();

    // Restarted: nothing new, nothing sent.
    const second = purger(file);
    expect((await second.poll()).tags).toEqual([]);
    expect(purged()).toHaveLength(1);

    // A change recorded while it runs (or while it was stopped) goes out once.
    await change(['offre-9']);
    await second.stop();
    const third = purger(file);
    await third.poll();
    await third.poll();
    expect(purged()).toEqual(['agence-3 liste-vente offre-1 offre-2', 'offre-9']);
    await third.stop();
  });

  it('starts from the first change without a cursor file', async () => {
    await change(['offre-5']);
    const file = path.join(dir, 'fresh', 'edge-purge.cursor');
    expect(existsSync(file)).toBe(false);
    const follower = purger(file);
    await follower.poll();
    expect(purged()).toEqual(['offre-5']);
    await follower.stop();
  });

  it('keeps the cursor when the edge refuses the purge, and purges the same tags next time', async () => {
    const file = path.join(dir, 'refused', 'edge-purge.cursor');
    await change(['offre-1']);
    const follower = purger(file);
    await follower.poll();
    const saved = readFileSync(file, 'utf8');

    await change(['offre-2', 'lieu-4']);
    varnish.answer = { status: 503, body: 'Service Unavailable' };
    await expect(follower.poll()).rejects.toThrow(/503/);
    expect(readFileSync(file, 'utf8')).toBe(saved);

    // Still refused after a restart: the cursor file has not moved.
    const restarted = purger(file);
    await expect(restarted.poll()).rejects.toThrow(/503/);
    expect(readFileSync(file, 'utf8')).toBe(saved);

    varnish.answer = { status: 200, body: '' };
    await restarted.poll();
    expect(purged()).toEqual(['offre-1', 'lieu-4 offre-2', 'lieu-4 offre-2', 'lieu-4 offre-2']);
    expect(readFileSync(file, 'utf8')).not.toBe(saved);
    await restarted.poll();
    expect(purged()).toHaveLength(4);
    await follower.stop();
    await restarted.stop();
  });

  it('keeps the cursor while the listings API does not answer', async () => {
    const file = path.join(dir, 'api-down', 'edge-purge.cursor');
    await change(['offre-1']);
    const down = createUpstreamClient({
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 2000,
      logger: pino({ level: 'silent' }),
    });
    const offline = purger(file, down);
    await expect(offline.poll()).rejects.toThrow(/unavailable/);
    expect(existsSync(file)).toBe(false);
    expect(purged()).toEqual([]);
    await offline.stop();
    await down.close();

    const online = purger(file);
    await online.poll();
    expect(purged()).toEqual(['offre-1']);
    await online.stop();
  });

  it('hands each change to the page cache of every process, and to the edge from one', async () => {
    const env = {
      LOG_LEVEL: 'silent',
      EDGE_PURGE_URL: `${varnish.url}/`,
      EDGE_PURGE_INTERVAL_MS: '3600000',
      EDGE_PURGE_REPEAT_MS: '0',
      EDGE_PURGE_CURSOR_FILE: path.join(dir, 'processes', 'edge-purge.cursor'),
    };
    // As `npm start` starts them: the first web process purges the edge, the others do not.
    const webProcess = (purger: '1' | '0') =>
      buildWebApp(apiUrl, {
        pageCacheBytes: 1024 * 1024,
        pageCacheChangesIntervalMs: 3_600_000,
        pageCachePurgeRepeatMs: [],
        edgePurge: loadConfig({ ...env, EDGE_PURGER: purger }).edgePurge,
      });
    const first = await webProcess('1');
    const other = await webProcess('0');
    const page = 'http://localhost/fr/offre-7';
    try {
      for (const web of [first, other]) {
        // The first polls (at start) are over.
        expect((await web.changesFollower!.poll()).tags).toEqual([]);
        const cache = web.pageCache!;
        const kept = cache.store(page, {
          status: 200,
          headers: { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=300' },
          body: Buffer.from('<p>offre 7</p>'),
          tags: ['offre-7', 'liste-vente'],
          since: cache.purgeSeq,
        });
        expect(kept).toBe(true);
      }
      await change(['offre-7']);
      expect((await first.changesFollower!.poll()).tags).toEqual(['offre-7']);
      expect((await other.changesFollower!.poll()).tags).toEqual(['offre-7']);
      expect(purged()).toEqual(['offre-7']);
      for (const web of [first, other]) {
        expect(await web.pageCache!.lookup(page, 'identity')).toBeUndefined();
      }
    } finally {
      await first.close();
      await other.close();
    }
  });
});
