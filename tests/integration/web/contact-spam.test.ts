import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../../shared/contract';
import { testDbKinds } from '../../fixtures/db';
import { startSmtpServer, type TestSmtpServer } from '../alerts/smtp';
import { postForm, textOf } from './helpers';
import { findOffer, offerPaths, startOfferWorld, type OfferWorld } from './offer-fixture';

// A contact request the spam guard marks (the one that brings the visitor's counter to
// settings.maxContact: server/writes/contact.ts) through the web app and the real listings API
// with its mail outbox on a real SMTP server: it is stored with the mark, mails nobody, and the
// visitor gets the same answer as for the request before it, with and without JavaScript, in
// both languages.

let addresses = 0;
const nextAddress = () => `10.7.${(++addresses >> 8) & 255}.${addresses & 255}`;
const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2)}`;

function counterCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith('contact_counter='));
  if (!found) throw new Error('no contact counter cookie');
  return found.split(';')[0]!;
}

describe.each(testDbKinds)('a contact request marked as spam on %s', (kind) => {
  let smtp: TestSmtpServer;
  let world: OfferWorld;
  let offerId: number;
  let paths: Record<Lang, string>;
  let maxContact: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    world = await startOfferWorld(kind, { apiEnv: { SMTP_URL: smtp.url } });
    offerId = await findOffer(world.db, sql<boolean>`true`);
    paths = await offerPaths(world, offerId);
    maxContact = world.config.settings.maxContact;
    expect(maxContact).toBeGreaterThan(1);
  });
  afterAll(async () => {
    await world?.close();
    await smtp?.close();
  });

  const contactOf = (message: string) =>
    world.db.kysely
      .selectFrom('contacts')
      .select(['id', 'spam', 'lead_status'])
      .where('message', '=', message)
      .executeTakeFirstOrThrow();
  const outboxOf = (contactId: number) =>
    world.db.kysely
      .selectFrom('mail_outbox')
      .select(['kind', 'to_address'])
      .where('contact_id', '=', contactId)
      .orderBy('kind')
      .execute();

  describe.each([
    { js: true, mode: 'with the action header' },
    { js: false, mode: 'without JavaScript' },
  ])('$mode', ({ js }) => {
    it.each(['fr', 'en'] as Lang[])(
      'stores it with the mark, mails nobody, answers as to any other (%s)',
      async (lang) => {
        const email = `visitor-${lang}-${js ? 'js' : 'page'}-${kind}@example.org`;
        const fields = (message: string) => ({
          _form: 'contact',
          offer_id: String(offerId),
          name: 'Camille Martin',
          phone: '06 12 34 56 78',
          email,
          message,
        });
        let cookie = '';
        const answers = [];
        const messages: string[] = [];
        for (let i = 1; i <= maxContact; i++) {
          const message = unique(`Request ${i}`);
          messages.push(message);
          const res = await postForm(world.web, paths[lang], fields(message), {
            js,
            headers: cookie ? { cookie } : {},
            remoteAddress: nextAddress(),
          });
          cookie = counterCookie(res.headers['set-cookie']);
          answers.push(res);
        }
        await world.api.mailOutbox.idle();
        const normal = answers.at(-2)!;
        const marked = answers.at(-1)!;

        // The same answer as the request before it.
        expect(marked.statusCode).toBe(200);
        expect(marked.statusCode).toBe(normal.statusCode);
        if (js) {
          const { isSpammer: _n, ...normalData } = normal.json().data;
          const { isSpammer: _m, ...markedData } = marked.json().data;
          expect(markedData).toEqual(normalData);
          expect(markedData.status).toBe('sent');
        } else {
          expect(textOf(marked.body)).toBe(textOf(normal.body));
        }

        // Stored with the mark, mailed to nobody; the request before it was mailed as usual.
        const before = await contactOf(messages.at(-2)!);
        const spam = await contactOf(messages.at(-1)!);
        expect(before).toMatchObject({ spam: false, lead_status: 'sent' });
        expect(spam).toMatchObject({ spam: true, lead_status: null });
        expect((await outboxOf(before.id)).map((m) => m.kind)).toEqual(['lead', 'lead-copy']);
        expect(await outboxOf(spam.id)).toEqual([]);
        const received = smtp.messages.filter((m) => m.text.includes(messages.at(-1)!));
        expect(received).toEqual([]);
        expect(smtp.messages.some((m) => m.text.includes(messages.at(-2)!))).toBe(true);
      },
    );
  });
});
