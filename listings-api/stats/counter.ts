import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { StatType } from '../../shared/contract';
import { statDay } from './day';

// Daily counters written together: every event waiting while a write runs joins the next one, so
// under load one upsert carries many events (group commit) and each caller still answers only
// once its counts are committed. One statement per write, its keys summed and sorted (rows are
// locked in the same order by every instance: no deadlock between two writers).

/** Kinds of counted event: the visitor's (POST /stat) and the digests that listed an offer. */
export type CounterType = StatType | 'alerte';

interface Pending {
  counts: Map<string, number>;
  done: Promise<void>;
  settle: (error?: unknown) => void;
}

/** Raises the counters of these (offer, day, type) keys by their counts, in one statement. */
export async function upsertCounters(
  db: Kysely<Database>,
  counts: Map<string, number>,
): Promise<void> {
  if (counts.size === 0) return;
  const keys = [...counts.keys()].sort();
  const offers: number[] = [];
  const days: string[] = [];
  const types: string[] = [];
  const ns: number[] = [];
  for (const key of keys) {
    const [offer, day, type] = key.split(' ') as [string, string, string];
    offers.push(Number(offer));
    days.push(day);
    types.push(type);
    ns.push(counts.get(key)!);
  }
  await sql`
    INSERT INTO offer_stat_days (offer_id, day, type, n)
    SELECT * FROM unnest(${offers}::int[], ${days}::date[], ${types}::text[], ${ns}::int[])
    ON CONFLICT (offer_id, day, type) DO UPDATE SET n = offer_stat_days.n + excluded.n
  `.execute(db);
}

/** The key of one counter. */
export function counterKey(offerId: number, day: string, type: CounterType): string {
  return `${offerId} ${day} ${type}`;
}

/** Counts events of these offers on the day of `at` (a digest's, in its transaction). */
export function countNow(
  db: Kysely<Database>,
  type: CounterType,
  offerIds: number[],
  at: Date,
): Promise<void> {
  const day = statDay(at);
  const counts = new Map<string, number>();
  for (const id of offerIds) {
    const key = counterKey(id, day, type);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return upsertCounters(db, counts);
}

export interface StatCounter {
  /**
   * Counts one event for each offer; resolves once committed, or at once when writes are
   * deferred (`flushMs`) and the pending counts are under their bound.
   */
  add(type: CounterType, offerIds: number[], at: Date): Promise<void>;
  /** Writes every count added so far; resolves once they are committed (or failed). */
  drain(): Promise<void>;
  /** Stops the timer of deferred writes after writing what is pending. */
  close(): Promise<void>;
}

export interface StatCounterOptions {
  /**
   * 0: each event waits for the write that carries it (several grouped while one runs). More:
   * events are summed in memory and written every `flushMs` ms (the counts of that last moment
   * are lost if the process dies), so that a burst costs the database one upsert a period.
   */
  flushMs?: number;
  /** Pending keys beyond which new events wait for the write (the database fell behind). */
  maxPendingKeys?: number;
  /** Told of a deferred write that failed (its counts are lost). */
  onError?: (error: unknown) => void;
}

/** A counter writer over the database: one write at a time, later events grouped into the next. */
export function createStatCounter(
  db: Kysely<Database>,
  options: StatCounterOptions = {},
): StatCounter {
  const flushMs = options.flushMs ?? 0;
  const maxPending = options.maxPendingKeys ?? 200_000;
  let writing: Promise<void> | null = null;
  let next: Pending | null = null;
  let timer: NodeJS.Timeout | null = null;

  function pending(): Pending {
    if (next) return next;
    let settle!: (error?: unknown) => void;
    const done = new Promise<void>((resolve, reject) => {
      settle = (error) => (error === undefined ? resolve() : reject(error));
    });
    // Callers that gave up (or never waited) still leave no unhandled rejection.
    done.catch(() => {});
    next = { counts: new Map(), done, settle };
    return next;
  }

  function start(): void {
    if (writing || !next) return;
    const batch = next;
    next = null;
    writing = upsertCounters(db, batch.counts).then(
      () => batch.settle(),
      (error: unknown) => {
        batch.settle(error ?? new Error('counters not written'));
        if (flushMs > 0) options.onError?.(error);
      },
    );
    void writing.finally(() => {
      writing = null;
      // Deferred: the next write waits for its period, unless events are already waiting on it.
      if (flushMs === 0 || (next && next.counts.size >= maxPending)) start();
    });
  }

  if (flushMs > 0) {
    timer = setInterval(start, flushMs);
    timer.unref();
  }

  return {
    add(type, offerIds, at) {
      const batch = pending();
      const day = statDay(at);
      for (const id of offerIds) {
        const key = counterKey(id, day, type);
        batch.counts.set(key, (batch.counts.get(key) ?? 0) + 1);
      }
      if (flushMs === 0) {
        start();
        return batch.done;
      }
      if (batch.counts.size < maxPending) return Promise.resolve();
      start();
      return batch.done;
    },
    async drain() {
      while (writing || next) {
        if (!writing) start();
        await writing;
      }
    },
    async close() {
      if (timer) clearInterval(timer);
      timer = null;
      await this.drain();
    },
  };
}
