import { createHmac, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { dayEndsAt, statDay } from './day';

// Page views count once per visitor, offer and day. A visitor is a hash of its address and user
// agent salted with a random value of the day: the salt lives in memory (or in Redis, shared by
// every instance) until the day ends, and neither it nor the hash reaches the database, so the
// counters hold no personal data and yesterday's hashes cannot be linked to today's. The hashes
// seen today are kept until midnight, in Redis when REDIS_URL is set, else in this process.

export interface SeenStore {
  /**
   * Marks each key as seen on `day` (forgotten at `expiresAt`, ms); answers, in order, true for
   * the keys not seen before that day.
   */
  markSeen(day: string, keys: string[], expiresAt: number): Promise<boolean[]>;
  /** The day's salt: made once per day, the same for every caller until the day ends. */
  salt(day: string, expiresAt: number): Promise<string>;
  close(): Promise<void>;
}

/** The seen-set and salt in this process: for one instance (the embedded mode, tests). */
export function memorySeenStore(): SeenStore {
  let current = '';
  let seen = new Set<string>();
  let salt = '';
  const turn = (day: string) => {
    if (day === current) return;
    // A new day: yesterday's hashes and salt are dropped at once.
    current = day;
    seen = new Set();
    salt = randomBytes(32).toString('base64url');
  };
  return {
    async markSeen(day, keys) {
      turn(day);
      return keys.map((key) => {
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    },
    async salt(day) {
      turn(day);
      return salt;
    },
    async close() {
      seen = new Set();
    },
  };
}

/** The seen-set and salt in Redis, shared by every instance; keys expire when the day ends. */
export function redisSeenStore(redis: Redis, prefix = 'portal-stats:'): SeenStore {
  let cached: { day: string; salt: string } | undefined;
  return {
    async markSeen(day, keys, expiresAt) {
      const pipeline = redis.pipeline();
      for (const key of keys)
        pipeline.set(`${prefix}seen:${day}:${key}`, '1', 'PXAT', expiresAt, 'NX');
      const results = (await pipeline.exec()) ?? [];
      return results.map(([error, answer]) => {
        if (error) throw error;
        return answer === 'OK';
      });
    },
    async salt(day, expiresAt) {
      if (cached?.day === day) return cached.salt;
      const key = `${prefix}salt:${day}`;
      await redis.set(key, randomBytes(32).toString('base64url'), 'PXAT', expiresAt, 'NX');
      const salt = await redis.get(key);
      if (!salt) throw new Error('the day’s salt is missing from Redis');
      cached = { day, salt };
      return salt;
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** What the web app relays of the visitor behind an event. */
export interface Visitor {
  ip: string;
  userAgent: string;
}

/**
 * Answers, for each offer, whether this visitor's page view is its first of the day there. The
 * address and user agent are hashed with the day's salt and forgotten.
 */
export async function firstViewsToday(
  store: SeenStore,
  visitor: Visitor,
  offerIds: number[],
  now: Date,
): Promise<boolean[]> {
  const day = statDay(now);
  const expiresAt = dayEndsAt(now);
  const salt = await store.salt(day, expiresAt);
  const keys = offerIds.map((id) =>
    createHmac('sha256', salt)
      .update(`${visitor.ip}\n${visitor.userAgent}\n${id}`)
      .digest('base64url')
      .slice(0, 22),
  );
  return store.markSeen(day, keys, expiresAt);
}
