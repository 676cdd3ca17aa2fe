import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAlertJob } from '../../../listings-api/alerts/job';
import { createSmtpTransport, type MailTransport } from '../../../listings-api/mail/transport';
import type { Db } from '../../../listings-api/db/connection';
import { createTestDb, testDbKinds } from '../../fixtures/db';
import { importOffersLike } from './offers';
import { startSmtpServer, type TestSmtpServer } from './smtp';

// A large import does not start a digest storm: however many offers it brings, each alert gets
// one digest that says how many ("N nouveaux biens"), lists the newest 20, and counts them all as
// mailed, so the next run sends nothing. On every test database, against a real SMTP server.

const PUBLIC_URL = 'https://portal.test';
const FROM = 'Prestige Portal <alertes@portal.test>';
// Well over the 20 a digest lists; the benchmark (tests/bench/digests.ts) takes 100,000.
const IMPORTED = { pglite: 3_000, postgres: 10_000 } as const;
const silent = pino({ level: 'silent' });

describe.each(testDbKinds)('alert digests after a large import on %s', (kind) => {
  let db: Db;
  let smtp: TestSmtpServer;
  let transport: MailTransport;

  beforeAll(async () => {
    db = await createTestDb(kind);
    smtp = await startSmtpServer();
    transport = createSmtpTransport(smtp.url);
    // Alerts the seed may hold are not this test's business.
    await db.kysely.updateTable('alerts').set({ unsubscribed_at: new Date() }).execute();
  });

  afterAll(async () => {
    transport?.close();
    await smtp?.close();
    await db?.close();
  });

  it('sends each alert one digest with the count of all new offers, and nothing on the next run', async () => {
    const template = await db.kysely
      .selectFrom('offers')
      .select(['id', 'lieu_id'])
      .where('status', '=', 'active')
      .where('nature', '=', 'V')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const latest = await db.kysely
      .selectFrom('offers')
      .select((eb) => eb.fn.max('published_at').as('latest'))
      .executeTakeFirstOrThrow();
    const t0 = Math.max(Date.now(), new Date(latest.latest as unknown as Date).getTime());
    const at = (minutes: number) => new Date(t0 + minutes * 60_000);

    const emails = ['import-a@example.com', 'import-b@example.com'];
    for (const email of emails) {
      await db.kysely
        .insertInto('alerts')
        .values({
          token_hash: randomBytes(32).toString('hex'),
          email,
          lang: 'fr',
          contact_proximite: false,
          criteria: JSON.stringify({ nature: 'V', lieu: template.lieu_id }),
          criteria_key: randomBytes(32).toString('hex'),
          created_at: at(0) as never,
          confirmed_at: at(0),
        })
        .execute();
    }
    const imported = IMPORTED[kind];
    await importOffersLike(db, template.id, imported, at(1));

    const run = (minutes: number) =>
      runAlertJob(db, {
        now: at(minutes),
        publicUrl: PUBLIC_URL,
        transport,
        log: silent,
        from: FROM,
      });
    const first = await run(2);
    expect(first).toMatchObject({ digestsQueued: 2, sent: 2, failed: 0, skippedAlerts: 0 });
    expect(first.offersReserved).toBe(2 * imported);
    expect(smtp.messages).toHaveLength(2);
    const count = new Intl.NumberFormat('fr-FR').format(imported).replace(/\u202f/g, '\u00a0');
    for (const email of emails) {
      const mails = smtp.messages.filter((m) => m.envelopeTo.includes(email));
      expect(mails, email).toHaveLength(1);
      expect(mails[0]!.subject.replace(/[\u00a0\u202f]/g, ' ')).toMatch(
        new RegExp(`^${count.replace(/\u00a0/g, ' ')} nouveaux biens pour votre alerte`),
      );
      expect(mails[0]!.text.match(/Voir le bien/g)).toHaveLength(20);
    }

    const second = await run(3);
    expect(second).toMatchObject({ digestsQueued: 0, sent: 0 });
    expect(smtp.messages).toHaveLength(2);
  }, 120_000);
});
