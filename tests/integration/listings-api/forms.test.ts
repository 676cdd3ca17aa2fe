import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ContactCreated } from '../../../shared/contract';
import { testDbKinds } from '../../fixtures/db';
import { openListingsTest, type ListingsTest } from './helpers';

// POST /contact, /contact-prospect (POST /stat: stats.test.ts): stored before the 201, each invalid field a 400
// naming it, the same idempotency key never stored twice.

describe.each(testDbKinds)('forms on %s', (kind) => {
  let t: ListingsTest;
  let offerId: number;
  let offerAgency: number;
  let agencyId: number;
  let lieuId: number;

  beforeAll(async () => {
    t = await openListingsTest(kind);
    const offer = await t.db.kysely
      .selectFrom('offers')
      .select(['id', 'agency_id'])
      .where('status', '=', 'active')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    offerId = offer.id;
    offerAgency = offer.agency_id;
    agencyId = (
      await t.db.kysely
        .selectFrom('agencies')
        .select('id')
        .where('id', '<>', offer.agency_id)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    lieuId = await t.lieuId('nice');
  });
  afterAll(async () => {
    await t?.close();
  });

  const contact = () => ({
    offer_id: offerId,
    name: 'Camille Durand',
    phone: '06 12 34 56 78',
    email: 'camille@example.com',
    message: 'Bonjour, je souhaite visiter ce bien.',
    reco: true,
    lang: 'fr',
  });

  describe('POST /contact', () => {
    it('stores a contact about an offer with the phone as typed and in E.164', async () => {
      const res = await t.post<ContactCreated>('/contact', contact());
      expect(res.status).toBe(201);
      const row = await t.db.kysely
        .selectFrom('contacts')
        .selectAll()
        .where('id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        offer_id: offerId,
        agency_id: offerAgency,
        name: 'Camille Durand',
        phone: '06 12 34 56 78',
        phone_e164: '+33612345678',
        email: 'camille@example.com',
        reco: true,
        lang: 'fr',
      });
    });

    it('stores a contact for an agency, and foreign numbers in international form', async () => {
      const res = await t.post<ContactCreated>('/contact', {
        ...contact(),
        offer_id: undefined,
        agency_id: agencyId,
        phone: '+44 20 7946 0958',
        lang: 'en',
      });
      expect(res.status).toBe(201);
      const row = await t.db.kysely
        .selectFrom('contacts')
        .selectAll()
        .where('id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        offer_id: null,
        agency_id: agencyId,
        phone_e164: '+442079460958',
        lang: 'en',
      });
    });

    it('stores one row for the same idempotency key sent twice, and answers the first row', async () => {
      const body = { ...contact(), idempotency_key: `contact-${kind}-once` };
      const first = await t.post<ContactCreated>('/contact', body);
      const second = await t.post<ContactCreated>('/contact', body);
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      const rows = await t.db.kysely
        .selectFrom('contacts')
        .select('id')
        .where('idempotency_key', '=', body.idempotency_key)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it.each([
      ['no offer nor agency', { offer_id: undefined }, 'offer_id'],
      ['an unknown offer', { offer_id: 999999999 }, 'offer_id'],
      ['an unknown agency', { offer_id: undefined, agency_id: 999999 }, 'agency_id'],
      ['no name', { name: undefined }, 'name'],
      ['a blank name', { name: '   ' }, 'name'],
      ['a name of 81 characters', { name: 'x'.repeat(81) }, 'name'],
      ['no phone', { phone: undefined }, 'phone'],
      ['a phone that is not a number', { phone: 'call me' }, 'phone'],
      ['a phone too short', { phone: '06 12' }, 'phone'],
      ['no e-mail', { email: undefined }, 'email'],
      ['an invalid e-mail', { email: 'camille@' }, 'email'],
      ['no message', { message: '' }, 'message'],
      ['a message of 5001 characters', { message: 'x'.repeat(5001) }, 'message'],
      ['reco that is not a boolean', { reco: 'yes' }, 'reco'],
      ['an unknown language', { lang: 'de' }, 'lang'],
      ['a malformed idempotency key', { idempotency_key: 'a b' }, 'idempotency_key'],
    ])('refuses %s, naming the field and storing nothing', async (_name, change, field) => {
      const before = await t.db.kysely
        .selectFrom('contacts')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const res = await t.post<ApiError>('/contact', { ...contact(), ...change });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.message).toMatch(new RegExp(`^${field}: `));
      const after = await t.db.kysely
        .selectFrom('contacts')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it.each([
      ['a body that is not JSON', '{"name": ', 'application/json', 400],
      ['an empty JSON body', '', 'application/json', 400],
      ['a JSON array', '[1,2]', 'application/json', 400],
      ['an unsupported media type', 'name=x', 'text/csv', 415],
    ])('answers %s with a client error, never a 500', async (_name, payload, type, status) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/contact',
        payload,
        headers: { 'content-type': type },
      });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ statusCode: status });
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    });

    it('answers 413 for a body above the size limit', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/contact',
        payload: JSON.stringify({ ...contact(), message: 'x'.repeat(200_000) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ statusCode: 413, field: 'body' });
    });
  });

  const prospect = () => ({
    lastname: 'Martin',
    firstname: 'Louise',
    company: 'Agence du Port',
    lieu_id: lieuId,
    city: 'Nice',
    phone: '04 93 00 00 00',
    email: 'louise@agence.example',
    message: 'Nous souhaitons diffuser nos biens.',
    lang: 'fr',
  });

  describe('POST /contact-prospect', () => {
    it('stores the professional request', async () => {
      const res = await t.post<ContactCreated>('/contact-prospect', prospect());
      expect(res.status).toBe(201);
      const row = await t.db.kysely
        .selectFrom('prospects')
        .selectAll()
        .where('id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        lastname: 'Martin',
        company: 'Agence du Port',
        lieu_id: lieuId,
        city: 'Nice',
        phone_e164: '+33493000000',
      });
    });

    it('accepts a request without place id nor message', async () => {
      const res = await t.post<ContactCreated>('/contact-prospect', {
        ...prospect(),
        lieu_id: undefined,
        message: undefined,
      });
      expect(res.status).toBe(201);
    });

    it('stores one row for the same idempotency key sent twice', async () => {
      const body = { ...prospect(), idempotency_key: `prospect-${kind}-once` };
      const first = await t.post<ContactCreated>('/contact-prospect', body);
      const second = await t.post<ContactCreated>('/contact-prospect', body);
      expect(second.body).toEqual(first.body);
      const rows = await t.db.kysely
        .selectFrom('prospects')
        .select('id')
        .where('idempotency_key', '=', body.idempotency_key)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it.each([
      ['no last name', { lastname: '' }, 'lastname'],
      ['a last name of 81 characters', { lastname: 'x'.repeat(81) }, 'lastname'],
      ['no first name', { firstname: undefined }, 'firstname'],
      ['no company', { company: ' ' }, 'company'],
      ['a company of 81 characters', { company: 'x'.repeat(81) }, 'company'],
      ['no city', { city: '' }, 'city'],
      ['an unknown place', { lieu_id: 999999 }, 'lieu_id'],
      ['no phone', { phone: '' }, 'phone'],
      ['an invalid phone', { phone: '12345' }, 'phone'],
      ['no e-mail', { email: '' }, 'email'],
      ['an invalid e-mail', { email: 'louise.agence.example' }, 'email'],
      ['a message of 5001 characters', { message: 'x'.repeat(5001) }, 'message'],
    ])('refuses %s', async (_name, change, field) => {
      const res = await t.post<ApiError>('/contact-prospect', { ...prospect(), ...change });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
    });
  });
});
