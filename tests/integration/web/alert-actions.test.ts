import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config, Lang } from '../../../shared/contract';
import { signMailToken } from '../../../listings-api/alerts/tokens';
import type { Db } from '../../../listings-api/db/connection';
import { testDbKinds } from '../../fixtures/db';
import {
  alertCount,
  alertPayloadOf,
  postForm,
  startListingsAndWeb,
  textOf,
  type FormPostOptions,
  type ListingsAndWeb,
} from './helpers';

// The alert writes as page actions: create on a result list, delete on the alerts page, with
// JavaScript (the action's JSON) and the cookie kept by the BFF; every one refused from another
// site (403) without a write and without touching the visitor's cookie.

const SECRET = 'alert-actions-test-signing-secret';
const ALERTS_PATH: Record<Lang, string> = { fr: '/fr/alertes/', en: '/en/alerts/' };
const LIST_PATH: Record<Lang, string> = { fr: '/fr/vente/', en: '/en/sale/' };
const unique = () => randomBytes(4).toString('hex');
const cookieOf = (res: LightMyRequestResponse) =>
  res.cookies.find((c) => c.name === 'alert_tokens');

describe.each(testDbKinds)('alert actions on %s', (kind) => {
  let site: ListingsAndWeb;
  let db: Db;
  let app: FastifyInstance;
  let config: Config;

  beforeAll(async () => {
    site = await startListingsAndWeb(kind, {
      ...process.env,
      ALERT_SIGNING_SECRET: SECRET,
      SMTP_URL: '',
    });
    ({ db, app, config } = site);
  }, 120_000);
  afterAll(async () => {
    await site?.close();
  });

  const criteria = () => JSON.stringify(alertPayloadOf(config, 'price_max=5000000'));

  const post = (url: string, fields: Record<string, string>, options: FormPostOptions = {}) =>
    postForm(app, url, fields, options);

  async function createOk(lang: Lang = 'fr') {
    const res = await post(LIST_PATH[lang], {
      _form: 'alert-create',
      email: `owner-${unique()}@example.com`,
      criteria: criteria(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const outcome = res.json<{ data: { form: string; status: string; token: string } }>().data;
    expect(outcome).toMatchObject({ form: 'alert-create', status: 'created' });
    const row = await db.kysely
      .selectFrom('alerts')
      .select(['id', 'confirmed_at', 'unsubscribed_at'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return { token: outcome.token, cookie: cookieOf(res)!, id: row.id };
  }

  it('creates an alert from a result list and keeps its token in the signed cookie', async () => {
    const before = await alertCount(db);
    const { token, cookie } = await createOk();
    expect(await alertCount(db)).toBe(before + 1);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.value).toContain(token);
  });

  it('deletes an alert from the alerts page, and the cookie forgets it', async () => {
    const { token, cookie } = await createOk();
    const before = await alertCount(db);
    const res = await post(
      ALERTS_PATH.en,
      { _form: 'alert-delete', token },
      { cookies: { alert_tokens: cookie.value } },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { status: string } }>().data.status).toBe('deleted');
    expect(await alertCount(db)).toBe(before - 1);
    const after = cookieOf(res);
    expect(after?.value ?? '').not.toContain(token);
  });

  it('deletes without JavaScript: the alerts page says so, in its language', async () => {
    const { token, cookie } = await createOk();
    const res = await post(
      ALERTS_PATH.en,
      { _form: 'alert-delete', token },
      { js: false, cookies: { alert_tokens: cookie.value } },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Your alert has been deleted.');
  });

  it.each([
    ['alert-create', LIST_PATH.fr],
    ['alert-delete', ALERTS_PATH.fr],
    ['alert-confirm', ALERTS_PATH.fr],
    ['alert-unsubscribe', ALERTS_PATH.fr],
  ])(
    'refuses %s from another site: 403, nothing written, the cookie untouched',
    async (form, path) => {
      const { token, cookie } = await createOk();
      const before = await alertCount(db);
      for (const js of [true, false]) {
        const res = await post(
          path,
          {
            _form: form,
            token,
            email: `x-${unique()}@example.com`,
            criteria: criteria(),
          },
          { js, origin: 'https://evil.example', cookies: { alert_tokens: cookie.value } },
        );
        expect(res.statusCode).toBe(403);
        expect(res.body).toContain("Ce formulaire n'est accepté que depuis ce site.");
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      expect(await alertCount(db)).toBe(before);
    },
  );

  it('has no JSON write route for alerts any more', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/alerts',
      payload: { email: 'a@example.com', criteria: {} },
    });
    expect(res.statusCode).toBe(404);
  });

  const row = (id: number) =>
    db.kysely
      .selectFrom('alerts')
      .select(['confirmed_at', 'unsubscribed_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('confirms on the click of the alerts page button, without JavaScript', async () => {
    const { id } = await createOk();
    const token = signMailToken(SECRET, 'confirm', id);
    const res = await post(
      `${ALERTS_PATH.en}?confirm=${encodeURIComponent(token)}`,
      { _form: 'alert-confirm', token },
      { js: false },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Your email address is confirmed');
    expect((await row(id)).confirmed_at).not.toBeNull();
    // Confirmed from a device that keeps no alert (no cookie, no storage): the confirmed search
    // is shown, not 'no saved search'.
    const text = textOf(res.body);
    expect(text).not.toContain("You don't have any saved search to date.");
    expect(text).toMatch(/Mes recherches sauvegardées|My saved searches/);
    expect(text).toMatch(/Sale[\s\S]*up to €5,000,000[\s\S]*Address confirmed/);
  });

  it('shows the confirmed search with JavaScript too (FR)', async () => {
    const { id } = await createOk();
    const token = signMailToken(SECRET, 'confirm', id);
    const res = await post(ALERTS_PATH.fr, { _form: 'alert-confirm', token });
    expect(res.statusCode, res.body).toBe(200);
    const outcome = res.json<{ data: { status: string; confirmed?: { prix_max?: number } } }>();
    expect(outcome.data).toMatchObject({ status: 'confirmed', confirmed: { prix_max: 5_000_000 } });
  });

  it('unsubscribes on the click with JavaScript; a forged token is a 400', async () => {
    const { id } = await createOk();
    const token = signMailToken(SECRET, 'unsubscribe', id);
    const forged = await post(ALERTS_PATH.fr, { _form: 'alert-unsubscribe', token: `${token}x` });
    expect(forged.json<{ data: { status: string } }>().data.status).toBe('link-invalid');
    expect(forged.statusCode).toBe(400);
    expect((await row(id)).unsubscribed_at).toBeNull();
    const res = await post(ALERTS_PATH.fr, { _form: 'alert-unsubscribe', token });
    expect(res.json<{ data: { status: string } }>().data.status).toBe('unsubscribed');
    expect((await row(id)).unsubscribed_at).not.toBeNull();
  });

  it('takes the one-click unsubscribe (RFC 8058) from the mail provider’s site', async () => {
    const { id } = await createOk();
    const token = signMailToken(SECRET, 'unsubscribe', id);
    const res = await app.inject({
      method: 'POST',
      url: `/alerts/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.provider.example',
        'sec-fetch-site': 'cross-site',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('Vous ne recevrez plus les e-mails de cette alerte.');
    expect((await row(id)).unsubscribed_at).not.toBeNull();
  });

  it('changes nothing on a POST to the unsubscribe link that is not the one click', async () => {
    const { id } = await createOk();
    const token = signMailToken(SECRET, 'unsubscribe', id);
    const res = await app.inject({
      method: 'POST',
      url: `/alerts/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
      payload: 'lang=fr',
    });
    expect(res.statusCode).toBe(303);
    expect((await row(id)).unsubscribed_at).toBeNull();
  });
});
