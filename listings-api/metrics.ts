import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from './db/connection';

// The listings API's Prometheus metrics (README, "Metrics"): one registry per process, served
// by its metrics server (shared/metrics-server.ts) on LISTINGS_METRICS_PORT. Counters are
// incremented where things happen (feed imports, mail sends); the outbox depth and the database
// pools are read when Prometheus scrapes, from the databases of the running apps.

export const listingsRegistry = new Registry();

collectDefaultMetrics({ register: listingsRegistry });

/** Time to answer a request, by method, route pattern and status. */
export const apiRequestDuration = new Histogram({
  name: 'listings_api_http_request_duration_seconds',
  help: 'Time to answer a request of the listings API, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [listingsRegistry],
});

export const FEED_RUN_OUTCOMES = ['done', 'rejected', 'failed'] as const;
export const FEED_ROW_OUTCOMES = [
  'created',
  'updated',
  'unchanged',
  'withdrawn',
  'rejected',
] as const;

/** Feed import runs by outcome: done, rejected (not a feed), failed (an error). */
export const feedImportRuns = new Counter({
  name: 'listings_api_feed_import_runs_total',
  help: "Agencies' feed import runs, by outcome: done, rejected (not a usable feed), failed (an error during the run).",
  labelNames: ['outcome'] as const,
  registers: [listingsRegistry],
});

/** Offers of feed imports by outcome: created, updated, unchanged, withdrawn, rejected rows. */
export const feedImportRows = new Counter({
  name: 'listings_api_feed_import_rows_total',
  help: 'Offers of finished feed imports, by outcome: created, updated, unchanged, withdrawn (left the feed), rejected (a bad row).',
  labelNames: ['outcome'] as const,
  registers: [listingsRegistry],
});

/** Mails sent (or written as .eml files) from the outbox. */
export const mailsSent = new Counter({
  name: 'listings_api_mails_sent_total',
  help: 'Mails of the outbox sent (or written as .eml files without SMTP_URL).',
  registers: [listingsRegistry],
});

/** Failed sends: retried later, or given up after the last attempt. */
export const mailSendFailures = new Counter({
  name: 'listings_api_mail_send_failures_total',
  help: 'Failed mail sends, by outcome: retry (tried again later) or given-up (last attempt).',
  labelNames: ['outcome'] as const,
  registers: [listingsRegistry],
});

/** Lead mails (a contact request to its agency) by outcome: sent, or failed for good. */
export const leadMails = new Counter({
  name: 'listings_api_lead_mails_total',
  help: 'Lead mails (contact requests mailed to the agency or its negotiator), by outcome: sent, or failed (after the last retry, or refused for good by the server).',
  labelNames: ['outcome'] as const,
  registers: [listingsRegistry],
});

for (const outcome of FEED_RUN_OUTCOMES) feedImportRuns.inc({ outcome }, 0);
for (const outcome of ['sent', 'failed']) leadMails.inc({ outcome }, 0);
for (const outcome of FEED_ROW_OUTCOMES) feedImportRows.inc({ outcome }, 0);
for (const outcome of ['retry', 'given-up']) mailSendFailures.inc({ outcome }, 0);

/** The databases of the running apps of this process (one in production). */
const databases = new Set<Db>();

/** Reads the outbox depth and pool usage of `db` at each scrape, until the returned stop(). */
export function trackDatabase(db: Db): () => void {
  databases.add(db);
  return () => databases.delete(db);
}

new Gauge({
  name: 'listings_api_mail_outbox_depth',
  help: 'Mails waiting in the outbox (neither sent nor cancelled), due now or retried later.',
  registers: [listingsRegistry],
  async collect() {
    let depth = 0;
    for (const db of databases) {
      try {
        const row = await sql<{ n: string | number }>`
          SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL AND cancelled_at IS NULL`
          .execute(db.kysely)
          .then((r) => r.rows[0]);
        depth += Number(row?.n ?? 0);
      } catch {
        // A database that cannot answer now: its mails are not counted in this scrape.
      }
    }
    this.set(depth);
  },
});

new Gauge({
  name: 'listings_api_lead_oldest_queued_seconds',
  help: 'Age of the oldest contact request whose lead mail is still queued (0 when none is).',
  registers: [listingsRegistry],
  async collect() {
    let oldest = 0;
    for (const db of databases) {
      try {
        const row = await sql<{ age: string | number | null }>`
          SELECT extract(epoch FROM now() - min(created_at)) AS age
          FROM contacts WHERE lead_status = 'queued'`
          .execute(db.kysely)
          .then((r) => r.rows[0]);
        oldest = Math.max(oldest, Number(row?.age ?? 0));
      } catch {
        // A database that cannot answer now: not counted in this scrape.
      }
    }
    this.set(oldest);
  },
});

new Gauge({
  name: 'listings_api_db_replica_lag_seconds',
  help: 'Replay delay of each read replica (DATABASE_READ_URL) at its last check; absent while it does not answer.',
  labelNames: ['pool'] as const,
  registers: [listingsRegistry],
  collect() {
    this.reset();
    for (const db of databases) {
      for (const r of db.replicas) if (r.lagMs !== null) this.set({ pool: r.name }, r.lagMs / 1000);
    }
  },
});

new Gauge({
  name: 'listings_api_db_replica_in_use',
  help: 'Whether reads go to each read replica (1), or it is left out (0): lagging past DATABASE_READ_MAX_LAG_MS or not answering.',
  labelNames: ['pool'] as const,
  registers: [listingsRegistry],
  collect() {
    this.reset();
    for (const db of databases) {
      for (const r of db.replicas) this.set({ pool: r.name }, r.inUse ? 1 : 0);
    }
  },
});

new Gauge({
  name: 'listings_api_db_pool_connections',
  help: 'Connections of the database pools (PostgreSQL: main and generic-plans; PGlite: main over its one session), by state: max (the pool size), total (open), idle, waiting (queries queued for a connection).',
  labelNames: ['pool', 'state'] as const,
  registers: [listingsRegistry],
  collect() {
    this.reset();
    for (const db of databases) {
      for (const [pool, p] of Object.entries(db.pools)) {
        this.inc({ pool, state: 'max' }, p.options.max ?? 10);
        this.inc({ pool, state: 'total' }, p.totalCount);
        this.inc({ pool, state: 'idle' }, p.idleCount);
        this.inc({ pool, state: 'waiting' }, p.waitingCount);
      }
    }
  },
});
