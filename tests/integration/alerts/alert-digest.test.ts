import { randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertCriteria, Lang, NatureId } from '../../../shared/contract';
import { formatPrice } from '../../../shared/format';
import { runAlertJob } from '../../../listings-api/alerts/job';
import { createSmtpTransport, type MailTransport } from '../../../listings-api/mail/transport';
import type { Db } from '../../../listings-api/db/connection';
import type { OffersTable } from '../../../listings-api/db/types';
import { createTestDb, testDbKinds } from '../../fixtures/db';
import { insertOfferCopy } from './offers';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from './smtp';

// Digests on every test database, against a real SMTP server: two job runs at once never send a
// mail twice nor reserve an offer twice, and price drops of matching offers are mailed once per
// change, labelled as such. Offers and price changes are dated after every seeded one, so the
// test decides what is new.

const PUBLIC_URL = 'https://portal.test';
const FROM = 'Prestige Portal <alertes@portal.test>';
const silent = pino({ level: 'silent' });

/** The offer slugs a digest links to, in order. */
function slugsIn(mail: ReceivedMail): string[] {
  return [...mail.text.matchAll(/(?:Voir le bien|View the property)\s?: (\S+)/g)].map((m) =>
    new URL(m[1]!).pathname.split('/').filter(Boolean).at(-1)!,
  );
}

describe.each(testDbKinds)('alert digests on %s', (kind) => {
  let db: Db;
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  let t0 = 0;
  let nextId = 0;
  let template: Selectable<OffersTable>;
  let otherRubrique: Selectable<OffersTable>;

  const at = (minutes: number) => new Date(t0 + minutes * 60_000);
  const run = (minutes: number) =>
    runAlertJob(db, {
      now: at(minutes),
      publicUrl: PUBLIC_URL,
      transport,
      log: silent,
      from: FROM,
    });
  const mailsTo = (email: string) => smtp.messages.filter((m) => m.envelopeTo.includes(email));

  /** A confirmed alert created at the given minute of the test. */
  async function confirmedAlert(email: string, lang: Lang, criteria: AlertCriteria, minute = 0) {
    const row = await db.kysely
      .insertInto('alerts')
      .values({
        token_hash: randomBytes(32).toString('hex'),
        email,
        lang,
        contact_proximite: false,
        criteria: JSON.stringify(criteria),
        criteria_key: randomBytes(32).toString('hex'),
        created_at: at(minute) as never,
        confirmed_at: at(minute),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A copy of a seeded offer with new id, slug, publication time and the given changes. */
  async function insertOffer(
    from: Selectable<OffersTable>,
    publishedMinute: number,
    over: Partial<{ nature: NatureId; price: number | null; prix_cache: boolean }> = {},
  ) {
    nextId += 1;
    const slug = `alert-digest-test-${kind}-${nextId}`;
    await insertOfferCopy(
      db,
      from,
      { id: nextId, slug, reference: `D${nextId}`, publishedAt: at(publishedMinute) },
      over,
    );
    return { id: nextId, slug };
  }

  /** A price change of a sale offer, as the import records it. */
  async function changePrice(offerId: number, from: number, to: number, minute: number) {
    await db.kysely.updateTable('offers').set({ price: to }).where('id', '=', offerId).execute();
    await db.kysely
      .insertInto('offer_price_history')
      .values({ offer_id: offerId, old_amount: from, new_amount: to, changed_at: at(minute) })
      .execute();
  }

  beforeAll(async () => {
    db = await createTestDb(kind);
    smtp = await startSmtpServer();
    transport = createSmtpTransport(smtp.url);
    const latest = await db.kysely
      .selectFrom('offers')
      .select((eb) => [eb.fn.max('published_at').as('latest'), eb.fn.max('id').as('maxId')])
      .executeTakeFirstOrThrow();
    t0 = Math.max(Date.now(), new Date(latest.latest as unknown as Date).getTime()) + 86_400_000;
    nextId = Number(latest.maxId) + 200_000;
    // Alerts the seed may hold are not this test's business.
    await db.kysely.updateTable('alerts').set({ unsubscribed_at: new Date() }).execute();

    template = await db.kysely
      .selectFrom('offers as o')
      .innerJoin('rubriques as r', 'r.id', 'o.rubrique_id')
      .selectAll('o')
      .where('o.status', '=', 'active')
      .where('o.nature', '=', 'V')
      .where('r.is_generic', '=', false)
      .orderBy('o.id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const otherRub = await db.kysely
      .selectFrom('offers')
      .selectAll()
      .where('status', '=', 'active')
      .where('nature', '=', 'V')
      .where(sql<boolean>`NOT (rubrique_path @> ${[template.rubrique_id]}::integer[])`)
      .limit(1)
      .executeTakeFirstOrThrow();
    otherRubrique = {
      ...template,
      rubrique_id: otherRub.rubrique_id,
      rubrique_path: otherRub.rubrique_path,
    };
  });

  afterAll(async () => {
    transport?.close();
    await smtp?.close();
    await db?.close();
  });

  const criteria = (): AlertCriteria => ({
    nature: 'V',
    rubrique: [template.rubrique_id],
    lieu: template.lieu_id,
    prix_max: 3_000_000,
  });

  it('sends each alert one digest when two runs go at once: no mail twice, no offer reserved twice', async () => {
    const emails = Array.from({ length: 6 }, (_, i) => `together-${i}@example.com`);
    const alertIds: number[] = [];
    for (const email of emails) alertIds.push(await confirmedAlert(email, 'fr', criteria()));
    const fresh = [
      await insertOffer(template, 1, { price: 2_000_000 }),
      await insertOffer(template, 2, { price: 2_100_000 }),
      await insertOffer(template, 3, { price: 2_200_000 }),
    ];
    // An older offer whose price dropped: each alert gets it once as well.
    const older = await insertOffer(template, -60, { price: 2_900_000 });
    await changePrice(older.id, 2_900_000, 2_500_000, 4);

    const [a, b] = await Promise.all([run(5), run(5)]);
    expect(a.digestsQueued + b.digestsQueued).toBe(emails.length);
    expect(a.sent + b.sent).toBe(emails.length);
    expect(a.offersReserved + b.offersReserved).toBe(emails.length * fresh.length);
    expect(a.dropsReserved + b.dropsReserved).toBe(emails.length);
    expect(a.failed + b.failed + a.skippedAlerts + b.skippedAlerts).toBe(0);

    expect(smtp.messages).toHaveLength(emails.length);
    for (const email of emails) {
      const mails = mailsTo(email);
      expect(mails, email).toHaveLength(1);
      expect(slugsIn(mails[0]!).sort()).toEqual([...fresh, older].map((o) => o.slug).sort());
    }
    const outbox = await db.kysely
      .selectFrom('mail_outbox')
      .select(['alert_id', 'sent_at', 'attempts'])
      .where('alert_id', 'in', alertIds)
      .execute();
    expect(outbox).toHaveLength(emails.length);
    expect(outbox.every((row) => row.sent_at != null && row.attempts === 1)).toBe(true);
    const reserved = await db.kysely
      .selectFrom('alert_sent_offers')
      .select(['alert_id', 'offer_id'])
      .where('alert_id', 'in', alertIds)
      .execute();
    expect(reserved).toHaveLength(emails.length * fresh.length);
    const drops = await db.kysely
      .selectFrom('alert_sent_price_drops')
      .select(['alert_id', 'offer_id'])
      .where('alert_id', 'in', alertIds)
      .execute();
    expect(drops).toHaveLength(emails.length);
    expect(drops.every((d) => d.offer_id === older.id)).toBe(true);

    // Later runs, at once again, find nothing more.
    const again = await Promise.all([run(6), run(6)]);
    expect(again.map((s) => s.digestsQueued + s.sent)).toEqual([0, 0]);
    expect(smtp.messages).toHaveLength(emails.length);
    await db.kysely
      .updateTable('alerts')
      .set({ unsubscribed_at: at(7) })
      .where('id', 'in', alertIds)
      .execute();
  });

  let dropped: { id: number; slug: string };

  it('mails a price drop of a matching offer once, labelled, with the old price struck', async () => {
    const before = smtp.messages.length;
    // Created after the previous test's offers and drops.
    await confirmedAlert('baisse@example.com', 'fr', criteria(), 8);
    await confirmedAlert('reduced@example.com', 'en', criteria(), 8);
    // Published before the alerts: never mailed as new, its drop is news.
    dropped = await insertOffer(template, -100, { price: 2_800_000 });
    await changePrice(dropped.id, 2_800_000, 2_450_000, 10);
    // A rise, a drop of an offer outside the criteria, a drop of a hidden price.
    const risen = await insertOffer(template, -100, { price: 2_000_000 });
    await changePrice(risen.id, 2_000_000, 2_600_000, 10);
    const elsewhere = await insertOffer(otherRubrique, -100, { price: 2_800_000 });
    await changePrice(elsewhere.id, 2_800_000, 2_000_000, 10);
    const hidden = await insertOffer(template, -100, { price: 2_800_000, prix_cache: true });
    await changePrice(hidden.id, 2_800_000, 2_000_000, 10);
    // Dropped to within the criteria's price range: matched on its price now.
    const intoRange = await insertOffer(template, -100, { price: 3_500_000 });
    await changePrice(intoRange.id, 3_500_000, 2_950_000, 10);
    // New since the alert and dropped too: listed as new only.
    const fresh = await insertOffer(template, 11, { price: 2_300_000 });
    await changePrice(fresh.id, 2_400_000, 2_300_000, 12);

    const summary = await run(15);
    expect(summary).toMatchObject({ digestsQueued: 2, sent: 2, failed: 0, skippedAlerts: 0 });
    expect(smtp.messages).toHaveLength(before + 2);
    const fr = mailsTo('baisse@example.com')[0]!;
    const en = mailsTo('reduced@example.com')[0]!;
    for (const mail of [fr, en]) {
      // New offers first, then drops, the latest first (same time: the higher id first).
      expect(slugsIn(mail)).toEqual([fresh.slug, intoRange.slug, dropped.slug]);
      for (const absent of [risen, elsewhere, hidden]) expect(mail.raw).not.toContain(absent.slug);
    }

    expect(fr.subject).toMatch(/^1 nouveau bien et 2 baisses de prix pour votre alerte\u00a0: /);
    expect(fr.text).toContain(
      `Prix en baisse\u00a0: ${formatPrice(2_800_000, 'V', 'fr')} → ${formatPrice(2_450_000, 'V', 'fr')} (−13\u00a0%)`,
    );
    expect(fr.html).toContain(
      `<s style="color:#6b6b6b;font-weight:normal;">${formatPrice(2_800_000, 'V', 'fr')}</s> <strong>${formatPrice(2_450_000, 'V', 'fr')}</strong>`,
    );
    expect(fr.html).toContain('Prix en baisse</span>');

    expect(en.subject).toMatch(/^1 new property and 2 price reductions for your alert: /);
    expect(en.text).toContain('Price reduced: €2,800,000 → €2,450,000 (−13%)');
    expect(en.html).toContain('Price reduced</span> −13%');
    expect(en.text).not.toContain('Prix en baisse');
  });

  it('does not mail the same drop again, and mails a later drop of the same offer', async () => {
    const before = smtp.messages.length;
    expect(await run(20)).toMatchObject({ digestsQueued: 0, sent: 0 });
    expect(smtp.messages).toHaveLength(before);

    await changePrice(dropped.id, 2_450_000, 2_200_000, 21);
    expect(await run(25)).toMatchObject({ digestsQueued: 2, dropsReserved: 2, sent: 2 });
    const fr = mailsTo('baisse@example.com').at(-1)!;
    expect(slugsIn(fr)).toEqual([dropped.slug]);
    expect(fr.subject).toMatch(/^1 baisse de prix pour votre alerte\u00a0: /);
    expect(fr.text).toContain(
      `${formatPrice(2_450_000, 'V', 'fr')} → ${formatPrice(2_200_000, 'V', 'fr')}`,
    );
    expect(mailsTo('reduced@example.com').at(-1)!.subject).toMatch(
      /^1 price reduction for your alert: /,
    );
  });
});
