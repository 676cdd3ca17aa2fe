import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferDetail } from '../../../shared/contract';
import { buildListingsApp } from '../../../listings-api/app';
import type { Db } from '../../../listings-api/db/connection';
import type { CondoRow, FeesRow, OffersTable } from '../../../listings-api/db/types';
import { readListingsConfig } from '../../../listings-api/config';
import {
  formatPolirisLine,
  offerToPolirisRow,
  type PolirisOffer,
} from '../../../listings-api/feeds/generate';
import { loadMappingReference, type MappingReference } from '../../../listings-api/feeds/mapping';
import { createTestDb, testDbKinds } from '../../fixtures/db';

// The energy columns of a Poliris feed (324 DPE date, 325 method, 326–328 the yearly cost range
// and its year) and the `VI` / `NS` codes of the class column, imported into the offers and shown
// by GET /offre/{id}; a re-import that no longer sends them clears them.

type OfferRow = Selectable<OffersTable>;

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

describe.each(testDbKinds)('energy columns of a feed on %s', (kind) => {
  let db: Db;
  let app: FastifyInstance;
  let tmp: string;
  let mapping: MappingReference;
  let agency: { id: number; slug: string };
  let stock: OfferRow[];
  let feedCount = 0;

  const asFeed = (row: OfferRow): PolirisOffer => ({
    ...row,
    fees: json<FeesRow | null>(row.fees),
    condo: json<CondoRow | null>(row.condo),
    photos: [],
  });

  function rows(offers: PolirisOffer[]): string[][] {
    return offers.map((offer) => offerToPolirisRow(offer, { reference: mapping }));
  }

  async function importRows(cells: string[][]) {
    const dir = path.join(tmp, String(++feedCount));
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'annonces.csv'), cells.map(formatPolirisLine).join(''));
    return app.feedRunner.submit({ agency, dir, source: 'cli', force: false }).report;
  }

  /** An offer's DPE facts left out. */
  const noDpe = {
    dpe_class: null,
    dpe_value: null,
    dpe_date: null,
    dpe_method: null,
    dpe_cost_min: null,
    dpe_cost_max: null,
    dpe_cost_year: null,
  };

  const offer = (id: number) =>
    db.kysely.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    db = await createTestDb(kind);
    tmp = mkdtempSync(path.join(os.tmpdir(), 'feed-energy-'));
    app = await buildListingsApp({
      db,
      photosDir: path.join(tmp, 'photos'),
      feeds: readListingsConfig({ FEEDS_DIR: path.join(tmp, 'feeds'), FEEDS_INTERVAL_MS: '0' })
        .feeds,
      countsRefreshMs: 0,
      validateResponses: true,
      cacheTtlMs: 0,
    });
    await app.ready();
    mapping = await loadMappingReference(db);
    // A sale agency's whole stock, so that the feeds withdraw nothing.
    const top = await db.kysely
      .selectFrom('offers as o')
      .innerJoin('agencies as a', 'a.id', 'o.agency_id')
      .select(['a.id', 'a.slug', (eb) => eb.fn.countAll<number>().as('n')])
      .where('o.status', '=', 'active')
      .where('o.nature', '=', 'V')
      .groupBy(['a.id', 'a.slug'])
      .orderBy('n', 'desc')
      .orderBy('a.id')
      .executeTakeFirstOrThrow();
    agency = { id: top.id, slug: top.slug };
    stock = await db.kysely
      .selectFrom('offers')
      .selectAll()
      .where('agency_id', '=', agency.id)
      .where('status', '=', 'active')
      .orderBy('id')
      .execute();
  });

  afterAll(async () => {
    await app?.close();
    await db?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('imports the DPE date, method, yearly cost range and year, and why a DPE is missing', async () => {
    expect(stock.length).toBeGreaterThanOrEqual(3);
    const [a, b, c, ...rest] = stock;
    const cells = rows([
      {
        ...asFeed(a!),
        dpe_class: 'F',
        dpe_value: 380,
        dpe_date: '2024-03-12',
        dpe_method: 'DPE_v07-2021',
        dpe_cost_min: 2310,
        dpe_cost_max: 3170,
        dpe_cost_year: 2023,
      },
      { ...asFeed(b!), ...noDpe, dpe_absence: 'NS' },
      { ...asFeed(c!), ...noDpe, dpe_absence: 'VI' },
      ...rest.map(asFeed),
    ]);
    // The columns of the format, 1-based: 177 the class, 324–328 the DPE's facts.
    expect([176, 323, 324, 325, 326, 327].map((i) => cells[0]![i])).toEqual([
      'F',
      '12/03/2024',
      'DPE_v07-2021',
      '2310',
      '3170',
      '2023',
    ]);
    expect(cells[1]![176]).toBe('NS');
    // A feed that swaps the bounds and writes them with spaces and a euro sign.
    cells[0]![325] = '3 170 €';
    cells[0]![326] = '2 310 €';
    const report = await importRows(cells);
    expect(report.status).toBe('done');
    expect(report.counts).toMatchObject({ rejected: 0, withdrawn: 0 });

    const first = await offer(a!.id);
    expect(first).toMatchObject({
      dpe_class: 'F',
      dpe_method: 'DPE_v07-2021',
      dpe_cost_min: 2310,
      dpe_cost_max: 3170,
      dpe_cost_year: 2023,
      dpe_absence: null,
    });
    expect(new Date(first.dpe_date as unknown as string).toISOString().slice(0, 10)).toBe(
      '2024-03-12',
    );
    expect(await offer(b!.id)).toMatchObject({ dpe_class: null, dpe_absence: 'NS' });
    expect(await offer(c!.id)).toMatchObject({ dpe_class: null, dpe_absence: 'VI' });

    const detail = async (id: number) =>
      (await app.inject({ url: `/offre/${id}?lang=fr` })).json<OfferDetail>();
    expect((await detail(a!.id)).dpeReport).toEqual({
      date: '2024-03-12',
      method: 'DPE_v07-2021',
      cost: { min: 2310, max: 3170, year: 2023 },
      absence: null,
    });
    expect((await detail(b!.id)).dpeReport).toMatchObject({ cost: null, absence: 'NS' });
    expect((await detail(c!.id)).dpeReport).toMatchObject({ absence: 'VI' });
    expect((await detail(a!.id)).dpeClass).toBe('F');
  });

  it('clears the facts a later feed no longer sends, and drops a date that is no day', async () => {
    const [a, ...rest] = stock;
    const cells = rows([
      {
        ...asFeed(a!),
        dpe_class: 'D',
        dpe_value: 200,
        dpe_date: null,
        dpe_method: null,
        dpe_cost_min: null,
        dpe_cost_max: null,
        dpe_cost_year: null,
      },
      ...rest.map(asFeed),
    ]);
    cells[0]![323] = '31/02/2024';
    cells[0]![325] = '2500';
    const report = await importRows(cells);
    expect(report.status).toBe('done');
    expect(await offer(a!.id)).toMatchObject({
      dpe_class: 'D',
      dpe_date: null,
      dpe_method: null,
      dpe_cost_min: null,
      dpe_cost_max: null,
      dpe_cost_year: null,
      dpe_absence: null,
    });
  });
});
