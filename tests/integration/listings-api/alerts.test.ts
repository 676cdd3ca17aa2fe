import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertCreated, AlertList, ApiError } from '../../../shared/contract';
import { testDbKinds } from '../../fixtures/db';
import { openListingsTest, type ListingsTest } from './helpers';

// POST/GET/DELETE /alerte: no accounts; the token answered at creation is the only key.

describe.each(testDbKinds)('alerts on %s', (kind) => {
  let t: ListingsTest;
  let lieu: number;
  let villas: number;
  let maisons: number;

  beforeAll(async () => {
    t = await openListingsTest(kind);
    lieu = await t.lieuId('cannes');
    villas = await t.rubriqueId('villas');
    maisons = await t.rubriqueId('maisons');
  });
  afterAll(async () => {
    await t?.close();
  });

  let counter = 0;
  const alert = (criteria: Record<string, unknown> = {}) => ({
    email: `visitor${++counter}@example.com`,
    contactProximite: true,
    lang: 'en',
    criteria: {
      nature: 'V',
      rubrique: [villas, maisons],
      lieu,
      prix_min: 1_000_000,
      prix_max: null,
      atouts: ['piscine'],
      ...criteria,
    },
  });

  it('stores the alert and answers an unguessable token whose hash alone is kept', async () => {
    const body = alert();
    const res = await t.post<AlertCreated>('/alerte', body);
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.alert).toMatchObject({
      email: body.email,
      lang: 'en',
      contactProximite: true,
      confirmed_at: null,
      // Normalised: lists sorted, empty values dropped.
      criteria: {
        nature: 'V',
        rubrique: [villas, maisons].sort((a, b) => a - b),
        lieu,
        prix_min: 1_000_000,
        atouts: ['piscine'],
      },
    });
    expect(res.body.alert.criteria).not.toHaveProperty('prix_max');
    const row = await t.db.kysely
      .selectFrom('alerts')
      .selectAll()
      .where('id', '=', res.body.alert.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(res.body.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(res.body.token);
  });

  it('keeps a maximum DPE class with the criteria', async () => {
    const res = await t.post<AlertCreated>('/alerte', alert({ dpe_max: 'C' }));
    expect(res.status).toBe(201);
    expect(res.body.alert.criteria).toMatchObject({ dpe_max: 'C' });
  });

  it('gives every alert a different token', async () => {
    const a = await t.post<AlertCreated>('/alerte', alert());
    const b = await t.post<AlertCreated>('/alerte', alert());
    expect(a.body.token).not.toBe(b.body.token);
  });

  it('refuses a second identical alert with 409, whatever the case of the address and order of lists', async () => {
    const body = alert();
    expect((await t.post('/alerte', body)).status).toBe(201);
    const again = await t.post<ApiError>('/alerte', {
      ...body,
      email: body.email.toUpperCase(),
      criteria: {
        ...body.criteria,
        rubrique: [...(body.criteria.rubrique as number[])].reverse(),
        prix_max: undefined,
      },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already exists/);
    // Other criteria are another alert.
    expect(
      (await t.post('/alerte', { ...body, criteria: { ...body.criteria, prix_min: 2_000_000 } }))
        .status,
    ).toBe(201);
  });

  const list = (tokens: string) =>
    t.get<AlertList>('/alerte', undefined, { 'x-alert-tokens': tokens });
  const del = async (headers: Record<string, string>, url = '/alerte') => {
    const res = await t.app.inject({ method: 'DELETE', url, headers });
    return {
      status: res.statusCode,
      body: (res.body ? JSON.parse(res.body) : null) as ApiError | null,
    };
  };

  it('lists only the alerts of the tokens given in the x-alert-tokens header', async () => {
    const mine = [
      await t.post<AlertCreated>('/alerte', alert()),
      await t.post<AlertCreated>('/alerte', alert()),
    ];
    const theirs = await t.post<AlertCreated>('/alerte', alert());
    const tokens = mine.map((r) => r.body.token);
    const byHeader = await list(tokens.join(','));
    expect(byHeader.status).toBe(200);
    expect(byHeader.body.items.map((i) => i.alert.id).sort()).toEqual(
      mine.map((r) => r.body.alert.id).sort(),
    );
    expect(byHeader.body.items.map((i) => i.token).sort()).toEqual([...tokens].sort());
    const one = await list(tokens[0]!);
    expect(one.body.items.map((i) => i.alert.id)).toEqual([mine[0]!.body.alert.id]);
    expect(byHeader.body.items.map((i) => i.alert.id)).not.toContain(theirs.body.alert.id);
    // A well-formed token nobody was given sees nothing.
    const forged = await list('A'.repeat(43));
    expect(forged.body.items).toEqual([]);
  });

  it('refuses tokens in the query string: URLs end up in access logs', async () => {
    const mine = await t.post<AlertCreated>('/alerte', alert());
    const listed = await t.get<ApiError>('/alerte', { tokens: mine.body.token });
    expect(listed.status).toBe(400);
    expect(listed.body).toMatchObject({
      field: 'tokens',
      message: 'tokens: must not be in the URL: send alert tokens in the x-alert-tokens header',
    });
    // Even with the header as well.
    const both = await t.get<ApiError>(
      '/alerte',
      { tokens: mine.body.token },
      { 'x-alert-tokens': mine.body.token },
    );
    expect(both.status).toBe(400);
    const deleted = await del(
      { 'x-alert-tokens': mine.body.token },
      `/alerte?token=${mine.body.token}`,
    );
    expect(deleted.status).toBe(400);
    expect(deleted.body?.field).toBe('token');
    expect((await list(mine.body.token)).body.items).toHaveLength(1);
  });

  it('deletes an alert only with its own token, sent in the x-alert-tokens header', async () => {
    const mine = await t.post<AlertCreated>('/alerte', alert());
    const other = await t.post<AlertCreated>('/alerte', alert());
    const wrong = await del({
      'x-alert-tokens': other.body.token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
    });
    expect(wrong.status).toBe(404);
    expect(
      await t.db.kysely
        .selectFrom('alerts')
        .select('id')
        .where('id', 'in', [mine.body.alert.id, other.body.alert.id])
        .execute(),
    ).toHaveLength(2);
    // One alert at a time.
    const two = await del({ 'x-alert-tokens': `${mine.body.token},${other.body.token}` });
    expect(two.status).toBe(400);
    expect((await list(mine.body.token)).body.items).toHaveLength(1);
    const res = await del({ 'x-alert-tokens': mine.body.token });
    expect(res.status).toBe(204);
    expect((await list(mine.body.token)).body.items).toEqual([]);
    expect((await list(other.body.token)).body.items).toHaveLength(1);
    expect((await del({ 'x-alert-tokens': mine.body.token })).status).toBe(404);
  });

  it.each([
    ['no e-mail', { email: undefined }, 'email'],
    ['an invalid e-mail', { email: 'not-an-address' }, 'email'],
    ['no criteria', { criteria: undefined }, 'criteria'],
    ['a criteria without nature', { criteria: { lieu: 3 } }, 'criteria.nature'],
    ['an unknown nature', { criteria: { nature: 'X' } }, 'criteria.nature'],
    [
      'a minimum above the maximum',
      { criteria: { nature: 'V', prix_min: 5, prix_max: 1 } },
      'criteria.prix_min',
    ],
    [
      'a surface minimum above the maximum',
      { criteria: { nature: 'V', surface_min: 500, surface_max: 100 } },
      'criteria.surface_min',
    ],
    ['a negative price', { criteria: { nature: 'V', prix_max: -1 } }, 'criteria.prix_max'],
    ['a price that is text', { criteria: { nature: 'V', prix_max: '100' } }, 'criteria.prix_max'],
    ['an unknown asset', { criteria: { nature: 'V', atouts: ['helipad'] } }, 'criteria.atouts'],
    ['a DPE class that is none', { criteria: { nature: 'V', dpe_max: 'H' } }, 'criteria.dpe_max'],
    [
      'a rubrique list of text',
      { criteria: { nature: 'V', rubrique: ['a'] } },
      'criteria.rubrique',
    ],
    ['a consent that is not a boolean', { contactProximite: 'yes' }, 'contactProximite'],
  ])('refuses %s', async (_name, change, field) => {
    const res = await t.post<ApiError>('/alerte', { ...alert(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
  });

  it.each([
    ['no token', {}, {}, 'x-alert-tokens'],
    ['an empty header', {}, { 'x-alert-tokens': ' , ' }, 'x-alert-tokens'],
    ['a malformed header', {}, { 'x-alert-tokens': 'abc,def' }, 'x-alert-tokens'],
  ])('refuses a list with %s', async (_name, query, headers, field) => {
    const res = await t.get<ApiError>('/alerte', query, headers);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
  });

  it('refuses a delete without a well-formed token', async () => {
    expect((await del({})).body?.field).toBe('token');
    expect((await del({ 'x-alert-tokens': "' OR 1=1 --" })).status).toBe(400);
  });
});
