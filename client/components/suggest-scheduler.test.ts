import { describe, expect, it } from 'vitest';
import {
  createSuggestScheduler,
  FETCH_MIN_DELAY_MS,
  type SchedulerClock,
} from './suggest-scheduler';

// A manual clock: timers fire when the test advances time.
function manualClock() {
  let now = 1_000;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const clock: SchedulerClock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
  };
  const advance = async (ms: number) => {
    now += ms;
    const due = timers.filter((t) => t.at <= now);
    timers = timers.filter((t) => t.at > now);
    for (const t of due) t.fn();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { clock, advance, pending: () => timers.length };
}

function setup() {
  const { clock, advance } = manualClock();
  const started: {
    text: string;
    at: number;
    signal: AbortSignal;
    resolve: (v: string[]) => void;
  }[] = [];
  const results: { text: string; items: string[] }[] = [];
  let cleared = 0;
  const scheduler = createSuggestScheduler<string[]>({
    load: (text, signal) =>
      new Promise<string[]>((resolve) => started.push({ text, at: clock.now(), signal, resolve })),
    onResult: (text, items) => results.push({ text, items }),
    onClear: () => cleared++,
    clock,
  });
  return { scheduler, advance, started, results, cleared: () => cleared, clock };
}

describe('place suggestion scheduling', () => {
  it('asks at once for the first text', async () => {
    const s = setup();
    s.scheduler.update('ca');
    await s.advance(0);
    expect(s.started.map((r) => r.text)).toEqual(['ca']);
  });

  it('never starts two requests less than the minimum delay apart', async () => {
    const s = setup();
    s.scheduler.update('ca');
    await s.advance(0);
    s.scheduler.update('can');
    await s.advance(50);
    expect(s.started).toHaveLength(1);
    await s.advance(FETCH_MIN_DELAY_MS - 50);
    expect(s.started.map((r) => r.text)).toEqual(['ca', 'can']);
    expect(s.started[1]!.at - s.started[0]!.at).toBeGreaterThanOrEqual(FETCH_MIN_DELAY_MS);
  });

  it('cancels the running request when the visitor types on', async () => {
    const s = setup();
    s.scheduler.update('ca');
    await s.advance(0);
    s.scheduler.update('cann');
    expect(s.started[0]!.signal.aborted).toBe(true);
    s.started[0]!.resolve(['Cannes (late)']);
    await s.advance(FETCH_MIN_DELAY_MS);
    s.started[1]!.resolve(['Cannes']);
    await s.advance(0);
    expect(s.results).toEqual([{ text: 'cann', items: ['Cannes'] }]);
  });

  it('sends only the last of several texts typed within the delay', async () => {
    const s = setup();
    s.scheduler.update('ni');
    await s.advance(0);
    s.scheduler.update('nic');
    await s.advance(20);
    s.scheduler.update('nice');
    await s.advance(FETCH_MIN_DELAY_MS);
    expect(s.started.map((r) => r.text)).toEqual(['ni', 'nice']);
  });

  it('clears the suggestions for a text too short to search, without asking', async () => {
    const s = setup();
    s.scheduler.update(' c ');
    await s.advance(FETCH_MIN_DELAY_MS);
    expect(s.started).toHaveLength(0);
    expect(s.cleared()).toBe(1);
  });

  it('stops everything on cancel', async () => {
    const s = setup();
    s.scheduler.update('pa');
    await s.advance(0);
    s.scheduler.update('par');
    s.scheduler.cancel();
    await s.advance(FETCH_MIN_DELAY_MS * 2);
    expect(s.started).toHaveLength(1);
    expect(s.started[0]!.signal.aborted).toBe(true);
  });
});
