import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATIONS_PER_ADDRESS_PER_DAY } from '../../../listings-api/alerts/confirmations';
import { runAlertJob } from '../../../listings-api/alerts/job';
import { resolveSigningSecret } from '../../../listings-api/alerts/tokens';
import { buildListingsApp } from '../../../listings-api/app';
import type { Db } from '../../../listings-api/db/connection';
import { createSmtpTransport, type MailTransport } from '../../../listings-api/mail/transport';
import { createTestDb, testDbKinds } from '../../fixtures/db';
import { startSmtpServer, type TestSmtpServer } from './smtp';

// Alert creations cannot flood a stranger's inbox: whoever posts them, an address gets at most
// CONFIRMATIONS_PER_ADDRESS_PER_DAY confirmation mails a day. Later creations are answered as
// the first ones and wait; the next day one mail lists every waiting search and its link
// confirms them all. The real listings API over HTTP, a real SMTP server, every test database.

const PUBLIC_URL = 'https://portal.test';
const FROM = 'Prestige Portal <alertes@portal.test>';
const VICTIM = 'victim@example.com';
const DAY = 86_400_000;

describe.each(testDbKinds)('alert confirmations per address on %s', (kind) => {
  let db: Db;
  let app: FastifyInstance;
  let api = '';
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  let secret = '';
  let lieu = 0;

  const toVictim = () => smtp.messages.filter((m) => m.envelopeTo.includes(VICTIM));
  const run = (now: Date) =>
    runAlertJob(db, {
      now,
      publicUrl: PUBLIC_URL,
      transport,
      log: pino({ level: 'silent' }),
      secret,
      from: FROM,
    });

  async function createAlert(prixMax: number) {
    const res = await fetch(`${api}/alerte`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: VICTIM,
        lang: 'fr',
        criteria: { nature: 'V', lieu, prix_max: prixMax },
      }),
    });
    const body = (await res.json()) as { alert: Record<string, unknown> };
    await app.mailOutbox.idle();
    return { status: res.status, alert: body.alert };
  }

  beforeAll(async () => {
    db = await createTestDb(kind);
    smtp = await startSmtpServer();
    transport = createSmtpTransport(smtp.url);
    app = await buildListingsApp({
      db,
      validateResponses: true,
      env: {
        PUBLIC_URL,
        MAIL_FROM: FROM,
        SMTP_URL: smtp.url,
        ALERTS_INTERVAL_MS: '0',
        ALERT_SIGNING_SECRET: process.env.ALERT_SIGNING_SECRET,
      },
    });
    secret = await resolveSigningSecret(db.kysely, process.env.ALERT_SIGNING_SECRET);
    api = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
    const offer = await db.kysely
      .selectFrom('offers')
      .select('lieu_id')
      .where('nature', '=', 'V')
      .limit(1)
      .executeTakeFirstOrThrow();
    lieu = offer.lieu_id;
    // Alerts the seed may hold are not this test's business.
    await db.kysely.updateTable('alerts').set({ unsubscribed_at: new Date() }).execute();
  });

  afterAll(async () => {
    await app?.close();
    transport?.close();
    await smtp?.close();
    await db?.close();
  });

  it('sends an address a few confirmations a day and folds later alerts into one mail the next day', async () => {
    const created = [];
    for (let i = 1; i <= 6; i++) created.push(await createAlert(1_000_000 * i));
    // Every creation is answered alike: nothing tells that the address had its share.
    for (const res of created) {
      expect(res.status).toBe(201);
      expect(res.alert).toMatchObject({ email: VICTIM, confirmed_at: null });
    }
    expect(toVictim()).toHaveLength(CONFIRMATIONS_PER_ADDRESS_PER_DAY);

    // The job the same day writes none either.
    expect(await run(new Date())).toMatchObject({ confirmationsQueued: 0, sent: 0 });
    expect(toVictim()).toHaveLength(CONFIRMATIONS_PER_ADDRESS_PER_DAY);

    // A day later: one mail for the three waiting alerts, for the latest, listing the two others.
    const nextDay = new Date(Date.now() + DAY + 60_000);
    expect(await run(nextDay)).toMatchObject({ confirmationsQueued: 1, sent: 1 });
    const mails = toVictim();
    expect(mails).toHaveLength(CONFIRMATIONS_PER_ADDRESS_PER_DAY + 1);
    const folded = mails.at(-1)!;
    expect(folded.text).toContain(
      'Cette confirmation vaut aussi pour vos autres recherches en attente\u00a0:',
    );
    const plain = folded.text.replace(/[\u00a0\u202f]/g, ' ');
    for (const amount of ['4 000 000', '5 000 000', '6 000 000']) expect(plain).toContain(amount);
    expect(plain).not.toContain('3 000 000');
    expect(await run(nextDay)).toMatchObject({ confirmationsQueued: 0, sent: 0 });

    // Its link confirms the three, and only them.
    const link = /https:\/\/portal\.test\/\S*confirm\?\S+/.exec(folded.text)![0];
    const res = await fetch(`${api}/alerte/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: new URL(link).searchParams.get('token') }),
    });
    expect(res.status).toBe(200);
    const ids = created.map((c) => Number(c.alert.id));
    const rows = await db.kysely
      .selectFrom('alerts')
      .select(['id', 'confirmed_at'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.confirmed_at != null)).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
  });
});
