import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AgencyDetail,
  AgencyList,
  ApiError,
  Network,
  ReviewList,
} from '../../../shared/contract';
import { testDbKinds } from '../../fixtures/db';
import { openListingsTest, type ListingsTest } from './helpers';

// GET /agence (directory and one agency), /reseau/{slug}, /network/{slug}, /client-survey.

describe.each(testDbKinds)('agencies on %s', (kind) => {
  let t: ListingsTest;

  beforeAll(async () => {
    t = await openListingsTest(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const activeAgencies = () =>
    t.db.kysely.selectFrom('agencies').selectAll().where('active', '=', true).execute();

  it('pages through every active agency, most relevant first', async () => {
    const all = await activeAgencies();
    const seen: number[] = [];
    for (let page = 1; page <= 20; page++) {
      const res = await t.get<AgencyList>('/agence', { page, limit: 50 });
      expect(res.body.total).toBe(all.length);
      seen.push(...res.body.items.map((a) => a.id));
      if (res.body.items.length < 50) break;
    }
    expect(seen.sort((a, b) => a - b)).toEqual(all.map((a) => a.id).sort((a, b) => a - b));
    const first = await t.get<AgencyList>('/agence', { limit: 10 });
    const relevance = new Map(all.map((a) => [a.id, a.relevance]));
    const values = first.body.items.map((a) => relevance.get(a.id)!);
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it.each([
    ['az', 1],
    ['za', -1],
  ] as const)('sorts by name %s', async (sort, sign) => {
    const res = await t.get<AgencyList>('/agence', { sort, limit: 100 });
    const all = await activeAgencies();
    const expected = all
      .sort(
        (a, b) =>
          sign *
          (a.search_name < b.search_name ? -1 : a.search_name > b.search_name ? 1 : a.id - b.id),
      )
      .slice(0, 100);
    expect(res.body.items.map((a) => a.id)).toEqual(expected.map((a) => a.id));
  });

  it('finds an agency by its name, by the start of it and despite a typo', async () => {
    const [target] = await t.db.kysely
      .selectFrom('agencies')
      .selectAll()
      .where('active', '=', true)
      .orderBy('id')
      .limit(1)
      .execute();
    const words = target!.name.split(' ');
    for (const search of [
      target!.name,
      words.slice(0, 2).join(' '),
      words[1]!.slice(0, -1) + 'x' + ' ' + words.slice(2).join(' '),
    ]) {
      const res = await t.get<AgencyList>('/agence', { search });
      expect(res.status).toBe(200);
      expect(
        res.body.items.map((a) => a.id),
        search,
      ).toContain(target!.id);
    }
    const exact = await t.get<AgencyList>('/agence', { search: target!.name });
    expect(exact.body.items[0]!.id).toBe(target!.id);
  });

  it('filters by place subtree and by network', async () => {
    const dep = await t.lieuId('alpes-maritimes');
    const all = await activeAgencies();
    const inDep = await t.get<AgencyList>('/agence', { lieu: dep, limit: 100 });
    expect(inDep.body.total).toBe(all.filter((a) => a.lieu_path.includes(dep)).length);
    expect(inDep.body.total).toBeGreaterThan(0);
    const network = all.find((a) => a.network_id !== null)!.network_id!;
    const inNetwork = await t.get<AgencyList>('/agence', { network, limit: 100 });
    expect(inNetwork.body.total).toBe(all.filter((a) => a.network_id === network).length);
    expect(inNetwork.body.items.every((a) => a.network?.id === network)).toBe(true);
  });

  it('answers one agency by slug or id with its network, fee scale, review summary and offer counts', async () => {
    const agency = await t.db.kysely
      .selectFrom('agencies')
      .selectAll()
      .where('active', '=', true)
      .where('network_id', 'is not', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const bySlug = await t.get<AgencyDetail>('/agence', { slug: agency.slug, with_inactives: 1 });
    const byId = await t.get<AgencyDetail>('/agence', { id: agency.id, lang: 'en' });
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toMatchObject({
      id: agency.id,
      name: agency.name,
      phone: agency.phone,
      description: agency.description_fr,
    });
    expect(byId.body.description).toBe(agency.description_en);
    expect(bySlug.body.network?.id).toBe(agency.network_id);
    expect(bySlug.body.feeScale.length).toBe((agency.fee_scale as unknown as unknown[]).length);
    const offers = await t.offers();
    for (const nature of ['V', 'L', 'S'] as const) {
      expect(bySlug.body.offerCounts[nature]).toBe(
        offers.filter(
          (o) => o.agency_id === agency.id && o.status === 'active' && o.nature === nature,
        ).length,
      );
    }
    const reviews = await t.db.kysely
      .selectFrom('reviews')
      .select('rating')
      .where('agency_id', '=', agency.id)
      .execute();
    expect(bySlug.body.reviews.total).toBe(reviews.length);
  });

  it('shows an inactive agency only with with_inactives=1', async () => {
    const inactive = await t.db.kysely
      .selectFrom('agencies')
      .select(['id', 'slug'])
      .where('active', '=', false)
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await t.get('/agence', { slug: inactive.slug })).status).toBe(404);
    const res = await t.get<AgencyDetail>('/agence', { slug: inactive.slug, with_inactives: 1 });
    expect(res.status).toBe(200);
    expect(res.body.active).toBe(false);
    const list = await t.get<AgencyList>('/agence', { limit: 100, with_inactives: 'true' });
    const total = await t.db.kysely
      .selectFrom('agencies')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(list.body.total).toBe(Number(total.n));
  });

  it('answers a network by slug on both paths, with its active agencies count', async () => {
    const network = await t.db.kysely
      .selectFrom('networks')
      .selectAll()
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const count = await t.db.kysely
      .selectFrom('agencies')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('network_id', '=', network.id)
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    const fr = await t.get<Network>(`/reseau/${network.slug}`);
    const en = await t.get<Network>(`/network/${network.slug}`, { lang: 'en' });
    expect(fr.body).toMatchObject({
      id: network.id,
      name: network.name,
      description: network.description_fr,
      agencies_count: Number(count.n),
    });
    expect(en.body.description).toBe(network.description_en);
    expect((await t.get('/reseau/no-such-network')).status).toBe(404);
  });

  it('answers reviews four at a time with the total and average of all', async () => {
    const top = await t.db.kysely
      .selectFrom('reviews')
      .select(['agency_id', ({ fn }) => fn.countAll<number>().as('n')])
      .groupBy('agency_id')
      .orderBy('n', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const rows = await t.db.kysely
      .selectFrom('reviews')
      .selectAll()
      .where('agency_id', '=', top.agency_id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(rows.length).toBeGreaterThan(4);
    const first = await t.get<ReviewList>('/client-survey', { agency: top.agency_id, lang: 'fr' });
    expect(first.body.total).toBe(rows.length);
    expect(first.body.average).toBeCloseTo(rows.reduce((s, r) => s + r.rating, 0) / rows.length, 2);
    expect(first.body.items).toHaveLength(4);
    expect(first.body.items.map((r) => r.title)).toEqual(rows.slice(0, 4).map((r) => r.title));
    const second = await t.get<ReviewList>('/client-survey', { agency: top.agency_id, page: 2 });
    expect(second.body.items.map((r) => r.title)).toEqual(rows.slice(4, 8).map((r) => r.title));
    expect((await t.get('/client-survey', { agency: 999999 })).status).toBe(404);
  });

  it.each([
    ['an unknown agency slug', { slug: 'nobody' }, 404, undefined],
    ['an unknown agency id', { id: 999999 }, 404, undefined],
    ['both id and slug', { id: 1, slug: 'x' }, 400, 'id'],
    ['an unknown sort', { sort: 'newest' }, 400, 'sort'],
    ['a bad flag', { with_inactives: 'maybe' }, 400, 'with_inactives'],
    ['a one-letter search', { search: 'a' }, 400, 'search'],
    ['page 0', { page: 0 }, 400, 'page'],
  ])('answers %s with its status', async (_name, query, status, field) => {
    const res = await t.get<ApiError>('/agence', query);
    expect(res.status).toBe(status);
    expect(res.body.field).toBe(field);
  });
});
