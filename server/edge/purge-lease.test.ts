import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL, redisAnswers } from '../../tests/fixtures/redis';
import { createPurgeLease, LeaseLostError } from './purge-lease';

// The edge purge lease on a real Redis (skipped where none answers): one holder at a time, the
// cursor written only by the holder of the newest token, a dead holder's lease taken over.

const hasRedis = await redisAnswers();

describe.skipIf(!hasRedis)('edge purge lease in Redis', () => {
  const redis = new Redis(TEST_REDIS_URL);
  const key = `test-purge-lease-${randomBytes(4).toString('hex')}`;

  afterAll(async () => {
    await redis.del(`${key}:lease`, `${key}:fence`, `${key}:cursor`);
    redis.disconnect();
  });

  it('has one holder at a time, and the next takes over with a newer token once it expires', async () => {
    const lifeMs = 400;
    const first = createPurgeLease(redis, { key, lifeMs });
    const second = createPurgeLease(redis, { key, lifeMs });
    const firstToken = await first.refresh();
    expect(firstToken).toBeGreaterThan(0);
    expect(first.held()).toBe(true);
    expect(await second.refresh()).toBe(0);
    expect(second.held()).toBe(false);
    // Renewed, same token.
    expect(await first.refresh()).toBe(firstToken);

    await first.saveCursor('41');
    expect(await second.loadCursor()).toBe('41');
    await expect(second.saveCursor('42')).rejects.toBeInstanceOf(LeaseLostError);

    // The first holder stops renewing (it died): the second takes the lease when it expires.
    let secondToken = 0;
    while (secondToken === 0) {
      secondToken = await second.refresh();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(secondToken).toBeGreaterThan(firstToken);
    expect(await second.loadCursor()).toBe('41');
    await second.saveCursor('43');
    // The old holder, back from a pause, can neither renew nor write its cursor.
    await expect(first.saveCursor('42')).rejects.toBeInstanceOf(LeaseLostError);
    expect(await first.refresh()).toBe(0);
    expect(await first.loadCursor()).toBe('43');

    // Released on close: taken at once by another.
    await second.release();
    expect(await first.refresh()).toBeGreaterThan(secondToken);
  });
});
