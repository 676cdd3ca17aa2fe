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

  it('keeps an answer for its lifetime, then loads again', async () => {
    vi.useFakeTimers();
    try {
      const cache = new MemoryCache();
      let n = 0;
      const load = async () => ++n;
      expect(await cache.get('k', 1000, load)).toBe(1);
      vi.advanceTimersByTime(999);
      expect(await cache.get('k', 1000, load)).toBe(1);
      vi.advanceTimersByTime(2);
      expect(await cache.get('k', 1000, load)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('serves the stale answer when a refresh fails', async () => {
    vi.useFakeTimers();
    try {
      const cache = new MemoryCache();
      expect(await cache.get('k', 1000, async () => 'old')).toBe('old');
      vi.advanceTimersByTime(1001);
      expect(await cache.get('k', 1000, async () => Promise.reject(new Error('down')))).toBe('old');
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
