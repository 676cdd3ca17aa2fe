import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type Selectable } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerChangeTags } from '../../../shared/cache-tags';
import { buildListingsApp } from '../../../listings-api/app';
import type { Db } from '../../../listings-api/db/connection';
import type { CondoRow, FeesRow, OffersTable, PhotoRow } from '../../../listings-api/db/types';
import { readListingsConfig } from '../../../listings-api/config';
import { FEED_LOCK } from '../../../listings-api/feeds/runner';
import {
  formatPolirisLine,
  offerToPolirisRow,
  type PolirisOffer,
} from '../../../listings-api/feeds/generate';
import { loadMappingReference, type MappingReference } from '../../../listings-api/feeds/mapping';
import { summarize, type FeedReport } from '../../../listings-api/feeds/report';
import { PHOTO_WIDTHS } from '../../../shared/contract';
import { photoFileName } from '../../../listings-api/lib/photo-files';
import { createTestDb, testDbKinds } from '../../fixtures/db';
import { buildWebApp, textOf } from '../web/helpers';

// The import of an agency's feed, end to end on the real database: a full import, the same feed
// again (nothing written), a re-import with a price lowered and an offer left out (history,
// withdrawal, 410 page, cache tags), the mass-withdrawal guard, an empty feed, bad rows, a file
// that is not Poliris, photos stored once.

const FIXTURES = path.resolve('tests/fixtures/feeds');

type OfferRow = Selectable<OffersTable>;

/** The item, known to be there. */
function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('expected a value');
  return value;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

describe.each(testDbKinds)('feed import on %s', (kind) => {
  let db: Db;
  let app: FastifyInstance;
  let tmp: string;
  let mapping: MappingReference;
  let agency: { id: number; slug: string };
  let stock: OfferRow[];
  let feedCount = 0;

  /** A feed folder: the rows as written by the agency's software, with two photos beside them. */
  async function feed(offers: PolirisOffer[], extraLines: string[] = []): Promise<string> {
    const dir = path.join(tmp, 'feeds-src', String(++feedCount));
    mkdirSync(dir, { recursive: true });
    const lines = offers.map((offer) =>
      formatPolirisLine(
        offerToPolirisRow(offer, {
          reference: mapping,
          agencyCode: 'AG-1',
          photos: ['front.jpg', 'garden.jpg'],
        }),
      ),
    );
    writeFileSync(path.join(dir, 'annonces.csv'), [...lines, ...extraLines].join(''));
    await copyFile(path.join(tmp, 'front.jpg'), path.join(dir, 'front.jpg'));
    await copyFile(path.join(tmp, 'garden.jpg'), path.join(dir, 'garden.jpg'));
    return dir;
  }

  async function run(dir: string, force = false): Promise<FeedReport> {
    return app.feedRunner.submit({ agency, dir, source: 'cli', force }).report;
  }

  const asFeed = (row: OfferRow): PolirisOffer => ({
    ...row,
    fees: json<FeesRow | null>(row.fees),
    condo: json<CondoRow | null>(row.condo),
    photos: json<PhotoRow[]>(row.photos),
  });

  const agencyOffers = () =>
    db.kysely
      .selectFrom('offers')
      .selectAll()
      .where('agency_id', '=', agency.id)
      .orderBy('id')
      .execute();

  const cursor = async () =>
    Number(
      (
        await db.kysely
          .selectFrom('cache_changes')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );

  /** A new listing of the agency: one of its offers under another reference and title. */
  const newListing = (base: OfferRow): PolirisOffer => ({
    ...asFeed(base),
    reference: 'NEW-LISTING-1',
    titre1_fr: 'Propriété nouvellement confiée',
    titre1_en: 'Newly listed estate',
  });

  beforeAll(async () => {
    db = await createTestDb(kind);
    tmp = mkdtempSync(path.join(os.tmpdir(), 'feed-import-'));
    const feeds = readListingsConfig({
      FEEDS_DIR: path.join(tmp, 'feeds'),
      FEEDS_INTERVAL_MS: '0',
    }).feeds;
    app = await buildListingsApp({
      db,
      photosDir: path.join(tmp, 'photos'),
      feeds,
      countsRefreshMs: 0,
      validateResponses: true,
      cacheTtlMs: 0,
    });
    await app.ready();
    mapping = await loadMappingReference(db);
    const background = { r: 40, g: 90, b: 140 };
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
      .jpeg()
      .toFile(path.join(tmp, 'front.jpg'));
    await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 60, g: 140, b: 60 } },
    })
      .jpeg()
      .toFile(path.join(tmp, 'garden.jpg'));
    // The agency with the most active offers; its stock is what its feeds hold.
    const top = await db.kysely
      .selectFrom('offers as o')
      .innerJoin('agencies as a', 'a.id', 'o.agency_id')
      .select(['a.id', 'a.slug', (eb) => eb.fn.countAll<number>().as('n')])
      .where('o.status', '=', 'active')
      .where('o.prix_cache', '=', false)
      .groupBy(['a.id', 'a.slug'])
      .orderBy('n', 'desc')
      .orderBy('a.id')
      .executeTakeFirstOrThrow();
    agency = { id: top.id, slug: top.slug };
    stock = (await agencyOffers()).filter((o) => o.status === 'active');
  });

  afterAll(async () => {
    await app?.close();
    await db?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('imports a feed: the stock is updated, a new listing created, photos stored once', async () => {
    expect(stock.length).toBeGreaterThanOrEqual(6);
    const rows = [...stock.map(asFeed), newListing(must(stock[0]))];
    const report = await run(await feed(rows));

    expect(report.status).toBe('done');
    expect(report.reason).toBeNull();
    expect(report.counts).toMatchObject({
      rows: rows.length,
      created: 1,
      updated: stock.length,
      unchanged: 0,
      withdrawn: 0,
      rejected: 0,
      photosProcessed: 2,
      photosReused: rows.length * 2 - 2,
      photosFailed: 0,
    });
    // Two photos, stored once each, in the three widths the pages use.
    const photos = await db.kysely.selectFrom('feed_photos').selectAll().execute();
    expect(photos).toHaveLength(2);
    for (const photo of photos) {
      expect(photo.photo_id).toBeGreaterThanOrEqual(10_000_000);
      for (const width of PHOTO_WIDTHS)
        expect(existsSync(path.join(tmp, 'photos', photoFileName(photo.photo_id, width)))).toBe(
          true,
        );
    }

    const created = report.rows.find((r) => r.reference === 'NEW-LISTING-1');
    expect(created).toMatchObject({ outcome: 'created', line: rows.length });
    const offer = await db.kysely
      .selectFrom('offers')
      .selectAll()
      .where('id', '=', created?.offerId ?? -1)
      .executeTakeFirstOrThrow();
    expect(offer).toMatchObject({
      agency_id: agency.id,
      status: 'active',
      titre1_fr: 'Propriété nouvellement confiée',
      titre1_en: 'Newly listed estate',
      nature: must(stock[0]).nature,
      lieu_id: must(stock[0]).lieu_id,
    });
    // New ids come after the seeded ones; the slug names the title and the id.
    expect(offer.id).toBeGreaterThan(Math.max(...stock.map((o) => o.id)));
    expect(offer.slug).toBe(`propriete-nouvellement-confiee-${offer.id}`);
    expect(created?.paths?.fr).toMatch(new RegExp(`/propriete-nouvellement-confiee-${offer.id}/$`));
    expect(created?.paths?.en).toMatch(/^\/en\//);

    // Updated offers keep their id, slug and publication date.
    const after = await agencyOffers();
    for (const before of stock) {
      const now = after.find((o) => o.id === before.id);
      expect(now).toMatchObject({ slug: before.slug, status: 'active' });
      expect(new Date(now?.published_at ?? 0).getTime()).toBe(
        new Date(before.published_at).getTime(),
      );
      expect(now?.feed_hash).toMatch(/^[0-9a-f]{64}$/);
    }

    // The API answers the new offer with its stored photos.
    const detail = await app.inject({ url: `/offre/${offer.id}?lang=fr` });
    expect(detail.statusCode).toBe(200);
    const ids = (JSON.parse(detail.body) as { photos: { src: string }[] }).photos.map((p) => p.src);
    expect(ids).toHaveLength(2);
    expect(ids.every((src) => /\/photos\/1\d{7}-/.test(src))).toBe(true);
  });

  it('changes nothing when the same feed comes again', async () => {
    const before = await agencyOffers();
    const changesBefore = await cursor();
    const historyBefore = await db.kysely.selectFrom('offer_price_history').selectAll().execute();
    const current = before.filter((o) => o.status === 'active').map(asFeed);
    const report = await run(await feed(current));

    expect(report.status).toBe('done');
    expect(report.counts).toMatchObject({
      rows: current.length,
      created: 0,
      updated: 0,
      unchanged: current.length,
      withdrawn: 0,
      rejected: 0,
      photosProcessed: 0,
      photosReused: 0,
    });
    expect(report.tags).toBe(0);
    expect(await agencyOffers()).toEqual(before);
    expect(await cursor()).toBe(changesBefore);
    expect(await db.kysely.selectFrom('offer_price_history').selectAll().execute()).toEqual(
      historyBefore,
    );
  });

  it('records a lowered price, withdraws a left-out offer and lists exactly their cache tags', async () => {
    const current = (await agencyOffers()).filter((o) => o.status === 'active');
    const cheaper = must(current.find((o) => o.nature === 'V' && o.price != null) ?? current[0]);
    const gone = current.find((o) => o.id !== cheaper.id) as OfferRow;
    const amount = (o: OfferRow) =>
      o.nature === 'V' ? o.price : o.nature === 'L' ? o.monthly_rent : o.weekly_rent;
    const oldAmount = amount(cheaper) as number;
    const newAmount = Math.round(oldAmount * 0.9);
    const since = await cursor();

    const rows = current
      .filter((o) => o.id !== gone.id)
      .map((o) => {
        const offer = asFeed(o);
        if (o.id !== cheaper.id) return offer;
        return {
          ...offer,
          price: o.nature === 'V' ? newAmount : o.price,
          monthly_rent: o.nature === 'L' ? newAmount : o.monthly_rent,
          weekly_rent: o.nature === 'S' ? newAmount : o.weekly_rent,
          price_without_fees: null,
          fees: offer.fees && { ...offer.fees, amount: null },
        };
      });
    const report = await run(await feed(rows));

    expect(report.status).toBe('done');
    expect(report.counts).toMatchObject({
      updated: 1,
      unchanged: rows.length - 1,
      withdrawn: 1,
      created: 0,
    });
    expect(report.withdrawn).toEqual([
      expect.objectContaining({ reference: gone.reference, offerId: gone.id }),
    ]);

    const history = await db.kysely
      .selectFrom('offer_price_history')
      .selectAll()
      .where('offer_id', '=', cheaper.id)
      .execute();
    expect(history).toEqual([
      expect.objectContaining({ old_amount: oldAmount, new_amount: newAmount }),
    ]);
    const lowered = await db.kysely
      .selectFrom('offers')
      .selectAll()
      .where('id', '=', cheaper.id)
      .executeTakeFirstOrThrow();
    expect(lowered.price_reduced_at).not.toBeNull();

    const withdrawn = await db.kysely
      .selectFrom('offers')
      .select(['status', 'obsolete_at'])
      .where('id', '=', gone.id)
      .executeTakeFirstOrThrow();
    expect(withdrawn.status).toBe('obsolete');
    expect(withdrawn.obsolete_at).not.toBeNull();
    const answer = await app.inject({ url: `/offre/${gone.id}?lang=fr` });
    expect(answer.statusCode).toBe(410);

    // Exactly the tags of the two offers that changed.
    const changes = await app.inject({ url: `/changes?since=${since}` });
    expect(changes.statusCode).toBe(200);
    const body = JSON.parse(changes.body) as { tags: string[]; next: string };
    const expected = new Set(
      [cheaper, gone].flatMap((o) =>
        offerChangeTags({
          id: o.id,
          agencyId: agency.id,
          nature: o.nature,
          lieuPath: o.lieu_path,
          rubriquePath: o.rubrique_path,
        }),
      ),
    );
    expect(body.tags).toEqual([...expected].sort());
    expect(Number(body.next)).toBeGreaterThan(since);
    const later = JSON.parse((await app.inject({ url: `/changes?since=${body.next}` })).body);
    expect(later).toEqual({ changes: [], tags: [], next: body.next });

    // The offer page of the withdrawn offer, through the web app: 410 with similar searches.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const web = await buildWebApp(address.replace(/\/$/, ''));
    try {
      const page = await web.inject({ url: report.withdrawn[0]?.paths?.fr ?? '/' });
      expect(page.statusCode, page.body.slice(0, 2000)).toBe(410);
      expect(textOf(page.body)).toContain("Ce bien d'exception n'est plus disponible");
    } finally {
      await web.close();
    }

    // A later rise clears the "reduced" mark and is recorded too.
    const risen = rows.map((o) =>
      o.reference === cheaper.reference
        ? {
            ...o,
            price: o.nature === 'V' ? oldAmount : o.price,
            monthly_rent: o.nature === 'L' ? oldAmount : o.monthly_rent,
            weekly_rent: o.nature === 'S' ? oldAmount : o.weekly_rent,
          }
        : o,
    );
    const second = await run(await feed(risen));
    expect(second.counts).toMatchObject({ updated: 1, withdrawn: 0 });
    const again = await db.kysely
      .selectFrom('offers')
      .select('price_reduced_at')
      .where('id', '=', cheaper.id)
      .executeTakeFirstOrThrow();
    expect(again.price_reduced_at).toBeNull();
    const all = await db.kysely
      .selectFrom('offer_price_history')
      .select(['old_amount', 'new_amount'])
      .where('offer_id', '=', cheaper.id)
      .orderBy('id')
      .execute();
    expect(all).toEqual([
      { old_amount: oldAmount, new_amount: newAmount },
      { old_amount: newAmount, new_amount: oldAmount },
    ]);
  });

  it('does not apply a feed that would withdraw more than half of the stock, unless forced', async () => {
    const current = (await agencyOffers()).filter((o) => o.status === 'active');
    const kept = current.slice(0, Math.floor(current.length / 3)).map(asFeed);
    const before = await agencyOffers();
    const since = await cursor();

    const refused = await run(await feed(kept));
    expect(refused.status).toBe('rejected');
    expect(refused.reason).toContain(
      `would withdraw ${current.length - kept.length} of the agency's ${current.length} active offers`,
    );
    expect(refused.counts.withdrawn).toBe(0);
    expect(await agencyOffers()).toEqual(before);
    expect(await cursor()).toBe(since);

    const forced = await run(await feed(kept), true);
    expect(forced.status).toBe('done');
    expect(forced.forced).toBe(true);
    expect(forced.counts.withdrawn).toBe(current.length - kept.length);
    const active = (await agencyOffers()).filter((o) => o.status === 'active');
    expect(active.map((o) => o.reference).sort()).toEqual(kept.map((o) => o.reference).sort());
  });

  it('does not apply an empty feed', async () => {
    const before = await agencyOffers();
    const dir = await feed([]);
    const report = await run(dir);
    expect(report.status).toBe('rejected');
    expect(report.reason).toMatch(
      /^the feed holds no offer: it would withdraw all \d+ active offers/,
    );
    expect(await agencyOffers()).toEqual(before);
  });

  it('skips bad rows with their line, column and reason, and imports the rest', async () => {
    const current = (await agencyOffers()).filter((o) => o.status === 'active').map(asFeed);
    const bad = await readFile(path.join(FIXTURES, 'bad-rows', 'annonces.csv'));
    const badLines = bad
      .toString('latin1')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => `${l}\n`);
    const dir = await feed(current);
    // The fixture's bytes as they are (one of its lines is not valid UTF-8).
    writeFileSync(
      path.join(dir, 'annonces.csv'),
      Buffer.concat([await readFile(path.join(dir, 'annonces.csv')), bad]),
    );
    const report = await run(dir);

    expect(report.status).toBe('done');
    const rejected = report.rows.filter((r) => r.outcome === 'rejected');
    expect(rejected.length).toBe(badLines.length - 1);
    expect(rejected.map((r) => r.line)).toEqual(
      badLines.slice(1).map((_, i) => current.length + 2 + i),
    );
    for (const row of rejected) expect(row.reason).toMatch(/\w+/);
    const reasons = rejected.map((r) => r.reason ?? '').join('\n');
    expect(reasons).toMatch(/unknown city/);
    expect(reasons).toMatch(/price is not a number/);
    expect(rejected.some((r) => r.position === 11 && r.column === 'prix')).toBe(true);
    // The good row of the fixture is imported beside the stock.
    expect(report.counts.created).toBe(1);
    expect(report.counts.rejected).toBe(rejected.length);
  });

  it('rejects a file that is not Poliris as a whole', async () => {
    const before = await agencyOffers();
    const dir = path.join(tmp, 'feeds-src', 'not-poliris');
    mkdirSync(dir, { recursive: true });
    await copyFile(
      path.join(FIXTURES, 'not-poliris', 'annonces.csv'),
      path.join(dir, 'annonces.csv'),
    );
    const report = await run(dir);
    expect(report.status).toBe('rejected');
    expect(report.reason).toMatch(/^not a Poliris feed: /);
    expect(await agencyOffers()).toEqual(before);
  });

  it('keeps the current photos of offers whose photo files are missing, and reports them', async () => {
    const current = (await agencyOffers()).filter((o) => o.status === 'active');
    expect(current.filter((o) => json<PhotoRow[]>(o.photos).length === 2).length).toBeGreaterThan(
      1,
    );
    const dir = await feed(current.map(asFeed));
    rmSync(path.join(dir, 'front.jpg'));
    rmSync(path.join(dir, 'garden.jpg'));
    const report = await run(dir);
    expect(report.status).toBe('done');
    expect(report.counts.photosFailed).toBe(current.length * 2);
    for (const offer of current) {
      const row = report.rows.find((r) => r.reference === offer.reference);
      const kept = json<PhotoRow[]>(offer.photos).length;
      expect(row?.photoProblems).toEqual(
        ['front.jpg', 'garden.jpg'].map(
          (file, i) =>
            `${file}: no such file in the feed${i < kept ? ' (the current photo is kept)' : ''}`,
        ),
      );
    }
    const after = new Map((await agencyOffers()).map((o) => [o.id, json<PhotoRow[]>(o.photos)]));
    for (const offer of current)
      expect(after.get(offer.id)).toEqual(json<PhotoRow[]>(offer.photos));
  });

  it('keeps an offer whose photo fails, with its other photos and its current one in that place, and reports the photo', async () => {
    const current = (await agencyOffers()).filter((o) => o.status === 'active');
    const target = must(current[0]);
    const dir = await feed(current.map(asFeed));
    writeFileSync(path.join(dir, 'garden.jpg'), 'not an image at all');
    const report = await run(dir);
    expect(report.status).toBe('done');
    const row = report.rows.find((r) => r.reference === target.reference);
    expect(row?.outcome).toBe('updated');
    expect(row?.photoProblems).toHaveLength(1);
    expect(row?.photoProblems[0]).toMatch(/garden\.jpg/);
    const stored = await db.kysely
      .selectFrom('offers')
      .select('photos')
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    const photos = json<PhotoRow[]>(stored.photos);
    expect(photos).toHaveLength(2);
    expect(photos[1]).toEqual(json<PhotoRow[]>(target.photos)[1]);
  });

  it("imports a row whose fee percentage disagrees with its amounts, warns, and shows the amounts' percentage", async () => {
    const current = (await agencyOffers()).filter((o) => o.status === 'active');
    const loft = must(current.find((o) => o.nature === 'V' && o.price != null));
    const rows = current.map((o) =>
      o.id !== loft.id
        ? asFeed(o)
        : {
            ...asFeed(o),
            price: 6_250_000,
            price_without_fees: null,
            // 249,750 € on 6,250,000 € is 4.0 %, not the 3.7 % the feed kept.
            fees: { payer: 'seller' as const, percent: 3.7, amount: 249_750 },
          },
    );
    const report = await run(await feed(rows));

    expect(report.status).toBe('done');
    const row = report.rows.find((r) => r.offerId === loft.id);
    expect(row).toMatchObject({ outcome: 'updated' });
    expect(row?.warnings).toEqual([
      expect.objectContaining({ kind: 'fees-mismatch', column: 'pourcentageHonorairesTTC' }),
    ]);
    expect(row?.warnings[0]?.message).toMatch(/3\.7 %.*4 %/);
    expect(report.rows.filter((r) => r.warnings.length > 0)).toHaveLength(1);
    expect(summarize(report).problems).toEqual([expect.objectContaining({ offerId: loft.id })]);

    const bound = app.server.address();
    const address =
      bound && typeof bound === 'object'
        ? `http://127.0.0.1:${bound.port}`
        : await app.listen({ port: 0, host: '127.0.0.1' });
    const web = await buildWebApp(address.replace(/\/$/, ''));
    try {
      const page = await web.inject({ url: row?.paths?.fr ?? '/' });
      expect(page.statusCode, page.body.slice(0, 3000)).toBe(200);
      const text = textOf(page.body);
      expect(text).toMatch(/4\s%\s·\s249\s750\s€/);
      expect(text).not.toMatch(/3,7\s%/);
    } finally {
      await web.close();
    }
  });

  it.runIf(kind === 'postgres')(
    'waits while another instance imports the same agency',
    async () => {
      const current = (await agencyOffers()).filter((o) => o.status === 'active').map(asFeed);
      // Another instance's run of this agency, holding its lock.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const other = db.kysely.connection().execute(async (conn) => {
        await sql`SELECT pg_advisory_lock(${FEED_LOCK}, ${agency.id})`.execute(conn);
        locked();
        await released;
        await sql`SELECT pg_advisory_unlock(${FEED_LOCK}, ${agency.id})`.execute(conn);
      });
      await isLocked;
      let finished = false;
      const report = run(await feed(current)).then((r) => {
        finished = true;
        return r;
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(finished).toBe(false);
      release();
      await other;
      expect((await report).status).toBe('done');
    },
  );
});
