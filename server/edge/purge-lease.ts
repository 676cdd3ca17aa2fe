import { randomUUID } from 'node:crypto';

// The right to purge the edge, shared by every web process of every machine through Redis: one
// holds it at a time, so each change is purged once however many machines run.
//
// - The lease is a Redis key (SET … PX) naming its holder and its fencing token (a number that
//   grows with every new holder). The holder renews it every third of its life; a holder that
//   dies stops renewing and the key expires: another process takes it at its next try, within
//   the lease's life plus a third (EDGE_PURGE_LEASE_MS, 15 s by default: 20 s at most).
// - The changes cursor is kept in Redis next to the lease, written only by the current holder
//   (the lease and the token checked in the same script), so the successor resumes where the last
//   purge that succeeded left it: a batch purged but not yet recorded is purged again (purging a
//   tag twice is harmless), none is lost.
// - A holder that stalls past its lease (a long pause) knows it locally (held() turns false before
//   the key expires) and purges nothing more until it renews; a cursor it writes late is refused.

/** The part of an ioredis client the lease needs. */
export interface LeaseRedis {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
  hget(key: string, field: string): Promise<string | null>;
}

export interface PurgeLease {
  /** Takes the lease if free, renews it if held; resolves with the fencing token, or 0. */
  refresh(): Promise<number>;
  /** This process holds the lease now (renewed recently enough). */
  held(): boolean;
  /** Fencing token of the lease held (0: not held). */
  readonly token: number;
  /** The cursor the last holder saved. */
  loadCursor(): Promise<string | undefined>;
  /** Saves the cursor as the holder; rejects when the lease was lost. */
  saveCursor(cursor: string): Promise<void>;
  /** Gives the lease up (on close), so another process need not wait for it to expire. */
  release(): Promise<void>;
  /** Milliseconds between two refreshes. */
  readonly refreshMs: number;
}

// KEYS: lease, fence. ARGV: owner, life (ms). Returns the token when held (taken or renewed), 0.
const REFRESH = `
local v = redis.call('GET', KEYS[1])
if not v then
  local token = redis.call('INCR', KEYS[2])
  redis.call('SET', KEYS[1], token .. ' ' .. ARGV[1], 'PX', ARGV[2])
  return token
end
local space = string.find(v, ' ', 1, true)
if space and string.sub(v, space + 1) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return tonumber(string.sub(v, 1, space - 1))
end
return 0
`;

// KEYS: lease, cursor. ARGV: token, owner, cursor. 1 when saved, 0 when the lease is not held.
const SAVE = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] .. ' ' .. ARGV[2] then return 0 end
local last = redis.call('HGET', KEYS[2], 'token')
if last and tonumber(last) > tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[2], 'cursor', ARGV[3], 'token', ARGV[1])
return 1
`;

// KEYS: lease. ARGV: token, owner.
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] .. ' ' .. ARGV[2] then
  return redis.call('DEL', KEYS[1])
end
return 0
`;

export class LeaseLostError extends Error {
  constructor() {
    super('the edge purge lease is held by another process');
  }
}

const CURSOR = /^\d{1,15}$/;

export function createPurgeLease(
  redis: LeaseRedis,
  { key, lifeMs, now = Date.now }: { key: string; lifeMs: number; now?: () => number },
): PurgeLease {
  const owner = randomUUID();
  const keys = { lease: `${key}:lease`, fence: `${key}:fence`, cursor: `${key}:cursor` };
  let token = 0;
  /** Until when this process may act as the holder: two thirds of a life after asking. */
  let heldUntil = 0;
  return {
    refreshMs: Math.max(1, Math.floor(lifeMs / 3)),
    get token() {
      return token;
    },
    async refresh() {
      const asked = now();
      let answer: unknown;
      try {
        answer = await redis.eval(REFRESH, 2, keys.lease, keys.fence, owner, lifeMs);
      } catch (error) {
        if (now() >= heldUntil) token = 0;
        throw error;
      }
      token = Number(answer) || 0;
      heldUntil = token > 0 ? asked + Math.floor((lifeMs * 2) / 3) : 0;
      return token;
    },
    held() {
      return token > 0 && now() < heldUntil;
    },
    async loadCursor() {
      const cursor = await redis.hget(keys.cursor, 'cursor');
      return cursor !== null && CURSOR.test(cursor) ? cursor : undefined;
    },
    async saveCursor(cursor) {
      if (token === 0) throw new LeaseLostError();
      const saved = await redis.eval(SAVE, 2, keys.lease, keys.cursor, token, owner, cursor);
      if (Number(saved) !== 1) {
        token = 0;
        heldUntil = 0;
        throw new LeaseLostError();
      }
    },
    async release() {
      if (token === 0) return;
      const held = token;
      token = 0;
      heldUntil = 0;
      await redis.eval(RELEASE, 1, keys.lease, held, owner);
    },
  };
}
