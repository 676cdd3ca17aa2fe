import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createChangesFollower, type ChangesFollower } from './changes-follower';
import { changesFromListingsApi } from './changes-source';
import { cursorFile } from './cursor-file';
import { LeaseLostError, type PurgeLease } from './purge-lease';

// The one follower of the listings API's GET /changes in a web process: it hands each batch of
// invalidated cache tags to every purge target of the process, in order: this process's page
// cache (every process that has one), then the edge (Varnish, Cloudflare or Fastly: in the one
// process that purges it, EDGE_PURGER). Started when the app is ready, stopped when it closes.
//
// Before the targets, this process's own kept upstream answers with those tags are dropped, so a
// page rendered again comes from fresh data. Caches further behind (the listings API's answers,
// kept up to 30 s; other web processes' answers, up to 15 s) may still hand out the old data for
// a moment: each target purges the same tags again after its own delays, the upstream answers
// first again.
//
// With a cursor file (the edge's), the follower starts from the saved cursor, or from the first
// change recorded (the edge may hold pages older than this process), and saves the cursor after
// every target purged: a restart neither misses nor repeats a purge. A target that fails (the edge
// down) keeps the cursor, and every target gets the same tags again at the next poll (purging a
// tag twice is harmless). Without one, the follower starts from the latest cursor when the app is
// ready and the targets drop whatever they held by then (an in-process cache that starts empty).
//
// With a lease (Redis shared by several machines, ./purge-lease): every web process may purge the
// edge, one at a time. The edge gets a follower of its own, started in the process that takes the
// lease and stopped when it loses it; its cursor is kept in Redis with the lease (the cursor file,
// if any, only seeds it the first time), so the next holder resumes where the last purge left
// off. The process's page cache keeps its own follower, in every process.

export interface PurgeTarget {
  /** For the logs: 'page cache', 'varnish'… */
  readonly name: string;
  /** Purges every entry carrying one of these tags; rejects when that could not be done. */
  purge(tags: string[]): Promise<void> | void;
  /** How often this target wants GET /changes asked (ms): the follower asks at the shortest. */
  readonly intervalMs: number;
  /** The same tags are purged again after each of these delays (ms). */
  readonly repeatMs: readonly number[];
  /** Drops everything: the follower started from the latest cursor without handing older changes. */
  clear?(): void;
}

export interface ChangesPluginOptions {
  /** In the order they are purged. */
  targets: readonly PurgeTarget[];
  /** Where the cursor is kept across restarts; none: in memory, from the latest cursor at boot. */
  cursorFile?: string;
  /** Targets purged only by the holder of a lease (the edge, several machines sharing Redis). */
  leased?: { lease: PurgeLease; targets: readonly PurgeTarget[] };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The follower of the listings API's changes (poll() purges now), when there are targets. */
    changesFollower?: ChangesFollower;
  }
}

async function changesPlugin(app: FastifyInstance, options: ChangesPluginOptions) {
  const { targets } = options;
  const log = app.log.child({
    purge: [...targets, ...(options.leased?.targets ?? [])].map((target) => target.name).join(', '),
  });
  const repeats = new Set<NodeJS.Timeout>();

  const purge = async (target: PurgeTarget, tags: string[]) => {
    app.upstreamCache.purgeTags(tags);
    await target.purge(tags);
  };

  const repeat = (target: PurgeTarget, tags: string[]) => {
    for (const delay of target.repeatMs) {
      const timer = setTimeout(() => {
        repeats.delete(timer);
        purge(target, tags).catch((error: unknown) =>
          log.warn({ err: error, target: target.name, tags: tags.length }, 'repeated purge failed'),
        );
      }, delay);
      timer.unref();
      repeats.add(timer);
    }
  };

  const handTo = (group: readonly PurgeTarget[]) => async (tags: string[]) => {
    for (const target of group) {
      await purge(target, tags);
      repeat(target, tags);
    }
    log.info({ tags: tags.length }, 'purged');
  };
  const intervalOf = (group: readonly PurgeTarget[]) =>
    Math.min(...group.map((target) => target.intervalMs));

  const saved = options.cursorFile ? cursorFile(path.resolve(options.cursorFile)) : undefined;
  const leased = options.leased;
  let synced = false;
  const follower =
    targets.length > 0
      ? createChangesFollower({
          fetchChanges: changesFromListingsApi(app.upstream),
          intervalMs: intervalOf(targets),
          loadCursor: saved && !leased ? saved.load : () => undefined,
          saveCursor:
            saved && !leased
              ? saved.save
              : () => {
                  if (!synced) for (const target of targets) target.clear?.();
                  synced = true;
                },
          onTags: handTo(targets),
          firstStart: saved && !leased ? 'replay' : 'skip',
          logger: log,
        })
      : undefined;

  // The edge's follower while this process holds the lease.
  let leasedFollower: ChangesFollower | undefined;
  let leaseTimer: NodeJS.Timeout | undefined;
  let closing = false;
  const startLeased = (lease: PurgeLease, group: readonly PurgeTarget[]) => {
    const onTags = handTo(group);
    leasedFollower = createChangesFollower({
      fetchChanges: changesFromListingsApi(app.upstream),
      intervalMs: intervalOf(group),
      // The last holder's cursor; the first time, this machine's cursor file (if any).
      loadCursor: async () => (await lease.loadCursor()) ?? (await saved?.load()),
      saveCursor: (cursor) => lease.saveCursor(cursor),
      onTags: async (tags) => {
        if (!lease.held()) throw new LeaseLostError();
        await onTags(tags);
      },
      firstStart: 'replay',
      logger: log,
    });
    leasedFollower.start();
  };
  const keepLease = async (lease: PurgeLease, group: readonly PurgeTarget[]) => {
    const before = lease.token;
    const token = await lease.refresh().catch((error: unknown) => {
      log.warn({ err: error }, 'edge purge lease not refreshed');
      return lease.held() ? lease.token : 0;
    });
    if (closing) return;
    if (token > 0 && !leasedFollower) {
      log.info({ token }, 'edge purge lease taken: this process purges the edge');
      startLeased(lease, group);
    } else if (token === 0 && leasedFollower) {
      log.warn({ token: before }, 'edge purge lease lost: another process purges the edge');
      const stopping = leasedFollower;
      leasedFollower = undefined;
      await stopping.stop();
    }
  };
  const scheduleLease = (lease: PurgeLease, group: readonly PurgeTarget[], delay: number) => {
    leaseTimer = setTimeout(() => {
      void keepLease(lease, group).finally(() => {
        if (!closing) scheduleLease(lease, group, lease.refreshMs);
      });
    }, delay);
    leaseTimer.unref();
  };

  if (follower) app.decorate('changesFollower', follower);

  app.addHook('onReady', async () => {
    if (follower) {
      // From the latest cursor, found before the first request is served; a saved cursor may be
      // far behind: its changes are handed after the app is ready.
      if (!saved || leased) {
        await follower.poll().catch((error: unknown) => {
          log.warn({ err: error }, 'changes not read yet, retrying');
        });
      }
      follower.start();
    }
    if (leased) scheduleLease(leased.lease, leased.targets, 0);
  });
  app.addHook('onClose', async () => {
    closing = true;
    if (leaseTimer) clearTimeout(leaseTimer);
    for (const timer of repeats) clearTimeout(timer);
    repeats.clear();
    await follower?.stop();
    await leasedFollower?.stop();
    leasedFollower = undefined;
    // Handed over at once rather than when it expires.
    await leased?.lease.release().catch((error: unknown) => {
      log.warn({ err: error }, 'edge purge lease not released');
    });
  });
}

export default fp(changesPlugin, { name: 'changes-follower', dependencies: ['upstream'] });
