import { PAGE_FORM_RATE_LIMIT } from '../../../server/ssr/page-actions';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Config, Lang, OfferList } from '../../../shared/contract';
import { signMailToken } from '../../../listings-api/alerts/tokens';
import type { Db } from '../../../listings-api/db/connection';
import { testDbKinds } from '../../fixtures/db';
import {
  alertCount,
  alertPayloadOf,
  buildWebApp,
  deadUrl,
  pageDataOf,
  postForm,
  startFake,
  startListingsAndWeb,
  textOf,
  upstreamJson,
  visitorAddress,
  type FakeServer,
  type ListingsAndWeb,
} from './helpers';
import { offerPathOf } from './offer-fixture';

// Requests a careless or hostile client sends: malformed id lists, forms posted from another
// site, odd language-switch targets, bodies that are not forms, floods of phone reveals, and a
// failing listings API. Each gets a clear 4xx (or its error page), never a 500 nor an internal
// message.

const SECRET = 'hostile-requests-test-signing-secret';
const EVIL = 'https://evil.example';

/** The refusal of a page form posted from another site. */
const FORM_CROSS_SITE_TEXT: Record<Lang, string> = {
  fr: "Ce formulaire n'est accepté que depuis ce site.",
  en: 'This form is only accepted from this site.',
};

describe.each(testDbKinds)('hostile requests on %s', (kind) => {
  let site: ListingsAndWeb;
  let db: Db;
  let app: FastifyInstance;
  let config: Config;
  let listingsUrl: string;

  beforeAll(async () => {
    site = await startListingsAndWeb(kind, {
      ...process.env,
      ALERT_SIGNING_SECRET: SECRET,
      SMTP_URL: '',
    });
    ({ db, app, config, listingsUrl } = site);
  }, 120_000);
  afterAll(async () => {
    await site?.close();
  });

  const criteria = () => alertPayloadOf(config, 'price_max=4000000');

  const LIST_PATH: Record<Lang, string> = { fr: '/fr/vente/', en: '/en/sale/' };
  const ALERTS_PATH: Record<Lang, string> = { fr: '/fr/alertes/', en: '/en/alerts/' };

  /** An alert made through the alert form of a result list (the JavaScript path). */
  async function createAlert(): Promise<{ token: string; id: number }> {
    const res = await postForm(app, LIST_PATH.fr, {
      _form: 'alert-create',
      email: `owner-${Math.random()}@example.com`,
      criteria: JSON.stringify(criteria()),
    });
    expect(res.statusCode, res.body).toBe(200);
    const outcome = res.json<{ data: { status: string; token: string } }>().data;
    expect(outcome.status).toBe('created');
    const row = await db.kysely
      .selectFrom('alerts')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return { token: outcome.token, id: row.id };
  }

  describe('malformed id lists', () => {
    it.each([
      '/api/compteur?lang=fr&lieu=abc',
      '/api/compteur-rubriques?lieu=x',
      '/api/lieu-enfants?id=1&lang=fr&rubrique=x',
      '/api/lieu-enfants?id=1&lang=fr&rubrique=1,,2',
      '/api/compteur?lang=fr&lieu=1,-2',
    ])('%s answers 400', async (url) => {
      const res = await app.inject(url);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400 });
    });

    it('a good list still answers', async () => {
      const res = await app.inject('/api/compteur-rubriques?lieu=1');
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  describe('alert writes posted from another site', () => {
    const crossSite: { name: string; headers: Record<string, string> }[] = [
      { name: 'Origin', headers: { origin: EVIL } },
      { name: 'Sec-Fetch-Site', headers: { 'sec-fetch-site': 'cross-site' } },
    ];

    it.each(crossSite.flatMap((how) => (['fr', 'en'] as const).map((lang) => ({ ...how, lang }))))(
      'are refused (403, $name, $lang): create, delete, confirm and the page button of unsubscribe',
      async ({ headers, lang }) => {
        const { token } = await createAlert();
        const mail = signMailToken(SECRET, 'confirm', 1);
        const unsub = signMailToken(SECRET, 'unsubscribe', 1);
        const before = await alertCount(db);
        const requests: { url: string; fields: Record<string, string> }[] = [
          {
            url: LIST_PATH[lang],
            fields: {
              _form: 'alert-create',
              email: 'attacker@example.com',
              criteria: JSON.stringify(criteria()),
            },
          },
          { url: ALERTS_PATH[lang], fields: { _form: 'alert-delete', token } },
          { url: ALERTS_PATH[lang], fields: { _form: 'alert-confirm', token: mail } },
          { url: ALERTS_PATH[lang], fields: { _form: 'alert-unsubscribe', token: unsub } },
        ];
        for (const r of requests) {
          for (const js of [true, false]) {
            const res = await postForm(app, r.url, r.fields, { js, headers });
            const what = `${r.url} ${r.fields._form ?? ''} js=${js}`;
            expect(res.statusCode, `${what} ${res.body}`).toBe(403);
            expect(res.body, what).toContain(FORM_CROSS_SITE_TEXT[lang]);
            expect(res.headers['set-cookie'], what).toBeUndefined();
          }
        }
        expect(await alertCount(db)).toBe(before);
        const list = await upstreamJson<{ items: unknown[] }>(
          listingsUrl,
          `/alerte?tokens=${token}`,
        ).catch(() => undefined);
        if (list) expect(list.items).toHaveLength(1);
      },
    );

    it('the same writes from this site still work', async () => {
      const { token } = await createAlert();
      const before = await alertCount(db);
      const res = await postForm(
        app,
        ALERTS_PATH.fr,
        { _form: 'alert-delete', token },
        {
          headers: {
            host: 'portal.test',
            origin: 'https://portal.test',
            'sec-fetch-site': 'same-origin',
          },
        },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: { status: string } }>().data.status).toBe('deleted');
      expect(await alertCount(db)).toBe(before - 1);
    });

    it('the one-click unsubscribe (RFC 8058) still works from the mail provider', async () => {
      const alert = await createAlert();
      const res = await postForm(
        app,
        `/alerts/unsubscribe?token=${encodeURIComponent(signMailToken(SECRET, 'unsubscribe', alert.id))}`,
        { 'List-Unsubscribe': 'One-Click' },
        {
          js: false,
          headers: { origin: 'https://mail.provider.example', 'sec-fetch-site': 'cross-site' },
        },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toBe('Vous ne recevrez plus les e-mails de cette alerte.');
      const row = await db.kysely
        .selectFrom('alerts')
        .select('unsubscribed_at')
        .where('id', '=', alert.id)
        .executeTakeFirstOrThrow();
      expect(row.unsubscribed_at).not.toBeNull();
    });
  });

  describe('bodies that are not forms', () => {
    it.each([
      [ALERTS_PATH.fr, "Cette demande n'est pas un formulaire de cette page."],
      [ALERTS_PATH.en, 'This request is not a form of this page.'],
    ])('the alerts page actions refuse JSON null (%s): 415, nothing written', async (url, text) => {
      const before = await alertCount(db);
      for (const payload of ['null', '[]', '"x"']) {
        for (const js of [true, false]) {
          const res = await app.inject({
            method: 'POST',
            url,
            headers: {
              'content-type': 'application/json',
              ...(js ? { 'x-portal-action': '1' } : {}),
            },
            payload,
            remoteAddress: visitorAddress(),
          });
          expect(res.statusCode, `${payload}: ${res.body}`).toBe(415);
          // Without JavaScript, the error page says it.
          expect(js ? res.body : textOf(res.body)).toContain(text);
        }
      }
      expect(await alertCount(db)).toBe(before);
    });

    it.each([
      ['/alerts/unsubscribe', 'fr', 'body : doit être un formulaire.'],
      ['/alerts/unsubscribe', 'en', 'body: must be a form.'],
    ] as const)('%s with JSON null answers 400 (%s)', async (url, lang, message) => {
      for (const payload of ['null', '[]', '"x"']) {
        const res = await app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', 'accept-language': lang },
          payload,
        });
        expect(res.statusCode, `${payload}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ statusCode: 400, message, field: 'body' });
      }
    });
  });

  describe('language switch targets', () => {
    it('percent-encodes a target with non-ASCII characters', async () => {
      const res = await app.inject('/lang/fr?to=/fr/vente/?q=%E6%97%A5');
      expect(res.statusCode, res.body).toBe(302);
      expect(res.headers.location).toBe('/fr/vente/?q=%E6%97%A5');
    });

    it('percent-encodes a path and a fragment too, and stays on this site', async () => {
      const res = await app.inject(`/lang/en?to=${encodeURIComponent('/en/é/../x?a=ü#ç')}`);
      expect(res.statusCode, res.body).toBe(302);
      expect(res.headers.location).toBe('/en/x?a=%C3%BC#%C3%A7');
    });
  });

  describe('the phone reveal posted without JavaScript', () => {
    let offerPath: Record<Lang, string>;
    beforeAll(async () => {
      const list = await upstreamJson<OfferList>(listingsUrl, '/offre?limit=1&lang=fr');
      const offer = list.items[0]!;
      offerPath = { fr: offerPathOf(offer, 'fr', config), en: offerPathOf(offer, 'en', config) };
    });
    const post = (lang: Lang, offerId: string, remoteAddress?: string) =>
      postForm(
        app,
        offerPath[lang],
        { _form: 'phone', offer_id: offerId },
        { js: false, remoteAddress },
      );

    it.each(['fr', 'en'] as const)(
      'answers the 404 page for an offer that does not exist, counting nothing (%s)',
      async (lang) => {
        const res = await post(lang, '2000000000');
        expect(res.statusCode, res.body).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain(`<html lang="${lang}"`);
      },
    );

    it.each(['fr', 'en'] as const)('answers the 400 page for a malformed id (%s)', async (lang) => {
      const res = await post(lang, 'abc');
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(`<html lang="${lang}"`);
    });

    it('is rate-limited per connection like every form', async () => {
      const address = visitorAddress();
      let last: LightMyRequestResponse | undefined;
      for (let i = 0; i <= PAGE_FORM_RATE_LIMIT.max; i++) last = await post('en', 'x', address);
      expect(last!.statusCode).toBe(429);
      // Posted without JavaScript: the error page, in the page's language.
      expect(last!.headers['content-type']).toMatch(/^text\/html/);
      expect(textOf(last!.body)).toContain(
        'Too many requests in a short time. Please try again in a moment.',
      );
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      // Another visitor is not affected.
      expect((await post('en', 'x')).statusCode).toBe(400);
    });
  });
});

describe('error pages of a failing listings API', () => {
  let app: FastifyInstance | undefined;
  let fake: FakeServer | undefined;
  afterEach(async () => {
    await app?.close();
    await fake?.close();
    app = undefined;
    fake = undefined;
  });

  const INTERNAL = [
    'ECONNREFUSED',
    'UND_ERR_SOCKET',
    'does not match the contract',
    'fetch failed',
  ];

  function errorsOf(data: unknown): { status: number; statusText: string; data?: unknown }[] {
    const found: { status: number; statusText: string; data?: unknown }[] = [];
    const walk = (value: unknown) => {
      if (!value || typeof value !== 'object') return;
      const v = value as Record<string, unknown>;
      if (v.__type === 'RouteErrorResponse') found.push(v as never);
      for (const child of Object.values(v)) walk(child);
    };
    walk(data);
    return found;
  }

  it.each([
    {
      name: 'down (closed port)',
      start: () => deadUrl(),
      status: 503,
      text: 'Service Unavailable',
    },
    {
      name: 'closing its sockets',
      start: async () => (fake = await startFake((req) => req.socket.destroy())).url,
      status: 502,
      text: 'Bad Gateway',
    },
    {
      name: 'answering JSON of the wrong shape',
      start: async () =>
        (fake = await startFake((_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"natures":"nope"}');
        })).url,
      status: 502,
      text: 'Bad Gateway',
    },
  ])(
    '$name: the page carries only its status and public reason',
    async ({ start, status, text }) => {
      app = await buildWebApp(await start(), { upstreamTimeoutMs: 2000 });
      for (const url of ['/fr/', '/en/']) {
        const res = await app.inject(url);
        expect([status, 503]).toContain(res.statusCode);
        for (const s of INTERNAL) expect(res.body, `${url}: ${s}`).not.toContain(s);
        const errors = errorsOf(pageDataOf(res.body));
        expect(errors.length).toBeGreaterThan(0);
        for (const e of errors) {
          expect(e.status).toBe(res.statusCode);
          expect(e.statusText).toBe(res.statusCode === 503 ? 'Service Unavailable' : text);
          expect(e.data).toEqual({ reason: 'failure' });
        }
      }
    },
  );
});
