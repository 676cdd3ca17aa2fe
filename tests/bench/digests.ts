import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pino from 'pino';
import { buildListingsApp } from '../../listings-api/app';
import { runAlertJob } from '../../listings-api/alerts/job';
import { migrateToLatest } from '../../listings-api/db/migrate';
import { createEmlTransport } from '../../listings-api/mail/transport';
import { seedDatabase } from '../../tools/seed/index';
import { importOffersLike } from '../integration/alerts/offers';
import { throwawayDb } from './import';

// `npm run bench -- --only digests`: the alert job after a large import. On a throw-away database
// (PostgreSQL when DATABASE_URL is set, PGlite otherwise) with two confirmed alerts on one place,
// 100,000 new offers of that place (--rows N) are written in one statement; the job then runs
// once while 4 clients ask the listings API for /offre pages over HTTP (its response cache off).
// Prints the job's duration, the digests it queued and the p50/p99 of the pages before and
// during the run.
//
//   npx tsx tests/bench/digests.ts [--rows 100000]

const SEED_OFFERS = 2000;
const CLIENTS = 4;
const log = pino({ level: 'warn' });

export interface BenchDigestsOptions {
  rows?: number;
  databaseUrl?: string;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Asks for pages from CLIENTS loops until `until` settles; their latencies in ms. */
async function pagesDuring(urls: string[], until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  let next = 0;
  const client = async () => {
    while (!done) {
      const url = urls[next++ % urls.length]!;
      const started = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all([...Array.from({ length: CLIENTS }, client), until]);
  return latencies.sort((a, b) => a - b);
}

const line = (label: string, ms: number[]) =>
  `  ${label}: ${ms.length} pages, p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms`;

export async function benchDigests(options: BenchDigestsOptions = {}): Promise<void> {
  const rows = options.rows ?? 100_000;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-digests-'));
  const { db, drop } = await throwawayDb(options.databaseUrl, tmp);
  console.log(
    `\nAlert digests after an import of ${rows.toLocaleString('en')} offers (${options.databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
  );
  try {
    await migrateToLatest(db);
    await seedDatabase(db, { offers: SEED_OFFERS, writePhotos: false });
    const template = await db.kysely
      .selectFrom('offers')
      .select(['id', 'lieu_id'])
      .where('status', '=', 'active')
      .where('nature', '=', 'V')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const now = new Date(Date.now() + 86_400_000);
    for (const email of ['bench-a@example.com', 'bench-b@example.com']) {
      await db.kysely
        .insertInto('alerts')
        .values({
          token_hash: randomBytes(32).toString('hex'),
          email,
          lang: 'fr',
          contact_proximite: false,
          criteria: JSON.stringify({ nature: 'V', lieu: template.lieu_id }),
          criteria_key: randomBytes(32).toString('hex'),
          created_at: new Date(now.getTime() - 120_000) as never,
          confirmed_at: new Date(now.getTime() - 120_000),
        })
        .execute();
    }
    let started = performance.now();
    await importOffersLike(db, template.id, rows, new Date(now.getTime() - 60_000));
    console.log(`  import written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await sql`ANALYZE`.execute(db.kysely);

    const app = await buildListingsApp({ db, countsRefreshMs: 0, cacheTtlMs: 0, jobs: false });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const lieux = await db.kysely.selectFrom('lieux').select('id').limit(50).execute();
      const urls = lieux.map((l, i) => `${base}/offre?nature=V&lieu=${l.id}&page=${(i % 3) + 1}`);
      const idle = new Promise((resolve) => setTimeout(resolve, 3000));
      console.log(line('pages before the run', await pagesDuring(urls, idle)));

      const transport = createEmlTransport(path.join(tmp, 'mails'));
      started = performance.now();
      const job = runAlertJob(db, {
        now,
        publicUrl: 'https://portal.test',
        transport,
        log,
        from: 'Bench <alertes@portal.test>',
      }).then((summary) => ({ summary, ms: performance.now() - started }));
      const during = await pagesDuring(urls, job);
      const { summary, ms } = await job;
      console.log(
        `  job run: ${(ms / 1000).toFixed(2)} s, ${summary.digestsQueued} digests, ${summary.offersReserved} offers counted as mailed`,
      );
      console.log(line('pages during the run', during));
      started = performance.now();
      const again = await runAlertJob(db, {
        now: new Date(now.getTime() + 60_000),
        publicUrl: 'https://portal.test',
        transport,
        log,
        from: 'Bench <alertes@portal.test>',
      });
      console.log(
        `  next run: ${((performance.now() - started) / 1000).toFixed(2)} s, ${again.digestsQueued} digests`,
      );
      transport.close();
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    await drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' } } });
  await benchDigests({
    rows: Number(values.rows),
    databaseUrl: process.env.DATABASE_URL || undefined,
  });
}
