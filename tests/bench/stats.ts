import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { buildListingsApp } from '../../listings-api/app';
import { openDb, type Db } from '../../listings-api/db/connection';
import { migrateToLatest } from '../../listings-api/db/migrate';
import { createStatCounter } from '../../listings-api/stats/counter';
import { dayStartsAt, daysBefore, statDay } from '../../listings-api/stats/day';
import { recordStat } from '../../listings-api/stats/record';
import { memorySeenStore } from '../../listings-api/stats/visitors';
import type { StatType } from '../../shared/contract';
import { autocannonFigures, measureInChild, prng, runInChild, type LoadFigures } from './load';

// The audience counters (POST /stat → offer_stat_days, listings-api/stats/): events posted over
// HTTP by autocannon in a process of its own at a fixed rate (2,000 events/s, `--rate`) over 16
// connections, as the web app relays them (a browser's user agent and a visitor's address in
// x-visitor-*), in the mix of a portal: result pages (24 offers each), page views (visitors drawn
// from 200,000, so some repeat), phone reveals and e-mails over 50,000 offers. Prints the rate
// achieved and p50/p95/p99 against the targets (2,000 events/s, p95 ≤ 20 ms), the failed
// answers, then the counters' size (table and index) after 1,000,000 events (`--events`) of the
// same mix spread over 90 days (`--days`). Those go through the same counting code as POST /stat
// (recordStat: crawler check, once-a-day page views, the grouped upserts of createStatCounter),
// without the HTTP hop, day after day as they would arrive. A database of its own (PostgreSQL
// when DATABASE_URL is set, dropped and made again each run; PGlite in a temporary folder
// otherwise).
//
//   npm run bench -- --only stats [--seconds 20] [--rate 2000] [--events 1000000] [--days 90]

export const STATS_TARGET_RATE = 2000;
export const STATS_P95_TARGET_MS = 20;

const OFFERS = 50_000;
const VISITORS = 200_000;
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export interface StatsLoad {
  url: string;
  /** Offers the events are drawn from (ids 1…offers; default 50,000). */
  offers?: number;
  seconds: number;
  connections: number;
  /** Events per second over all the connections. */
  rate: number;
}

/** One event of the mix: its body and its visitor. */
function drawEvent(random: () => number, offers = OFFERS): { body: string; ip: string } {
  const offer = () => 1 + Math.floor(random() * offers);
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

/** One event of the mix as POST /stat reads it. */
function parseEvent(body: string): { type: StatType; ids: number[] } {
  const event = JSON.parse(body) as { type: StatType; id: number | number[] };
  return { type: event.type, ids: Array.isArray(event.id) ? event.id : [event.id] };
}

function measure({ url, offers, seconds, connections, rate }: StatsLoad): Promise<LoadFigures> {
  const random = prng(11);
  return autocannonFigures(
    {
      url,
      connections,
      // A fixed rate, as visitors send them, rather than as fast as the server answers.
      overallRate: rate,
      requests: [
        {
          method: 'POST',
          path: '/stat',
          setupRequest: (request) => {
            const event = drawEvent(random, offers);
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

/** Posts the events of the mix at a fixed rate from a child process; answers the figures. */
export function runStatsLoad(load: StatsLoad): Promise<LoadFigures> {
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

/**
 * Counts `events` events of the mix over the last `days` days, day after day, through the
 * counting code of POST /stat: answers the offers counted (each offer of a result page is one).
 */
async function countEvents(db: Db, events: number, days: number): Promise<number> {
  const random = prng(23);
  const today = statDay(new Date());
  // Written as the listings API writes them: summed in memory, one upsert per group.
  const counter = createStatCounter(db.kysely, { flushMs: 60_000, maxPendingKeys: 100_000 });
  const seen = memorySeenStore();
  let counted = 0;
  try {
    for (let d = days - 1; d >= 0; d--) {
      // Midday in France on that day.
      const now = new Date(dayStartsAt(daysBefore(today, d)) + 12 * 3_600_000);
      const share =
        Math.floor((events * (days - d)) / days) - Math.floor((events * (days - d - 1)) / days);
      for (let i = 0; i < share; i++) {
        const event = drawEvent(random);
        const { type, ids } = parseEvent(event.body);
        counted += await recordStat(counter, seen, {
          type,
          offerIds: ids,
          visitor: { ip: event.ip, userAgent: BROWSER },
          now,
        });
      }
    }
  } finally {
    await counter.close();
    await seen.close();
  }
  return counted;
}

export interface BenchStatsOptions {
  seconds?: number;
  connections?: number;
  /** Events per second the load sends (default STATS_TARGET_RATE). */
  rate?: number;
  /** Events counted before the counters' size is read (default 1,000,000). */
  events?: number;
  /** Days those events are spread over (default 90). */
  days?: number;
  databaseUrl?: string;
}

/** The counters' rows and sizes (table, its primary key index, both) on PostgreSQL or PGlite. */
async function counterSize(
  db: Db,
): Promise<{ rows: number; table: number; indexes: number; total: number }> {
  const { rows } = await sql<{ rows: number; table: number; indexes: number; total: number }>`
    SELECT (SELECT count(*) FROM offer_stat_days)::float8 AS rows,
      pg_table_size('offer_stat_days')::float8 AS table,
      pg_indexes_size('offer_stat_days')::float8 AS indexes,
      pg_total_relation_size('offer_stat_days')::float8 AS total`.execute(db.kysely);
  return rows[0]!;
}

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

export async function benchStats(options: BenchStatsOptions = {}): Promise<void> {
  const seconds = options.seconds ?? 20;
  const connections = options.connections ?? 16;
  const rate = options.rate ?? STATS_TARGET_RATE;
  const events = options.events ?? 1_000_000;
  const days = options.days ?? 90;
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  process.stdout.write(
    `\naudience counters: POST /stat on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ` +
      `${rate} events/s over ${connections} connections for ${seconds} s (after 2 s of warm-up), ` +
      `STATS_FLUSH_MS ${process.env.STATS_FLUSH_MS ?? 1000}\n`,
  );
  const { db, drop } = await openFreshDb(databaseUrl);
  try {
    const app = await buildListingsApp({
      db,
      countsRefreshMs: 0,
      cacheTtlMs: 0,
      jobs: false,
      metrics: null,
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      await runStatsLoad({ url: base, seconds: 2, connections, rate });
      const f = await runStatsLoad({ url: base, seconds, connections, rate });
      // Sustained: what the load left pending is written within a moment.
      const drainStarted = performance.now();
      await app.statCounter.drain();
      const drainMs = performance.now() - drainStarted;
      const counted = await sql<{ n: string }>`
        SELECT coalesce(sum(n), 0)::text AS n FROM offer_stat_days`.execute(db.kysely);
      // The rate is met when the load sent what it was asked (within 2 %) and all were counted.
      const failed = f.non2xx + f.errors;
      const rateOk = f.rps >= rate * 0.98 && rate >= STATS_TARGET_RATE && failed === 0;
      const p95Ok = f.p95 <= STATS_P95_TARGET_MS;
      process.stdout.write(
        `  ${f.requests} events in ${seconds} s: ${f.rps} events/s achieved of ${rate} asked ` +
          `(target ${STATS_TARGET_RATE} sustained: ${rateOk ? 'met' : 'missed'}); ` +
          `p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms ` +
          `(target ≤ ${STATS_P95_TARGET_MS} ms: ${p95Ok ? 'met' : 'missed'}), p99 ${f.p99.toFixed(1)} ms; ` +
          `non-2xx ${f.non2xx}, errors ${f.errors}\n` +
          `  offers counted in the counters (warm-up included): ${counted.rows[0]?.n}; ` +
          `pending counts written ${drainMs.toFixed(0)} ms after the load ended\n`,
      );
    } finally {
      await app.close();
    }
    await sql`TRUNCATE offer_stat_days`.execute(db.kysely);
    const started = performance.now();
    const offers = await countEvents(db, events, days);
    const ingestS = (performance.now() - started) / 1000;
    const s = await counterSize(db);
    process.stdout.write(
      `  after ${events.toLocaleString('en')} events of the mix over ${days} days ` +
        `(${offers.toLocaleString('en')} offers counted, ${ingestS.toFixed(1)} s): ` +
        `${s.rows.toLocaleString('en')} counters; table ${mb(s.table)}, index ${mb(s.indexes)}, ` +
        `together ${mb(s.total)} (${Math.round(s.total / Math.max(1, s.rows))} bytes a counter)\n`,
    );
  } finally {
    await drop();
  }
}
