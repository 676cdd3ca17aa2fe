import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_TIMINGS, ProgressClock, taskIncrement, type ProgressState } from './progress';

describe('progress bar clock', () => {
  let states: ProgressState[];
  let clock: ProgressClock;
  const last = () => states[states.length - 1]!;

  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
    clock = new ProgressClock((s) => states.push(s), globalThis as never);
  });
  afterEach(() => {
    clock.dispose();
    vi.useRealTimers();
  });

  it('stays hidden for the first 200 ms', () => {
    clock.start();
    vi.advanceTimersByTime(PROGRESS_TIMINGS.throttleMs - 1);
    expect(last().visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(last().visible).toBe(true);
  });

  it('shows nothing for a navigation shorter than 200 ms', () => {
    clock.start();
    vi.advanceTimersByTime(150);
    clock.finish();
    vi.advanceTimersByTime(1000);
    expect(states.some((s) => s.visible)).toBe(false);
    expect(last()).toEqual({ visible: false, value: 0, failed: false });
  });

  it('advances toward 100 over 5000 ms without reaching it', () => {
    clock.start();
    vi.advanceTimersByTime(2500);
    expect(last().value).toBeCloseTo(50, 0);
    vi.advanceTimersByTime(10_000);
    expect(last().value).toBe(99);
  });

  it.each([
    [1, 45],
    [2, 45],
    [3, 30],
    [5, 30],
  ])('moves by %i tasks → %i per finished task', (tasks, step) => {
    expect(taskIncrement(tasks)).toBe(step);
    clock.start();
    clock.taskDone(tasks);
    expect(last().value).toBe(step);
  });

  it('fills, then hides 500 ms after finishing', () => {
    clock.start();
    vi.advanceTimersByTime(300);
    clock.finish();
    expect(last()).toMatchObject({ visible: true, value: 100, failed: false });
    vi.advanceTimersByTime(PROGRESS_TIMINGS.hideDelayMs - 1);
    expect(last().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(last().visible).toBe(false);
  });

  it('shows the failed state of a navigation that failed', () => {
    clock.start();
    vi.advanceTimersByTime(50);
    clock.fail();
    expect(last()).toMatchObject({ visible: true, value: 100, failed: true });
    vi.advanceTimersByTime(PROGRESS_TIMINGS.hideDelayMs);
    expect(last().visible).toBe(false);
  });
});
