import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang, LieuSuggestionList } from '../../../shared/contract';
import { ACTION_HEADER } from '../../../shared/page-actions';
import { PROSPECT_IP_LIMIT } from '../../../server/writes/prospect';
import { href } from '../../../shared/routes';
import { testDbKinds } from '../../fixtures/db';
import { postForm, textOf, upstreamJson } from './helpers';
import { startOfferWorld, type OfferWorld } from './offer-fixture';

// The professional contact form (spec sections 3, 5 and 7) against the real listings API: its
// `prospect` action called by the browser's router (JSON outcome, with JavaScript) and the form
// posted without JavaScript. Every rule of the form checked with the browser's schema, each
// message in both languages, the request stored once with its language, nothing stored on a
// refusal, a request from another site refused, the per-connection limit, and the listings API
// down.

const VALID = {
  lastname: 'Lefèvre',
  firstname: 'Hélène',
  company: 'Lefèvre Immobilier de Prestige',
  city: 'Paris',
  phone: '06 12 34 56 78',
  email: 'helene@lefevre-immobilier.example',
  message: 'Nous souhaitons diffuser une trentaine de biens.',
};

const long = (n: number) => 'x'.repeat(n);

/** One row per rule: the field, its value, the field it shows on, the message in both languages. */
const INVALID: { field: string; value: string; on?: string; id: string; fr: string; en: string }[] =
  [
    {
      field: 'lastname',
      value: '',
      id: 'form.lastname.required',
      fr: 'Veuillez saisir votre nom',
      en: 'Please enter your last name',
    },
    {
      field: 'lastname',
      value: long(81),
      id: 'form.lastname.tooLong',
      fr: 'Votre nom ne peut pas dépasser 80 caractères',
      en: 'Your last name cannot exceed 80 characters',
    },
    {
      field: 'firstname',
      value: '  ',
      id: 'form.firstname.required',
      fr: 'Veuillez saisir votre prénom',
      en: 'Please enter your first name',
    },
    {
      field: 'firstname',
      value: long(81),
      id: 'form.firstname.tooLong',
      fr: 'Votre prénom ne peut pas dépasser 80 caractères',
      en: 'Your first name cannot exceed 80 characters',
    },
    {
      field: 'company',
      value: '',
      id: 'form.company.required',
      fr: 'Veuillez saisir le nom de votre société',
      en: 'Please enter your company name',
    },
    {
      field: 'company',
      value: long(81),
      id: 'form.company.tooLong',
      fr: 'Le nom de votre société ne peut pas dépasser 80 caractères',
      en: 'Your company name cannot exceed 80 characters',
    },
    {
      field: 'city',
      value: '',
      id: 'form.city.required',
      fr: 'Veuillez saisir une ville',
      en: 'Please enter a city',
    },
    {
      field: 'city',
      value: long(81),
      id: 'form.city.tooLong',
      fr: 'Le nom de la ville ne peut pas dépasser 80 caractères',
      en: 'The city name cannot exceed 80 characters',
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
      value: '12 34',
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
      value: 'helene@',
      id: 'form.email.invalid',
      fr: 'Veuillez saisir une adresse e-mail valide',
      en: 'Please enter a valid email address',
    },
    {
      field: 'message',
      value: long(5001),
      id: 'form.message.tooLong',
      fr: 'Votre message ne peut pas dépasser 5000 caractères',
      en: 'Your message cannot exceed 5000 characters',
    },
    // The picked place's id is a hidden field: its error shows on the city.
    {
      field: 'lieu_id',
      value: 'abc',
      on: 'city',
      id: 'form.field.invalid',
      fr: "Cette valeur n'est pas valide",
      en: 'This value is not valid',
    },
  ];

const FAILED = {
  fr: "Votre demande n'a pas pu être envoyée : le service est momentanément indisponible. Vos informations sont conservées, réessayez dans quelques instants.",
  en: 'Your request could not be sent: the service is temporarily unavailable. What you typed is kept; please try again in a few moments.',
};
const RATE_LIMITED = {
  fr: 'Trop de demandes ont été envoyées depuis votre connexion. Réessayez dans une minute.',
  en: 'Too many requests have been sent from your connection. Please try again in a minute.',
};
const CROSS_SITE = {
  fr: "Ce formulaire n'est accepté que depuis ce site.",
  en: 'This form is only accepted from this site.',
};

// Each request from its own address, so the per-connection limits only show where tested.
let addresses = 0;
const nextAddress = () => `10.2.${(++addresses >> 8) & 255}.${addresses & 255}`;
const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2)}`;

describe.each(testDbKinds)('professional contact form on %s', (kind) => {
  let world: OfferWorld;
  let parisId: number;
  const page = (lang: Lang) => href('proContact', {}, lang, world.config);
  const count = async () =>
    (
      await sql<{ n: number }>`SELECT count(*)::integer AS n FROM prospects`.execute(
        world.db.kysely,
      )
    ).rows[0]!.n;
  const withMessage = async (message: string) =>
    (
      await sql<{ n: number }>`
        SELECT count(*)::integer AS n FROM prospects WHERE message = ${message}`.execute(
        world.db.kysely,
      )
    ).rows[0]!.n;
  /** The form posted without JavaScript: the page answers. */
  const postPage = (
    lang: Lang,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
    remoteAddress = nextAddress(),
  ) =>
    postForm(
      world.web,
      page(lang),
      { _form: 'prospect', ...fields },
      { js: false, headers, remoteAddress },
    );
  /** The form posted by the browser's router: the action's outcome comes back as JSON. */
  const postAction = (
    lang: Lang,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
    remoteAddress = nextAddress(),
  ) =>
    postForm(world.web, page(lang), { _form: 'prospect', ...fields }, { headers, remoteAddress });

  beforeAll(async () => {
    world = await startOfferWorld(kind, { switchable: true });
    const found = await upstreamJson<LieuSuggestionList>(
      world.apiUrl,
      '/search-lieu?q=Paris&lang=fr&limit=1',
    );
    parisId = found.items[0]!.id;
  });
  afterAll(async () => {
    await world?.close();
  });

  it.each(['fr', 'en'] as Lang[])('shows the form with its fields (%s)', async (lang) => {
    const res = await world.web.inject({ method: 'GET', url: page(lang) });
    expect(res.statusCode).toBe(200);
    for (const name of ['lastname', 'firstname', 'company', 'city', 'phone', 'email', 'message'])
      expect(res.body).toMatch(new RegExp(`name="${name}"`));
    expect(res.body).toContain('name="_form" value="prospect"');
    expect(res.body).toMatch(new RegExp(`<form[^>]*action="${page(lang)}"`));
    expect(textOf(res.body)).toContain(
      lang === 'fr' ? 'Espace professionnels' : 'Professional space',
    );
  });

  it('no longer has a JSON route of its own', async () => {
    const res = await world.web.inject({
      method: 'POST',
      url: '/api/contact-prospect',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...VALID, lang: 'fr' }),
    });
    expect(res.statusCode).toBe(404);
  });

  describe('with JavaScript (the action answers its outcome)', () => {
    it('stores a valid request with its language and place', async () => {
      const message = unique('Valid request');
      const res = await postAction('en', { ...VALID, message, lieu_id: String(parisId) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        data: {
          form: 'prospect',
          status: 'sent',
          values: { ...VALID, message, lieu_id: String(parisId) },
          errors: {},
        },
      });
      const row = (
        await sql<{
          lang: string;
          lastname: string;
          company: string;
          lieu_id: number | null;
          phone_e164: string;
          email: string;
        }>`SELECT lang, lastname, company, lieu_id, phone_e164, email FROM prospects WHERE message = ${message}`.execute(
          world.db.kysely,
        )
      ).rows;
      expect(row).toEqual([
        {
          lang: 'en',
          lastname: VALID.lastname,
          company: VALID.company,
          lieu_id: parisId,
          phone_e164: '+33612345678',
          email: VALID.email,
        },
      ]);
    });

    it.each(INVALID)(
      'refuses $field = "$value" with $id, storing nothing',
      async ({ field, value, on, id }) => {
        const before = await count();
        const res = await postAction('fr', { ...VALID, [field]: value });
        expect(res.statusCode).toBe(400);
        expect(res.headers['cache-control']).toBe('no-store');
        const { data } = res.json<{ data: { status: string; errors: Record<string, string> } }>();
        expect(data.status).toBe('invalid');
        expect(data.errors).toEqual({ [on ?? field]: id });
        expect(await count()).toBe(before);
      },
    );

    it('puts a place the listings API does not know on the city field', async () => {
      const message = unique('Unknown place');
      const res = await postAction('fr', { ...VALID, message, lieu_id: '2000000000' });
      expect(res.statusCode).toBe(400);
      expect(res.json().data).toMatchObject({
        status: 'invalid',
        errors: { city: 'form.field.invalid' },
      });
      expect(await withMessage(message)).toBe(0);
    });

    it('leaves the allowance of a connection whose requests the listings API refused', async () => {
      const address = nextAddress();
      for (let i = 0; i <= PROSPECT_IP_LIMIT.max; i++) {
        const res = await postAction(
          'fr',
          { ...VALID, message: unique('Refused'), lieu_id: '2000000000' },
          {},
          address,
        );
        expect(res.statusCode).toBe(400);
      }
      const message = unique('After refusals');
      const res = await postAction('fr', { ...VALID, message }, {}, address);
      expect(res.json().data).toMatchObject({ form: 'prospect', status: 'sent' });
      expect(await withMessage(message)).toBe(1);
    });

    it.each(['fr', 'en'] as Lang[])(
      'refuses a request from another site, storing nothing (%s)',
      async (lang) => {
        const message = unique('Cross-site');
        const res = await postAction(
          lang,
          { ...VALID, message },
          { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        );
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(CROSS_SITE[lang]);
        expect(await withMessage(message)).toBe(0);
      },
    );

    it('answers a body that is not a form with 415', async () => {
      const res = await world.web.inject({
        method: 'POST',
        url: page('en'),
        headers: { 'content-type': 'application/json', [ACTION_HEADER]: '1' },
        payload: JSON.stringify({ _form: 'prospect', ...VALID }),
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode).toBe(415);
    });
  });

  describe('without JavaScript (the page form)', () => {
    it.each(['fr', 'en'] as Lang[])('goes to the thanks page once stored (%s)', async (lang) => {
      const message = unique(`Page form ${lang}`);
      const res = await postPage(lang, { ...VALID, message });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`${page(lang)}?sent=1`);
      expect(res.headers['cache-control']).toBe('no-store');
      const stored = (
        await sql<{ lang: string }>`SELECT lang FROM prospects WHERE message = ${message}`.execute(
          world.db.kysely,
        )
      ).rows;
      expect(stored).toEqual([{ lang }]);
      const thanks = await world.web.inject({ method: 'GET', url: res.headers.location! });
      expect(textOf(thanks.body)).toContain(
        lang === 'fr' ? 'Votre demande a bien été envoyée.' : 'Your request has been sent.',
      );
    });

    describe.each(INVALID)('$field "$value"', ({ field, value, on, fr, en }) => {
      it.each([
        ['fr', fr],
        ['en', en],
      ] as const)('shows "%s" message and keeps what was typed', async (lang, text) => {
        const before = await count();
        const res = await postPage(lang, { ...VALID, [field]: value });
        expect(res.statusCode).toBe(400);
        expect(res.headers['cache-control']).toBe('no-store');
        const page = textOf(res.body);
        expect(page).toContain(text);
        // Nothing typed is lost.
        if (field !== 'company') expect(res.body).toContain(`value="${VALID.company}"`);
        if (field !== 'message') expect(page).toContain(VALID.message);
        const shown = on ?? field;
        expect(res.body).toMatch(
          new RegExp(
            `name="${shown}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="${shown}"`,
          ),
        );
        expect(await count()).toBe(before);
      });
    });

    it.each(['fr', 'en'] as Lang[])(
      'refuses a form from another site, storing nothing (%s)',
      async (lang) => {
        const message = unique('Cross-site page');
        const res = await postPage(
          lang,
          { ...VALID, message },
          { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        );
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(CROSS_SITE[lang]);
        expect(await withMessage(message)).toBe(0);
      },
    );
  });

  it('stores a request sent twice once, and queues its confirmation and sales mails once', async () => {
    const body = { ...VALID, email: `twice-${kind}@lefevre-immobilier.example` };
    const before = await count();
    const first = await postPage('en', body);
    const second = await postPage('en', body);
    expect([first.statusCode, second.statusCode]).toEqual([303, 303]);
    // The same number written otherwise is the same request.
    const again = await postAction('en', { ...body, phone: '+33 6 12 34 56 78' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('sent');
    expect(await count()).toBe(before + 1);
    const mails = (
      await sql<{ kind: string; subject: string }>`
        SELECT m.kind, m.subject FROM mail_outbox m JOIN prospects p ON p.id = m.prospect_id
        WHERE p.email = ${body.email} ORDER BY m.kind`.execute(world.db.kysely)
    ).rows;
    expect(mails).toEqual([
      { kind: 'prospect', subject: 'We have received your request: Prestige Portal' },
      {
        kind: 'prospect-sales',
        subject: `Demande professionnelle – ${VALID.company} – ${VALID.city}`,
      },
    ]);
    // Another request of the same person is another request.
    expect((await postPage('en', { ...body, message: 'Et une autre question.' })).statusCode).toBe(
      303,
    );
    // The same request in the other language too.
    expect((await postPage('fr', body)).statusCode).toBe(303);
    expect(await count()).toBe(before + 3);
  });

  it.each(['fr', 'en'] as Lang[])(
    "limits the requests of one connection, saying so in the visitor's language (%s)",
    async (lang) => {
      const address = nextAddress();
      const message = unique('Limited');
      for (let i = 0; i < PROSPECT_IP_LIMIT.max; i++) {
        const res = await postAction(lang, { ...VALID, message }, {}, address);
        expect(res.json().data.status).toBe('sent');
      }
      // Stored once: the same request each time.
      expect(await withMessage(message)).toBe(1);
      const other = unique('Over the limit');
      const refused = await postAction(lang, { ...VALID, message: other }, {}, address);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().data).toMatchObject({ form: 'prospect', status: 'rate-limited' });
      const res = await postPage(lang, { ...VALID, message: other }, {}, address);
      expect(res.statusCode).toBe(429);
      expect(textOf(res.body)).toContain(RATE_LIMITED[lang]);
      expect(res.body).toContain(`value="${VALID.email}"`);
      expect(await withMessage(other)).toBe(0);
    },
  );

  it('refuses, of requests one connection sends at once, those beyond its allowance', async () => {
    const address = nextAddress();
    const extra = 5;
    const messages = Array.from({ length: PROSPECT_IP_LIMIT.max + extra }, () => unique('At once'));
    const answers = await Promise.all(
      messages.map((message) => postAction('en', { ...VALID, message }, {}, address)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(PROSPECT_IP_LIMIT.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(extra);
    const stored = await Promise.all(messages.map(withMessage));
    expect(stored.reduce((a, b) => a + b, 0)).toBe(PROSPECT_IP_LIMIT.max);
  });

  it.each(['fr', 'en'] as Lang[])(
    'keeps everything typed and says so when the listings API is down (%s)',
    async (lang) => {
      world.setDown(true);
      try {
        const json = await postAction(lang, VALID);
        expect(json.statusCode).toBeGreaterThanOrEqual(502);
        expect(json.json().data).toMatchObject({ form: 'prospect', status: 'failed' });
        const res = await postPage(lang, VALID);
        expect(res.statusCode).toBeGreaterThanOrEqual(502);
        expect(textOf(res.body)).toContain(FAILED[lang]);
        expect(res.body).toContain(`value="${VALID.email}"`);
      } finally {
        world.setDown(false);
      }
    },
  );
});
