import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { serveClusterRateLimits } from './cluster-rate-limit';

// The main process of several web processes (node:cluster): forks them, all listening on the
// same port (the main process hands out the connections), replaces one that dies (after a delay
// that grows while it keeps dying, so a broken start does not loop), and stops them on shutdown.
// Each web process has a slot (0…n-1) in WEB_PROCESS_SLOT; its replacement gets the same slot.

export interface WebClusterOptions {
  processes: number;
  /** Environment of every web process, on top of this process's. */
  env: Record<string, string>;
  /** Extra environment of the process in a given slot (e.g. the one that runs a job). */
  slotEnv?: (slot: number) => Record<string, string>;
  logger: Logger;
  /** A slot whose process died this many times in a row without ever listening: give up. */
  maxFailedStarts?: number;
}

export interface WebCluster {
  /** Resolves once every web process listens. */
  listening: Promise<void>;
  /** Stops every web process (each closes gracefully) and waits for them to end. */
  close(timeoutMs?: number): Promise<void>;
  /** Called if the cluster gives up (a slot cannot start): the portal should stop. */
  onFatal(listener: (reason: string) => void): void;
}

/** Delay before a replacement: 0.5 s, doubling per death in a row, at most 30 s. */
export function restartDelayMs(deathsInARow: number): number {
  return Math.min(30_000, 500 * 2 ** Math.max(0, deathsInARow - 1));
}

/** A process that served this long before dying starts its slot's count again. */
const HEALTHY_AFTER_MS = 30_000;

export function startWebCluster(options: WebClusterOptions): WebCluster {
  const { logger, processes } = options;
  const maxFailedStarts = options.maxFailedStarts ?? 5;
  const stopRateLimits = serveClusterRateLimits();
  let closing = false;
  let fatal: ((reason: string) => void) | undefined;
  const slots = Array.from({ length: processes }, () => ({
    worker: undefined as Worker | undefined,
    deathsInARow: 0,
    failedStartsInARow: 0,
    startedAt: 0,
    listened: false,
    timer: undefined as NodeJS.Timeout | undefined,
  }));

  let resolveListening!: () => void;
  const listening = new Promise<void>((resolve) => {
    resolveListening = resolve;
  });
  const checkListening = () => {
    if (slots.every((s) => s.listened)) resolveListening();
  };

  const fork = (slot: number) => {
    const state = slots[slot]!;
    state.timer = undefined;
    const worker = cluster.fork({
      ...options.env,
      ...options.slotEnv?.(slot),
      WEB_PROCESS_SLOT: String(slot),
    });
    state.worker = worker;
    state.startedAt = Date.now();
    let listened = false;
    worker.once('listening', () => {
      listened = true;
      state.listened = true;
      state.failedStartsInARow = 0;
      logger.info({ slot, pid: worker.process.pid }, 'web process listening');
      checkListening();
    });
    worker.once('exit', (code, signal) => {
      state.worker = undefined;
      if (closing) return;
      const lived = Date.now() - state.startedAt;
      state.deathsInARow = lived >= HEALTHY_AFTER_MS ? 1 : state.deathsInARow + 1;
      state.failedStartsInARow = listened ? 0 : state.failedStartsInARow + 1;
      if (state.failedStartsInARow >= maxFailedStarts) {
        const reason = `web process ${slot} died ${state.failedStartsInARow} times before listening`;
        logger.fatal({ slot, code, signal }, reason);
        fatal?.(reason);
        return;
      }
      const delay = restartDelayMs(state.deathsInARow);
      logger.error(
        { slot, pid: worker.process.pid, code, signal, restartInMs: delay },
        'web process ended: replacing it',
      );
      state.timer = setTimeout(() => fork(slot), delay);
    });
  };

  for (let slot = 0; slot < processes; slot++) fork(slot);

  return {
    listening,
    onFatal(listener) {
      fatal = listener;
    },
    async close(timeoutMs = 15_000) {
      closing = true;
      const alive: Worker[] = [];
      for (const state of slots) {
        if (state.timer) clearTimeout(state.timer);
        if (state.worker && !state.worker.isDead()) alive.push(state.worker);
      }
      await Promise.all(
        alive.map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              const timer = setTimeout(() => {
                logger.error(
                  { pid: worker.process.pid },
                  'web process did not stop in time: killed',
                );
                worker.process.kill('SIGKILL');
              }, timeoutMs);
              worker.once('exit', () => {
                clearTimeout(timer);
                resolve();
              });
              // Each web process closes gracefully on SIGTERM (its open requests finish).
              worker.process.kill('SIGTERM');
            }),
        ),
      );
      stopRateLimits();
    },
  };
}
