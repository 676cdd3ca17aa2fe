import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAlertJob } from '../../../listings-api/alerts/job';
import type { Db } from '../../../listings-api/db/connection';
import { createMailTransport } from '../../../listings-api/mail/transport';
import { createPostgresCopy, TEST_PHOTOS_DIR } from '../../fixtures/db';
import { insertOfferCopy } from './offers';

// Two listings-API processes on one PostgreSQL database, both standing for the periodic jobs:
// exactly one holds the jobs' advisory lock and sends the alert digests; killed (SIGKILL) in the
// middle of a digest run, the other takes the lock over and finishes: every alert gets its
// digest, none twice.

const ALERTS = 80;
const RETRY_MS = 200;
const ROOT = path.resolve(import.meta.dirname, '../../..');

interface Instance {
  child: ChildProcess;
  name: string;
  /** Log lines seen so far (pino JSON). */
  lines: string[];
  leading(): boolean;
}

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe.skipIf(!process.env.DATABASE_URL)('periodic jobs that fail over (PostgreSQL)', () => {
  let db: Db;
  let url: string;
  let dir: string;
  const instances: Instance[] = [];

  const start = async (name: string): Promise<Instance> => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'listings-api/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: url,
        DATABASE_POOL_SIZE: '2',
        LISTINGS_API_PORT: '0',
        LISTINGS_JOBS: '1',
        LISTINGS_JOBS_RETRY_MS: String(RETRY_MS),
        ALERTS_INTERVAL_MS: '1000',
        ALERTS_MAIL_DIR: path.join(dir, 'mail'),
        PUBLIC_URL: 'https://portal.test',
        FEEDS_DIR: path.join(dir, `feeds-${name}`),
        FEEDS_INTERVAL_MS: '0',
        PRIVACY_PURGE_INTERVAL_MS: '0',
        PHOTOS_DIR: TEST_PHOTOS_DIR,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const instance: Instance = {
      child,
      name,
      lines: [],
      leading() {
        const changes = this.lines.filter((l) => l.includes('periodic jobs'));
        return changes.at(-1)?.includes('running the periodic jobs') ?? false;
      },
    };
    createInterface({ input: child.stdout! }).on('line', (line) => instance.lines.push(line));
    instances.push(instance);
    await until(() => instance.lines.some((l) => l.startsWith('Listings API on')));
    return instance;
  };

  beforeAll(async () => {
    ({ db, url } = await createPostgresCopy());
    dir = mkdtempSync(path.join(tmpdir(), 'jobs-failover-'));
  }, 120_000);

  afterAll(async () => {
    for (const { child } of instances) if (child.exitCode === null) child.kill('SIGKILL');
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('elects one instance; killed mid-digest, the other finishes: no mail twice, none lost', async () => {
    // Both start at once; the first to take the lock leads, the other stands by.
    const both = await Promise.all([start('a'), start('b')]);
    await until(() => both.some((i) => i.leading()));
    const a = both.find((i) => i.leading())!;
    const b = both.find((i) => i !== a)!;
    // One advisory lock is held, by a; b tries again every RETRY_MS.
    const lockHolders = async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND granted AND database = (
          SELECT oid FROM pg_database WHERE datname = current_database())`.execute(db.kysely);
      return rows[0]?.n ?? 0;
    };
    expect(await lockHolders()).toBe(1);
    expect(b.leading()).toBe(false);

    // Confirmed alerts and fresh offers that match them: a's next run digests them.
    const now = Date.now();
    const template = await db.kysely
      .selectFrom('offers')
      .selectAll()
      .where('status', '=', 'active')
      .where('nature', '=', 'V')
      .where('price', 'is not', null)
      .where('prix_cache', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const maxId = await db.kysely
      .selectFrom('offers')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    for (let i = 1; i <= 3; i++) {
      await insertOfferCopy(db, template, {
        id: Number(maxId.id) + i,
        slug: `failover-${i}`,
        reference: `FAILOVER-${i}`,
        publishedAt: new Date(now - 60 * 60_000),
      });
    }
    const criteria = JSON.stringify({
      nature: 'V',
      rubrique: [template.rubrique_id],
      lieu: template.lieu_id,
    });
    await db.kysely
      .insertInto('alerts')
      .values(
        Array.from({ length: ALERTS }, (_, i) => ({
          token_hash: randomBytes(32).toString('hex'),
          email: `failover-${i}@example.com`,
          lang: i % 2 === 0 ? 'fr' : 'en',
          contact_proximite: false,
          criteria,
          criteria_key: randomBytes(32).toString('hex'),
          created_at: new Date(now - 2 * 60 * 60_000) as never,
          confirmed_at: new Date(now - 2 * 60 * 60_000),
        })),
      )
      .execute();

    // Killed in the middle of the sends.
    const mailDir = path.join(dir, 'mail');
    const written = () => {
      try {
        return readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
      } catch {
        return [];
      }
    };
    await until(() => written().length >= 5);
    a.child.kill('SIGKILL');
    const killedAt = written().length;
    expect(killedAt).toBeLessThan(ALERTS);

    // b takes over and sends the rest.
    await until(() => b.leading());
    const pending = () =>
      db.kysely
        .selectFrom('mail_outbox')
        .select(['id', 'alert_id', 'sent_at', 'next_attempt_at'])
        .where('kind', '=', 'digest')
        .execute();
    await until(async () => (await pending()).filter((r) => r.sent_at === null).length <= 1);
    const rows = await pending();
    // One digest per alert.
    expect(rows.length).toBe(ALERTS);
    expect(new Set(rows.map((r) => r.alert_id)).size).toBe(ALERTS);
    // The one mail a claimed when it was killed stays leased to a (10 minutes), then goes out:
    // a run past the lease sends it.
    const leftover = rows.filter((r) => r.sent_at === null);
    expect(leftover.length).toBeLessThanOrEqual(1);
    if (leftover.length > 0) {
      const transport = createMailTransport({ mailDir, smtpUrl: undefined });
      await runAlertJob(db, {
        now: new Date(Date.now() + 11 * 60_000),
        publicUrl: 'https://portal.test',
        transport,
        log: pino({ level: 'silent' }),
        from: 'Prestige Portal <alertes@portal.test>',
      });
      transport.close();
    }
    const digests = written()
      .map((f) => readFileSync(path.join(mailDir, f), 'utf8'))
      .filter((text) => /^To: .*failover-/m.test(text));
    const ids = digests.map((text) => /^Message-ID:\s*([^\r\n]+)/im.exec(text)?.[1]?.trim());
    // Every alert's digest went out; a mail written but not yet marked sent at the kill may be
    // written again under the same Message-ID (at most that one).
    expect(new Set(ids).size).toBe(ALERTS);
    expect(digests.length).toBeLessThanOrEqual(ALERTS + 1);
    const recipients = new Set(digests.map((text) => /^To:\s*([^\r\n]+)/m.exec(text)?.[1]?.trim()));
    expect(recipients.size).toBe(ALERTS);
    b.child.kill('SIGTERM');
  }, 120_000);
});
