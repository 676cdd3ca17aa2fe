import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert, AlertCriteria, AlertList, Config, Lang } from '../../../shared/contract';
import {
  alertPayloadToCriteria,
  toAlertPayload,
  type AlertPayload,
} from '../../../shared/criteria';
import { ALERT_FORM_ID } from '../../../shared/alert-outcome';
import { ALERT_TOKENS_HEADER } from '../../../shared/portal-api';
import { searchHref } from '../../../shared/routes';
import { alertSearchFilters, findNewOffersForAlert } from '../../../listings-api/alerts/match';
import type { Db } from '../../../listings-api/db/connection';
import { testDbKinds } from '../../fixtures/db';
import { startSmtpServer, type TestSmtpServer } from '../alerts/smtp';
import {
  alertCount,
  alertPayloadOf,
  formsOf,
  postForm,
  textOf,
  upstreamJson,
  startListingsAndWeb,
  type FormPostOptions,
  type ListingsAndWeb,
  type PageForm,
} from './helpers';

// Alerts through the BFF on the real listings API and the seeded test database, posted as the
// page actions the forms post (`alert-create` on result lists; `alert-delete`, `alert-confirm`
// and `alert-unsubscribe` on the alerts page), each both ways: with JavaScript (the outcome as
// JSON) and without (the page rendered with the outcome, in its language). Create, list and
// delete with and without the right token, the alerts page rendered from the alert cookie,
// duplicates and bad input in both languages, alert tokens kept out of URLs, and the links of the
// real confirmation mail (sent at once by the listings API to a real SMTP server): confirm,
// unsubscribe, and the one-click POST of RFC 8058. alert-actions.test.ts covers the plain
// creation and deletion, and the refusal of posts from other sites.

const PUBLIC_URL = 'https://portal.test';
const ALERTS_PATH: Record<Lang, string> = { fr: '/fr/alertes/', en: '/en/alerts/' };
const LIST_PATH: Record<Lang, string> = { fr: '/fr/vente/', en: '/en/sale/' };

const unique = () => randomBytes(4).toString('hex');

function cookieOf(res: LightMyRequestResponse, name = 'alert_tokens') {
  return res.cookies.find((c) => c.name === name);
}

/** What an alert action answers with JavaScript. */
interface Outcome {
  form: string;
  status: string;
  token?: string;
  values?: { email: string; contactProximite: boolean };
  reload?: boolean;
}
const outcomeOf = (res: LightMyRequestResponse) => res.json<{ data: Outcome }>().data;

/** The form of a rendered page that posts the action `name`. */
const pageForm = (html: string, name: string): PageForm | undefined =>
  formsOf(html).find((form) => form.fields._form === name);

describe.each(testDbKinds)('alerts through the BFF on %s', (kind) => {
  let site: ListingsAndWeb;
  let db: Db;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let config: Config;
  let listingsUrl: string;

  /** What reached the listings API: each request's URL and its alert tokens header. */
  const upstreamCalls: { method: string; url: string; tokens: string | undefined }[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // The listings API mails a new alert's confirmation at once, to the test's SMTP server.
    site = await startListingsAndWeb(
      kind,
      { ...process.env, SMTP_URL: smtp.url, PUBLIC_URL },
      (listings) =>
        listings.addHook('onRequest', async (request) => {
          const tokens = request.headers['x-alert-tokens'];
          upstreamCalls.push({
            method: request.method,
            url: request.url,
            tokens: typeof tokens === 'string' ? tokens : undefined,
          });
        }),
    );
    ({ db, app, config, listingsUrl } = site);
  }, 120_000);
  afterAll(async () => {
    await smtp?.close();
    await site?.close();
  });

  /** The alerts the listings API lists for a token (sent in its header, as the BFF does). */
  async function upstreamAlerts(token: string): Promise<AlertList> {
    const res = await fetch(`${listingsUrl}/alerte`, { headers: { 'x-alert-tokens': token } });
    expect(res.status).toBe(200);
    return (await res.json()) as AlertList;
  }

  /** The alert of a token, as the listings API knows it. */
  async function alertOf(token: string): Promise<Alert> {
    const listed = await upstreamAlerts(token);
    expect(listed.items).toHaveLength(1);
    return listed.items[0]!.alert;
  }

  /** The alert payload of a search as the result list's form builds it. */
  const payloadOf = (query: string, nature: 'V' | 'L' | 'S' = 'V'): AlertPayload =>
    alertPayloadOf(config, query, nature);

  const post = (url: string, fields: Record<string, string>, options: FormPostOptions = {}) =>
    postForm(app, url, fields, options);

  /**
   * The alert form of a result list in `lang`, posted: fields left undefined are not sent, the
   * criteria go as the JSON text of the form's hidden field.
   */
  function create(
    lang: Lang,
    fields: {
      email?: string;
      contactProximite?: string;
      criteria?: AlertPayload | object | string;
    },
    options: FormPostOptions = {},
  ) {
    const form: Record<string, string> = { _form: 'alert-create' };
    if (fields.email !== undefined) form.email = fields.email;
    if (fields.contactProximite !== undefined) form.contactProximite = fields.contactProximite;
    if (fields.criteria !== undefined) {
      form.criteria =
        typeof fields.criteria === 'string' ? fields.criteria : JSON.stringify(fields.criteria);
    }
    return post(LIST_PATH[lang], form, options);
  }

  async function createOk(
    email = `owner-${unique()}@example.com`,
    query = 'price_max=5000000',
    lang: Lang = 'fr',
  ) {
    const res = await create(lang, { email, criteria: payloadOf(query) });
    expect(res.statusCode, res.body).toBe(200);
    const outcome = outcomeOf(res);
    expect(outcome).toMatchObject({ form: 'alert-create', status: 'created' });
    const token = outcome.token!;
    return { res, token, alert: await alertOf(token), cookie: cookieOf(res)!, email };
  }

  describe('creating an alert from a result list', () => {
    it('stores it with JavaScript: the action answers its token, kept in a signed httpOnly cookie', async () => {
      const before = await alertCount(db);
      const payload = payloadOf('price_min=800000&price_max=3000000&nb_bedrooms=3', 'V');
      const email = `Buyer-${unique()}@Example.com`;
      const res = await create('en', { email, contactProximite: 'on', criteria: payload });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const outcome = outcomeOf(res);
      expect(outcome).toMatchObject({ form: 'alert-create', status: 'created' });
      const token = outcome.token!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The form is emptied once the alert is created.
      expect(outcome.values).toEqual({ email: '', contactProximite: false });
      expect(await alertCount(db)).toBe(before + 1);

      // The listings API knows it by its token, in the language of the page it was created on.
      const alert = await alertOf(token);
      expect(alert).toMatchObject({ email, lang: 'en', confirmed_at: null });
      // The settings of the seed offer the consent, so it is kept.
      expect(config.settings.enableContactProximite).toBe(true);
      expect(alert.contactProximite).toBe(true);
      expect(alert.criteria).toMatchObject({
        nature: 'V',
        prix_min: 800_000,
        prix_max: 3_000_000,
        nb_chambres: 3,
      });

      const cookie = cookieOf(res);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie!.value).toContain(token);
      expect(cookie!.value).not.toBe(token); // signed
    });

    it.each<[Lang, string]>([
      ['fr', 'Votre demande a bien été enregistrée.'],
      ['en', 'Your request has been registered.'],
    ])(
      'stores it without JavaScript: the list says so, the alerts page lists it (%s)',
      async (lang, success) => {
        const email = `noscript-${unique()}@example.com`;
        const res = await create(
          lang,
          { email, contactProximite: 'on', criteria: payloadOf('price_max=4000000') },
          { js: false },
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers.location).toBeUndefined();
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['content-language']).toBe(lang);
        expect(textOf(res.body)).toContain(success);
        // The list page came back, its form replaced by the notice.
        expect(res.body).toContain('id="alert-form"');
        expect(pageForm(res.body, 'alert-create')).toBeUndefined();
        const cookie = cookieOf(res)!;
        expect(cookie.httpOnly).toBe(true);

        const page = await app.inject({
          url: ALERTS_PATH[lang],
          cookies: { alert_tokens: cookie.value },
        });
        expect(page.statusCode).toBe(200);
        expect(page.headers['cache-control']).toBe('private, no-store');
        expect(textOf(page.body)).toContain(email);
        // The consent was ticked, and kept.
        const listed = await app.inject({
          url: '/api/alerts',
          cookies: { alert_tokens: cookie.value },
        });
        const [item] = listed.json<AlertList>().items;
        expect(item!.alert).toMatchObject({ email, lang, contactProximite: true });
        // The alert's delete form posts the page's action, and works without JavaScript too.
        expect(pageForm(page.body, 'alert-delete')).toEqual({
          action: ALERTS_PATH[lang],
          method: 'post',
          fields: { _form: 'alert-delete', token: item!.token },
        });
      },
    );

    it.each<[string, Lang, { email?: string; criteria?: unknown }, string, string]>([
      ['no e-mail', 'fr', { email: '' }, 'email-required', 'Veuillez saisir une adresse e-mail'],
      ['no e-mail', 'en', {}, 'email-required', 'Please enter an email address'],
      [
        'an invalid e-mail',
        'fr',
        { email: 'pas-une-adresse' },
        'email-invalid',
        'Veuillez saisir une adresse e-mail valide',
      ],
      [
        'an invalid e-mail',
        'en',
        { email: 'a@b' },
        'email-invalid',
        'Please enter a valid email address',
      ],
      [
        'no criteria',
        'fr',
        { email: 'x@example.com', criteria: undefined },
        'criteria',
        'Les critères de cette recherche ne peuvent pas être enregistrés.',
      ],
      [
        'criteria that are not JSON',
        'en',
        { email: 'x@example.com', criteria: '{oops' },
        'criteria',
        'The criteria of this search cannot be saved.',
      ],
      [
        'an unknown nature',
        'en',
        { email: 'x@example.com', criteria: { nature: 'X' } },
        'criteria',
        'The criteria of this search cannot be saved.',
      ],
      [
        'a minimum above its maximum',
        'fr',
        { email: 'x@example.com', criteria: { nature: 'V', prix_min: 9, prix_max: 1 } },
        'criteria',
        'Les critères de cette recherche ne peuvent pas être enregistrés.',
      ],
      [
        'an unknown asset',
        'en',
        { email: 'x@example.com', criteria: { nature: 'V', atouts: ['helipad'] } },
        'criteria',
        'The criteria of this search cannot be saved.',
      ],
    ])(
      'refuses %s (%s) with a 400 both ways, the message in the page’s language, storing nothing',
      async (_name, lang, over, status, message) => {
        const before = await alertCount(db);
        const fields = {
          criteria: payloadOf('') as object | string | undefined,
          ...over,
        } as Parameters<typeof create>[1];
        const js = await create(lang, fields);
        expect(js.statusCode, js.body).toBe(400);
        expect(outcomeOf(js)).toEqual({
          form: 'alert-create',
          status,
          values: { email: over.email ?? '', contactProximite: false },
        });
        expect(cookieOf(js)).toBeUndefined();

        const page = await create(lang, fields, { js: false });
        expect(page.statusCode).toBe(400);
        expect(page.headers.location).toBeUndefined();
        expect(page.headers['content-language']).toBe(lang);
        expect(textOf(page.body)).toContain(message);
        // The list comes back with its form, scrolled to it, and what was typed in it.
        const form = pageForm(page.body, 'alert-create');
        expect(form?.action).toBe(`${LIST_PATH[lang]}#${ALERT_FORM_ID}`);
        if (over.email) expect(page.body).toContain(`value="${over.email}"`);
        expect(cookieOf(page)).toBeUndefined();
        expect(await alertCount(db)).toBe(before);
      },
    );

    it.each<[Lang, string]>([
      ['fr', 'Une alerte existe déjà pour cette recherche avec cette adresse e-mail.'],
      ['en', 'An alert already exists for this search with this email address.'],
    ])(
      'answers 409 to a second identical alert both ways (%s), and stores it once',
      async (lang, message) => {
        const email = `twice-${unique()}@example.com`;
        const criteria = payloadOf('area_min=200');
        expect((await create(lang, { email, criteria })).statusCode).toBe(200);
        const before = await alertCount(db);
        // Same address in another case, same search: the same alert.
        const js = await create(lang, { email: email.toUpperCase(), criteria });
        expect(js.statusCode).toBe(409);
        expect(outcomeOf(js)).toMatchObject({ form: 'alert-create', status: 'duplicate' });
        expect(outcomeOf(js).token).toBeUndefined();
        const page = await create(lang, { email: email.toUpperCase(), criteria }, { js: false });
        expect(page.statusCode).toBe(409);
        expect(page.headers['content-language']).toBe(lang);
        expect(textOf(page.body)).toContain(message);
        expect(cookieOf(page)).toBeUndefined();
        expect(await alertCount(db)).toBe(before);
      },
    );

    it('keeps no consent when the box is not ticked', async () => {
      const { alert } = await createOk();
      expect(alert.contactProximite).toBe(false);
    });

    it('saves the omr list of a result list whose place points to one: the alert searches the offers the list showed', async () => {
      // A place of an omr list, where the list (all its places) and the place's own subtree
      // differ: the result list shows the list's offers.
      const places = await db.kysely
        .selectFrom('lieux')
        .select(['id', 'slug', 'omr_list_id'])
        .where('omr_list_id', 'is not', null)
        .orderBy('id')
        .execute();
      const total = async (query: string) =>
        (await upstreamJson<{ total: number }>(listingsUrl, `/offre?nature=V&limit=1&${query}`))
          .total;
      let place: { id: number; slug: string; list: number; listTotal: number } | undefined;
      for (const p of places) {
        const listTotal = await total(`omr_list_id=${p.omr_list_id}`);
        if (listTotal > 0 && listTotal !== (await total(`lieu=${p.id}`))) {
          place = { id: p.id, slug: p.slug, list: p.omr_list_id!, listTotal };
          break;
        }
      }
      expect(place, 'a place of an omr list with offers beyond its own').toBeDefined();

      // The place's wider list (its own offers are the default list).
      const listPath = searchHref(
        alertPayloadToCriteria(
          { nature: 'V', lieu: place!.id, omr_list_id: place!.list },
          { config },
        ),
        place!.slug,
        'fr',
        config,
      );
      const list = await app.inject(listPath);
      expect(list.statusCode).toBe(200);
      expect(textOf(list.body)).toMatch(new RegExp(`\\b${place!.listTotal} biens?\\b`));
      // The alert form of the page carries the list, not only the place, and posts to the page
      // (back at the form).
      const form = pageForm(list.body, 'alert-create');
      expect(form?.action).toBe(`${listPath}#${ALERT_FORM_ID}`);
      const given = form!.fields.criteria!;
      expect(JSON.parse(given)).toMatchObject({ lieu: place!.id, omr_list_id: place!.list });

      // Posted without JavaScript, as the page's form is.
      const email = `omr-${unique()}@example.com`;
      const res = await post(form!.action, { ...form!.fields, email }, { js: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(textOf(res.body)).toContain('Votre demande a bien été enregistrée.');
      const stored = await db.kysely
        .selectFrom('alerts')
        .select('criteria')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const saved = (
        typeof stored.criteria === 'string' ? JSON.parse(stored.criteria) : stored.criteria
      ) as AlertCriteria;
      expect(saved).toMatchObject({ nature: 'V', lieu: place!.id, omr_list_id: place!.list });
      // The saved alert's search (what its mails match) finds the offers of the list page.
      const filters = alertSearchFilters(saved);
      const query = new URLSearchParams(
        Object.entries(filters).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
      );
      query.set('limit', '1');
      expect((await upstreamJson<{ total: number }>(listingsUrl, `/offre?${query}`)).total).toBe(
        place!.listTotal,
      );

      // Criteria naming only the place search the place alone: the list is never added.
      const bare = await create('en', {
        email: `omr-bare-${unique()}@example.com`,
        criteria: { nature: 'V', lieu: place!.id },
      });
      expect(bare.statusCode, bare.body).toBe(200);
      const bareAlert = await alertOf(outcomeOf(bare).token!);
      expect(bareAlert.criteria).toEqual({ nature: 'V', lieu: place!.id });

      // The alerts page recommends the newest offers of what each alert searches.
      const newest = await upstreamJson<{ items: { slug: string }[] }>(
        listingsUrl,
        `/offre?nature=V&lieu=${place!.id}&sort=new&limit=4&lang=en`,
      );
      const page = await app.inject({
        url: '/en/alerts/',
        cookies: { alert_tokens: cookieOf(bare)!.value },
      });
      expect(textOf(page.body)).toContain('Our recommendations');
      for (const offer of newest.items) expect(page.body).toContain(`/${offer.slug}/`);
    });

    it.each<Lang>(['fr', 'en'])(
      "an alert created from a place's own list (%s) mails that place's offers alone, not its wider list",
      async (lang) => {
        const place = await db.kysely
          .selectFrom('lieux')
          .select(['id', 'slug', 'omr_list_id'])
          .where('slug', '=', 'megeve')
          .executeTakeFirstOrThrow();
        expect(place.omr_list_id, 'Megève points to a list of resorts').not.toBeNull();
        const total = async (query: string) =>
          (await upstreamJson<{ total: number }>(listingsUrl, `/offre?nature=V&limit=1&${query}`))
            .total;
        const own = await total(`lieu=${place.id}`);
        expect(own).toBeGreaterThan(0);
        expect(await total(`omr_list_id=${place.omr_list_id}`)).toBeGreaterThan(own);

        // The place's list as a visitor lands on it, with its alert form.
        const listPath = searchHref(
          alertPayloadToCriteria({ nature: 'V', lieu: place.id }, { config }),
          place.slug,
          lang,
          config,
        );
        const list = await app.inject(listPath);
        expect(list.statusCode).toBe(200);
        const form = pageForm(list.body, 'alert-create');
        const email = `own-${unique()}@example.com`;
        const res = await post(form!.action, { ...form!.fields, email }, { js: false });
        expect(res.statusCode, res.body).toBe(200);
        const stored = await db.kysely
          .selectFrom('alerts')
          .select(['id', 'criteria'])
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        const saved = (
          typeof stored.criteria === 'string' ? JSON.parse(stored.criteria) : stored.criteria
        ) as AlertCriteria;
        expect(saved).toEqual({ nature: 'V', lieu: place.id });

        // What its mails match: every offer of the place published so far, and only those.
        const matched = await findNewOffersForAlert(db, stored, new Date(0), { limit: 1000 });
        expect(matched.total).toBe(own);
        const inPlace = await upstreamJson<{ items: { id: number }[] }>(
          listingsUrl,
          `/offre?nature=V&lieu=${place.id}&limit=100&lang=${lang}`,
        );
        expect(new Set(matched.offers.map((o) => o.id))).toEqual(
          new Set(inPlace.items.map((o) => o.id)),
        );
      },
    );
  });

  describe('listing the visitor’s alerts', () => {
    it('lists the alerts of the cookie, of the tokens given, or of both', async () => {
      const a = await createOk();
      const b = await createOk();
      const list = async (tokens: string | null, cookies: Record<string, string> = {}) => {
        const res = await app.inject({
          url: '/api/alerts',
          cookies,
          headers: tokens ? { 'x-alert-tokens': tokens } : {},
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        return {
          res,
          ids: res
            .json<AlertList>()
            .items.map((i) => i.alert.id)
            .sort(),
        };
      };
      expect((await list(null, { alert_tokens: a.cookie.value })).ids).toEqual([a.alert.id]);
      const byTokens = await list(b.token);
      expect(byTokens.ids).toEqual([b.alert.id]);
      // Tokens kept by the browser join the cookie, so pages without JavaScript know them too.
      expect(cookieOf(byTokens.res)!.value).toContain(b.token);
      const both = await list(b.token, {
        alert_tokens: a.cookie.value,
      });
      expect(both.ids).toEqual([a.alert.id, b.alert.id].sort());
    });

    it('lists nothing without a token, and nothing for an unknown token', async () => {
      expect((await app.inject('/api/alerts')).json()).toEqual({ items: [] });
      const unknown = randomBytes(32).toString('base64url');
      const res = await app.inject({ url: '/api/alerts', headers: { 'x-alert-tokens': unknown } });
      expect(res.json()).toEqual({ items: [] });
    });

    it('ignores a cookie whose signature is wrong', async () => {
      const a = await createOk();
      const forged = `${a.token}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
      const res = await app.inject({ url: '/api/alerts', cookies: { alert_tokens: forged } });
      expect(res.json()).toEqual({ items: [] });
    });

    it.each<[Lang, string]>([
      ['fr', "Ce jeton d'alerte n'est pas valide."],
      ['en', 'This alert token is not valid.'],
    ])('refuses a malformed token with a 400 (%s)', async (lang, message) => {
      const res = await app.inject({
        url: '/api/alerts',
        headers: {
          'accept-language': lang === 'en' ? 'en-GB,en' : 'fr-FR',
          'x-alert-tokens': 'not-a-token',
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'token', message });
    });

    it('refuses tokens in the URL, where proxies and logs would keep them', async () => {
      const b = await createOk();
      for (const key of ['tokens', 'token']) {
        const res = await app.inject(`/api/alerts?${key}=${b.token}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ field: 'token' });
        expect(res.body).not.toContain(b.token);
      }
    });
  });

  describe('alert tokens on the way to the listings API', () => {
    it('travel in the x-alert-tokens header, never in a URL (list, page, delete both ways)', async () => {
      const a = await createOk();
      const b = await createOk();
      const c = await createOk();
      const secrets = [a, b, c].map((x) => x.token);
      upstreamCalls.length = 0;

      const listed = await app.inject({
        url: '/api/alerts',
        headers: { 'x-alert-tokens': b.token },
        cookies: { alert_tokens: a.cookie.value },
      });
      expect(listed.statusCode).toBe(200);
      const page = await app.inject({
        url: '/fr/alertes/',
        cookies: { alert_tokens: a.cookie.value },
      });
      expect(textOf(page.body)).toContain(a.email);
      const deleted = await post(ALERTS_PATH.fr, { _form: 'alert-delete', token: b.token });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(outcomeOf(deleted)).toMatchObject({ status: 'deleted', token: b.token });
      const formDeleted = await post(
        ALERTS_PATH.en,
        { _form: 'alert-delete', token: c.token },
        { js: false },
      );
      expect(formDeleted.statusCode).toBe(200);
      expect(textOf(formDeleted.body)).toContain('Your alert has been deleted.');
      for (const res of [deleted, formDeleted]) {
        for (const secret of secrets) expect(res.headers.location ?? '').not.toContain(secret);
      }

      const alertCalls = upstreamCalls.filter((call) => call.url.startsWith('/alerte'));
      // The list (API and page) and both deletes reached the listings API...
      expect(alertCalls.map((call) => call.method).sort()).toEqual([
        'DELETE',
        'DELETE',
        'GET',
        'GET',
      ]);
      // ...with their tokens in the header and none in any URL.
      for (const call of upstreamCalls) {
        for (const secret of secrets) expect(call.url).not.toContain(secret);
      }
      expect(alertCalls.every((call) => call.url === '/alerte')).toBe(true);
      const sent = alertCalls.map((call) => call.tokens ?? '');
      expect(sent).toContain(`${a.token},${b.token}`);
      expect(sent).toContain(b.token);
      expect(sent).toContain(c.token);
      expect(sent.filter((tokens) => tokens === a.token)).toHaveLength(1);
    });

    it('are refused by the listings API in a query string', async () => {
      const a = await createOk();
      const list = await fetch(`${listingsUrl}/alerte?tokens=${a.token}`);
      expect(list.status).toBe(400);
      expect(await list.json()).toMatchObject({
        field: 'tokens',
        message: 'tokens: must not be in the URL: send alert tokens in the x-alert-tokens header',
      });
      const del = await fetch(`${listingsUrl}/alerte?token=${a.token}`, {
        method: 'DELETE',
      });
      expect(del.status).toBe(400);
      expect(await upstreamAlerts(a.token)).toMatchObject({
        items: [{ token: a.token }],
      });
    });
  });

  describe('deleting an alert from the alerts page', () => {
    it.each<[Lang, string]>([
      ['fr', "Cette alerte n'existe pas ou a déjà été supprimée."],
      ['en', 'This alert does not exist or has already been deleted.'],
    ])('deletes nothing without the right token: 404 both ways (%s)', async (lang, message) => {
      const victim = await createOk();
      // Another visitor, with a token of their own but not this alert's.
      const other = await createOk();
      const before = await alertCount(db);
      const fields = { _form: 'alert-delete', token: randomBytes(32).toString('base64url') };
      const cookies = { alert_tokens: other.cookie.value };
      const js = await post(ALERTS_PATH[lang], fields, { cookies });
      expect(js.statusCode).toBe(404);
      expect(outcomeOf(js)).toMatchObject({ form: 'alert-delete', status: 'unknown-alert' });
      const page = await post(ALERTS_PATH[lang], fields, { js: false, cookies });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-language']).toBe(lang);
      expect(textOf(page.body)).toContain(message);
      // The visitor's own alert is still there, and listed.
      expect(textOf(page.body)).toContain(other.email);
      expect(cookieOf(page)?.value ?? other.cookie.value).toContain(other.token);
      expect(await alertCount(db)).toBe(before);
      expect((await upstreamAlerts(victim.token)).items).toHaveLength(1);
    });

    it('says an alert deleted already is gone (404), and the cookie forgets it', async () => {
      const a = await createOk();
      const cookies = { alert_tokens: a.cookie.value };
      const fields = { _form: 'alert-delete', token: a.token };
      expect((await post(ALERTS_PATH.fr, fields)).statusCode).toBe(200);
      expect((await upstreamAlerts(a.token)).items).toEqual([]);
      // The same form again, from a page still showing it (the cookie still has its token).
      const js = await post(ALERTS_PATH.fr, fields, { cookies });
      expect(js.statusCode).toBe(404);
      // The outcome names the token, so that the browser forgets it too.
      expect(outcomeOf(js)).toMatchObject({ status: 'unknown-alert', token: a.token });
      expect(cookieOf(js)?.value ?? '').not.toContain(a.token);
      const page = await post(ALERTS_PATH.fr, fields, { js: false, cookies });
      expect(page.statusCode).toBe(404);
      expect(textOf(page.body)).toContain("Cette alerte n'existe pas ou a déjà été supprimée.");
      expect(cookieOf(page)?.value ?? '').not.toContain(a.token);
    });

    it('refuses a malformed token with a 400 both ways', async () => {
      const before = await alertCount(db);
      const fields = { _form: 'alert-delete', token: '../../etc' };
      const js = await post(ALERTS_PATH.en, fields);
      expect(js.statusCode).toBe(400);
      expect(outcomeOf(js)).toMatchObject({ form: 'alert-delete', status: 'token' });
      const page = await post(ALERTS_PATH.en, fields, { js: false });
      expect(page.statusCode).toBe(400);
      expect(textOf(page.body)).toContain('This alert token is not valid.');
      expect(await alertCount(db)).toBe(before);
    });
  });

  describe('the alerts page', () => {
    it.each<[Lang, string]>([
      ['fr', "Vous n'avez aucune recherche sauvegardée à ce jour."],
      ['en', "You don't have any saved search to date."],
    ])('says when there is no saved search (%s)', async (lang, empty) => {
      const res = await app.inject(ALERTS_PATH[lang]);
      expect(res.statusCode).toBe(200);
      expect(textOf(res.body)).toContain(empty);
      expect(res.body).toContain('<meta name="robots" content="noindex, follow"');
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('shows the alerts of the cookie with their search and recommendations', async () => {
      const a = await createOk(undefined, 'price_min=1000000');
      const res = await app.inject({
        url: '/en/alerts/',
        cookies: { alert_tokens: a.cookie.value },
      });
      const text = textOf(res.body);
      expect(text).toContain(a.email);
      expect(text).toContain('Awaiting confirmation');
      expect(text).toContain('from €1,000,000');
      // A link to the alert's result list, in the page's language.
      expect(res.body).toContain(
        `href="/en/${config.natures.find((n) => n.id === 'V')!.slug.en}/?price_min=1000000"`,
      );
      // Offers matching the saved search.
      const offers = await upstreamJson<{ items: { slug: string }[] }>(
        listingsUrl,
        '/offre?nature=V&prix_min=1000000&sort=new&limit=4&lang=en',
      );
      expect(offers.items.length).toBeGreaterThan(0);
      expect(text).toContain('Our recommendations');
      for (const offer of offers.items) expect(res.body).toContain(`/${offer.slug}/`);
    });

    it('cannot be given tokens by a request header from outside', async () => {
      const a = await createOk();
      const res = await app.inject({
        url: '/fr/alertes/',
        headers: { [ALERT_TOKENS_HEADER]: a.token },
      });
      expect(textOf(res.body)).not.toContain(a.email);
      expect(textOf(res.body)).toContain("Vous n'avez aucune recherche sauvegardée à ce jour.");
    });
  });

  describe('the links of alert mails', () => {
    /** Creates an alert through the BFF, which mails its confirmation at once: the mail's links. */
    async function confirmationMail(lang: Lang) {
      const email = `mail-${unique()}@example.com`;
      const { alert } = await createOk(email, 'price_max=2000000', lang);
      expect(alert.lang).toBe(lang);
      await site.listings.mailOutbox.idle();
      const mail = smtp.messages.find((m) => m.envelopeTo.includes(email));
      expect(mail, `confirmation mail to ${email}`).toBeDefined();
      const link = (path: string) => {
        const m = new RegExp(`${PUBLIC_URL}(${path}\\?token=[^\\s<>"]+)`).exec(mail!.text);
        expect(m, `${path} link`).not.toBeNull();
        return m![1]!;
      };
      const unsubscribeHeader = /<https:\/\/portal\.test([^>]+)>/.exec(
        mail!.headers.get('list-unsubscribe') ?? '',
      )?.[1];
      return { alert, confirm: link('/alerts/confirm'), unsubscribe: unsubscribeHeader! };
    }

    const row = (id: number) =>
      db.kysely
        .selectFrom('alerts')
        .select(['confirmed_at', 'unsubscribed_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    /** The page a mail link opens (its 303), and the form of its button. */
    async function linkPage(link: string, name: string, headers: Record<string, string> = {}) {
      const res = await app.inject({ url: link, headers });
      expect(res.statusCode).toBe(303);
      const page = await app.inject({ url: res.headers.location!, headers });
      const form = pageForm(page.body, name);
      expect(form, `the ${name} button of ${res.headers.location}`).toBeDefined();
      return { location: res.headers.location!, page, form: form! };
    }

    /** The click on a page's button: the form posted with or without JavaScript. */
    const click = (form: PageForm, options: FormPostOptions = {}) =>
      post(form.action, form.fields, options);

    it.each<[Lang, string, string, string]>([
      [
        'fr',
        'Confirmer mon adresse e-mail',
        'Confirmez votre adresse e-mail pour recevoir les nouveaux biens de cette recherche.',
        'Votre adresse e-mail est confirmée',
      ],
      [
        'en',
        'Confirm my email address',
        'Confirm your email address to receive the new properties of this search.',
        'Your email address is confirmed',
      ],
    ])(
      'confirms only on the click of the page’s button, in the alert’s language (%s)',
      async (lang, button, intro, done) => {
        const { alert, confirm } = await confirmationMail(lang);
        const token = new URL(confirm, PUBLIC_URL).searchParams.get('token')!;
        expect(new URL(confirm, PUBLIC_URL).searchParams.get('lang')).toBe(lang);
        // The visitor's browser speaks the other language: the page follows the alert's.
        const other = { 'accept-language': lang === 'fr' ? 'en' : 'fr' };
        // What a mail scanner or a link preview does: GET (and HEAD) of the link.
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await app.inject({ method, url: confirm, headers: other });
          expect(res.statusCode).toBe(303);
          expect(res.headers.location).toBe(
            `${ALERTS_PATH[lang]}?confirm=${encodeURIComponent(token)}`,
          );
        }
        expect((await row(alert.id)).confirmed_at).toBeNull();
        const { location, page, form } = await linkPage(confirm, 'alert-confirm', other);
        expect(page.statusCode).toBe(200);
        expect(page.headers['cache-control']).toBe('private, no-store');
        expect(textOf(page.body)).toContain(intro);
        expect(textOf(page.body)).toContain(button);
        expect((await row(alert.id)).confirmed_at).toBeNull();

        // The button: a plain form posting the page's action, no JavaScript needed.
        expect(form).toEqual({
          action: location,
          method: 'post',
          fields: { _form: 'alert-confirm', token },
        });
        const clicked = await click(form, { js: false, headers: other });
        expect(clicked.statusCode).toBe(200);
        expect(clicked.headers.location).toBeUndefined();
        expect(clicked.headers['content-language']).toBe(lang);
        expect(textOf(clicked.body)).toContain(done);
        // Clicked: the button is not asked for again.
        expect(pageForm(clicked.body, 'alert-confirm')).toBeUndefined();
        expect((await row(alert.id)).confirmed_at).not.toBeNull();
        // A second click, with JavaScript this time, changes nothing and says the same.
        const again = await click(form);
        expect(again.statusCode).toBe(200);
        expect(outcomeOf(again)).toEqual({
          form: 'alert-confirm',
          status: 'confirmed',
          reload: true,
          // The confirmed search, shown on a device that did not save it.
          confirmed: expect.objectContaining({ nature: 'V' }),
        });
      },
    );

    /** A link whose signature no longer matches (the first character of the MAC changed). */
    const forge = (link: string) =>
      link.replace(/\.(.)/, (_m, c: string) => `.${c === 'A' ? 'B' : 'A'}`);

    it.each<[string, (links: { confirm: string; unsubscribe: string }) => string]>([
      ['a malformed token', () => '/alerts/confirm?token=%3Cscript%3E&lang=en'],
      ['no token', () => '/alerts/confirm?lang=en'],
    ])('refuses %s at once: the page says the link is not valid (400)', async (_name, url) => {
      const links = await confirmationMail('en');
      const res = await app.inject({ url: url(links), headers: { 'accept-language': 'fr' } });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/en/alerts/?status=link-invalid');
      const page = await app.inject(res.headers.location!);
      expect(page.statusCode).toBe(400);
      expect(textOf(page.body)).toContain('This link is not valid.');
      // No button to click.
      expect(pageForm(page.body, 'alert-confirm')).toBeUndefined();
    });

    it.each<[string, (links: { confirm: string; unsubscribe: string }) => string]>([
      ['a forged token', ({ confirm }) => forge(confirm)],
      [
        'the token of an unsubscribe link',
        ({ unsubscribe }) => unsubscribe.replace('/alerts/unsubscribe', '/alerts/confirm'),
      ],
    ])('refuses %s on the click both ways: the link is not valid (400)', async (_name, url) => {
      const links = await confirmationMail('en');
      const { form } = await linkPage(url(links), 'alert-confirm', { 'accept-language': 'en' });
      const js = await click(form);
      expect(js.statusCode).toBe(400);
      expect(outcomeOf(js)).toMatchObject({ form: 'alert-confirm', status: 'link-invalid' });
      const page = await click(form, { js: false });
      expect(page.statusCode).toBe(400);
      expect(textOf(page.body)).toContain('This link is not valid.');
      expect((await row(links.alert.id)).confirmed_at).toBeNull();
    });

    it('says an alert deleted since the mail no longer exists (404 both ways)', async () => {
      const { alert, confirm } = await confirmationMail('fr');
      await db.kysely.deleteFrom('mail_outbox').where('alert_id', '=', alert.id).execute();
      await db.kysely.deleteFrom('alerts').where('id', '=', alert.id).execute();
      const { form } = await linkPage(confirm, 'alert-confirm', { 'accept-language': 'fr' });
      const js = await click(form);
      expect(js.statusCode).toBe(404);
      expect(outcomeOf(js)).toMatchObject({ form: 'alert-confirm', status: 'link-gone' });
      const gone = await click(form, { js: false });
      expect(gone.statusCode).toBe(404);
      expect(textOf(gone.body)).toContain("Cette alerte n'existe plus.");
    });

    it('unsubscribes only after the one click on the page, not on the GET of the link', async () => {
      const { alert, unsubscribe } = await confirmationMail('en');
      const token = new URL(unsubscribe, PUBLIC_URL).searchParams.get('token')!;
      // The browser speaks French; the link is the English alert's.
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({
          method,
          url: unsubscribe,
          headers: { 'accept-language': 'fr' },
        });
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toBe(`/en/alerts/?unsubscribe=${encodeURIComponent(token)}`);
      }
      // Mail software fetching the link changes nothing.
      expect((await row(alert.id)).unsubscribed_at).toBeNull();
      const { location, page, form } = await linkPage(unsubscribe, 'alert-unsubscribe', {
        'accept-language': 'fr',
      });
      expect(page.statusCode).toBe(200);
      expect(textOf(page.body)).toContain('Stop these e-mails');
      expect(form).toEqual({
        action: location,
        method: 'post',
        fields: { _form: 'alert-unsubscribe', token },
      });
      expect((await row(alert.id)).unsubscribed_at).toBeNull();

      const clicked = await click(form, { js: false });
      expect(clicked.statusCode).toBe(200);
      expect(clicked.headers.location).toBeUndefined();
      expect((await row(alert.id)).unsubscribed_at).not.toBeNull();
      expect(textOf(clicked.body)).toContain(
        'You will no longer receive the e-mails of this alert.',
      );
      expect(pageForm(clicked.body, 'alert-unsubscribe')).toBeUndefined();
      // With JavaScript, a second click says the same.
      const again = await click(form);
      expect(again.statusCode).toBe(200);
      expect(outcomeOf(again)).toMatchObject({ form: 'alert-unsubscribe', status: 'unsubscribed' });
    });

    it('says an alert already gone is unsubscribed: no mail will come (button and one click)', async () => {
      const { alert, unsubscribe } = await confirmationMail('fr');
      await db.kysely.deleteFrom('mail_outbox').where('alert_id', '=', alert.id).execute();
      await db.kysely.deleteFrom('alerts').where('id', '=', alert.id).execute();
      const { form } = await linkPage(unsubscribe, 'alert-unsubscribe');
      const clicked = await click(form, { js: false });
      expect(clicked.statusCode).toBe(200);
      expect(textOf(clicked.body)).toContain('Vous ne recevrez plus les e-mails de cette alerte.');
      const js = await click(form);
      expect(js.statusCode).toBe(200);
      expect(outcomeOf(js)).toMatchObject({ form: 'alert-unsubscribe', status: 'unsubscribed' });
      const oneClick = await app.inject({
        method: 'POST',
        url: unsubscribe,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode).toBe(200);
      expect(oneClick.body).toBe('Vous ne recevrez plus les e-mails de cette alerte.');
    });

    it.each<[string, () => { contentType: string; payload: string }]>([
      [
        'url-encoded',
        () => ({
          contentType: 'application/x-www-form-urlencoded',
          payload: 'List-Unsubscribe=One-Click',
        }),
      ],
      [
        'multipart',
        () => ({
          contentType: 'multipart/form-data; boundary=xYzZY',
          payload:
            '--xYzZY\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--xYzZY--\r\n',
        }),
      ],
    ])('takes the one-click POST of RFC 8058 (%s) and answers 200', async (_name, body) => {
      const { alert, unsubscribe } = await confirmationMail('fr');
      const { contentType, payload } = body();
      const res = await app.inject({
        method: 'POST',
        url: unsubscribe,
        headers: { 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toBe('Vous ne recevrez plus les e-mails de cette alerte.');
      expect((await row(alert.id)).unsubscribed_at).not.toBeNull();
      // Idempotent: a second POST is fine.
      const again = await app.inject({
        method: 'POST',
        url: unsubscribe,
        headers: { 'content-type': contentType },
        payload,
      });
      expect(again.statusCode).toBe(200);
    });

    it('answers the one-click POST of a bad token with a 400 and changes nothing', async () => {
      const { alert, unsubscribe } = await confirmationMail('en');
      const res = await app.inject({
        method: 'POST',
        url: forge(unsubscribe),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(400);
      expect((await row(alert.id)).unsubscribed_at).toBeNull();
    });
  });

  it('reads a saved search back into the criteria it came from', () => {
    for (const [query, nature] of [
      ['price_min=500000&price_max=900000&nb_rooms=4&assets=piscine', 'V'],
      ['monthly_rent_min=3000&monthly_rent_max=8000&area_min=100', 'L'],
      ['weekly_rent_max=20000&nb_bedrooms=3&field_area_min=1000', 'S'],
    ] as const) {
      const payload = payloadOf(query, nature);
      expect(toAlertPayload(alertPayloadToCriteria(payload, { config }), { config })).toEqual(
        payload,
      );
    }
  });
});
