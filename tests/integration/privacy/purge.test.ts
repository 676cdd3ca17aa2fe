import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../../listings-api/db/connection';
import { migrateToLatest } from '../../../listings-api/db/migrate';
import { readListingsConfig } from '../../../listings-api/config';
import {
  RETENTION,
  purgeExpiredData,
  startPurgeScheduler,
} from '../../../listings-api/privacy/retention';
import { createTestDb, testDbKinds } from '../../fixtures/db';
import { openForSuite } from '../../fixtures/suite';

// The retention purge on every test database: rows dated just before and just after each limit
// of the personal-data page, one run, and exactly the rows past their period are gone (with what
// hangs on them: the mails of an alert or a request, the offers an alert was sent).

const DAY = 86_400_000;
const run = promisify(execFile);

function yearsAgo(now: Date, years: number, plusDays = 0): Date {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return new Date(d.getTime() + plusDays * DAY);
}

/** Rows around every limit, dated from `now`; the ids that must go and those that must stay. */
async function insertRows(db: Db, now: Date) {
  const k = db.kysely;
  const tag = randomBytes(4).toString('hex');
  const contact = (created: Date, email: string) =>
    k
      .insertInto('contacts')
      .values({
        // typed Generated<Timestamp>, which takes no Date on insert
        created_at: created as never,
        lang: 'fr',
        name: 'Jeanne Test',
        email,
        phone: '06 12 34 56 78',
        phone_e164: '+33612345678',
        message: 'Bonjour',
        reco: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  const prospect = (created: Date, email: string) =>
    k
      .insertInto('prospects')
      .values({
        // typed Generated<Timestamp>, which takes no Date on insert
        created_at: created as never,
        lang: 'fr',
        lastname: 'Martin',
        firstname: 'Louise',
        company: 'Agence',
        city: 'Nice',
        phone: '04 93 00 00 00',
        phone_e164: '+33493000000',
        email,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  let n = 0;
  const alert = (
    created: Date,
    state: { confirmed?: Date; unsubscribed?: Date } = {},
  ): Promise<number> =>
    k
      .insertInto('alerts')
      .values({
        // typed Generated<Timestamp>, which takes no Date on insert
        created_at: created as never,
        token_hash: randomBytes(32).toString('hex'),
        email: `alert-${tag}-${(n += 1)}@example.com`,
        lang: 'fr',
        criteria: JSON.stringify({ nature: 'V' }),
        criteria_key: `${tag}-${n}`,
        confirmed_at: state.confirmed ?? null,
        unsubscribed_at: state.unsubscribed ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  const mail = (owner: { alert_id: number } | { prospect_id: number }) =>
    k
      .insertInto('mail_outbox')
      .values({
        alert_id: null,
        prospect_id: null,
        ...owner,
        kind: 'alert_id' in owner ? 'confirm' : 'prospect',
        to_address: 'someone@example.com',
        subject: 'Test',
        headers: JSON.stringify({}),
        message_id: `<purge-${randomBytes(8).toString('hex')}@portal.test>`,
        html: '<p>Test</p>',
        text: 'Test',
        sent_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);

  const gone = {
    contacts: [await contact(yearsAgo(now, RETENTION.contactYears, -1), `old-${tag}@example.com`)],
    prospects: [
      // An address whose last request is past the limit: all its requests go.
      await prospect(yearsAgo(now, RETENTION.prospectYears, -1), `p1-${tag}@example.com`),
      await prospect(yearsAgo(now, 5), `p1-${tag}@example.com`),
    ],
    alerts: [
      // Never confirmed, past 30 days.
      await alert(new Date(now.getTime() - (RETENTION.unconfirmedAlertDays + 1) * DAY)),
      // Unsubscribed (yesterday, and a minute ago): gone at the next run.
      await alert(yearsAgo(now, 1), {
        confirmed: yearsAgo(now, 1),
        unsubscribed: new Date(now.getTime() - DAY),
      }),
      await alert(new Date(now.getTime() - DAY), {
        unsubscribed: new Date(now.getTime() - 60_000),
      }),
    ],
  };
  const kept = {
    contacts: [
      await contact(yearsAgo(now, RETENTION.contactYears, 1), `recent-${tag}@example.com`),
      await contact(new Date(now.getTime() - DAY), `new-${tag}@example.com`),
    ],
    prospects: [
      // An old request of an address that asked again since (any case): kept with the new one.
      await prospect(yearsAgo(now, 5), `P2-${tag}@Example.com`),
      await prospect(yearsAgo(now, 1), `p2-${tag}@example.com`),
      await prospect(yearsAgo(now, RETENTION.prospectYears, 1), `p3-${tag}@example.com`),
    ],
    alerts: [
      await alert(new Date(now.getTime() - (RETENTION.unconfirmedAlertDays - 1) * DAY)),
      // Confirmed long ago and still subscribed: kept as long as it lives.
      await alert(yearsAgo(now, 5), { confirmed: yearsAgo(now, 5) }),
    ],
  };
  const mails = {
    gone: [
      await mail({ alert_id: gone.alerts[0]! }),
      await mail({ alert_id: gone.alerts[1]! }),
      await mail({ prospect_id: gone.prospects[0]! }),
    ],
    kept: [
      await mail({ alert_id: kept.alerts[1]! }),
      await mail({ prospect_id: kept.prospects[0]! }),
    ],
  };
  await k
    .insertInto('alert_sent_offers')
    .values([
      { alert_id: gone.alerts[1]!, offer_id: 1, outbox_id: mails.gone[1]! },
      { alert_id: kept.alerts[1]!, offer_id: 1, outbox_id: mails.kept[0]! },
    ])
    .execute();
  return { gone, kept, mails };
}

type Rows = Awaited<ReturnType<typeof insertRows>>;

async function existing(db: Db, rows: Rows) {
  const ids = async (table: 'contacts' | 'prospects' | 'alerts' | 'mail_outbox', list: number[]) =>
    (await db.kysely.selectFrom(table).select('id').where('id', 'in', list.map(Number)).execute())
      .map((r) => Number(r.id))
      .sort((a, b) => a - b);
  return {
    contacts: await ids('contacts', [...rows.gone.contacts, ...rows.kept.contacts]),
    prospects: await ids('prospects', [...rows.gone.prospects, ...rows.kept.prospects]),
    alerts: await ids('alerts', [...rows.gone.alerts, ...rows.kept.alerts]),
    mails: await ids('mail_outbox', [...rows.mails.gone, ...rows.mails.kept]),
    sentOffers: (
      await db.kysely
        .selectFrom('alert_sent_offers')
        .select('alert_id')
        .where('alert_id', 'in', [...rows.gone.alerts, ...rows.kept.alerts].map(Number))
        .execute()
    ).map((r) => Number(r.alert_id)),
  };
}

const sorted = (list: number[]) => list.map(Number).sort((a, b) => a - b);

function expectOnlyKept(after: Awaited<ReturnType<typeof existing>>, rows: Rows) {
  expect(after.contacts).toEqual(sorted(rows.kept.contacts));
  expect(after.prospects).toEqual(sorted(rows.kept.prospects));
  expect(after.alerts).toEqual(sorted(rows.kept.alerts));
  expect(after.mails).toEqual(sorted(rows.mails.kept));
  expect(after.sentOffers).toEqual([Number(rows.kept.alerts[1])]);
}

describe.each(testDbKinds)('personal data retention purge on %s', (kind) => {
  let db: Db;
  openForSuite(
    () => createTestDb(kind),
    (opened) => (db = opened),
  );

  it('deletes exactly the rows past their period, and what hangs on them', async () => {
    const now = new Date();
    const rows = await insertRows(db, now);
    const before = await existing(db, rows);
    expect(before.contacts).toHaveLength(3);
    expect(before.alerts).toHaveLength(5);

    const summary = await purgeExpiredData(db, { now });
    expect(summary).toEqual({
      contacts: 1,
      contactMails: 0,
      prospects: 2,
      unconfirmedAlerts: 1,
      unsubscribedAlerts: 2,
    });
    expectOnlyKept(await existing(db, rows), rows);

    // A second run finds nothing more.
    expect(await purgeExpiredData(db, { now })).toEqual({
      contacts: 0,
      contactMails: 0,
      prospects: 0,
      unconfirmedAlerts: 0,
      unsubscribedAlerts: 0,
    });
  });

  it('deletes a kept row once time has passed its limit', async () => {
    const now = new Date();
    const rows = await insertRows(db, now);
    await purgeExpiredData(db, { now });
    // Two days later the rows dated one day inside a limit are past it.
    const later = new Date(now.getTime() + 2 * DAY);
    const summary = await purgeExpiredData(db, { now: later });
    expect(summary.contacts).toBeGreaterThanOrEqual(1);
    const after = await existing(db, rows);
    expect(after.contacts).toEqual(sorted([rows.kept.contacts[1]!]));
    expect(after.prospects).toEqual(sorted(rows.kept.prospects.slice(0, 2)));
    expect(after.alerts).toEqual(sorted([rows.kept.alerts[1]!]));
  });

  it('removes a contact request’s mails past their delivery plus the contacts’ period', async () => {
    const now = new Date();
    const k = db.kysely;
    const tag = randomBytes(4).toString('hex');
    const request = async (created: Date) => {
      const id = await k
        .insertInto('contacts')
        .values({
          // typed Generated<Timestamp>, which takes no Date on insert
          created_at: created as never,
          lang: 'fr',
          name: 'Jeanne Test',
          email: `lead-${tag}@example.com`,
          phone: '06 12 34 56 78',
          phone_e164: '+33612345678',
          message: 'Bonjour',
          reco: false,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
      // The lead, delivered a minute after the request; its copy given up an hour after.
      const at = (ms: number) => new Date(created.getTime() + ms);
      const mails = await k
        .insertInto('mail_outbox')
        .values(
          (['lead', 'lead-copy'] as const).map((kind) => ({
            alert_id: null,
            contact_id: id,
            kind,
            to_address: kind === 'lead' ? 'agence@example.com' : `lead-${tag}@example.com`,
            subject: 'Test',
            headers: JSON.stringify({}),
            message_id: `<purge-${randomBytes(8).toString('hex')}@portal.test>`,
            html: '<p>Test</p>',
            text: 'Test',
            sent_at: kind === 'lead' ? at(60_000) : null,
            cancelled_at: kind === 'lead-copy' ? at(3_600_000) : null,
          })),
        )
        .returning('id')
        .execute();
      return { id, mails: mails.map((m) => Number(m.id)) };
    };
    const old = await request(yearsAgo(now, RETENTION.contactYears, -1));
    const recent = await request(yearsAgo(now, RETENTION.contactYears, 1));
    const mailsLeft = async () =>
      (
        await k
          .selectFrom('mail_outbox')
          .select('id')
          .where('contact_id', 'in', [old.id, recent.id])
          .orderBy('id')
          .execute()
      ).map((r) => Number(r.id));

    expect(await mailsLeft()).toEqual([...old.mails, ...recent.mails]);
    await purgeExpiredData(db, { now });
    expect(await mailsLeft()).toEqual(recent.mails);
    // Once their delivery is past the period too, they go.
    await purgeExpiredData(db, { now: new Date(now.getTime() + 2 * DAY) });
    expect(await mailsLeft()).toEqual([]);
  });

  it('runs with the service: at start, then at its interval, until stopped', async () => {
    const rows = await insertRows(db, new Date());
    const lines: { msg: string; obj: object }[] = [];
    const log = {
      info: (obj: object, msg: string) => lines.push({ obj, msg }),
      error: (obj: object, msg: string) => lines.push({ obj, msg }),
    };
    const scheduler = startPurgeScheduler(db, { intervalMs: 60_000, log });
    try {
      const deadline = Date.now() + 20_000;
      while (!lines.some((l) => l.msg === 'personal data past retention deleted')) {
        if (Date.now() > deadline) throw new Error('the purge did not run');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await scheduler.stop();
    }
    expect(lines.filter((l) => l.msg === 'personal data purge failed')).toEqual([]);
    expectOnlyKept(await existing(db, rows), rows);
  });
});

describe('the purge settings and command', () => {
  const parsePurgeEnv = (env: Record<string, string>) => ({
    intervalMs: readListingsConfig(env).purgeIntervalMs,
  });
  it('reads PRIVACY_PURGE_INTERVAL_MS: one hour by default, 0 turns it off', () => {
    expect(parsePurgeEnv({})).toEqual({ intervalMs: 3_600_000 });
    expect(parsePurgeEnv({ PRIVACY_PURGE_INTERVAL_MS: '' })).toEqual({ intervalMs: 3_600_000 });
    expect(parsePurgeEnv({ PRIVACY_PURGE_INTERVAL_MS: '0' })).toEqual({ intervalMs: 0 });
    expect(parsePurgeEnv({ PRIVACY_PURGE_INTERVAL_MS: '86400000' })).toEqual({
      intervalMs: 86_400_000,
    });
    expect(() => parsePurgeEnv({ PRIVACY_PURGE_INTERVAL_MS: '10' })).toThrow(
      /PRIVACY_PURGE_INTERVAL_MS must be 0 \(off\) or at least 1000/,
    );
    expect(() => parsePurgeEnv({ PRIVACY_PURGE_INTERVAL_MS: 'hourly' })).toThrow(
      /PRIVACY_PURGE_INTERVAL_MS must be a whole number/,
    );
  });

  it('npm run privacy:purge runs it once on a PGlite directory and prints the counts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'purge-cli-'));
    try {
      const now = new Date();
      let db = await openDb({ dataDir: dir });
      let rows: Rows;
      try {
        await migrateToLatest(db);
        rows = await insertRows(db, now);
      } finally {
        await db.close();
      }
      const { stdout } = await run('npx', ['tsx', 'listings-api/privacy/cli.ts'], {
        env: { ...process.env, DATABASE_URL: '', PGLITE_DIR: dir },
      });
      expect(stdout).toMatch(/contact requests \(3 years\)\s+1\n/);
      expect(stdout).toMatch(/professional requests \(3 years\)\s+2\n/);
      expect(stdout).toMatch(/unconfirmed alerts \(30 days\)\s+1\n/);
      expect(stdout).toMatch(/unsubscribed alerts\s+2\n/);
      db = await openDb({ dataDir: dir });
      try {
        expectOnlyKept(await existing(db, rows), rows);
      } finally {
        await db.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
