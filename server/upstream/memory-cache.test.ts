import { describe, expect, it, vi } from 'vitest';
import { MemoryCache } from './memory-cache';

describe('MemoryCache', () => {
  it('shares one pending load between concurrent callers', async () => {
    const cache = new MemoryCache();
    const load = vi.fn(async () => 'config');
    const [a, b] = await Promise.all([cache.get('k', 1000, load), cache.get('k', 1000, load)]);
    expect([a, b]).toEqual(['config', 'config']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps an answer for its lifetime, then serves it while one call refreshes it', async () => {
    vi.useFakeTimers();
    try {
      const cache = new MemoryCache();
      let n = 0;
      const load = vi.fn(async () => ++n);
      expect(await cache.get('k', 1000, load)).toBe(1);
      vi.advanceTimersByTime(999);
      expect(await cache.get('k', 1000, load)).toBe(1);
      expect(load).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(2);
      // Expired: the old answer at once, and one refresh for every caller.
      expect(await Promise.all([cache.get('k', 1000, load), cache.get('k', 1000, load)])).toEqual([
        1, 1,
      ]);
      expect(load).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(0);
      expect(await cache.get('k', 1000, load)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not wait for a refresh that hangs', async () => {
    vi.useFakeTimers();
    try {
      const cache = new MemoryCache();
      expect(await cache.get('k', 1000, async () => 'old')).toBe('old');
      vi.advanceTimersByTime(1001);
      const never = vi.fn(() => new Promise<string>(() => {}));
      expect(await cache.get('k', 1000, never)).toBe('old');
      expect(await cache.get('k', 1000, never)).toBe('old');
      expect(never).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps no answer of a call that a purge overtook', async () => {
    const cache = new MemoryCache();
    let release!: (value: string) => void;
    const first = cache.get('k', 60_000, () => new Promise<string>((r) => (release = r)));
    cache.tag('k', ['offre-1']);
    cache.purgeTags(['offre-1']);
    release('before the change');
    expect(await first).toBe('before the change');
    expect(await cache.get('k', 60_000, async () => 'after the change')).toBe('after the change');
  });

  it('drops the entries tagged with a purged tag, and those only', async () => {
    const cache = new MemoryCache();
    let n = 0;
    const load = async () => ++n;
    await cache.get('offer 7', 60_000, load);
    await cache.get('offer 8', 60_000, load);
    cache.tag('offer 7', ['offre-7', 'agence-2']);
    cache.tag('offer 8', ['offre-8', 'agence-2']);
    expect(cache.purgeTags(['offre-7', 'lieu-1'])).toBe(1);
    expect(await cache.get('offer 7', 60_000, load)).toBe(3);
    expect(await cache.get('offer 8', 60_000, load)).toBe(2);
    expect(cache.purgeTags(['agence-2'])).toBe(2);
    expect(await cache.get('offer 8', 60_000, load)).toBe(4);
  });

  it('keeps the old answer when a refresh fails, and tries again a little later', async () => {
    vi.useFakeTimers();
    try {
      const cache = new MemoryCache();
      expect(await cache.get('k', 1000, async () => 'old')).toBe('old');
      vi.advanceTimersByTime(1001);
      const down = vi.fn(async (): Promise<string> => Promise.reject(new Error('down')));
      expect(await cache.get('k', 1000, down)).toBe('old');
      await vi.advanceTimersByTimeAsync(0);
      expect(await cache.get('k', 1000, down)).toBe('old');
      expect(down).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1001);
      expect(await cache.get('k', 1000, async () => 'new')).toBe('old');
      await vi.advanceTimersByTimeAsync(0);
      expect(await cache.get('k', 1000, async () => 'newer')).toBe('new');
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a failure when there is nothing stale', async () => {
    const cache = new MemoryCache();
    await expect(
      cache.get('k', 1000, async () => Promise.reject(new Error('down'))),
    ).rejects.toThrow('down');
    expect(await cache.get('k', 1000, async () => 'up')).toBe('up');
  });

  it('forgets the oldest entries beyond its size', async () => {
    const cache = new MemoryCache(2);
    const load = vi.fn(async () => 1);
    await cache.get('a', 1000, load);
    await cache.get('b', 1000, load);
    await cache.get('c', 1000, load);
    await cache.get('a', 1000, load);
    expect(load).toHaveBeenCalledTimes(4);
  });
});
