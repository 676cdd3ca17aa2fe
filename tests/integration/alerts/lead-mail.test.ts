import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sendDueMails } from '../../../listings-api/mail/outbox';
import { portalMailHooks } from '../../../listings-api/mail/hooks';
import { createSmtpTransport } from '../../../listings-api/mail/transport';
import { buildListingsApp } from '../../../listings-api/app';
import type { Db } from '../../../listings-api/db/connection';
import { leadMails } from '../../../listings-api/metrics';
import { LeadDeliverySchema, LeadJsonSchema } from '../../../shared/lead';
import { createTestDb, testDbKinds } from '../../fixtures/db';
import { startSmtpServer, type TestSmtpServer } from './smtp';

// The mails of a contact request (POST /contact): the lead to the offer's negotiator, else the
// agency's leads address, else its public e-mail, in the agency's language, answering to the
// visitor, with the visitor as a vCard and the request as lead.json; the visitor's copy in the
// page's language. Sent by the listings API's outbox to a real SMTP server started here; parsed
// with mailparser, the vCard with ical.js, lead.json with its published schema.

const PUBLIC_URL = 'https://portal.test';
const FROM = 'Prestige Portal <alertes@portal.test>';

let sequence = 0;
const unique = () => `${process.pid}-${Date.now()}-${(sequence += 1)}`;

describe.each(testDbKinds)('lead mails on %s', (kind) => {
  let db: Db;
  let smtp: TestSmtpServer;
  let app: FastifyInstance;
  let api: string;
  let offer: { id: number; agency_id: number; reference: string };
  let agencyEmail: string;

  beforeAll(async () => {
    db = await createTestDb(kind);
    smtp = await startSmtpServer();
    app = await buildListingsApp({
      db,
      validateResponses: true,
      env: { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: FROM },
    });
    api = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
    offer = await db.kysely
      .selectFrom('offers')
      .select(['id', 'agency_id', 'reference'])
      .where('status', '=', 'active')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    agencyEmail = (
      await db.kysely
        .selectFrom('agencies')
        .select('email')
        .where('id', '=', offer.agency_id)
        .executeTakeFirstOrThrow()
    ).email;
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.close();
  });

  async function setLeadsTo(negotiator: string | null, leadsEmail: string | null, lang = 'fr') {
    await db.kysely
      .updateTable('offers')
      .set({ negotiator_email: negotiator, negotiator_name: negotiator ? 'Claire Dubois' : null })
      .where('id', '=', offer.id)
      .execute();
    await db.kysely
      .updateTable('agencies')
      .set({ leads_email: leadsEmail, lang: lang as 'fr' | 'en' })
      .where('id', '=', offer.agency_id)
      .execute();
  }

  const request = (over: Record<string, unknown> = {}) => ({
    offer_id: offer.id,
    name: 'Jeanne Martin',
    phone: '06 12 34 56 78',
    email: `jeanne-${unique()}@visitor.example`,
    message: 'Bonjour,\nJe souhaite visiter ce bien samedi.',
    reco: true,
    lang: 'fr',
    idempotency_key: `lead-${unique()}`,
    ...over,
  });

  async function post(body: unknown) {
    const res = await fetch(`${api}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { id: number };
    return { status: res.status, body: json };
  }

  async function delivery(id: number) {
    const res = await fetch(`${api}/contact/${id}/lead`);
    expect(res.status).toBe(200);
    return v.parse(LeadDeliverySchema, await res.json());
  }

  const mailsTo = (address: string) =>
    Promise.all(
      smtp.messages.filter((m) => m.envelopeTo.includes(address)).map((m) => simpleParser(m.raw)),
    );

  const attachment = (mail: ParsedMail, filename: string) =>
    mail.attachments.find((a) => a.filename === filename)?.content.toString('utf8') ?? '';

  it('mails the negotiator the lead in the agency’s language and the visitor a copy in the page’s', async () => {
    const negotiator = `nego-${unique()}@agency.example`;
    await setLeadsTo(negotiator, `leads-${unique()}@agency.example`, 'en');
    const body = request();
    const answer = await post(body);
    expect(answer.status).toBe(201);
    await app.mailOutbox.idle();

    const [lead, ...more] = await mailsTo(negotiator);
    expect(more).toHaveLength(0);
    expect(lead!.subject).toMatch(/^Information request – Ref\. .+ – .+ – .+$/);
    expect(lead!.subject).toContain(`Ref. ${offer.reference} – `);
    expect(lead!.replyTo?.value[0]?.address).toBe(body.email);
    expect(lead!.from?.value[0]).toEqual({ name: 'Jeanne Martin', address: 'alertes@portal.test' });
    expect(lead!.text).toContain('Je souhaite visiter ce bien samedi.');
    expect(lead!.text).toContain('+33 6 12 34 56 78');
    expect(lead!.html).toContain('href="tel:+33612345678"');

    const card = new ICAL.Component(ICAL.parse(attachment(lead!, 'contact.vcf')));
    expect(card.getFirstPropertyValue('version')).toBe('4.0');
    expect(card.getFirstPropertyValue('fn')).toBe('Jeanne Martin');
    expect(card.getFirstPropertyValue('email')).toBe(body.email);
    expect(card.getFirstPropertyValue('tel')).toBe('tel:+33612345678');
    expect(card.getFirstPropertyValue('note')).toBe(body.message);

    const json = v.parse(LeadJsonSchema, JSON.parse(attachment(lead!, 'lead.json')));
    expect(json).toMatchObject({
      id: answer.body.id,
      message: body.message,
      visitor: { name: 'Jeanne Martin', email: body.email, phone_e164: '+33612345678', reco: true },
      offer: { id: offer.id, reference: offer.reference, negotiator: 'Claire Dubois' },
    });

    const [copy, ...copies] = await mailsTo(body.email);
    expect(copies).toHaveLength(0);
    expect(copy!.subject).toMatch(/^Votre demande a été transmise à /);
    expect(copy!.text).toContain('Je souhaite visiter ce bien samedi.');

    const state = await delivery(answer.body.id);
    expect(state.delivery).toMatchObject({ status: 'sent', to: negotiator });
    expect(state.delivery.message_id).toBe(lead!.messageId);
    expect(state.lead?.id).toBe(answer.body.id);
  });

  it('mails the agency’s leads address without a negotiator, else its public e-mail, in French', async () => {
    const leads = `leads-${unique()}@agency.example`;
    await setLeadsTo(null, leads);
    await post(request());
    await app.mailOutbox.idle();
    const [toLeads] = await mailsTo(leads);
    expect(toLeads!.subject).toMatch(/^Demande d’information – Réf\. /);

    await setLeadsTo(null, null);
    const before = (await mailsTo(agencyEmail)).length;
    await post(request({ lang: 'en' }));
    await app.mailOutbox.idle();
    expect(await mailsTo(agencyEmail)).toHaveLength(before + 1);
  });

  it('keeps hostile input whole and escaped, and a line break in the name out of the headers', async () => {
    const leads = `hostile-${unique()}@agency.example`;
    await setLeadsTo(null, leads);
    const name = '</script><img src=x onerror=alert(1)> 🏡 مرحبا';
    const message = `<script>alert(1)</script> שלום 🙂 ${'x'.repeat(5000 - 40)}`.slice(0, 5000);
    const answer = await post(request({ name, message }));
    expect(answer.status).toBe(201);
    await app.mailOutbox.idle();
    const [lead] = await mailsTo(leads);
    expect(lead!.from?.value[0]?.name).toBe(name);
    expect(lead!.text).toContain(message);
    expect(lead!.html).not.toContain('<img src=x');
    expect(lead!.html).not.toContain('<script>');
    expect(lead!.html).toContain('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(JSON.parse(attachment(lead!, 'lead.json')).message).toBe(message);

    // A line break in the name cannot add a header: nodemailer encodes the display name.
    const crlf = await post(request({ name: 'Eve\r\nBcc: victim@example.com' }));
    expect(crlf.status).toBe(201);
    await app.mailOutbox.idle();
    const [again] = await mailsTo(leads).then((all) => all.slice(1));
    expect(again!.headers.has('bcc')).toBe(false);
    expect(again!.from?.value[0]?.address).toBe('alertes@portal.test');
    expect(smtp.messages.some((m) => m.envelopeTo.includes('victim@example.com'))).toBe(false);
  });

  it('keeps a lead queued while the server refuses, then delivers it once, with two runners', async () => {
    const leads = `retry-${unique()}@agency.example`;
    await setLeadsTo(null, leads);
    smtp.refuseNext(2);
    const answer = await post(request());
    await app.mailOutbox.idle();
    expect((await delivery(answer.body.id)).delivery.status).toBe('queued');
    expect(await mailsTo(leads)).toHaveLength(0);

    // Back later: two runners at once, each with its own connection.
    const later = new Date(Date.now() + 60 * 60_000);
    const runners = [0, 1].map(() => createSmtpTransport(smtp.url));
    await Promise.all(
      runners.map((transport) =>
        sendDueMails(db, {
          from: FROM,
          transport,
          log: app.log,
          hooks: portalMailHooks,
          now: later,
        }),
      ),
    );
    runners.forEach((t) => t.close());
    expect(await mailsTo(leads)).toHaveLength(1);
    expect((await delivery(answer.body.id)).delivery.status).toBe('sent');
  });

  it('marks a lead refused for good as failed and counts it', async () => {
    const leads = `gone-${unique()}@agency.example`;
    await setLeadsTo(null, leads);
    smtp.refuseRecipient(leads);
    const failedBefore =
      (await leadMails.get()).values.find((x) => x.labels.outcome === 'failed')?.value ?? 0;
    const answer = await post(request());
    await app.mailOutbox.idle();
    const state = await delivery(answer.body.id);
    expect(state.delivery.status).toBe('failed');
    expect(state.delivery.detail).toMatch(/550/);
    const failedAfter = (await leadMails.get()).values.find(
      (x) => x.labels.outcome === 'failed',
    )?.value;
    expect(failedAfter).toBe(failedBefore + 1);
  });

  it('stores a request marked as spam and mails nobody', async () => {
    const leads = `spam-${unique()}@agency.example`;
    await setLeadsTo(null, leads);
    const body = request({ spam: true });
    const answer = await post(body);
    expect(answer.status).toBe(201);
    await app.mailOutbox.idle();
    const row = await db.kysely
      .selectFrom('contacts')
      .select(['spam', 'lead_status'])
      .where('id', '=', answer.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ spam: true, lead_status: null });
    expect(await mailsTo(leads)).toHaveLength(0);
    expect(await mailsTo(body.email)).toHaveLength(0);
    const outbox = await db.kysely
      .selectFrom('mail_outbox')
      .select('id')
      .where('contact_id', '=', answer.body.id)
      .execute();
    expect(outbox).toHaveLength(0);
  });
});
