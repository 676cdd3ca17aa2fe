import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type {
  AgencyDetail,
  AgencyList,
  ApiError,
  Network,
  ReviewList,
} from '../../../shared/contract';
import { RELEVANCE } from '../../../client/content/legal/relevance';
import { testDbKinds } from '../../fixtures/db';
import { useListingsTest, type ListingsTest } from './helpers';

// GET /agence (directory and one agency), /reseau/{slug}, /network/{slug}, /client-survey.

describe.each(testDbKinds)('agencies on %s', (kind) => {
  let t: ListingsTest;
  useListingsTest(kind, (opened) => (t = opened));

  const activeAgencies = () =>
    t.db.kysely.selectFrom('agencies').selectAll().where('active', '=', true).execute();

  /** Every page of a directory query, in order. */
  async function allPages(
    query: Record<string, string | number> = {},
  ): Promise<AgencyList['items']> {
    const items: AgencyList['items'] = [];
    for (let page = 1; page <= 50; page++) {
      const res = await t.get<AgencyList>('/agence', { ...query, page, limit: 100 });
      expect(res.status).toBe(200);
      items.push(...res.body.items);
      if (items.length >= res.body.total) break;
    }
    return items;
  }

  /**
   * The relevance index as the ranking page words it (with its values, RELEVANCE), computed here
   * from the offers and reviews tables: 2 points per active listing up to 20 listings; 30 × the
   * share of complete active listings (8 photos or more, price shown, a surface); from 0 (1 star)
   * to 30 points (5 stars) for the average rating, in proportion to the number of reviews up to
   * 10; each part rounded down.
   */
  async function expectedRelevance(): Promise<Map<number, number>> {
    const [offers, reviews] = await Promise.all([
      t.db.kysely
        .selectFrom('offers')
        .select([
          'agency_id',
          'photos',
          'prix_cache',
          'price',
          'monthly_rent',
          'weekly_rent',
          'surface',
          'field_surface',
        ])
        .where('status', '=', 'active')
        .execute(),
      t.db.kysely.selectFrom('reviews').select(['agency_id', 'rating']).execute(),
    ]);
    const listings = new Map<number, { n: number; complete: number }>();
    for (const o of offers) {
      const photos = (typeof o.photos === 'string' ? JSON.parse(o.photos) : o.photos) as unknown[];
      const complete =
        photos.length >= RELEVANCE.completePhotos &&
        !o.prix_cache &&
        (o.price ?? o.monthly_rent ?? o.weekly_rent) !== null &&
        (o.surface !== null || o.field_surface !== null);
      const entry = listings.get(o.agency_id) ?? { n: 0, complete: 0 };
      entry.n += 1;
      if (complete) entry.complete += 1;
      listings.set(o.agency_id, entry);
    }
    const ratings = new Map<number, { n: number; sum: number }>();
    for (const r of reviews) {
      const entry = ratings.get(r.agency_id) ?? { n: 0, sum: 0 };
      entry.n += 1;
      entry.sum += r.rating;
      ratings.set(r.agency_id, entry);
    }
    const agencies = await t.db.kysely.selectFrom('agencies').select('id').execute();
    return new Map(
      agencies.map(({ id }) => {
        const l = listings.get(id);
        const r = ratings.get(id);
        const volume = RELEVANCE.perListing * Math.min(l?.n ?? 0, RELEVANCE.listingsCap);
        const quality = l ? Math.floor((RELEVANCE.quality * l.complete) / l.n) : 0;
        const average = r ? (r.sum / r.n - 1) / 4 : 0; // 0 at 1 star, 1 at 5 stars
        const weight = r ? Math.min(r.n, RELEVANCE.reviewsCap) / RELEVANCE.reviewsCap : 0;
        // (exact ratios with denominators under 100: the epsilon only absorbs float error)
        const rating = r ? Math.floor(RELEVANCE.reviews * average * weight + 1e-9) : 0;
        return [id, volume + quality + rating];
      }),
    );
  }

  // ICU's root collation, as the database sorts names: accents and case second to letters, a
  // space before any letter.
  const collator = new Intl.Collator('und');
  const byNameThenId = (a: { name: string; id: number }, b: typeof a) =>
    collator.compare(a.name, b.name) || a.id - b.id;

  it('pages through every active agency in the order of the relevance index, then by name', async () => {
    const all = await activeAgencies();
    const score = await expectedRelevance();
    const expected = [...all]
      .sort((a, b) => score.get(b.id)! - score.get(a.id)! || byNameThenId(a, b))
      .map((a) => a.id);
    const seen = await allPages();
    expect(seen.map((a) => a.id)).toEqual(expected);
    // The index spreads the agencies: it is not the name order, nor a handful of values.
    const values = all.map((a) => score.get(a.id)!);
    expect(new Set(values).size).toBeGreaterThan(20);
    expect(Math.max(...values)).toBeGreaterThan(40);
    expect(expected).not.toEqual([...all].sort(byNameThenId).map((a) => a.id));
  });

  it('keeps the relevance order within a place', async () => {
    const dep = await t.lieuId('alpes-maritimes');
    const score = await expectedRelevance();
    const inDep = (await activeAgencies()).filter((a) => a.lieu_path.includes(dep));
    expect(inDep.length).toBeGreaterThan(2);
    const expected = inDep
      .sort((a, b) => score.get(b.id)! - score.get(a.id)! || byNameThenId(a, b))
      .map((a) => a.id);
    expect((await allPages({ lieu: dep })).map((a) => a.id)).toEqual(expected);
  });

  it.each([
    ['az', 1],
    ['za', -1],
  ] as const)('sorts by name %s', async (sort, sign) => {
    const all = await activeAgencies();
    const expected = all.sort((a, b) => sign * byNameThenId(a, b));
    // Every page, in order, none twice.
    expect((await allPages({ sort })).map((a) => a.id)).toEqual(expected.map((a) => a.id));
  });

  it('sorts a name before the same name followed by more words, accents among their letters', async () => {
    const [one, two, three] = await t.db.kysely
      .selectFrom('agencies')
      .select(['id', 'name'])
      .where('active', '=', true)
      .orderBy('id')
      .limit(3)
      .execute();
    const rename = (id: number, name: string) =>
      t.db.kysely.updateTable('agencies').set({ name }).where('id', '=', id).execute();
    try {
      await rename(one!.id, 'Cap Saphir Nice Centre');
      await rename(two!.id, 'Cap Saphir Nice');
      await rename(three!.id, 'Cap Saphir Nicé');
      for (const [sort, order] of [
        ['az', ['Cap Saphir Nice', 'Cap Saphir Nicé', 'Cap Saphir Nice Centre']],
        ['za', ['Cap Saphir Nice Centre', 'Cap Saphir Nicé', 'Cap Saphir Nice']],
      ] as const) {
        // Pages of another size than the other tests' (their answers may be cached).
        const items: AgencyList['items'] = [];
        for (let page = 1; page <= 50; page++) {
          const res = await t.get<AgencyList>('/agence', { sort, page, limit: 7 });
          items.push(...res.body.items);
          if (items.length >= res.body.total) break;
        }
        expect(new Set(items.map((a) => a.id)).size).toBe(items.length);
        const renamed = new Set([one!.id, two!.id, three!.id]);
        const found = items.filter((a) => renamed.has(a.id)).map((a) => a.name);
        expect(found).toEqual(order);
      }
    } finally {
      await rename(one!.id, one!.name);
      await rename(two!.id, two!.name);
      await rename(three!.id, three!.name);
    }
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

  /** The agency with the most reviews written in both languages. */
  async function bilingualReviews() {
    const top = await t.db.kysely
      .selectFrom('reviews')
      .select(['agency_id', ({ fn }) => fn.countAll<number>().as('n')])
      .groupBy('agency_id')
      .having(sql`count(DISTINCT lang)`, '=', 2)
      .orderBy('n', 'desc')
      .orderBy('agency_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const rows = await t.db.kysely
      .selectFrom('reviews')
      .selectAll()
      .where('agency_id', '=', top.agency_id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return { agency: top.agency_id, rows };
  }

  it.each(['fr', 'en'] as const)(
    'answers reviews four at a time, newest first whatever their language (%s)',
    async (lang) => {
      const { agency, rows } = await bilingualReviews();
      expect(rows.length).toBeGreaterThan(4);
      const expected = rows;
      const pages: ReviewList['items'] = [];
      for (let page = 1; pages.length < rows.length; page++) {
        const res = await t.get<ReviewList>('/client-survey', { agency, lang, page });
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(rows.length);
        expect(res.body.average).toBeCloseTo(
          rows.reduce((s, r) => s + r.rating, 0) / rows.length,
          2,
        );
        expect(res.body.items.length).toBe(Math.min(4, rows.length - pages.length));
        pages.push(...res.body.items);
      }
      expect(pages.map((r) => [r.lang, r.title, r.body, r.response])).toEqual(
        expected.map((r) => [r.lang, r.title, r.body, r.response]),
      );
      const dates = pages.map((r) => r.date);
      expect(dates).toEqual([...dates].sort().reverse());
    },
  );

  it('answers reviews with no language asked, and 404 for an unknown agency', async () => {
    const { agency, rows } = await bilingualReviews();
    const res = await t.get<ReviewList>('/client-survey', { agency });
    expect(res.status).toBe(200);
    expect(res.body.items.map((r) => r.title)).toEqual(rows.slice(0, 4).map((r) => r.title));
    expect((await t.get('/client-survey', { agency: 999999 })).status).toBe(404);
    expect((await t.get('/client-survey', { agency, lang: 'de' })).status).toBe(400);
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

  // Last: it changes the data.
  it('follows the offers and reviews once they change', async () => {
    const before = await allPages();
    const top = before[0]!;
    const last = before[before.length - 1]!;
    // The most relevant agency loses its listings; the least relevant one gets ten 5-star reviews.
    await t.db.kysely
      .updateTable('offers')
      .set({ status: 'obsolete', obsolete_at: new Date() })
      .where('agency_id', '=', top.id)
      .where('status', '=', 'active')
      .execute();
    const maxId = await t.db.kysely
      .selectFrom('reviews')
      .select(({ fn }) => fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('reviews')
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          id: Number(maxId.id) + 1 + i,
          agency_id: last.id,
          lang: 'fr' as const,
          rating: 5,
          author: 'Claire M.',
          title: 'Parfait',
          body: 'Une agence remarquable.',
          response: null,
          source: 'Clairavis',
          created_at: new Date(),
        })),
      )
      .execute();
    expect(await t.app.offerCounts.refreshIfStale()).toBe(true);
    const score = await expectedRelevance();
    const expected = [...(await activeAgencies())]
      .sort((a, b) => score.get(b.id)! - score.get(a.id)! || byNameThenId(a, b))
      .map((a) => a.id);
    const after = (await allPages()).map((a) => a.id);
    expect(after).toEqual(expected);
    expect(after[0]).not.toBe(top.id);
    expect(after.indexOf(last.id)).toBeLessThan(before.length - 1);
  });
});
