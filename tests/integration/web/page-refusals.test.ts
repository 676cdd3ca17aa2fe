import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../../shared/contract';
import { buildListingsApp } from '../../../listings-api/app';
import type { Db } from '../../../listings-api/db/connection';
import { PAGE_FORM_BODY_LIMIT, PAGE_FORM_RATE_LIMIT } from '../../../server/ssr/page-actions';
import { TEST_PHOTOS_DIR, createTestDb, testDbKinds } from '../../fixtures/db';
import { buildWebApp, textOf } from './helpers';

// A form posted to a page without JavaScript that is refused before the page runs (too large,
// not a form, too many posts) answers the portal's error page in the page's language, with the
// reason, never the framework's JSON; the browser's router (x-portal-action) keeps its JSON.

const LIST: Record<Lang, string> = { fr: '/fr/vente/', en: '/en/sale/' };
const TEXT = {
  413: {
    fr: 'Ce formulaire est trop long pour être envoyé.',
    en: 'This form is too long to be sent.',
  },
  415: {
    fr: "Cette demande n'est pas un formulaire de cette page.",
    en: 'This request is not a form of this page.',
  },
  429: {
    fr: 'Trop de demandes en peu de temps. Veuillez réessayer dans un moment.',
    en: 'Too many requests in a short time. Please try again in a moment.',
  },
} as const;

let address = 0;
/** A visitor address of its own (form posts are counted per address). */
const visitor = () => `10.77.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

describe.each(testDbKinds)('page form refusals on %s', (kind) => {
  let db: Db;
  let listings: FastifyInstance;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDb(kind);
    listings = await buildListingsApp({ db, photosDir: TEST_PHOTOS_DIR });
    const url = (await listings.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
    app = await buildWebApp(url);
    await app.inject(LIST.fr);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await listings?.close();
    await db?.close();
  });

  const post = (
    lang: Lang,
    type: string,
    payload: string,
    remoteAddress = visitor(),
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: 'POST',
      url: LIST[lang],
      headers: { 'content-type': type, ...headers },
      payload,
      remoteAddress,
    });

  const expectPage = (
    res: Awaited<ReturnType<typeof post>>,
    status: 413 | 415 | 429,
    lang: Lang,
  ) => {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-language']).toBe(lang);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain(`<html lang="${lang}"`);
    expect(textOf(res.body)).toContain(TEXT[status][lang]);
    expect(res.body).not.toContain('FST_ERR');
  };

  it.each(['fr', 'en'] as const)('answers 413 and 415 with the error page (%s)', async (lang) => {
    const large = `_form=alert-create&email=${'x'.repeat(PAGE_FORM_BODY_LIMIT)}`;
    expectPage(await post(lang, 'application/x-www-form-urlencoded', large), 413, lang);
    expectPage(await post(lang, 'text/plain', '_form=alert-create'), 415, lang);
    expectPage(await post(lang, 'application/json', '{"_form":"alert-create"}'), 415, lang);
  });

  it.each(['fr', 'en'] as const)(
    'answers 429 with the error page and Retry-After (%s)',
    async (lang) => {
      const from = visitor();
      let last: Awaited<ReturnType<typeof post>> | undefined;
      for (let i = 0; i <= PAGE_FORM_RATE_LIMIT.max; i++) {
        last = await post(
          lang,
          'application/x-www-form-urlencoded',
          '_form=phone&offer_id=x',
          from,
        );
      }
      expectPage(last!, 429, lang);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    },
  );

  it("keeps JSON for the browser's router", async () => {
    const res = await post('en', 'text/plain', '_form=alert-create', visitor(), {
      'x-portal-action': '1',
    });
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
