import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../listings-api/db/connection';
import { issueFeedKey } from '../../../listings-api/feeds/keys';
import { formatPolirisLine, polirisRowFrom } from '../../../listings-api/feeds/generate';
import { feedUploadPath } from '../../../shared/pro-feeds';
import { createTestDb, testDbKinds } from '../../fixtures/db';
import { proSignedIn } from '../../fixtures/pro';
import {
  agencyWithoutOffers,
  buildZip,
  buildFeedsApi,
  feedWithBadPriceRow,
  LYON_ROW,
  tempDir,
  VALID_CSV,
  VALID_REFERENCES,
  type SeedAgency,
} from '../feeds/helpers';
import { buildWebApp, textOf } from './helpers';

// A feed sent from the professional space: the web app relays it as it comes to the listings
// API's POST /feeds/{agency} with the user's session instead of the key, with the same refusals
// (size, type, archive), with JavaScript (the zip itself, JSON answer) and without (a multipart
// form, a redirect); the run's report then names the bad row's reason. An owner's new feed key
// refuses the old one at once.

const MAX_BYTES = 200 * 1024;

function multipart(file: Buffer, filename: string, type: string) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="feed"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

describe.each(testDbKinds)('feeds in the professional space on %s', (kind) => {
  let db: Db;
  let api: FastifyInstance;
  let web: FastifyInstance;
  let dir: string;
  let agency: SeedAgency;
  let cookie: string;
  let zip: Buffer;

  const upload = (lang: 'fr' | 'en', body: Buffer, type: string, js: boolean, withCookie = true) =>
    web.inject({
      method: 'POST',
      url: feedUploadPath(lang),
      headers: {
        'content-type': type,
        ...(js ? { 'x-portal-action': '1' } : {}),
        ...(withCookie ? { cookie } : {}),
      },
      payload: body,
      remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });

  beforeAll(async () => {
    db = await createTestDb(kind);
    dir = tempDir('pro-feeds-web');
    api = await buildFeedsApi(db, dir, { feedEnv: { FEEDS_MAX_BYTES: String(MAX_BYTES) } });
    const address = await api.listen({ port: 0, host: '127.0.0.1' });
    web = await buildWebApp(address.replace(/\/$/, ''));
    agency = await agencyWithoutOffers(db);
    ({ cookie } = await proSignedIn(db, agency.id));
    // The first render compiles the page's modules: done here, not within a test's render time.
    await web.inject({ url: '/fr/espace-pro/flux/', headers: { cookie } });
    zip = await feedWithBadPriceRow();
  }, 120_000);

  afterAll(async () => {
    await web?.close();
    await api?.close();
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("takes a feed with JavaScript, and the run's report names the bad row's reason", async () => {
    const sent = await upload('fr', zip, 'application/zip', true);
    expect(sent.statusCode, sent.body).toBe(202);
    const { runId } = sent.json<{ status: string; runId: string }>();
    await api.feedRunner.idle();
    const page = await web.inject({
      url: `/fr/espace-pro/flux/?run=${runId}`,
      headers: { cookie },
    });
    expect(page.statusCode, textOf(page.body).slice(0, 3000)).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain('BAD-PRICE-1');
    expect(text).toContain('Lignes rejetées et photos en échec');
    // The row's reason in the page's language, the value it quotes kept.
    expect(text).toContain('Le prix n’est pas un nombre : « 12 5OO »');
    expect(text).not.toContain('is not a number');
    const english = textOf(
      (await web.inject({ url: `/en/pro/feeds/?run=${runId}`, headers: { cookie } })).body,
    );
    expect(english).toContain('The price is not a number: “12 5OO”');
    const list = await web.inject({ url: '/en/pro/feeds/', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(textOf(list.body)).toContain('Recent imports');
  });

  it('takes a feed without JavaScript (a multipart form) and goes to its report', async () => {
    const form = multipart(zip, 'stock.zip', 'application/zip');
    const sent = await upload('en', form.body, form.type, false);
    expect(sent.statusCode, sent.body).toBe(303);
    expect(sent.headers.location).toMatch(/^\/en\/pro\/feeds\/\?run=[A-Za-z0-9_-]+$/);
    await api.feedRunner.idle();
  });

  it("says why a feed was held back in the page's language", async () => {
    // The stock is the sample's offers now: a feed of one other offer would withdraw them all.
    const line = formatPolirisLine(polirisRowFrom({ ...LYON_ROW, agencePropertyRef: 'OTHER-1' }));
    const other = await buildZip({ 'annonces.csv': Buffer.from(line, 'latin1') });
    const sent = await upload('fr', other, 'application/zip', true);
    expect(sent.statusCode, sent.body).toBe(202);
    const { runId } = sent.json<{ runId: string }>();
    await api.feedRunner.idle();
    const { active } = await db.kysely
      .selectFrom('offers')
      .select(({ fn }) => fn.countAll<number>().as('active'))
      .where('agency_id', '=', agency.id)
      .where('status', '=', 'active')
      .where('reference', 'in', VALID_REFERENCES)
      .executeTakeFirstOrThrow();
    const fr = textOf(
      (await web.inject({ url: `/fr/espace-pro/flux/?run=${runId}`, headers: { cookie } })).body,
    );
    expect(fr).toContain(
      `Motif : Le flux retirerait ${active} des ${active} annonces actives de l’agence (plus de la moitié) : il n’a pas été appliqué`,
    );
    expect(fr).not.toContain('would withdraw');
    const en = textOf(
      (await web.inject({ url: `/en/pro/feeds/?run=${runId}`, headers: { cookie } })).body,
    );
    expect(en).toContain(
      `The feed would withdraw ${active} of the agency’s ${active} active offers (more than half): it was not applied`,
    );
  });

  it('refuses, saying why in the user language: too large, wrong type, bad archive, no session', async () => {
    const big = await buildZip({ 'annonces.csv': VALID_CSV, 'x.jpg': randomBytes(MAX_BYTES) });
    const tooLarge = await upload('fr', big, 'application/zip', true);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ status: 'refused', refused: 'too-large' });

    const csv = multipart(VALID_CSV, 'annonces.csv', 'text/csv');
    const wrongType = await upload('en', csv.body, csv.type, false);
    expect(wrongType.statusCode).toBe(303);
    expect(wrongType.headers.location).toBe('/en/pro/feeds/?refused=type');
    const shown = await web.inject({ url: '/en/pro/feeds/?refused=type', headers: { cookie } });
    expect(textOf(shown.body)).toContain('This file is not a .zip archive');
    const shownFr = await web.inject({
      url: '/fr/espace-pro/flux/?refused=too-large',
      headers: { cookie },
    });
    expect(textOf(shownFr.body)).toContain('Le fichier est trop volumineux');

    const notZip = await upload('fr', VALID_CSV, 'application/zip', true);
    expect(notZip.json()).toEqual({ status: 'refused', refused: 'archive' });

    const signedOut = await upload('fr', zip, 'application/zip', true, false);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ status: 'refused', refused: 'session' });
  });

  it("answers 404 for another agency's run", async () => {
    const other = await agencyWithoutOffers(db, 1);
    const theirs = await proSignedIn(db, other.id);
    const list = await api.inject({ url: '/pro/feeds/runs', headers: theirs.headers });
    expect(list.json<{ total: number }>().total).toBe(0);
    const [mine] = (
      await api.inject({
        url: '/pro/feeds/runs',
        headers: (await proSignedIn(db, agency.id)).headers,
      })
    ).json<{ items: { id: string }[] }>().items;
    const report = await api.inject({
      url: `/pro/feeds/runs/${mine!.id}`,
      headers: theirs.headers,
    });
    expect(report.statusCode).toBe(404);
    const page = await web.inject({
      url: `/fr/espace-pro/flux/?run=${mine!.id}`,
      headers: { cookie: theirs.cookie },
    });
    expect(page.statusCode).toBe(404);
  });

  it('makes a new feed key for an owner: the old key is refused at once, the new one taken', async () => {
    const old = await issueFeedKey(db, agency.id);
    const posted = await web.inject({
      method: 'POST',
      url: '/fr/espace-pro/flux/',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-portal-action': '1',
        cookie,
      },
      payload: '_form=feed-key',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const key = (posted.json<{ data: { key: string } }>().data ?? posted.json<{ key: string }>())
      .key;
    expect(key).toMatch(/^pfk_/);
    const probe = (k: string) =>
      api.inject({
        method: 'POST',
        url: `/feeds/${agency.slug}`,
        headers: { 'content-type': 'application/zip', authorization: `Bearer ${k}` },
        payload: 'not a zip',
      });
    expect((await probe(old)).statusCode).toBe(401);
    expect((await probe(key)).statusCode).toBe(400);
    const audited = await db.kysely
      .selectFrom('pro_audit')
      .select('action')
      .where('agency_id', '=', agency.id)
      .where('action', '=', 'feed-key-rotated')
      .execute();
    expect(audited).toHaveLength(1);
  });
});
