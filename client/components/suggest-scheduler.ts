// Scheduling of the place autocomplete's requests: two requests start at least `minDelayMs`
// apart (the spec's fetch minimum delay, 200 ms), a newer text replaces one still waiting, and a
// request still running is cancelled when the visitor types on. Only the answer to the latest
// text is ever delivered.

/** Fetch minimum delay of spec section 9. */
export const FETCH_MIN_DELAY_MS = 200;

export interface SchedulerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: SchedulerClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface SuggestScheduler {
  /** The visitor's text changed: schedule its request (or clear the suggestions). */
  update(text: string): void;
  /** Stops everything (the field went away). */
  cancel(): void;
}

export function createSuggestScheduler<T>(options: {
  load(text: string, signal: AbortSignal): Promise<T>;
  onResult(text: string, result: T): void;
  /** Texts too short to search: suggestions are cleared instead. */
  onClear(): void;
  onError?(text: string, error: unknown): void;
  minLength?: number;
  minDelayMs?: number;
  clock?: SchedulerClock;
}): SuggestScheduler {
  const clock = options.clock ?? realClock;
  const minDelay = options.minDelayMs ?? FETCH_MIN_DELAY_MS;
  const minLength = options.minLength ?? 2;
  let lastStart = -Infinity;
  let timer: unknown = null;
  let running: AbortController | null = null;

  const stop = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    running?.abort();
    running = null;
  };

  const start = (text: string) => {
    timer = null;
    lastStart = clock.now();
    const controller = new AbortController();
    running = controller;
    options.load(text, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        running = null;
        options.onResult(text, result);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        running = null;
        options.onError?.(text, error);
      },
    );
  };

  return {
    update(raw) {
      const text = raw.trim();
      stop();
      if (text.length < minLength) {
        options.onClear();
        return;
      }
      const wait = Math.max(0, lastStart + minDelay - clock.now());
      timer = clock.setTimeout(() => start(text), wait);
    },
    cancel: stop,
  };
}
