import type { JobsLeader } from './jobs-leader';

/** A job run now and then every `intervalMs`. */
export interface Periodic {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `run` now and then `intervalMs` after each run ends (a run never overlaps the previous
 * one). A failed run goes to `onError` and the next run goes ahead. The timer keeps no process
 * alive. With a `leader`, a run happens only while this instance leads, and one starts at once
 * when it takes the jobs over.
 */
export function startPeriodic(
  run: () => Promise<void>,
  intervalMs: number,
  onError: (err: unknown) => void,
  leader?: JobsLeader,
): Periodic {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const tick = () => {
    timer = undefined;
    running = (leader && !leader.leading ? Promise.resolve() : run()).catch(onError).finally(() => {
      running = null;
      if (!stopped) {
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      }
    });
  };
  timer = setTimeout(tick, 0);
  timer.unref();
  const unsubscribe = leader?.onChange((leading) => {
    if (leading && !stopped && !running) {
      clearTimeout(timer);
      tick();
    }
  });

  return {
    async stop() {
      stopped = true;
      unsubscribe?.();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
