import { describe, expect, it } from 'vitest';
import { DATA_SCRIPT_ID, HEAD_SCRIPTS, INLINE_BOOT_SCRIPT, INLINE_SCRIPTS } from './inline-scripts';

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

function boot({ hidden = false, data = true, frames = true } = {}) {
  const added: Added[] = [];
  const frameCallbacks: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const element = (tag: string) => ({ tag }) as Added;
  const parent = (name: Added['parent']) => ({
    appendChild: (node: Added) => added.push({ ...node, parent: name }),
  });
  const shell = {
    modulePreloads: ['/assets/framework.js', '/assets/list.js'],
    scripts: ['/assets/entry.js'],
  };
  const document = {
    visibilityState: hidden ? 'hidden' : 'visible',
    head: parent('head'),
    body: parent('body'),
    createElement: element,
    getElementById: (id: string) =>
      data && id === DATA_SCRIPT_ID ? { textContent: JSON.stringify({ shell }) } : null,
  };
  const window = frames ? { requestAnimationFrame: true } : {};
  new Function('document', 'window', 'requestAnimationFrame', 'setTimeout', INLINE_BOOT_SCRIPT)(
    document,
    window,
    (callback: () => void) => frameCallbacks.push(callback),
    (callback: () => void) => timers.push(callback),
  );
  return { added, frameCallbacks, timers };
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

  it('adds nothing before the first frame, then the preloads and the entry after it', () => {
    const { added, frameCallbacks, timers } = boot();
    expect(added).toEqual([]);
    expect(frameCallbacks).toHaveLength(1);
    frameCallbacks[0]!();
    // Still nothing during the frame: the scripts start once it is painted.
    expect(added).toEqual([]);
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(added).toEqual(started);
  });

  it('starts at once in a background tab, which paints no frame', () => {
    const { added, frameCallbacks } = boot({ hidden: true });
    expect(frameCallbacks).toEqual([]);
    expect(added).toEqual(started);
  });

  it('starts at once in a browser without requestAnimationFrame', () => {
    expect(boot({ frames: false }).added).toEqual(started);
  });

  it('does nothing on a page without data (the plain fallback page)', () => {
    const { added, frameCallbacks, timers } = boot({ data: false });
    frameCallbacks.forEach((callback) => callback());
    timers.forEach((callback) => callback());
    expect(added).toEqual([]);
  });
});
