import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertCriteria, NatureId } from '../../../shared/contract';
import { formatPrice } from '../../../shared/format';
import { readListingsConfig } from '../../../listings-api/config';
import { runAlertJob, startAlertScheduler } from '../../../listings-api/alerts/job';
import {
  createEmlTransport,
  createSmtpTransport,
  type MailLog,
  type MailTransport,
} from '../../../listings-api/mail/transport';
import { alertMailRoutes } from '../../../listings-api/alerts/routes';
import { resolveSigningSecret, signMailToken } from '../../../listings-api/alerts/tokens';
import { buildListingsApp } from '../../../listings-api/app';
import type { Db } from '../../../listings-api/db/connection';
import type { OffersTable, PhotoRow } from '../../../listings-api/db/types';
import { createTestDb, testDbKinds } from '../../fixtures/db';
import { insertOfferCopy } from './offers';
import { parseMail, startSmtpServer, type ReceivedMail, type TestSmtpServer } from './smtp';

// The alert mail job against a real SMTP server (smtp-server, started here) and the real
// confirm/unsubscribe routes over HTTP, on every test database. The listings API mails a new
// alert's confirmation at once, through its outbox, to the same server. Offers are inserted with
// published_at after every seeded offer, so the test decides exactly which offers are new.

const PUBLIC_URL = 'https://portal.test';
const FROM = 'Prestige Portal <alertes@portal.test>';
const config = readListingsConfig({
  PUBLIC_URL,
  MAIL_FROM: FROM,
  ALERTS_MAIL_DIR: '/nonexistent',
}).alerts;

interface LogLine {
  level: 'info' | 'warn' | 'error';
  obj: Record<string, unknown>;
  msg: string;
}
function collectingLog(lines: LogLine[]): MailLog {
  return {
    info: (obj, msg) => lines.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
  };
}

/** The offer slugs a digest links to (the last path segment of each offer link). */
function digestSlugs(mail: ReceivedMail): string[] {
  const urls = [...mail.text.matchAll(/(?:Voir le bien|View the property)\s?: (\S+)/g)].map(
    (m) => m[1]!,
  );
  return urls.map((u) => new URL(u).pathname.split('/').filter(Boolean).at(-1)!).sort();
}

function tokenFrom(url: string): string {
  return new URL(url).searchParams.get('token') ?? '';
}

function linkIn(text: string, path: string): string {
  const m = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}${path}\\?token=[^\\s<>"]+`).exec(text);
  if (!m) throw new Error(`no ${path} link in:\n${text}`);
  return m[0];
}

describe.each(testDbKinds)('alert e-mails on %s', (kind) => {
  let db: Db;
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  let app: FastifyInstance;
  let api: string;
  let secret: string;
  const logLines: LogLine[] = [];
  let t0 = 0;
  let nextId = 0;
  let template: Selectable<OffersTable>;
  let rentTemplate: Selectable<OffersTable>;
  let elsewhere: Selectable<OffersTable>;
  let otherRubrique: Selectable<OffersTable>;
  const natureLabel: Record<string, { fr: string; en: string }> = {};

  const at = (minutes: number) => new Date(t0 + minutes * 60_000);
  const run = (minutes: number, over: { transport?: MailTransport; log?: MailLog } = {}) =>
    runAlertJob(db, {
      now: at(minutes),
      publicUrl: PUBLIC_URL,
      transport: over.transport ?? transport,
      log: over.log ?? collectingLog(logLines),
      secret,
      from: FROM,
    });

  async function post(path: string, body: unknown, contentType = 'application/json') {
    const res = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  /** Creates an alert through the listings API's POST /alerte, dated at the test's start. */
  async function createAlert(email: string, lang: 'fr' | 'en', criteria: AlertCriteria) {
    const res = await fetch(`${api}/alerte`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, lang, criteria }),
    });
    expect(res.status).toBe(201);
    const { alert } = (await res.json()) as { alert: { id: number } };
    await app.mailOutbox.idle();
    // The test's clock starts after every seeded offer: the alert is created at its start.
    await db.kysely
      .updateTable('alerts')
      .set({ created_at: at(0) as never })
      .where('id', '=', alert.id)
      .execute();
    return alert.id;
  }

  /** An alert stored without its confirmation mail (as when writing it failed): the job's to write. */
  async function storeAlert(email: string, lang: 'fr' | 'en', criteria: AlertCriteria) {
    const row = await db.kysely
      .insertInto('alerts')
      .values({
        token_hash: randomBytes(32).toString('hex'),
        email,
        lang,
        contact_proximite: false,
        criteria: JSON.stringify(criteria),
        criteria_key: randomBytes(32).toString('hex'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A copy of a seeded offer with new id, slug, publication time and the given changes. */
  async function insertOffer(
    from: Selectable<OffersTable>,
    publishedMinute: number,
    over: Partial<{
      nature: NatureId;
      price: number | null;
      monthly_rent: number | null;
      weekly_rent: number | null;
      prix_cache: boolean;
      status: 'active' | 'obsolete';
    }> = {},
  ) {
    nextId += 1;
    const slug = `alert-mail-test-${kind}-${nextId}`;
    await insertOfferCopy(
      db,
      from,
      { id: nextId, slug, reference: `T${nextId}`, publishedAt: at(publishedMinute) },
      over,
    );
    return { id: nextId, slug };
  }

  async function templateOffer(nature: NatureId) {
    const row = await db.kysely
      .selectFrom('offers as o')
      .innerJoin('rubriques as r', 'r.id', 'o.rubrique_id')
      .selectAll('o')
      .where('o.status', '=', 'active')
      .where('o.nature', '=', nature)
      .where('r.is_generic', '=', false)
      .where(sql<boolean>`o.photos <> '[]'::jsonb`)
      .orderBy('o.id')
      .limit(1)
      .executeTakeFirst();
    if (!row) throw new Error(`the test database has no active ${nature} offer with photos`);
    return row;
  }

  beforeAll(async () => {
    db = await createTestDb(kind);
    smtp = await startSmtpServer();
    transport = createSmtpTransport(smtp.url);
    // The real listings API; the alert mail routes are registered here unless the app already
    // does, with the signing key the app itself uses (ALERT_SIGNING_SECRET or the stored key).
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
    if (!app.hasRoute({ method: 'POST', url: '/alerte/confirm' })) {
      await app.register(alertMailRoutes, { db, config: { ...config, signingSecret: secret } });
    }
    api = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');

    const latest = await db.kysely
      .selectFrom('offers')
      .select((eb) => [eb.fn.max('published_at').as('latest'), eb.fn.max('id').as('maxId')])
      .executeTakeFirstOrThrow();
    // After every seeded offer and after the real clock: the test's offers are the only new ones.
    t0 = Math.max(Date.now(), new Date(latest.latest as unknown as Date).getTime()) + 86_400_000;
    nextId = Number(latest.maxId) + 100_000;

    // Alerts the seed may hold are not this test's business.
    await db.kysely.updateTable('alerts').set({ unsubscribed_at: new Date() }).execute();
    for (const n of await db.kysely.selectFrom('natures').selectAll().execute()) {
      natureLabel[n.id] = { fr: n.libelle_fr, en: n.libelle_en };
    }

    template = await templateOffer('V');
    rentTemplate = await templateOffer('L');
    const away = await db.kysely
      .selectFrom('offers')
      .selectAll()
      .where('status', '=', 'active')
      .where('nature', '=', 'V')
      .where(sql<boolean>`NOT (lieu_path @> ${[template.lieu_id]}::integer[])`)
      .limit(1)
      .executeTakeFirst();
    const otherRub = await db.kysely
      .selectFrom('offers')
      .selectAll()
      .where('status', '=', 'active')
      .where('nature', '=', 'V')
      .where(sql<boolean>`NOT (rubrique_path @> ${[template.rubrique_id]}::integer[])`)
      .limit(1)
      .executeTakeFirst();
    if (!away || !otherRub)
      throw new Error('the test database needs offers in several places and rubriques');
    // Same place as the template, another rubrique; another place, the template's rubrique.
    otherRubrique = {
      ...template,
      rubrique_id: otherRub.rubrique_id,
      rubrique_path: otherRub.rubrique_path,
    };
    elsewhere = { ...template, lieu_id: away.lieu_id, lieu_path: away.lieu_path };
  });

  afterAll(async () => {
    transport?.close();
    await app?.close();
    await smtp?.close();
    await db?.close();
  });

  // Alert A: sale, the template's rubrique and place, 1–3 M€, in French.
  // Alert B: rent anywhere, 4,000–6,000 € a month, in English.
  let alertA = 0;
  let alertB = 0;
  const expectedA: string[] = [];
  const expectedB: string[] = [];
  const absent: string[] = [];
  let digestA: ReceivedMail | undefined;

  it('sends a new alert its confirmation mail at once, exactly one, and nothing else before confirmation', async () => {
    alertA = await createAlert('acheteur@example.com', 'fr', {
      nature: 'V',
      rubrique: [template.rubrique_id],
      lieu: template.lieu_id,
      prix_min: 1_000_000,
      prix_max: 3_000_000,
    });
    alertB = await createAlert('tenant@example.com', 'en', {
      nature: 'L',
      prix_min: 4_000,
      prix_max: 6_000,
    });
    // Matching offers already exist: still no digest before confirmation.
    expectedA.push((await insertOffer(template, 1, { price: 2_000_000 })).slug);
    expectedA.push((await insertOffer(template, 2, { price: 1_500_000, prix_cache: true })).slug);
    absent.push((await insertOffer(template, 3, { price: 5_000_000 })).slug); // too dear
    absent.push((await insertOffer(template, 3, { price: 900_000 })).slug); // too cheap
    absent.push((await insertOffer(elsewhere, 3, { price: 2_000_000 })).slug); // other place
    absent.push((await insertOffer(otherRubrique, 3, { price: 2_000_000 })).slug); // other rubrique
    absent.push((await insertOffer(template, 3, { price: 2_000_000, status: 'obsolete' })).slug);
    absent.push((await insertOffer(template, -5, { price: 2_000_000 })).slug); // before the alert
    expectedB.push(
      (await insertOffer(rentTemplate, 4, { monthly_rent: 5_000, weekly_rent: 9_000, price: null }))
        .slug,
    );
    // Rent alerts bound the monthly rent: neither the weekly rent nor the sale price count.
    absent.push(
      (
        await insertOffer(rentTemplate, 4, {
          monthly_rent: 8_000,
          weekly_rent: 5_000,
          price: 5_000,
        })
      ).slug,
    );
    absent.push((await insertOffer(template, 4, { nature: 'V', price: 5_000 })).slug);
    absent.push(
      (await insertOffer(rentTemplate, 4, { nature: 'S', weekly_rent: 5_000, monthly_rent: null }))
        .slug,
    );

    // POST /alerte sent both confirmations: the job has none to write or send.
    expect(smtp.messages).toHaveLength(2);
    const first = await run(5);
    expect(first).toMatchObject({ confirmationsQueued: 0, digestsQueued: 0, sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(2);
    const confirmA = smtp.messages.find((m) => m.envelopeTo.includes('acheteur@example.com'))!;
    const confirmB = smtp.messages.find((m) => m.envelopeTo.includes('tenant@example.com'))!;
    expect(confirmA.subject.startsWith(`Confirmez votre alerte\u00a0: ${natureLabel.V!.fr}`)).toBe(
      true,
    );
    expect(confirmA.text).toContain(
      'Pour activer cette alerte, ouvrez ce lien et confirmez votre adresse e-mail d’un clic sur le bouton de la page',
    );
    expect(confirmB.subject.startsWith(`Confirm your alert: ${natureLabel.L!.en}`)).toBe(true);
    expect(confirmB.text).toContain(
      'To activate this alert, open this link and confirm your e-mail address with the button on the page',
    );
    for (const mail of [confirmA, confirmB]) {
      expect(mail.headers.get('from')).toBe(FROM);
      expect(mail.headers.get('message-id')).toMatch(
        /^<alert-\d+\.confirm\.[0-9a-f-]+@portal\.test>$/,
      );
      // The link names the alert's language, so its page speaks it.
      const confirmLink = linkIn(mail.text, '/alerts/confirm');
      expect(new URL(confirmLink).searchParams.get('lang')).toBe(mail === confirmA ? 'fr' : 'en');
      expect(mail.html).toContain(`href="${confirmLink.replace(/&/g, '&amp;')}"`);
    }

    const second = await run(6);
    expect(second).toMatchObject({ confirmationsQueued: 0, digestsQueued: 0, sent: 0 });
    expect(smtp.messages).toHaveLength(2);
    const alert = await db.kysely
      .selectFrom('alerts')
      .select('confirm_sent_at')
      .where('id', '=', alertA)
      .executeTakeFirstOrThrow();
    expect(alert.confirm_sent_at).not.toBeNull();
  });

  it('confirms an alert with the token of its confirmation link, idempotently', async () => {
    for (const [id, email] of [
      [alertA, 'acheteur@example.com'],
      [alertB, 'tenant@example.com'],
    ] as const) {
      const mail = smtp.messages.find((m) => m.envelopeTo.includes(email))!;
      const token = tokenFrom(linkIn(mail.text, '/alerts/confirm'));
      const res = await post('/alerte/confirm', { token });
      expect(res).toEqual({
        status: 200,
        body: {
          status: 'confirmed',
          alert: {
            id,
            email,
            lang: email.startsWith('a') ? 'fr' : 'en',
            // The confirmed search, for a page opened on a device that did not save it.
            criteria: expect.objectContaining({ nature: email.startsWith('a') ? 'V' : 'L' }),
          },
        },
      });
      const again = await post('/alerte/confirm', { token });
      expect(again.status).toBe(200);
      expect(again.body.status).toBe('already-confirmed');
    }
  });

  it('mails a confirmed alert a digest of exactly its matching new offers', async () => {
    const summary = await run(10);
    expect(summary).toMatchObject({ digestsQueued: 2, offersReserved: 3, sent: 2, failed: 0 });
    const digests = smtp.messages.slice(2);
    digestA = digests.find((m) => m.envelopeTo.includes('acheteur@example.com'));
    const digestB = digests.find((m) => m.envelopeTo.includes('tenant@example.com'));
    expect(digestA && digestB).toBeTruthy();

    expect(digestSlugs(digestA!)).toEqual([...expectedA].sort());
    expect(digestSlugs(digestB!)).toEqual([...expectedB].sort());
    for (const slug of absent) {
      expect(digestA!.raw).not.toContain(slug);
      expect(digestB!.raw).not.toContain(slug);
    }

    // French digest: subject, price without decimals, hidden price, photo, offer link, page link.
    expect(
      digestA!.subject.startsWith(`2 nouveaux biens pour votre alerte\u00a0: ${natureLabel.V!.fr}`),
    ).toBe(true);
    expect(digestA!.text).toContain(formatPrice(2_000_000, 'V', 'fr'));
    expect(digestA!.text).toMatch(/2\s000\s000\s€/u);
    expect(digestA!.text).toContain('Prix sur demande');
    expect(digestA!.text).not.toContain(formatPrice(1_500_000, 'V', 'fr'));
    const photo = (template.photos as PhotoRow[])[0]!;
    expect(digestA!.html).toContain(`src="${PUBLIC_URL}/media/${photo.id}-400.jpg"`);
    const link = /https:\/\/portal\.test\/fr\/[^\s"]+\/alert-mail-test-[^\s"]+\//.exec(
      digestA!.text,
    )![0];
    expect(new URL(link).pathname.split('/').filter(Boolean)).toHaveLength(5);
    expect(digestA!.text).toContain(`${PUBLIC_URL}/fr/alertes/`);

    // English digest: rent with its suffix.
    expect(digestB!.subject).toBe(
      `1 new property for your alert: ${natureLabel.L!.en}, €4,000/month to €6,000/month`,
    );
    expect(digestB!.text).toContain('Here is the new property published on Prestige Portal');
    expect(digestB!.text).toContain('€5,000/month');
    expect(digestB!.html).toContain('<html lang="en">');

    // Both parts, the unsubscribe headers of RFC 2369 / 8058, and a Message-ID.
    for (const mail of [digestA!, digestB!]) {
      expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative/);
      expect(mail.text.length).toBeGreaterThan(100);
      expect(mail.html).toContain('</html>');
      expect(mail.headers.get('list-unsubscribe')).toMatch(
        /^<https:\/\/portal\.test\/alerts\/unsubscribe\?token=\d+\.[\w-]{22}&lang=(fr|en)>, <mailto:alertes@portal\.test\?subject=unsubscribe%20\d+\.[\w-]{22}>$/,
      );
      expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.headers.get('message-id')).toMatch(
        /^<alert-\d+\.digest\.[0-9a-f-]+@portal\.test>$/,
      );
    }
  });

  it('sends nothing more on the next run', async () => {
    const before = smtp.messages.length;
    const summary = await run(15);
    expect(summary).toMatchObject({
      confirmationsQueued: 0,
      digestsQueued: 0,
      sent: 0,
      skippedAlerts: 0,
    });
    expect(smtp.messages).toHaveLength(before);
  });

  it('sends a later digest with only the offer published since', async () => {
    const fresh = await insertOffer(template, 16, { price: 2_500_000 });
    await insertOffer(template, 16, { price: 3_500_000 }); // not matching
    const before = smtp.messages.length;
    const summary = await run(20);
    expect(summary).toMatchObject({ digestsQueued: 1, offersReserved: 1, sent: 1 });
    expect(smtp.messages).toHaveLength(before + 1);
    const mail = smtp.messages.at(-1)!;
    expect(mail.envelopeTo).toEqual(['acheteur@example.com']);
    expect(digestSlugs(mail)).toEqual([fresh.slug]);
    expect(mail.subject).toMatch(/^1 nouveau bien pour votre alerte/);
  });

  it('retries a refused send on the next run and delivers it once', async () => {
    const offer = await insertOffer(template, 21, { price: 1_200_000 });
    const before = smtp.messages.length;
    smtp.refuseNext(1);
    const failed = await run(25);
    expect(failed).toMatchObject({ digestsQueued: 1, sent: 0, failed: 1 });
    expect(smtp.refused).toBe(1);
    expect(smtp.messages).toHaveLength(before);
    const row = await db.kysely
      .selectFrom('mail_outbox')
      .selectAll()
      .where('alert_id', '=', alertA)
      .where('sent_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/451/);
    expect(new Date(row.next_attempt_at).getTime()).toBe(at(26).getTime());
    expect(
      logLines.some((l) => l.level === 'warn' && l.msg === 'alert mail failed, will retry'),
    ).toBe(true);

    // Before its backoff the mail waits; then it goes, with no new digest for the same offer.
    expect(await run(25.5)).toMatchObject({ sent: 0, digestsQueued: 0 });
    expect(await run(27)).toMatchObject({ sent: 1, digestsQueued: 0, failed: 0 });
    expect(await run(30)).toMatchObject({ sent: 0, digestsQueued: 0, skippedAlerts: 0 });
    const delivered = smtp.messages.slice(before);
    expect(delivered).toHaveLength(1);
    expect(digestSlugs(delivered[0]!)).toEqual([offer.slug]);
    expect(delivered[0]!.headers.get('message-id')).toBe(row.message_id);
    const everyDigestOfA = smtp.messages.filter(
      (m) => m.envelopeTo.includes('acheteur@example.com') && m.subject.includes('nouveau'),
    );
    const slugs = everyDigestOfA.flatMap(digestSlugs);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('stops every mail after the one-click unsubscribe of the List-Unsubscribe header', async () => {
    const header = digestA!.headers.get('list-unsubscribe')!;
    const url = /^<([^>]+)>/.exec(header)![1]!;
    expect(url.startsWith(`${PUBLIC_URL}/alerts/unsubscribe?token=`)).toBe(true);
    // What the web app forwards from a mail provider's one-click POST (RFC 8058).
    const oneClick = await post(
      `/alerte/unsubscribe?token=${encodeURIComponent(tokenFrom(url))}`,
      'List-Unsubscribe=One-Click',
      'application/x-www-form-urlencoded',
    );
    expect(oneClick).toEqual({
      status: 200,
      body: {
        status: 'unsubscribed',
        alert: {
          id: alertA,
          email: 'acheteur@example.com',
          lang: 'fr',
          criteria: expect.objectContaining({ nature: 'V' }),
        },
      },
    });
    const again = await post('/alerte/unsubscribe', { token: tokenFrom(url) });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('already-unsubscribed');

    await insertOffer(template, 31, { price: 2_000_000 });
    const before = smtp.messages.length;
    expect(await run(35)).toMatchObject({ digestsQueued: 0, sent: 0 });
    expect(smtp.messages).toHaveLength(before);

    // The confirmation link of an unsubscribed alert does not bring it back.
    const confirmA = smtp.messages.find((m) => m.envelopeTo.includes('acheteur@example.com'))!;
    const res = await post('/alerte/confirm', {
      token: tokenFrom(linkIn(confirmA.text, '/alerts/confirm')),
    });
    expect(res.status).toBe(404);
  });

  it('drops a queued mail of an alert unsubscribed before it went out', async () => {
    await insertOffer(rentTemplate, 36, { monthly_rent: 4_500 });
    const before = smtp.messages.length;
    smtp.refuseNext(1);
    expect(await run(40)).toMatchObject({ digestsQueued: 1, failed: 1 });
    const res = await post('/alerte/unsubscribe', {
      token: signMailToken(secret, 'unsubscribe', alertB),
    });
    expect(res.body.status).toBe('unsubscribed');
    expect(await run(45)).toMatchObject({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(before);
    const pending = await db.kysely
      .selectFrom('mail_outbox')
      .select(['cancelled_at', 'last_error'])
      .where('alert_id', '=', alertB)
      .where('sent_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(pending.cancelled_at).not.toBeNull();
    expect(pending.last_error).toBe('alert unsubscribed');
  });

  const badTokens: [string, number, string, unknown, RegExp][] = [
    ['no token', 400, '/alerte/confirm', {}, /token: is required/],
    ['an empty token', 400, '/alerte/unsubscribe', { token: '  ' }, /token/],
    [
      'a token of the wrong type',
      400,
      '/alerte/confirm',
      { token: 42 },
      /^token: must be a string/,
    ],
    [
      'a malformed token',
      400,
      '/alerte/confirm',
      { token: 'not-a-token' },
      /not a valid confirm link token/,
    ],
    [
      'a forged signature',
      400,
      '/alerte/unsubscribe',
      { token: `1.${'A'.repeat(22)}` },
      /signature/,
    ],
  ];
  it.each(badTokens)('answers %s with a clear %i', async (_name, status, path, body, message) => {
    const res = await post(path, body);
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
    if (status === 400) expect(res.body.field).toMatch(/token|body/);
  });

  it('refuses a confirmation token used to unsubscribe, and an alert that does not exist', async () => {
    const swapped = await post('/alerte/unsubscribe', {
      token: signMailToken(secret, 'confirm', alertA),
    });
    expect(swapped.status).toBe(400);
    const missing = await post('/alerte/confirm', {
      token: signMailToken(secret, 'confirm', 2_000_000_000),
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/does not exist/);
  });

  it('mails an alert naming its place’s omr list the whole list’s offers, one of the place alone its own', async () => {
    // Two places of one omr list, neither inside the other.
    const members = await db.kysely
      .selectFrom('lieux')
      .select(['id', 'ancestors', 'omr_list_id'])
      .where('omr_list_id', 'is not', null)
      .orderBy('omr_list_id')
      .orderBy('id')
      .execute();
    let pair: [(typeof members)[number], (typeof members)[number]] | undefined;
    for (const a of members) {
      const b = members.find(
        (m) =>
          m.omr_list_id === a.omr_list_id &&
          m.id !== a.id &&
          !(m.ancestors as number[]).includes(a.id) &&
          !(a.ancestors as number[]).includes(m.id),
      );
      if (b) {
        pair = [a, b];
        break;
      }
    }
    expect(pair, 'an omr list of two separate places').toBeDefined();
    const [place, other] = pair!;
    // Saved from the list of the place and its neighbours (the list named), and from the
    // place's own list (the place alone).
    const withList = await createAlert('omr@example.com', 'en', {
      nature: 'V',
      lieu: place.id,
      omr_list_id: place.omr_list_id!,
    });
    const alone = await createAlert('omr-alone@example.com', 'en', { nature: 'V', lieu: place.id });
    await db.kysely
      .updateTable('alerts')
      .set({ confirmed_at: at(50) })
      .where('id', 'in', [withList, alone])
      .execute();
    const inList = await insertOffer(
      {
        ...template,
        lieu_id: other.id,
        lieu_path: [...(other.ancestors as number[]), other.id],
      },
      50,
      { price: 2_000_000 },
    );
    const before = smtp.messages.length;
    const summary = await run(51);
    expect(summary.skippedAlerts).toBe(0);
    const digest = smtp.messages
      .slice(before)
      .find((m) => m.envelopeTo.includes('omr@example.com') && /new propert/.test(m.subject));
    expect(digest, 'a digest for the omr list alert').toBeDefined();
    expect(digestSlugs(digest!)).toContain(inList.slug);
    // The place alone: the other place's offer is none of its own.
    const own = smtp.messages
      .slice(before)
      .filter((m) => m.envelopeTo.includes('omr-alone@example.com'));
    expect(own.flatMap((m) => digestSlugs(m))).not.toContain(inList.slug);
  });

  it('writes .eml files and one log line per mail without SMTP', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'alert-mail-'));
    try {
      const alertD = await storeAlert('embedded@example.com', 'en', { nature: 'S' });
      const lines: LogLine[] = [];
      const summary = await run(50, {
        transport: createEmlTransport(join(dir, 'mail')),
        log: collectingLog(lines),
      });
      expect(summary).toMatchObject({ confirmationsQueued: 1, sent: 1 });
      const files = await readdir(join(dir, 'mail'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const mail = parseMail(await readFile(join(dir, 'mail', files[0]!), 'utf8'));
      expect(mail.headers.get('to')).toBe('embedded@example.com');
      expect(mail.subject).toBe(`Confirm your alert: ${natureLabel.S!.en}`);
      expect(tokenFrom(linkIn(mail.text, '/alerts/confirm'))).toBe(
        signMailToken(secret, 'confirm', alertD),
      );
      const written = lines.filter((l) => l.msg === 'alert mail written');
      expect(written).toHaveLength(1);
      expect(written[0]!.obj.detail).toBe(join(dir, 'mail', files[0]!));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('writes the confirmation of a new alert at once as an .eml file without SMTP', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'alert-mail-'));
    // The embedded portal's mail settings: no SMTP_URL, mails go to ALERTS_MAIL_DIR.
    const local = await buildListingsApp({
      db,
      env: {
        PUBLIC_URL,
        MAIL_FROM: FROM,
        ALERTS_MAIL_DIR: join(dir, 'mail'),
        ALERTS_INTERVAL_MS: '0',
        ALERT_SIGNING_SECRET: process.env.ALERT_SIGNING_SECRET,
      },
    });
    const siteName = (value: unknown) =>
      db.kysely
        .updateTable('settings')
        .set({ value: JSON.stringify(value) })
        .where('key', '=', 'siteName')
        .executeTakeFirstOrThrow();
    expect((await siteName('Maison Azur Immobilier')).numUpdatedRows).toBe(1n);
    try {
      const res = await local.inject({
        method: 'POST',
        url: '/alerte',
        payload: { email: 'eml@example.com', lang: 'fr', criteria: { nature: 'L' } },
      });
      expect(res.statusCode).toBe(201);
      const { alert } = res.json<{ alert: { id: number } }>();
      await local.mailOutbox.idle();
      const files = await readdir(join(dir, 'mail'));
      expect(files).toHaveLength(1);
      const mail = parseMail(await readFile(join(dir, 'mail', files[0]!), 'utf8'));
      expect(mail.headers.get('to')).toBe('eml@example.com');
      expect(mail.subject).toBe(`Confirmez votre alerte\u00a0: ${natureLabel.L!.fr}`);
      // The mails name the site as the pages do: the settings' siteName, not MAIL_FROM's name.
      expect(mail.text).toContain('publiés sur Maison Azur Immobilier');
      expect(mail.text).not.toContain('Prestige Portal');
      expect(tokenFrom(linkIn(mail.text, '/alerts/confirm'))).toBe(
        signMailToken(secret, 'confirm', alert.id),
      );
      const row = await db.kysely
        .selectFrom('alerts')
        .select('confirm_sent_at')
        .where('id', '=', alert.id)
        .executeTakeFirstOrThrow();
      expect(row.confirm_sent_at).not.toBeNull();
      // The job finds nothing left to write for it.
      expect(await run(52, { transport: createEmlTransport(join(dir, 'job')) })).toMatchObject({
        confirmationsQueued: 0,
      });
    } finally {
      await siteName('Prestige Portal');
      await local.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('stores a new alert and its confirmation in one transaction: both or neither', async () => {
    const criteria = { nature: 'V', prix_min: 7_000_000 };
    const res = await post('/alerte', {
      email: `together-${kind}@example.com`,
      lang: 'fr',
      criteria,
    });
    expect(res.status).toBe(201);
    const id = (res.body.alert as { id: number }).id;
    await app.mailOutbox.idle();
    const stored = await db.kysely
      .selectFrom('alerts')
      .innerJoin('mail_outbox as m', 'm.alert_id', 'alerts.id')
      .select(['alerts.created_at as alertAt', 'm.created_at as mailAt', 'm.kind'])
      .where('alerts.id', '=', id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.kind).toBe('confirm');
    // now() is the transaction's start: one transaction wrote both rows.
    expect(new Date(stored[0]!.mailAt).getTime()).toBe(new Date(stored[0]!.alertAt).getTime());

    // The outbox refuses the mail (a fault the real database cannot give otherwise): the alert
    // is not kept either, and no answer says it was.
    const refused = `refused-${kind}@example.com`;
    await sql`ALTER TABLE mail_outbox ADD CONSTRAINT test_refused_address
      CHECK (to_address <> ${sql.lit(refused)}) NOT VALID`.execute(db.kysely);
    try {
      const failed = await post('/alerte', { email: refused, lang: 'fr', criteria });
      expect(failed.status).toBe(500);
      const kept = await db.kysely
        .selectFrom('alerts')
        .select('id')
        .where('email', '=', refused)
        .execute();
      expect(kept).toEqual([]);
    } finally {
      await sql`ALTER TABLE mail_outbox DROP CONSTRAINT test_refused_address`.execute(db.kysely);
    }
  });

  it('logged no error along the way', () => {
    expect(logLines.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('runs the job on a schedule until stopped', async () => {
    await storeAlert('scheduled@example.com', 'fr', { nature: 'V' });
    const lines: LogLine[] = [];
    const scheduler = startAlertScheduler(db, {
      intervalMs: 60_000,
      publicUrl: PUBLIC_URL,
      transport,
      log: collectingLog(lines),
      secret,
      from: FROM,
    });
    try {
      const deadline = Date.now() + 20_000;
      while (!smtp.messages.some((m) => m.envelopeTo.includes('scheduled@example.com'))) {
        if (Date.now() > deadline) throw new Error('the scheduler sent nothing');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await scheduler.stop();
    }
    expect(lines.some((l) => l.msg === 'alert mail run' && l.obj.sent === 1)).toBe(true);
  });
});
