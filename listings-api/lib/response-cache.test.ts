import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerResponseCache, type ResponseCache } from './response-cache';

// What the response cache keeps around a clear(): nothing read before it, and nothing while the
// data the reads come from has not caught up with the change.

describe('response cache around a clear', () => {
  let app: FastifyInstance;
  let cache: ResponseCache;
  /** The value the route reads; `gate` holds its answer until released. */
  let value = 'old';
  let gate: Promise<void> | null = null;

  async function build(): Promise<void> {
    app = Fastify();
    cache = registerResponseCache(app, { ttlMs: 60_000 });
    app.get('/v', { config: { cache: true } }, async () => {
      const read = value;
      await gate;
      return { value: read };
    });
    await app.ready();
  }

  afterEach(async () => {
    gate = null;
    value = 'old';
    await app?.close();
  });

  const get = async () => {
    const res = await app.inject('/v');
    return { value: res.json<{ value: string }>().value, cache: res.headers['x-cache'] };
  };

  it('does not keep an answer read before a clear that came while it was answered', async () => {
    await build();
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const inFlight = app.inject('/v');
    // The route has read the old value; the change and the clear come before it answers.
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = 'new';
    cache.clear();
    open();
    expect((await inFlight).json()).toEqual({ value: 'old' });
    gate = null;
    expect(await get()).toEqual({ value: 'new', cache: 'miss' });
    expect(await get()).toEqual({ value: 'new', cache: 'hit' });
  });

  it('keeps nothing until the promise given to clear() settles, then keeps again', async () => {
    await build();
    expect(await get()).toEqual({ value: 'old', cache: 'miss' });
    let caughtUp!: () => void;
    cache.clear(new Promise<void>((resolve) => (caughtUp = resolve)));
    // A replica that has not replayed the change yet still answers the old value: not kept.
    expect(await get()).toEqual({ value: 'old', cache: 'miss' });
    expect(cache.size).toBe(0);
    value = 'new';
    caughtUp();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await get()).toEqual({ value: 'new', cache: 'miss' });
    expect(await get()).toEqual({ value: 'new', cache: 'hit' });
  });

  it('keeps again after a promise that rejects, and a later clear() is not released by an earlier one', async () => {
    await build();
    let failEarlier!: (err: Error) => void;
    cache.clear(new Promise<void>((_, reject) => (failEarlier = reject)));
    let caughtUp!: () => void;
    cache.clear(new Promise<void>((resolve) => (caughtUp = resolve)));
    failEarlier(new Error('primary unreachable'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await get()).cache).toBe('miss');
    expect(cache.size).toBe(0);
    caughtUp();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await get()).cache).toBe('miss');
    expect((await get()).cache).toBe('hit');
  });
});
