import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertMailHooks } from '../../../listings-api/alerts/mail-hooks';
import { sendDueMails } from '../../../listings-api/mail/outbox';
import { createSmtpTransport } from '../../../listings-api/mail/transport';
import { buildListingsApp } from '../../../listings-api/app';
import type { Db } from '../../../listings-api/db/connection';
import { createTestDb, testDbKinds } from '../../fixtures/db';
import { parseMail, startSmtpServer, type TestSmtpServer } from './smtp';

// The mails of a professional request (POST /contact-prospect): the confirmation to the
// prospect and the request to the portal's sales address (PORTAL_SALES_EMAIL), queued in the
// transaction that stores the request, sent at once by the listings API's mail sender to a real
// SMTP server started here, the confirmation in the prospect's language, never twice for one
// request, retried when the server refuses it, and written as .eml files without SMTP.

const PUBLIC_URL = 'https://portal.test';
const FROM = 'Prestige Portal <alertes@portal.test>';
const SALES = 'ventes@portal.test';

let sequence = 0;
const unique = () => `${process.pid}-${Date.now()}-${(sequence += 1)}`;

describe.each(testDbKinds)('prospect confirmation mails on %s', (kind) => {
  let db: Db;
  let smtp: TestSmtpServer;
  let app: FastifyInstance;
  let api: string;
  let lieuId: number;

  beforeAll(async () => {
    db = await createTestDb(kind);
    smtp = await startSmtpServer();
    app = await buildListingsApp({
      db,
      validateResponses: true,
      env: { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: FROM, PORTAL_SALES_EMAIL: SALES },
    });
    api = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
    lieuId = (
      await db.kysely
        .selectFrom('lieux')
        .select('id')
        .where('slug', '=', 'nice')
        .executeTakeFirstOrThrow()
    ).id;
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.close();
  });

  const prospect = (over: Record<string, unknown> = {}) => ({
    lastname: 'Martin',
    firstname: 'Louise',
    company: 'Agence du Port',
    lieu_id: lieuId,
    city: 'Nice',
    phone: '04 93 00 00 00',
    email: `louise-${unique()}@agence.example`,
    message: 'Nous souhaitons diffuser nos biens.\nPlusieurs villas à Cannes.',
    lang: 'fr',
    ...over,
  });

  async function post(body: unknown) {
    const res = await fetch(`${api}/contact-prospect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  const mailsTo = (address: string) => smtp.messages.filter((m) => m.envelopeTo.includes(address));

  const outboxOf = (prospectId: number, kind: 'prospect' | 'prospect-sales' = 'prospect') =>
    db.kysely
      .selectFrom('mail_outbox')
      .selectAll()
      .where('prospect_id', '=', Number(prospectId))
      .where('kind', '=', kind)
      .execute();

  /** The sales mails of the requester whose mails answer to `email`. */
  const salesMailsFor = (email: string) =>
    mailsTo(SALES).filter((m) => m.headers.get('reply-to') === email);

  it('mails a French request its confirmation in French, with what was sent', async () => {
    const body = prospect();
    const res = await post(body);
    expect(res.status).toBe(201);
    await app.mailOutbox.idle();
    const mails = mailsTo(body.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Votre demande a bien été reçue\u00a0: Prestige Portal');
    expect(mail.headers.get('from')).toBe(FROM);
    expect(mail.headers.get('message-id')).toMatch(
      new RegExp(`^<prospect-${String(res.body.id)}\\.[0-9a-f-]+@portal\\.test>$`),
    );
    // A confirmation of a request is not a mailing list: no unsubscribe headers.
    expect(mail.headers.has('list-unsubscribe')).toBe(false);
    expect(mail.text).toContain('Bonjour Louise Martin,');
    expect(mail.text).toContain(
      'Nous avons bien reçu la demande que vous avez envoyée pour Agence du Port',
    );
    expect(mail.text).toContain('Notre équipe commerciale la prend en charge');
    for (const line of [
      'Société\u00a0: Agence du Port',
      'Ville\u00a0: Nice',
      'Téléphone\u00a0: 04 93 00 00 00',
      `E-mail\u00a0: ${body.email}`,
      'Message\u00a0: Nous souhaitons diffuser nos biens.\nPlusieurs villas à Cannes.',
    ]) {
      expect(mail.text.replace(/\r\n/g, '\n')).toContain(line);
    }
    expect(mail.text).toContain(`${PUBLIC_URL}/fr/personal-data/`);
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('Agence du Port');

    const rows = await outboxOf(res.body.id as number);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'prospect', alert_id: null, attempts: 1 });
    expect(rows[0]!.sent_at).not.toBeNull();
  });

  it('mails an English request in English', async () => {
    const body = prospect({ lang: 'en', message: '' });
    expect((await post(body)).status).toBe(201);
    await app.mailOutbox.idle();
    const [mail] = mailsTo(body.email);
    expect(mail?.subject).toBe('We have received your request: Prestige Portal');
    expect(mail!.text).toContain('Hello Louise Martin,');
    expect(mail!.text).toContain('Our sales team is handling it');
    expect(mail!.text).toContain('Company: Agence du Port');
    expect(mail!.text).not.toContain('Message:');
    expect(mail!.text).toContain(`${PUBLIC_URL}/en/personal-data/`);
    expect(mail!.html).toContain('<html lang="en">');
  });

  it('mails the request to the sales address, answering to the prospect, in the same transaction', async () => {
    const body = prospect({ lang: 'en' });
    const res = await post(body);
    expect(res.status).toBe(201);
    await app.mailOutbox.idle();
    const mails = salesMailsFor(body.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.envelopeTo).toEqual([SALES]);
    expect(mail.subject).toBe('Demande professionnelle – Agence du Port – Nice');
    expect(mail.headers.get('from')).toBe('Louise Martin <alertes@portal.test>');
    expect(mail.headers.get('message-id')).toMatch(
      new RegExp(`^<prospect-sales-${String(res.body.id)}\\.[0-9a-f-]+@portal\\.test>$`),
    );
    expect(mail.text).toContain(
      'Louise Martin (Agence du Port) a envoyé une demande depuis l’espace professionnels de Prestige Portal.',
    );
    for (const line of [
      `E-mail\u00a0: ${body.email}`,
      'Téléphone\u00a0: 04 93 00 00 00',
      'Langue du demandeur\u00a0: anglais',
      'Message\u00a0: Nous souhaitons diffuser nos biens.\nPlusieurs villas à Cannes.',
    ]) {
      expect(mail.text.replace(/\r\n/g, '\n')).toContain(line);
    }
    expect(mail.html).toContain('<html lang="fr">');
    // The requester keeps their confirmation.
    expect(mailsTo(body.email)).toHaveLength(1);

    const [sales] = await outboxOf(res.body.id as number, 'prospect-sales');
    const [copy] = await outboxOf(res.body.id as number);
    expect(sales).toMatchObject({ to_address: SALES, reply_to: body.email, attempts: 1 });
    expect(sales!.sent_at).not.toBeNull();
    // Both were written by the transaction that stored the request.
    const stored = await db.kysely
      .selectFrom('prospects')
      .select('created_at')
      .where('id', '=', res.body.id as number)
      .executeTakeFirstOrThrow();
    expect(new Date(sales!.created_at).getTime()).toBe(new Date(stored.created_at).getTime());
    expect(new Date(copy!.created_at).getTime()).toBe(new Date(stored.created_at).getTime());
  });

  it('escapes what the prospect typed in the HTML part', async () => {
    const body = prospect({ company: '<b>Agence</b> & Fils' });
    expect((await post(body)).status).toBe(201);
    await app.mailOutbox.idle();
    const [mail] = mailsTo(body.email);
    expect(mail!.html).toContain('&lt;b&gt;Agence&lt;/b&gt; &amp; Fils');
    expect(mail!.html).not.toContain('<b>Agence</b>');
  });

  it('sends one mail for a request repeated with its idempotency key, even at once', async () => {
    const body = prospect({ idempotency_key: `prospect-mail-${unique()}` });
    const answers = await Promise.all([post(body), post(body), post(body)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const again = await post(body);
    expect(again.body.id).toBe(answers[0]!.body.id);
    await app.mailOutbox.idle();
    // Every later run of the sender finds nothing more to send for it.
    await sendDueMails(db, {
      from: FROM,
      transport: app.mailOutbox.transport,
      log: app.log,
      hooks: alertMailHooks,
      now: new Date(Date.now() + 86_400_000),
    });
    expect(mailsTo(body.email)).toHaveLength(1);
    expect(salesMailsFor(body.email)).toHaveLength(1);
    expect(await outboxOf(answers[0]!.body.id as number)).toHaveLength(1);
    expect(await outboxOf(answers[0]!.body.id as number, 'prospect-sales')).toHaveLength(1);
  });

  it('queues nothing for a refused request', async () => {
    const body = prospect({ phone: '12345' });
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('phone');
    await app.mailOutbox.idle();
    expect(mailsTo(body.email)).toHaveLength(0);
    expect(salesMailsFor(body.email)).toHaveLength(0);
    const queued = await db.kysely
      .selectFrom('mail_outbox')
      .select('id')
      .where((eb) => eb.or([eb('to_address', '=', body.email), eb('reply_to', '=', body.email)]))
      .execute();
    expect(queued).toHaveLength(0);
  });

  it('keeps a refused send and delivers it once on a later run, with the same Message-ID', async () => {
    const body = prospect({ lang: 'en' });
    smtp.refuseNext(1);
    const refusedBefore = smtp.refused;
    const res = await post(body);
    expect(res.status).toBe(201);
    await app.mailOutbox.idle();
    expect(smtp.refused).toBe(refusedBefore + 1);
    expect(mailsTo(body.email)).toHaveLength(0);
    const [row] = await outboxOf(res.body.id as number);
    expect(row).toMatchObject({ attempts: 1, sent_at: null, cancelled_at: null });
    expect(row!.last_error).toMatch(/451/);

    // Before its backoff nothing goes; after it, the same mail goes once.
    const transport = createSmtpTransport(smtp.url);
    try {
      const early = await sendDueMails(db, {
        from: FROM,
        transport,
        log: app.log,
        hooks: alertMailHooks,
      });
      expect(early.sent).toBe(0);
      const later = new Date(new Date(row!.next_attempt_at).getTime() + 1000);
      const due = await sendDueMails(db, {
        from: FROM,
        transport,
        log: app.log,
        hooks: alertMailHooks,
        now: later,
      });
      expect(due).toMatchObject({ sent: 1, failed: 0 });
      const again = await sendDueMails(db, {
        from: FROM,
        transport,
        log: app.log,
        hooks: alertMailHooks,
        now: later,
      });
      expect(again.sent).toBe(0);
    } finally {
      transport.close();
    }
    const mails = mailsTo(body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.headers.get('message-id')).toBe(row!.message_id);
  });

  it('writes .eml files without SMTP, the sales mail to the default sales address', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'prospect-mail-'));
    const local = await buildListingsApp({
      db,
      env: { PUBLIC_URL, MAIL_FROM: FROM, ALERTS_MAIL_DIR: join(dir, 'mail') },
    });
    try {
      const body = prospect({ lang: 'en' });
      const res = await local.inject({ method: 'POST', url: '/contact-prospect', payload: body });
      expect(res.statusCode).toBe(201);
      await local.mailOutbox.idle();
      const files = await readdir(join(dir, 'mail'));
      expect(files).toHaveLength(2);
      const mails = await Promise.all(
        files.map(async (f) => parseMail(await readFile(join(dir, 'mail', f), 'utf8'))),
      );
      const byTo = new Map(mails.map((m) => [m.headers.get('to'), m]));
      expect(byTo.get(body.email)?.subject).toBe('We have received your request: Prestige Portal');
      expect(byTo.get('commercial@portal.test')?.headers.get('reply-to')).toBe(body.email);
    } finally {
      await local.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
