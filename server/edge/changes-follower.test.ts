import { describe, expect, it } from 'vitest';
import { createChangesFollower, type ChangesPage } from './changes-follower';

// The follower over an in-memory list of changes, pages of two: tags handed in order, the cursor
// saved after each page handled, kept on a failure; a first start replays or skips.

function feed(changes: string[][]) {
  const calls: string[] = [];
  const fetchChanges = async (since: string): Promise<ChangesPage> => {
    calls.push(since);
    const from = Number(since);
    const page = changes.slice(from, from + 2);
    return { tags: [...new Set(page.flat())].sort(), next: String(from + page.length) };
  };
  return { calls, fetchChanges };
}

function store(initial?: string) {
  const saved: string[] = [];
  return {
    saved,
    loadCursor: () => initial,
    saveCursor: (cursor: string) => {
      saved.push(cursor);
    },
  };
}

describe('createChangesFollower', () => {
  it('pages through every change, saving the cursor after each page handled', async () => {
    const { fetchChanges, calls } = feed([['a'], ['b', 'a'], ['c']]);
    const cursor = store();
    const handed: string[][] = [];
    const follower = createChangesFollower({
      fetchChanges,
      intervalMs: 1000,
      ...cursor,
      onTags: (tags) => {
        handed.push(tags);
      },
    });
    expect(await follower.poll()).toEqual({ tags: ['a', 'b', 'c'], cursor: '3' });
    expect(handed).toEqual([['a', 'b'], ['c']]);
    expect(cursor.saved).toEqual(['2', '3']);
    expect(calls).toEqual(['0', '2', '3']);
    expect(await follower.poll()).toEqual({ tags: [], cursor: '3' });
    expect(cursor.saved).toEqual(['2', '3']);
  });

  it('resumes from the saved cursor', async () => {
    const { fetchChanges } = feed([['a'], ['b'], ['c']]);
    const handed: string[][] = [];
    const follower = createChangesFollower({
      fetchChanges,
      intervalMs: 1000,
      ...store('2'),
      onTags: (tags) => {
        handed.push(tags);
      },
    });
    await follower.poll();
    expect(handed).toEqual([['c']]);
  });

  it('keeps the cursor of the last page handled when onTags fails, and hands the rest again', async () => {
    const { fetchChanges } = feed([['a'], ['b'], ['c']]);
    const cursor = store();
    const handed: string[][] = [];
    let fail = true;
    const follower = createChangesFollower({
      fetchChanges,
      intervalMs: 1000,
      ...cursor,
      onTags: (tags) => {
        if (tags.includes('c') && fail) throw new Error('edge down');
        handed.push(tags);
      },
    });
    await expect(follower.poll()).rejects.toThrow('edge down');
    expect(follower.cursor).toBe('2');
    expect(cursor.saved).toEqual(['2']);
    fail = false;
    await follower.poll();
    expect(handed).toEqual([['a', 'b'], ['c']]);
    expect(cursor.saved).toEqual(['2', '3']);
  });

  it('skips what was recorded before a first start when asked to', async () => {
    const { fetchChanges } = feed([['a'], ['b'], ['c']]);
    const cursor = store();
    const handed: string[][] = [];
    const follower = createChangesFollower({
      fetchChanges,
      intervalMs: 1000,
      ...cursor,
      firstStart: 'skip',
      onTags: (tags) => {
        handed.push(tags);
      },
    });
    expect(await follower.poll()).toEqual({ tags: [], cursor: '3' });
    expect(handed).toEqual([]);
    expect(cursor.saved).toEqual(['3']);
  });

  it('runs one poll at a time: a second caller shares the poll under way', async () => {
    const { fetchChanges, calls } = feed([['a']]);
    const follower = createChangesFollower({
      fetchChanges,
      intervalMs: 1000,
      ...store(),
      onTags: () => undefined,
    });
    const [one, two] = await Promise.all([follower.poll(), follower.poll()]);
    expect(one).toBe(two);
    expect(calls).toEqual(['0', '1']);
  });

  it('polls by itself once started, until stopped', async () => {
    const { fetchChanges } = feed([['a']]);
    let resolveHanded: (tags: string[]) => void = () => undefined;
    const handed = new Promise<string[]>((resolve) => (resolveHanded = resolve));
    const follower = createChangesFollower({
      fetchChanges,
      intervalMs: 10,
      ...store(),
      onTags: (tags) => resolveHanded(tags),
    });
    follower.start();
    expect(await handed).toEqual(['a']);
    await follower.stop();
  });
});
