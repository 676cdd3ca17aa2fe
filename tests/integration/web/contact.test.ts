import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Lang, OfferDetail } from '../../../shared/contract';
import { CONTACT_IP_LIMIT } from '../../../server/writes/contact';
import { testDbKinds } from '../../fixtures/db';
import { postForm, textOf } from './helpers';
import {
  findOffer,
  offerDetail,
  offerPathOf,
  startOfferWorld,
  statCounts,
  BROWSER_UA,
  type OfferWorld,
} from './offer-fixture';

// The contact form of the offer page, on the real listings API: its `contact` action called by
// the browser's router (JSON outcome, with JavaScript) and the form posted without JavaScript. Every rule of spec section 5 with its
// exact message in both languages, the success text, the spam guard (signed counter cookie up to
// settings.maxContact, then refused and flagged isSpammer; the per-connection limit behind it), a
// double submit stored once, the e-mail stat, and the listings API down while sending.

const SENT = {
  fr: "Votre demande d'informations a bien été envoyée.",
  en: 'Your request for information has been sent.',
};
const COPY_SENT = {
  fr: 'Une copie de votre demande a été envoyée à',
  en: 'A copy of your request has been sent to',
};
const REFUSED = {
  fr: "Vous avez atteint le nombre maximum de demandes de contact pour aujourd'hui. Veuillez réessayer demain.",
  en: 'You have reached the maximum number of contact requests for today. Please try again tomorrow.',
};
const FAILED = {
  fr: "Votre demande n'a pas pu être envoyée : le service est momentanément indisponible. Veuillez réessayer dans quelques instants.",
  en: 'Your request could not be sent: the service is temporarily unavailable. Please try again in a few moments.',
};

const VALID = {
  name: 'Camille Martin',
  phone: '06 12 34 56 78',
  email: 'camille.martin@example.org',
  message: 'Je souhaite visiter ce bien.',
};

/** One row per rule of spec section 5: the field, what is typed, the message in both languages. */
const INVALID: {
  field: 'name' | 'phone' | 'email' | 'message';
  value: string;
  id: string;
  fr: string;
  en: string;
}[] = [
  {
    field: 'name',
    value: '',
    id: 'form.name.required',
    fr: 'Veuillez saisir votre nom',
    en: 'Please enter your name',
  },
  {
    field: 'name',
    value: 'N'.repeat(81),
    id: 'form.name.tooLong',
    fr: 'Votre nom ne peut pas dépasser 80 caractères',
    en: 'Your name cannot exceed 80 characters',
  },
  {
    field: 'phone',
    value: '',
    id: 'form.phone.required',
    fr: 'Veuillez saisir un numéro de téléphone',
    en: 'Please enter a telephone number',
  },
  {
    field: 'phone',
    value: '06 12',
    id: 'form.phone.invalid',
    fr: 'Veuillez saisir un numéro de téléphone valide',
    en: 'Please enter a valid telephone number',
  },
  {
    field: 'email',
    value: '',
    id: 'form.email.required',
    fr: 'Veuillez saisir une adresse e-mail',
    en: 'Please enter an email address',
  },
  {
    field: 'email',
    value: 'camille@',
    id: 'form.email.invalid',
    fr: 'Veuillez saisir une adresse e-mail valide',
    en: 'Please enter a valid email address',
  },
  {
    field: 'message',
    value: '   ',
    id: 'form.message.required',
    fr: 'Veuillez saisir un message',
    en: 'Please enter a message',
  },
];

const apos = (s: string) => s.replace(/'/g, '&#x27;');
// Each request from its own address, so the per-connection limit only shows where it is tested.
let addresses = 0;
const nextAddress = () => `10.1.${(++addresses >> 8) & 255}.${addresses & 255}`;
const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2)}`;

/** The signed counter cookie of an answer, as the next request sends it. */
function counterCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith('contact_counter='));
  if (!found) throw new Error('no contact counter cookie');
  return found.split(';')[0]!;
}

describe.each(testDbKinds)('contact form on %s', (kind) => {
  let world: OfferWorld;
  let offer: OfferDetail;
  let offers: Record<Lang, { path: string }>;
  let maxContact: number;

  const contactsWith = async (message: string) => {
    const result = await sql<{ n: number }>`
      SELECT count(*)::integer AS n FROM contacts WHERE message = ${message}`.execute(
      world.db.kysely,
    );
    return result.rows[0]!.n;
  };
  const contactForm = (fields: Record<string, string>) => ({
    _form: 'contact',
    offer_id: String(offer.id),
    ...fields,
  });
  /** The form posted without JavaScript: the page answers. */
  const postPage = (
    lang: Lang,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
    remoteAddress = nextAddress(),
  ) =>
    postForm(world.web, offers[lang].path, contactForm(fields), {
      js: false,
      headers,
      remoteAddress,
    });
  /** The form posted by the browser's router: the action's outcome comes back as JSON. */
  const postAction = (
    lang: Lang,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
    remoteAddress = nextAddress(),
  ) =>
    postForm(world.web, offers[lang].path, contactForm(fields), {
      headers: { 'user-agent': BROWSER_UA, ...headers },
      remoteAddress,
    });

  beforeAll(async () => {
    world = await startOfferWorld(kind, { switchable: true });
    const id = await findOffer(world.db, sql<boolean>`true`);
    offer = await offerDetail(world, id, 'fr');
    offers = {
      fr: { path: offerPathOf(offer, 'fr', world.config) },
      en: { path: offerPathOf(await offerDetail(world, id, 'en'), 'en', world.config) },
    };
    maxContact = world.config.settings.maxContact;
    expect(maxContact).toBeGreaterThan(1);
  });
  afterAll(async () => {
    await world?.close();
  });

  describe('with JavaScript (the action answers its outcome)', () => {
    it('stores a valid request for the offer, counts an e-mail stat and sets the counter cookie', async () => {
      const message = unique('Valid request');
      const emails = (await statCounts(world.db, offer.id)).email ?? 0;
      const res = await postAction('en', { ...VALID, message, reco: 'on' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        data: {
          form: 'contact',
          status: 'sent',
          target: { offer_id: offer.id },
          values: { name: '', phone: '', email: '', message: '', reco: false },
          copyTo: VALID.email,
          errors: {},
          isSpammer: false,
        },
      });
      const row = await world.db.kysely
        .selectFrom('contacts')
        .selectAll()
        .where('message', '=', message)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        offer_id: offer.id,
        agency_id: offer.agency.id,
        lang: 'en',
        name: VALID.name,
        email: VALID.email,
        phone_e164: '+33612345678',
        reco: true,
      });
      // The stat is counted after the answer, which does not wait for it.
      await vi.waitFor(
        async () => expect((await statCounts(world.db, offer.id)).email).toBe(emails + 1),
        { timeout: 5000 },
      );
      const cookie = counterCookie(res.headers['set-cookie']);
      expect(cookie).toMatch(/^contact_counter=1\.\d+\.[\w-]+\.[\w%+/=-]+$/);
      expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i);
      expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=86400/);
    });

    it.each(INVALID)(
      'refuses $field "$value" with $id, storing nothing',
      async ({ field, value, id }) => {
        const message = field === 'message' ? value : unique('Invalid request');
        const res = await postAction('fr', { ...VALID, message, [field]: value });
        expect(res.statusCode).toBe(400);
        expect(res.json().data).toMatchObject({ status: 'invalid', errors: { [field]: id } });
        if (field !== 'message') expect(await contactsWith(message)).toBe(0);
        expect(res.headers['set-cookie']).toBeUndefined();
      },
    );

    it.each([
      [{ offer_id: '' }],
      [{ offer_id: 'abc' }],
      [{ offer_id: '999999999' }],
      [{ idempotency_key: 'x' }],
    ])('refuses a bad target or key with a 400, storing nothing (%o)', async (bad) => {
      const message = unique('Bad target');
      const res = await postAction('fr', { ...VALID, message, ...bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()).not.toHaveProperty('data');
      expect(await contactsWith(message)).toBe(0);
    });

    it('refuses a request from another site, storing nothing', async () => {
      const message = unique('Cross-site');
      const res = await postAction(
        'en',
        { ...VALID, message },
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This form is only accepted from this site.');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await contactsWith(message)).toBe(0);
    });

    it('stores a double submit once (same idempotency key)', async () => {
      const message = unique('Double submit');
      const fields = { ...VALID, message, idempotency_key: `k-${Date.now()}-double` };
      const [a, b] = await Promise.all([postAction('fr', fields), postAction('fr', fields)]);
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(a.json().data.status).toBe('sent');
      expect(b.json().data.status).toBe('sent');
      expect(await contactsWith(message)).toBe(1);
    });

    it('counts up to maxContact, then refuses and flags the visitor as a spammer', async () => {
      let cookie = '';
      const messages: string[] = [];
      for (let i = 1; i <= maxContact; i++) {
        const message = unique(`Counter ${i}`);
        messages.push(message);
        const res = await postAction('en', { ...VALID, message }, cookie ? { cookie } : {});
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toMatchObject({ status: 'sent', isSpammer: i === maxContact });
        cookie = counterCookie(res.headers['set-cookie']);
        expect(cookie.startsWith(`contact_counter=${i}.`)).toBe(true);
      }
      for (const message of messages) expect(await contactsWith(message)).toBe(1);
      for (const lang of ['en', 'fr'] as const) {
        const message = unique('Over the limit');
        const refused = await postAction(lang, { ...VALID, message }, { cookie });
        expect(refused.statusCode).toBe(429);
        expect(refused.json().data).toMatchObject({ status: 'refused', isSpammer: true });
        expect(await contactsWith(message)).toBe(0);
        // Without JavaScript, the same refusal on the page, with what was typed.
        const pageMessage = unique('Over the limit, no JavaScript');
        const page = await postPage(lang, { ...VALID, message: pageMessage }, { cookie });
        expect(page.statusCode).toBe(429);
        expect(textOf(page.body)).toContain(REFUSED[lang]);
        expect(page.body).toContain(pageMessage);
        expect(await contactsWith(pageMessage)).toBe(0);
      }
    });

    it('treats a counter cookie that was tampered with as a new one', async () => {
      const res = await postAction(
        'fr',
        { ...VALID, message: unique('Tampered') },
        { cookie: 'contact_counter=99.1700000000000.abc.forged' },
      );
      expect(res.statusCode).toBe(200);
      expect(counterCookie(res.headers['set-cookie']).startsWith('contact_counter=1.')).toBe(true);
    });
  });

  describe('without JavaScript (the page form)', () => {
    it.each(['fr', 'en'] as const)(
      'shows the success text (%s), stores it, is never cached',
      async (lang) => {
        const message = unique(`Page form ${lang}`);
        const res = await postPage(lang, { ...VALID, message, reco: 'on' });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(textOf(res.body)).toContain(SENT[lang]);
        // The visitor's copy: the page names the address it went to.
        expect(textOf(res.body)).toContain(`${COPY_SENT[lang]} ${VALID.email}.`);
        expect(await contactsWith(message)).toBe(1);
        // The form comes back empty once sent.
        expect(res.body).not.toContain(message);
      },
    );

    it('stores a double post of the same form once', async () => {
      const message = unique('Posted twice');
      const first = await postPage('fr', { ...VALID, message });
      const cookie = counterCookie(first.headers['set-cookie']);
      const second = await postPage('fr', { ...VALID, message }, { cookie });
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(await contactsWith(message)).toBe(1);
      // Counted once too.
      expect(counterCookie(second.headers['set-cookie']).startsWith('contact_counter=1.')).toBe(
        true,
      );
    });

    describe.each(INVALID)('$field "$value"', ({ field, value, fr, en }) => {
      it.each([
        ['fr', fr],
        ['en', en],
      ] as const)('shows "%s" message and keeps what was typed', async (lang, text) => {
        const message = field === 'message' ? value : unique('Typed message');
        const fields = {
          ...VALID,
          message,
          [field]: value,
          name: field === 'name' ? value : 'Typed Name',
        };
        const res = await postPage(lang, fields);
        expect(res.statusCode).toBe(400);
        expect(textOf(res.body)).toContain(text);
        expect(res.body).toMatch(
          new RegExp(`aria-invalid="true"[^>]*aria-describedby="[^"]*-${field}-error"`),
        );
        if (field !== 'name') expect(res.body).toContain('value="Typed Name"');
        if (field !== 'email') expect(res.body).toContain(`value="${VALID.email}"`);
        if (field !== 'message') expect(res.body).toContain(apos(message));
        if (field !== 'message') expect(await contactsWith(message)).toBe(0);
      });
    });

    it('refuses a form posted from another site', async () => {
      const res = await postPage('fr', VALID, { origin: 'https://evil.example' });
      expect(res.statusCode).toBe(403);
    });

    it('refuses an unknown page form', async () => {
      const res = await postForm(world.web, offers.fr.path, { _form: 'nope' }, { js: false });
      // The page's own error page, in its language.
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      const unnamed = await postForm(world.web, offers.en.path, { name: 'x' }, { js: false });
      expect(unnamed.statusCode).toBe(400);
      expect(unnamed.json()).toMatchObject({
        field: '_form',
        message: 'This request is not a form of this page.',
      });
    });
  });

  describe('the listings API down while sending', () => {
    it('answers the error and stores nothing (JSON), then works again', async () => {
      // Warm the page's answers, as a visitor reading the offer has.
      expect((await world.web.inject(offers.fr.path)).statusCode).toBe(200);
      const message = unique('While down');
      world.setDown(true);
      try {
        const res = await postAction('fr', { ...VALID, message });
        expect(res.statusCode).toBe(503);
        expect(res.json().data).toMatchObject({ status: 'failed', values: { message } });
        expect(res.headers['set-cookie']).toBeUndefined();
      } finally {
        world.setDown(false);
      }
      expect(await contactsWith(message)).toBe(0);
      const again = await postAction('fr', { ...VALID, message });
      expect(again.statusCode).toBe(200);
      expect(await contactsWith(message)).toBe(1);
    });

    it.each(['fr', 'en'] as const)(
      'shows the error and what was typed on the page (%s)',
      async (lang) => {
        expect((await world.web.inject(offers[lang].path)).statusCode).toBe(200);
        const message = unique(`Down page ${lang}`);
        world.setDown(true);
        let res;
        try {
          res = await postPage(lang, { ...VALID, message });
        } finally {
          world.setDown(false);
        }
        expect(res.statusCode).toBe(503);
        expect(textOf(res.body)).toContain(FAILED[lang]);
        expect(res.body).toContain(message);
        expect(res.body).toContain(`value="${VALID.email}"`);
        expect(res.body).toContain(`value="${VALID.phone}"`);
        expect(await contactsWith(message)).toBe(0);
      },
    );

    it('keeps the form and what was typed when the offer itself cannot be loaded', async () => {
      // An offer no one has looked at: nothing of it in the web process's memory.
      const id = await findOffer(world.db, sql<boolean>`o.id <> ${offer.id} AND o.nature = 'L'`);
      const other = await offerDetail(world, id, 'fr');
      const message = unique('Down, offer unknown to the web process');
      // The frame's configuration is in memory, as on any running site.
      expect((await world.web.inject('/fr/')).statusCode).toBe(200);
      world.setDown(true);
      let res;
      try {
        res = await postForm(
          world.web,
          offerPathOf(other, 'fr', world.config),
          { _form: 'contact', offer_id: String(id), ...VALID, message },
          { js: false, remoteAddress: nextAddress() },
        );
      } finally {
        world.setDown(false);
      }
      expect(res.statusCode).toBe(503);
      const text = textOf(res.body);
      expect(text).toContain("Votre demande n'a pas pu être envoyée");
      expect(text).toContain(FAILED.fr);
      expect(res.body).toContain(message);
      expect(res.body).toContain(`<input type="hidden" name="offer_id" value="${id}"/>`);
      expect(await contactsWith(message)).toBe(0);
    });
  });

  it('limits well-formed requests per connection behind the cookie counter', async () => {
    const send = (fields: Record<string, string>, lang: Lang = 'fr') =>
      postAction(lang, fields, {}, '10.9.9.9');
    // A typo does not count.
    expect((await send({ ...VALID, phone: '' })).statusCode).toBe(400);
    // Requests the API refuses (an unknown offer) do not count: nothing was stored. (Ten of them:
    // every form of one connection stays within the page forms' own limit of 60 a minute.)
    for (let i = 0; i < 10; i++) {
      const res = await send({ ...VALID, offer_id: '999999999' });
      expect(res.statusCode).toBe(400);
    }
    // Stored requests count, up to the allowance.
    for (let i = 0; i < CONTACT_IP_LIMIT.max; i++) {
      const res = await send({ ...VALID, message: unique('Within the allowance') });
      expect(res.statusCode).toBe(200);
    }
    const message = unique('Limited');
    const last = await send({ ...VALID, message }, 'en');
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toMatch(/^\d+$/);
    expect(last.json().data).toMatchObject({ status: 'rate-limited' });
    expect(await contactsWith(message)).toBe(0);
    // The page without JavaScript says it in the visitor's language.
    const page = await postPage('en', { ...VALID, message }, {}, '10.9.9.9');
    expect(page.statusCode).toBe(429);
    expect(textOf(page.body)).toContain(
      'Too many requests have been sent from your connection. Please try again later.',
    );
  });
});
