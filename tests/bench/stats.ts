import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { buildListingsApp } from '../../listings-api/app';
import { openDb, type Db } from '../../listings-api/db/connection';
import { migrateToLatest } from '../../listings-api/db/migrate';
import { counterKey, upsertCounters, type CounterType } from '../../listings-api/stats/counter';
import { daysBefore, statDay } from '../../listings-api/stats/day';
import { autocannonFigures, measureInChild, prng, runInChild, type LoadFigures } from './load';

// The audience counters (POST /stat → offer_stat_days, listings-api/stats/): events posted over
// HTTP at 16 connections by autocannon in a process of its own, as the web app relays them (a
// browser's user agent and a visitor's address in x-visitor-*), in the mix of a portal: result
// pages (24 offers each), page views (visitors drawn from 200,000, so some repeat), phone
// reveals and e-mails over 50,000 offers. Prints the sustained rate and p50/p95/p99 against the
// targets (2,000 events/s, p95 ≤ 20 ms), then the counters' size after 1,000,000 events of the
// same mix spread over 90 days. A database of its own (PostgreSQL when DATABASE_URL is set,
// dropped and made again each run; PGlite in a temporary folder otherwise).
//
//   npm run bench -- --only stats [--seconds 20]

export const STATS_TARGET_RATE = 2000;
export const STATS_P95_TARGET_MS = 20;

const OFFERS = 50_000;
const VISITORS = 200_000;
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface StatsLoad {
  url: string;
  seconds: number;
  connections: number;
}

/** One event of the mix: its body and its visitor. */
function drawEvent(random: () => number): { body: string; ip: string } {
  const offer = () => 1 + Math.floor(random() * OFFERS);
  const v = Math.floor(random() * VISITORS);
  const ip = `10.${(v >> 16) & 255}.${(v >> 8) & 255}.${v & 255}`;
  const r = random();
  if (r < 0.6) {
    const ids = Array.from({ length: 24 }, offer);
    return { body: JSON.stringify({ type: 'liste', id: ids }), ip };
  }
  const type = r < 0.9 ? 'detail' : r < 0.97 ? 'telephone' : 'email';
  return { body: JSON.stringify({ type, id: offer() }), ip };
}

function measure({ url, seconds, connections }: StatsLoad): Promise<LoadFigures> {
  const random = prng(11);
  return autocannonFigures(
    {
      url,
      connections,
      requests: [
        {
          method: 'POST',
          path: '/stat',
          setupRequest: (request) => {
            const event = drawEvent(random);
            return {
              ...request,
              body: event.body,
              headers: {
                ...request.headers,
                'content-type': 'application/json',
                'x-visitor-ip': event.ip,
                'x-visitor-agent': BROWSER,
              },
            };
          },
        },
      ],
    },
    seconds,
  );
}

const THIS_FILE = fileURLToPath(import.meta.url);

function runStatsLoad(load: StatsLoad): Promise<LoadFigures> {
  return runInChild(THIS_FILE, load);
}

measureInChild(THIS_FILE, measure);

/** A fresh, migrated database of the benchmark's own. */
async function openFreshDb(
  databaseUrl: string | undefined,
): Promise<{ db: Db; drop(): Promise<void> }> {
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    const name = `${url.pathname.slice(1) || 'portal'}_bench_stats`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    url.pathname = `/${name}`;
    const db = await openDb({ databaseUrl: url.toString() });
    await migrateToLatest(db);
    return { db, drop: () => db.close() };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-stats-'));
  const db = await openDb({ dataDir: dir });
  await migrateToLatest(db);
  return {
    db,
    drop: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Counts `events` events of the mix over the last `days` days straight into the counters. */
async function countEvents(db: Db, events: number, days: number): Promise<void> {
  const random = prng(23);
  const today = statDay(new Date());
  const seen = new Set<string>();
  let counts = new Map<string, number>();
  const add = (id: number, day: string, type: CounterType) => {
    const key = counterKey(id, day, type);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  for (let i = 0; i < events; i++) {
    const day = daysBefore(today, Math.floor(random() * days));
    const event = JSON.parse(drawEvent(random).body) as {
      type: CounterType;
      id: number | number[];
    };
    if (Array.isArray(event.id)) for (const id of new Set(event.id)) add(id, day, event.type);
    else add(event.id, day, event.type);
    if (counts.size >= 20_000) {
      await upsertCounters(db.kysely, counts);
      counts = new Map();
    }
  }
  await upsertCounters(db.kysely, counts);
  seen.clear();
}

export interface BenchStatsOptions {
  seconds?: number;
  connections?: number;
  databaseUrl?: string;
}

export async function benchStats(options: BenchStatsOptions = {}): Promise<void> {
  const seconds = options.seconds ?? 20;
  const connections = options.connections ?? 16;
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  process.stdout.write(
    `\naudience counters: POST /stat on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ` +
      `${connections} connections, ${seconds} s (after 2 s of warm-up)\n`,
  );
  const { db, drop } = await openFreshDb(databaseUrl);
  try {
    const app = await buildListingsApp({ db, countsRefreshMs: 0, cacheTtlMs: 0, jobs: false });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      await runStatsLoad({ url: base, seconds: 2, connections });
      const f = await runStatsLoad({ url: base, seconds, connections });
      // Sustained: what the load left pending is written within a moment.
      const drainStarted = performance.now();
      await app.statCounter.drain();
      const drainMs = performance.now() - drainStarted;
      const counted = await sql<{ n: string }>`
        SELECT coalesce(sum(n), 0)::text AS n FROM offer_stat_days`.execute(db.kysely);
      const rateOk = f.rps >= STATS_TARGET_RATE ? 'met' : 'missed';
      const p95Ok = f.p95 <= STATS_P95_TARGET_MS ? 'met' : 'missed';
      process.stdout.write(
        `  ${f.requests} events in ${seconds} s: ${f.rps} events/s (target ${STATS_TARGET_RATE}: ${rateOk}); ` +
          `p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms (target ≤ ${STATS_P95_TARGET_MS} ms: ${p95Ok}), p99 ${f.p99.toFixed(1)} ms; ` +
          `non-2xx ${f.non2xx}, errors ${f.errors}\n` +
          `  counted offers in the counters (warm-up included): ${counted.rows[0]?.n}; ` +
          `pending counts written ${drainMs.toFixed(0)} ms after the load ended ` +
          `(STATS_FLUSH_MS ${process.env.STATS_FLUSH_MS ?? 1000})\n`,
      );
    } finally {
      await app.close();
    }
    await sql`TRUNCATE offer_stat_days`.execute(db.kysely);
    const started = performance.now();
    await countEvents(db, 1_000_000, 90);
    const size = await sql<{ rows: string; table: string; total: string; bytes: string }>`
      SELECT (SELECT count(*) FROM offer_stat_days)::text AS rows,
        pg_size_pretty(pg_relation_size('offer_stat_days')) AS table,
        pg_size_pretty(pg_total_relation_size('offer_stat_days')) AS total,
        pg_total_relation_size('offer_stat_days')::text AS bytes`.execute(db.kysely);
    const s = size.rows[0]!;
    process.stdout.write(
      `  after 1,000,000 events of the mix over 90 days (${((performance.now() - started) / 1000).toFixed(1)} s): ` +
        `${s.rows} counters, table ${s.table}, with its index ${s.total} ` +
        `(${(Number(s.bytes) / 1_000_000).toFixed(1)} MB)\n`,
    );
  } finally {
    await drop();
  }
}
