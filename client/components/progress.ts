// The loading progress bar's clock (spec sections 4 and 9): it appears only after 200 ms (quick
// navigations show nothing), advances toward 100 over 5000 ms, jumps by 45 per finished task when
// a navigation has up to two tasks and by 30 when it has more, stops short of 100 until the end,
// then fills, and hides 500 ms after finishing. A failed navigation shows the failed state.

export const PROGRESS_TIMINGS = {
  throttleMs: 200,
  durationMs: 5000,
  hideDelayMs: 500,
  tickMs: 100,
} as const;

export interface ProgressState {
  visible: boolean;
  /** 0..100 */
  value: number;
  failed: boolean;
}

export interface Clock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const IDLE: ProgressState = { visible: false, value: 0, failed: false };

/** Progress added by one finished task, from the number of tasks of the navigation. */
export function taskIncrement(tasks: number): number {
  return tasks > 2 ? 30 : 45;
}

export class ProgressClock {
  private state: ProgressState = IDLE;
  private running = false;
  private throttle: unknown;
  private interval: unknown;
  private hide: unknown;

  constructor(
    private readonly onChange: (state: ProgressState) => void,
    private readonly clock: Clock = globalThis as unknown as Clock,
    private readonly timings = PROGRESS_TIMINGS,
  ) {}

  get current(): ProgressState {
    return this.state;
  }

  start(): void {
    if (this.running) return;
    this.clock.clearTimeout(this.hide);
    this.running = true;
    this.set({ visible: false, value: 0, failed: false });
    this.throttle = this.clock.setTimeout(
      () => this.set({ ...this.state, visible: true }),
      this.timings.throttleMs,
    );
    const step = (100 * this.timings.tickMs) / this.timings.durationMs;
    this.interval = this.clock.setInterval(
      () => this.set({ ...this.state, value: Math.min(99, this.state.value + step) }),
      this.timings.tickMs,
    );
  }

  /** One task of the navigation finished; `tasks` is how many it has so far. */
  taskDone(tasks: number): void {
    if (!this.running) return;
    this.set({ ...this.state, value: Math.min(99, this.state.value + taskIncrement(tasks)) });
  }

  finish(failed = false): void {
    if (!this.running) return;
    this.running = false;
    this.clock.clearTimeout(this.throttle);
    this.clock.clearInterval(this.interval);
    if (!this.state.visible && !failed) {
      // Done before the bar appeared: nothing to show.
      this.set(IDLE);
      return;
    }
    this.set({ visible: true, value: 100, failed });
    this.hide = this.clock.setTimeout(() => this.set(IDLE), this.timings.hideDelayMs);
  }

  fail(): void {
    this.finish(true);
  }

  dispose(): void {
    this.clock.clearTimeout(this.throttle);
    this.clock.clearInterval(this.interval);
    this.clock.clearTimeout(this.hide);
    this.running = false;
  }

  private set(state: ProgressState): void {
    this.state = state;
    this.onChange(state);
  }
}
