import { describe, expect, it } from 'vitest';
import {
  BOOT_WAIT_MS,
  DATA_SCRIPT_ID,
  HEAD_SCRIPTS,
  INLINE_BOOT_SCRIPT,
  INLINE_SCRIPTS,
} from './inline-scripts';

// The boot script that starts the browser app once the page has painted, run against a fake
// document: what it adds, in which order, and when.

interface Added {
  parent: 'head' | 'body';
  tag: string;
  rel?: string;
  href?: string;
  type?: string;
  src?: string;
}

type Callback = () => void;

interface Fake {
  added: Added[];
  frames: Callback[];
  timers: { callback: Callback; ms: number }[];
  /** The paint observers made: what they watch, their callback, and whether they stopped. */
  observers: { options: unknown; paint(name: string): void; disconnected: boolean }[];
}

function boot({ hidden = false, data = true, frames = true, paintTiming = true } = {}): Fake {
  const fake: Fake = { added: [], frames: [], timers: [], observers: [] };
  const parent = (name: Added['parent']) => ({
    appendChild: (node: Added) => fake.added.push({ ...node, parent: name }),
  });
  const shell = {
    modulePreloads: ['/assets/framework.js', '/assets/list.js'],
    scripts: ['/assets/entry.js'],
  };
  const document = {
    visibilityState: hidden ? 'hidden' : 'visible',
    head: parent('head'),
    body: parent('body'),
    createElement: (tag: string) => ({ tag }) as Added,
    getElementById: (id: string) =>
      data && id === DATA_SCRIPT_ID ? { textContent: JSON.stringify({ shell }) } : null,
  };
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ['mark', 'paint'] : ['mark'];
    constructor(callback: (list: unknown, observer: unknown) => void) {
      const record = {
        options: undefined as unknown,
        disconnected: false,
        paint: (name: string) => {
          if (record.disconnected) return;
          const list = { getEntriesByName: (n: string) => (n === name ? [{ name }] : []) };
          callback(list, { disconnect: () => (record.disconnected = true) });
        },
      };
      fake.observers.push(record);
      return { observe: (options: unknown) => (record.options = options) } as never;
    }
  }
  const window = { PerformanceObserver, ...(frames ? { requestAnimationFrame: true } : {}) };
  new Function('document', 'window', 'requestAnimationFrame', 'setTimeout', INLINE_BOOT_SCRIPT)(
    document,
    window,
    (callback: Callback) => fake.frames.push(callback),
    (callback: Callback, ms: number) => fake.timers.push({ callback, ms }),
  );
  return fake;
}

/** Runs the timers set so far (and forgets them). */
function runTimers(fake: Fake, filter: (ms: number) => boolean = () => true): void {
  const due = fake.timers.filter(({ ms }) => filter(ms));
  fake.timers = fake.timers.filter((timer) => !due.includes(timer));
  for (const { callback } of due) callback();
}

const started: Added[] = [
  { parent: 'head', tag: 'link', rel: 'modulepreload', href: '/assets/framework.js' },
  { parent: 'head', tag: 'link', rel: 'modulepreload', href: '/assets/list.js' },
  { parent: 'body', tag: 'script', type: 'module', src: '/assets/entry.js' },
];

describe('the boot script', () => {
  it('is allowed by the Content-Security-Policy, after the scripts of <head>', () => {
    expect(INLINE_SCRIPTS).toEqual([...HEAD_SCRIPTS, INLINE_BOOT_SCRIPT]);
  });

  it('adds nothing before the first contentful paint, then the preloads and the entry', () => {
    const fake = boot();
    expect(fake.observers).toHaveLength(1);
    expect(fake.observers[0]!.options).toEqual({ type: 'paint', buffered: true });
    expect(fake.frames).toEqual([]);
    // A first paint without content is not enough.
    fake.observers[0]!.paint('first-paint');
    runTimers(fake, (ms) => ms === 0);
    expect(fake.added).toEqual([]);
    fake.observers[0]!.paint('first-contentful-paint');
    expect(fake.observers[0]!.disconnected).toBe(true);
    // Not during the paint's task: in a task of its own after it.
    expect(fake.added).toEqual([]);
    runTimers(fake, (ms) => ms === 0);
    expect(fake.added).toEqual(started);
    // The bound of the wait, when it comes, adds nothing twice.
    runTimers(fake);
    expect(fake.added).toEqual(started);
  });

  it(`starts after ${BOOT_WAIT_MS} ms when no contentful paint is reported`, () => {
    const fake = boot();
    expect(fake.timers.map(({ ms }) => ms)).toEqual([BOOT_WAIT_MS]);
    runTimers(fake);
    expect(fake.added).toEqual(started);
    fake.observers[0]!.paint('first-contentful-paint');
    runTimers(fake);
    expect(fake.added).toEqual(started);
  });

  it('starts after the first frame in a browser without Paint Timing', () => {
    const fake = boot({ paintTiming: false });
    expect(fake.observers).toEqual([]);
    expect(fake.added).toEqual([]);
    expect(fake.frames).toHaveLength(1);
    fake.frames[0]!();
    expect(fake.added).toEqual([]);
    runTimers(fake);
    expect(fake.added).toEqual(started);
  });

  it('starts at once in a background tab, which paints nothing', () => {
    const fake = boot({ hidden: true });
    expect(fake.observers).toEqual([]);
    expect(fake.added).toEqual(started);
  });

  it('starts at once in a browser with neither Paint Timing nor frames', () => {
    expect(boot({ paintTiming: false, frames: false }).added).toEqual(started);
  });

  it('does nothing on a page without data (the plain fallback page)', () => {
    const fake = boot({ data: false });
    fake.observers[0]!.paint('first-contentful-paint');
    runTimers(fake);
    expect(fake.added).toEqual([]);
  });
});
