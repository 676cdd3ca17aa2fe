import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { EdgePurgeConfig } from '../config';
import { edgePurges } from '../metrics';
import { createChangesFollower, type ChangesFollower } from './changes-follower';
import { changesFromListingsApi } from './changes-source';
import { cursorFile } from './cursor-file';
import { createEdgePurger } from './purgers';

// The edge purger of the web app: follows the listings API's GET /changes and purges the tags at
// the configured edge (Varnish, Cloudflare or Fastly), keeping its cursor in a file. Started when
// the app is ready, stopped when it closes. Only registered when EDGE_PURGE_URL is set and this
// process is the purging one (EDGE_PURGER, default 1).
//
// Before the edge, this process's own kept upstream answers with those tags are dropped, so the
// page the edge fetches again is rendered from fresh data. Caches further behind (the listings
// API's answers, kept up to 30 s; other web processes' answers, up to 15 s) may still hand out the
// old data for a moment: the same tags are purged once more EDGE_PURGE_REPEAT_MS later.

declare module 'fastify' {
  interface FastifyInstance {
    /** The edge purger's follower (poll() purges now), when this process purges. */
    edgePurgeFollower?: ChangesFollower;
  }
}

async function edgePurge(app: FastifyInstance, options: EdgePurgeConfig) {
  const purger = createEdgePurger(options.target, {
    onRequest: (outcome) => edgePurges.inc({ outcome }),
  });
  const cursor = cursorFile(path.resolve(options.cursorFile));
  const log = app.log.child({ edge: purger.kind });
  const repeats = new Set<NodeJS.Timeout>();

  const purgeAll = async (tags: string[]) => {
    app.upstreamCache.purgeTags(tags);
    await purger.purge(tags);
  };

  const follower = createChangesFollower({
    fetchChanges: changesFromListingsApi(app.upstream),
    intervalMs: options.intervalMs,
    loadCursor: cursor.load,
    saveCursor: cursor.save,
    onTags: async (tags) => {
      await purgeAll(tags);
      log.info({ tags: tags.length }, 'edge purged');
      if (options.repeatMs > 0) {
        const timer = setTimeout(() => {
          repeats.delete(timer);
          purgeAll(tags).catch((error: unknown) =>
            log.warn({ err: error, tags: tags.length }, 'repeated edge purge failed'),
          );
        }, options.repeatMs);
        timer.unref();
        repeats.add(timer);
      }
    },
    firstStart: 'replay',
    logger: log,
  });
  app.decorate('edgePurgeFollower', follower);
  app.addHook('onReady', async () => {
    follower.start();
  });
  app.addHook('onClose', async () => {
    for (const timer of repeats) clearTimeout(timer);
    repeats.clear();
    await follower.stop();
  });
}

export default fp(edgePurge, { name: 'edge-purge', dependencies: ['upstream'] });
