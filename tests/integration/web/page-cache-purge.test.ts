import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../listings-api/db/connection';
import type { CondoRow, FeesRow, OffersTable, PhotoRow } from '../../../listings-api/db/types';
import {
  formatPolirisLine,
  offerToPolirisRow,
  type PolirisOffer,
} from '../../../listings-api/feeds/generate';
import { loadMappingReference, type MappingReference } from '../../../listings-api/feeds/mapping';
import type { FeedReport } from '../../../listings-api/feeds/report';
import type { Config, OfferDetail } from '../../../shared/contract';
import { href } from '../../../shared/routes';
import { createTestDb, testDbKinds } from '../../fixtures/db';
import { buildFeedsApi, jpeg, tempDir } from '../feeds/helpers';
import { buildWebApp, textOf, upstreamJson } from './helpers';
import { offerPathOf } from './offer-fixture';

// The page cache emptied by a feed import, end to end: an agency's feed lowers one offer's price,
// the import records the change's cache tags, the web app's follower reads them from GET /changes
// and purges its page cache: the offer's page and its list are rendered again (with the lowered
// price), an unrelated page is still served from the cache.

type OfferRow = Selectable<OffersTable>;
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const LABEL = 'Prix en baisse';

describe.each(testDbKinds)('page cache purged by a feed import on %s', (kind) => {
  let db: Db;
  let api: FastifyInstance;
  let web: FastifyInstance;
  let dir: string;
  let apiUrl: string;
  let mapping: MappingReference;
  let config: Config;
  let agency: { id: number; slug: string };
  let feeds = 0;

  const asFeed = (row: OfferRow): PolirisOffer => ({
    ...row,
    fees: json<FeesRow | null>(row.fees),
    condo: json<CondoRow | null>(row.condo),
    photos: json<PhotoRow[]>(row.photos),
  });

  const activeOffers = () =>
    db.kysely
      .selectFrom('offers')
      .selectAll()
      .where('agency_id', '=', agency.id)
      .where('status', '=', 'active')
      .orderBy('id')
      .execute();

  /** Imports a feed of these offers for the agency. */
  async function importFeed(offers: PolirisOffer[]): Promise<FeedReport> {
    const folder = path.join(dir, 'feeds-src', String(++feeds));
    mkdirSync(folder, { recursive: true });
    const lines = offers.map((offer) =>
      formatPolirisLine(
        offerToPolirisRow(offer, { reference: mapping, agencyCode: 'AG-1', photos: ['front.jpg'] }),
      ),
    );
    writeFileSync(path.join(folder, 'annonces.csv'), lines.join(''));
    writeFileSync(path.join(folder, 'front.jpg'), await jpeg('#806040'));
    return api.feedRunner.submit({ agency, dir: folder, source: 'cli', force: false }).report;
  }

  const get = (url: string) => web.inject({ url, headers: { 'accept-encoding': 'identity' } });

  beforeAll(async () => {
    db = await createTestDb(kind);
    dir = tempDir('page-cache-purge');
    api = await buildFeedsApi(db, dir, { cacheTtlMs: 0 });
    apiUrl = (await api.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
    mapping = await loadMappingReference(db);
    config = await upstreamJson<Config>(apiUrl, '/config');
    // The agency with the most active sale offers shown with their price.
    const top = await sql<{ id: number; slug: string }>`
      SELECT a.id, a.slug FROM offers o JOIN agencies a ON a.id = o.agency_id
      WHERE o.status = 'active' AND o.nature = 'V' AND NOT o.prix_cache AND o.price IS NOT NULL
        AND o.price_reduced_at IS NULL
      GROUP BY a.id, a.slug ORDER BY count(*) DESC, a.id LIMIT 1`.execute(db.kysely);
    agency = top.rows[0]!;
    // Its stock as a feed first: every offer takes the feed's form (their changes are read
    // before the web app starts, so they purge nothing).
    const first = await importFeed((await activeOffers()).map(asFeed));
    expect(first.status).toBe('done');
    // The follower's interval is long: the test polls it.
    web = await buildWebApp(apiUrl, {
      pageCacheBytes: 64 * 1024 * 1024,
      pageCacheChangesIntervalMs: 3_600_000,
    });
  });

  afterAll(async () => {
    await web?.close();
    await api?.close();
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("drops the re-priced offer's page and its list, and keeps an unrelated page", async () => {
    const stock = await activeOffers();
    const cheaper = stock.find(
      (o) => o.nature === 'V' && !o.prix_cache && o.price != null && o.price_reduced_at == null,
    )!;
    const offer = await upstreamJson<OfferDetail>(apiUrl, `/offre/${cheaper.id}?lang=fr`);
    const offerPath = offerPathOf(offer, 'fr', config);
    const listPath = href('nature', { nature: 'V' }, 'fr', config);
    // A rental of another agency: none of its tags is the sale's.
    const other = await db.kysely
      .selectFrom('offers')
      .select('id')
      .where('status', '=', 'active')
      .where('nature', '=', 'L')
      .where('agency_id', '!=', agency.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const otherDetail = await upstreamJson<OfferDetail>(apiUrl, `/offre/${other.id}?lang=fr`);
    const otherPath = offerPathOf(otherDetail, 'fr', config);

    const before: Record<string, string> = {};
    for (const url of [offerPath, listPath, otherPath]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect((await get(url)).headers['x-page-cache'], url).toBe('HIT');
      before[url] = page.body;
    }
    expect(textOf(before[offerPath]!)).not.toContain(LABEL);

    const report = await importFeed(
      stock.map((o) => {
        const row = asFeed(o);
        if (o.id !== cheaper.id) return row;
        const fees = row.fees && { ...row.fees, amount: null };
        return { ...row, price: Math.round(o.price! * 0.9), price_without_fees: null, fees };
      }),
    );
    expect(report.status).toBe('done');
    expect(report.counts).toMatchObject({ updated: 1, withdrawn: 0 });

    // Until the follower reads the change, the cache answers the old pages.
    expect((await get(offerPath)).headers['x-page-cache']).toBe('HIT');
    const handed = await web.changesFollower!.poll();
    expect(handed.tags).toContain(`offre-${cheaper.id}`);
    expect(handed.tags).toContain('liste-V');

    const repriced = await get(offerPath);
    expect(repriced.headers['x-page-cache']).toBe('MISS');
    expect(textOf(repriced.body)).toContain(LABEL);
    expect((await get(listPath)).headers['x-page-cache']).toBe('MISS');
    const unrelated = await get(otherPath);
    expect(unrelated.headers['x-page-cache']).toBe('HIT');
    expect(unrelated.body).toBe(before[otherPath]);
    const otherTags = String(unrelated.headers['cache-tag']).split(',');
    expect(otherTags.filter((tag) => handed.tags.includes(tag))).toEqual([]);
  });
});
