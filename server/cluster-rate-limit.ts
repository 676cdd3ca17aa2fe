import cluster, { type Worker } from 'node:cluster';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';

// Rate limits shared by the web processes of one machine when there is no Redis: each web process
// asks the main process, which keeps the counters (fixed windows, as @fastify/rate-limit's own
// in-memory store). Without it a visitor would get the limit once per process. With REDIS_URL the
// counters are in Redis and shared by every machine instead.

interface Counter {
  current: number;
  startMs: number;
}

interface Ask {
  portalRateLimit: 'incr' | 'read';
  id: number;
  key: string;
  timeWindow: number;
}

interface Answer {
  portalRateLimit: 'answer';
  id: number;
  current: number;
  ttl: number;
}

/** Counters kept by the main process: at most this many keys (the oldest window goes first). */
const MAX_KEYS = 50_000;
/** A web process that gets no answer in this time lets the request through. */
const ANSWER_TIMEOUT_MS = 2_000;

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** Main process: answers the web processes' rate-limit questions. Returns a stop function. */
export function serveClusterRateLimits(now: () => number = Date.now): () => void {
  const counters = new Map<string, Counter>();
  const onMessage = (worker: Worker, message: unknown) => {
    const ask = message as Partial<Ask> | null;
    if (!ask || (ask.portalRateLimit !== 'incr' && ask.portalRateLimit !== 'read')) return;
    const { id, key, timeWindow } = ask as Ask;
    const at = now();
    let counter = counters.get(key);
    if (counter && counter.startMs + timeWindow <= at) {
      counters.delete(key);
      counter = undefined;
    }
    if (ask.portalRateLimit === 'incr') {
      if (counter) {
        counter.current += 1;
      } else {
        counter = { current: 1, startMs: at };
        counters.set(key, counter);
        if (counters.size > MAX_KEYS) counters.delete(counters.keys().next().value as string);
      }
    }
    const answer: Answer = {
      portalRateLimit: 'answer',
      id,
      current: counter?.current ?? 0,
      ttl: counter ? timeWindow - (at - counter.startMs) : 0,
    };
    if (worker.isConnected()) worker.send(answer);
  };
  cluster.on('message', onMessage);
  return () => {
    cluster.off('message', onMessage);
  };
}

/**
 * A web process's store for @fastify/rate-limit (its `store` option): the counters live in the
 * main process. One instance per route (child), its keys prefixed with the route.
 */
export class ClusterRateLimitStore implements FastifyRateLimitStore {
  private static nextId = 1;
  private static pending = new Map<number, { callback: Callback; timer: NodeJS.Timeout }>();
  private static listening = false;

  constructor(
    _options?: unknown,
    private readonly prefix = '',
  ) {
    ClusterRateLimitStore.listen();
  }

  private static listen(): void {
    if (ClusterRateLimitStore.listening) return;
    ClusterRateLimitStore.listening = true;
    process.on('message', (message: unknown) => {
      const answer = message as Partial<Answer> | null;
      if (answer?.portalRateLimit !== 'answer' || typeof answer.id !== 'number') return;
      const waiting = ClusterRateLimitStore.pending.get(answer.id);
      if (!waiting) return;
      ClusterRateLimitStore.pending.delete(answer.id);
      clearTimeout(waiting.timer);
      waiting.callback(null, { current: answer.current ?? 0, ttl: answer.ttl ?? 0 });
    });
  }

  private ask(kind: Ask['portalRateLimit'], key: string, callback: Callback, timeWindow: number) {
    const id = ClusterRateLimitStore.nextId++;
    const timer = setTimeout(() => {
      ClusterRateLimitStore.pending.delete(id);
      callback(new Error('rate limit: no answer from the main process'));
    }, ANSWER_TIMEOUT_MS);
    timer.unref();
    ClusterRateLimitStore.pending.set(id, { callback, timer });
    const message: Ask = { portalRateLimit: kind, id, key: this.prefix + key, timeWindow };
    if (process.send && process.connected) {
      process.send(message);
    } else {
      ClusterRateLimitStore.pending.delete(id);
      clearTimeout(timer);
      callback(new Error('rate limit: not a web process of a cluster'));
    }
  }

  incr(key: string, callback: Callback, timeWindow: number): void {
    this.ask('incr', key, callback, timeWindow);
  }

  read(key: string, callback: Callback, timeWindow: number): void {
    this.ask('read', key, callback, timeWindow);
  }

  // Called with the route's merged rate-limit options, the route itself under routeInfo (the
  // package's types say otherwise).
  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): ClusterRateLimitStore {
    const route = (routeOptions as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
    const name = route?.url ? `${String(route.method)} ${route.url} ` : '';
    return new ClusterRateLimitStore(undefined, this.prefix + name);
  }
}
