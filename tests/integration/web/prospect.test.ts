import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang, LieuSuggestionList } from '../../../shared/contract';
import { href } from '../../../shared/routes';
import { testDbKinds } from '../../fixtures/db';
import { textOf, upstreamJson } from './helpers';
import { formBody, startOfferWorld, type OfferWorld } from './offer-fixture';

// The professional contact form (spec sections 3, 5 and 7) against the real listings API: JSON
// from the page's script and the form posted without JavaScript, every rule of the form checked
// by the BFF with the browser's schema, the request stored with its language, nothing stored on
// a refusal, and the listings API down.

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

/** One row per rule: the field, its value, the message id the BFF answers. */
const INVALID: { field: string; value: string; id: string }[] = [
  { field: 'lastname', value: '', id: 'form.lastname.required' },
  { field: 'lastname', value: long(81), id: 'form.lastname.tooLong' },
  { field: 'firstname', value: '  ', id: 'form.firstname.required' },
  { field: 'firstname', value: long(81), id: 'form.firstname.tooLong' },
  { field: 'company', value: '', id: 'form.company.required' },
  { field: 'company', value: long(81), id: 'form.company.tooLong' },
  { field: 'city', value: '', id: 'form.city.required' },
  { field: 'city', value: long(81), id: 'form.city.tooLong' },
  { field: 'phone', value: '', id: 'form.phone.required' },
  { field: 'phone', value: '12 34', id: 'form.phone.invalid' },
  { field: 'email', value: '', id: 'form.email.required' },
  { field: 'email', value: 'helene@', id: 'form.email.invalid' },
  { field: 'message', value: long(5001), id: 'form.message.tooLong' },
  { field: 'lieu_id', value: 'abc', id: 'form.field.invalid' },
];

const TEXTS: Record<string, Record<Lang, string>> = {
  'form.city.required': { fr: 'Veuillez saisir une ville', en: 'Please enter a city' },
  'form.phone.invalid': {
    fr: 'Veuillez saisir un numéro de téléphone valide',
    en: 'Please enter a valid telephone number',
  },
};

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
  const postJson = (body: object) =>
    world.web.inject({
      method: 'POST',
      url: '/api/contact-prospect',
      headers: { host: 'localhost', 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const postForm = (lang: Lang, fields: Record<string, string>) =>
    world.web.inject({
      method: 'POST',
      url: page(lang),
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody({ _form: 'prospect', ...fields }),
    });

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
    expect(textOf(res.body)).toContain(
      lang === 'fr' ? 'Espace professionnels' : 'Professional space',
    );
  });

  it('stores a valid request with its language and place', async () => {
    const before = await count();
    const res = await postJson({ ...VALID, lieu_id: parisId, lang: 'en' });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: number }>();
    expect(await count()).toBe(before + 1);
    const row = (
      await sql<{
        lang: string;
        lastname: string;
        company: string;
        lieu_id: number | null;
        phone_e164: string;
        email: string;
      }>`SELECT lang, lastname, company, lieu_id, phone_e164, email FROM prospects WHERE id = ${body.id}`.execute(
        world.db.kysely,
      )
    ).rows[0]!;
    expect(row).toEqual({
      lang: 'en',
      lastname: VALID.lastname,
      company: VALID.company,
      lieu_id: parisId,
      phone_e164: '+33612345678',
      email: VALID.email,
    });
  });

  it.each(INVALID)(
    'refuses $field = "$value" with $id, storing nothing',
    async ({ field, value, id }) => {
      const before = await count();
      const res = await postJson({ ...VALID, [field]: value, lang: 'fr' });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ field: string; message: string; errors: Record<string, string> }>();
      expect(body.field).toBe(field);
      expect(body.errors[field]).toBe(id);
      expect(body.message.startsWith(`${field}: `)).toBe(true);
      expect(await count()).toBe(before);
    },
  );

  it('stores a request sent twice once, and queues its confirmation mail once', async () => {
    const body = { ...VALID, email: `twice-${kind}@lefevre-immobilier.example` };
    const before = await count();
    const first = await postForm('en', body);
    const second = await postForm('en', body);
    expect([first.statusCode, second.statusCode]).toEqual([303, 303]);
    const json = await postJson({ ...body, lang: 'en' });
    expect(json.statusCode).toBe(201);
    expect(await count()).toBe(before + 1);
    const mails = (
      await sql<{ kind: string; subject: string }>`
        SELECT m.kind, m.subject FROM mail_outbox m JOIN prospects p ON p.id = m.prospect_id
        WHERE p.email = ${body.email}`.execute(world.db.kysely)
    ).rows;
    expect(mails).toEqual([
      { kind: 'prospect', subject: 'We have received your request: Prestige Portal' },
    ]);
    // Another request of the same person is another request.
    expect((await postForm('en', { ...body, message: 'Et une autre question.' })).statusCode).toBe(
      303,
    );
    expect(await count()).toBe(before + 2);
  });

  it('puts a place the listings API does not know on the city field', async () => {
    const res = await postJson({ ...VALID, lieu_id: 2_000_000_000, lang: 'fr' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ field: string }>().field).toBe('city');
  });

  it('answers a body that is not an object with 400', async () => {
    const res = await postJson([1, 2]);
    expect(res.statusCode).toBe(400);
  });

  it.each(['fr', 'en'] as Lang[])(
    'without JavaScript, goes to the thanks page once stored (%s)',
    async (lang) => {
      const before = await count();
      const res = await postForm(lang, VALID);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`${page(lang)}?sent=1`);
      expect(await count()).toBe(before + 1);
      const stored = (
        await sql<{ lang: string }>`SELECT lang FROM prospects ORDER BY id DESC LIMIT 1`.execute(
          world.db.kysely,
        )
      ).rows[0]!;
      expect(stored.lang).toBe(lang);
      const thanks = await world.web.inject({ method: 'GET', url: res.headers.location! });
      expect(textOf(thanks.body)).toContain(
        lang === 'fr' ? 'Votre demande a bien été envoyée.' : 'Your request has been sent.',
      );
    },
  );

  it.each([
    { lang: 'fr' as Lang, field: 'city', value: '', id: 'form.city.required' },
    { lang: 'en' as Lang, field: 'city', value: '', id: 'form.city.required' },
    { lang: 'en' as Lang, field: 'phone', value: '0000', id: 'form.phone.invalid' },
  ])(
    'without JavaScript, shows the page again with the $lang message for $field',
    async ({ lang, field, value, id }) => {
      const before = await count();
      const res = await postForm(lang, { ...VALID, [field]: value });
      expect(res.statusCode).toBe(400);
      expect(res.headers['cache-control']).toBe('no-store');
      const text = textOf(res.body);
      expect(text).toContain(TEXTS[id]![lang]);
      // Nothing typed is lost.
      expect(res.body).toContain(`value="${VALID.company}"`);
      expect(text).toContain(VALID.message);
      expect(res.body).toMatch(
        new RegExp(
          `name="${field}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="${field}"`,
        ),
      );
      expect(await count()).toBe(before);
    },
  );

  it('keeps everything typed and says so when the listings API is down', async () => {
    world.setDown(true);
    try {
      const json = await postJson({ ...VALID, lang: 'fr' });
      expect(json.statusCode).toBeGreaterThanOrEqual(502);
      const res = await postForm('fr', VALID);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(textOf(res.body)).toContain('le service est momentanément indisponible');
      expect(res.body).toContain(`value="${VALID.email}"`);
    } finally {
      world.setDown(false);
    }
  });
});
