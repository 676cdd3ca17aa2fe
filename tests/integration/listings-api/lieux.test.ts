import { describe, expect, it } from 'vitest';
import type {
  ApiError,
  ExternalLinks,
  LieuChildrenSchema,
  LieuSuggestionList,
  LieuUrl,
  LieuWithAncestors,
} from '../../../shared/contract';
import type * as v from 'valibot';
import { searchLieuxPlan } from '../../../listings-api/lib/lieu-search';
import { testDbKinds } from '../../fixtures/db';
import { useListingsTest, type ListingsTest } from './helpers';

// GET /search-lieu (autocomplete ranking), /lieu, /lieu/{id}/children, /url, /liens-externes.

describe.each(testDbKinds)('places on %s', (kind) => {
  let t: ListingsTest;
  useListingsTest(kind, (opened) => (t = opened));

  describe('GET /search-lieu', () => {
    // One row per ranking rule: the text typed, the place expected first.
    it.each([
      ['plain name', 'cannes', 'cannes'],
      ['without the accent', 'eze', 'eze'],
      ['with the accent', 'Èze', 'eze'],
      ['in capitals', 'EZE', 'eze'],
      ['one letter missing', 'canes', 'cannes'],
      ['one letter wrong', 'cannas', 'cannes'],
      ['the start of a name', 'saint trop', 'saint-tropez'],
      ['hyphen and apostrophe typed', "Val-d'Is", 'val-d-isere'],
      ['the French name of a foreign city', 'londres', 'londres'],
      ['the English name of a foreign city', 'london', 'londres'],
      ['a big city before a smaller place of the same name', 'paris', 'paris'],
      ['a department by name', 'alpes mar', 'alpes-maritimes'],
    ])('%s: %s finds %s first', async (_rule, q, slug) => {
      const res = await t.get<LieuSuggestionList>('/search-lieu', { q });
      expect(res.status).toBe(200);
      expect(res.body.items[0]?.slug).toBe(slug);
    });

    it('ranks the city of Paris before every smaller place named Paris', async () => {
      const res = await t.get<LieuSuggestionList>('/search-lieu', { q: 'paris', limit: 20 });
      const populations = await t.db.kysely
        .selectFrom('lieux')
        .select(['id', 'population'])
        .where(
          'id',
          'in',
          res.body.items.map((i) => i.id),
        )
        .execute();
      const pop = new Map(populations.map((p) => [p.id, p.population]));
      expect(res.body.items[0]!.type).toBe('Villes');
      for (const item of res.body.items.slice(1)) {
        expect(pop.get(item.id)!).toBeLessThanOrEqual(pop.get(res.body.items[0]!.id)!);
      }
      expect(res.body.items.filter((i) => i.type === 'Arrondissements').length).toBeGreaterThan(5);
    });

    it('gives the parent label and texts in the language asked', async () => {
      const fr = await t.get<LieuSuggestionList>('/search-lieu', { q: 'cannes', lang: 'fr' });
      expect(fr.body.items[0]).toMatchObject({
        libelle: 'Cannes',
        libelle_prep: 'à Cannes',
        parent_label: 'Alpes-Maritimes',
        type: 'Villes',
      });
      const en = await t.get<LieuSuggestionList>('/search-lieu', { q: 'londres', lang: 'en' });
      expect(en.body.items[0]).toMatchObject({ libelle: 'London', parent_label: 'United Kingdom' });
    });

    it('filters by type and honours the limit', async () => {
      const res = await t.get<LieuSuggestionList>('/search-lieu', {
        q: 'paris',
        types: 'Departements',
      });
      expect(res.body.items.map((i) => i.slug)).toEqual(['paris-75']);
      const limited = await t.get<LieuSuggestionList>('/search-lieu', { q: 'sa', limit: 3 });
      expect(limited.body.items).toHaveLength(3);
      expect(
        (await t.get<LieuSuggestionList>('/search-lieu', { q: 'saint' })).body.items,
      ).toHaveLength(10);
    });

    it('answers no place for text that matches nothing', async () => {
      const res = await t.get<LieuSuggestionList>('/search-lieu', { q: 'zzqxw' });
      expect(res.status).toBe(200);
      expect(res.body.items).toEqual([]);
    });

    it('serves its search from the trigram index', async () => {
      const plan = await t.db.kysely
        .transaction()
        .execute((trx) => searchLieuxPlan(trx, { text: 'canes', limit: 10 }));
      expect(plan.join('\n')).toMatch(/Bitmap Index Scan on lieux_search_trgm/);
      expect(plan.join('\n')).not.toMatch(/Seq Scan on lieux/);
    });

    it.each([
      ['missing text', {}, 'q'],
      ['one letter', { q: 'a' }, 'q'],
      ['punctuation only', { q: "-'-" }, 'q'],
      ['text too long', { q: 'x'.repeat(101) }, 'q'],
      ['limit above 50', { q: 'paris', limit: 51 }, 'limit'],
      ['unknown type', { q: 'paris', types: 'Planets' }, 'types'],
      ['unknown language', { q: 'paris', lang: 'de' }, 'lang'],
    ])('refuses %s', async (_name, query, field) => {
      const res = await t.get<ApiError>('/search-lieu', query);
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
    });

    it('treats LIKE wildcards as plain text', async () => {
      const res = await t.get<LieuSuggestionList>('/search-lieu', { q: '%%' });
      expect(res.status).toBe(200);
      expect(res.body.items).toEqual([]);
    });
  });

  describe('GET /lieu', () => {
    it('answers a place by id and by slug with its ancestors root first', async () => {
      const cannes = await t.lieuId('cannes');
      const byId = await t.get<LieuWithAncestors>('/lieu', { id: cannes });
      const bySlug = await t.get<LieuWithAncestors>('/lieu', { slug: 'cannes' });
      expect(byId.status).toBe(200);
      expect(bySlug.body).toEqual(byId.body);
      const row = await t.db.kysely
        .selectFrom('lieux')
        .select('ancestors')
        .where('id', '=', cannes)
        .executeTakeFirstOrThrow();
      expect(byId.body.ancestors.map((a) => a.id)).toEqual(row.ancestors.slice(1));
      expect(byId.body.ancestors.map((a) => a.type)).toEqual([
        'Pays',
        'Plaques',
        'Regions',
        'Departements',
      ]);
    });

    it('answers several places in the order asked, leaving unknown ids out', async () => {
      const [nice, cannes] = [await t.lieuId('nice'), await t.lieuId('cannes')];
      const res = await t.get<LieuWithAncestors[]>('/lieu', {
        ids: [nice, 999999, cannes],
        lang: 'en',
      });
      expect(res.body.map((l) => l.id)).toEqual([nice, cannes]);
    });

    it.each([
      ['no key', {}, 400, 'id'],
      ['two keys', { id: 1, slug: 'cannes' }, 400, 'id'],
      ['an unknown id', { id: 999999 }, 404, undefined],
      ['an unknown slug', { slug: 'atlantis' }, 404, undefined],
      ['a malformed id', { id: '1e3' }, 400, 'id'],
      ['a malformed list', { ids: '1,,x' }, 400, 'ids'],
    ])('answers %s with its status', async (_name, query, status, field) => {
      const res = await t.get<ApiError>('/lieu', query);
      expect(res.status).toBe(status);
      expect(res.body.field).toBe(field);
    });
  });

  describe('GET /lieu/{id}/children', () => {
    it('counts the active offers of each child subtree, largest first', async () => {
      const dep = await t.lieuId('alpes-maritimes');
      const villas = await t.rubriqueId('villas');
      const res = await t.get<v.InferOutput<typeof LieuChildrenSchema>>(`/lieu/${dep}/children`, {
        nature: 'V',
        rubrique: villas,
      });
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(1);
      const offers = await t.offers();
      for (const { lieu, count } of res.body) {
        expect(lieu.parent).toBe(dep);
        const expected = offers.filter(
          (o) =>
            o.status === 'active' &&
            o.nature === 'V' &&
            o.rubrique_path.includes(villas) &&
            o.lieu_path.includes(lieu.id),
        ).length;
        expect(count).toBe(expected);
        expect(count).toBeGreaterThanOrEqual(1);
      }
      const counts = res.body.map((c) => c.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    });

    it('lists the members of a zone as its children', async () => {
      const zone = await t.db.kysely
        .selectFrom('lieux')
        .select(['id', 'lieux'])
        .where('slug', '=', 'zone-baie-de-cannes')
        .executeTakeFirstOrThrow();
      const res = await t.get<v.InferOutput<typeof LieuChildrenSchema>>(
        `/lieu/${zone.id}/children`,
        { min_count: 0 },
      );
      expect(res.body.map((c) => c.lieu.id).sort()).toEqual([...zone.lieux].sort());
    });

    it('answers 404 for an unknown place', async () => {
      expect((await t.get('/lieu/999999/children')).status).toBe(404);
    });
  });

  it('answers the canonical path segment of a place', async () => {
    const cannes = await t.lieuId('cannes');
    const res = await t.get<LieuUrl>('/url', { lieu: cannes });
    expect(res.body).toEqual({ id: cannes, slug: 'cannes', path: 'cannes' });
    expect((await t.get('/url', { lieu: 999999 })).status).toBe(404);
    expect((await t.get<ApiError>('/url')).body.field).toBe('lieu');
  });

  describe('GET /liens-externes', () => {
    it("answers a place's own links, in the language asked", async () => {
      const cannes = await t.lieuId('cannes');
      const rows = await t.db.kysely
        .selectFrom('external_links')
        .selectAll()
        .where('lieu_id', '=', cannes)
        .orderBy('position')
        .orderBy('id')
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      const res = await t.get<ExternalLinks>('/liens-externes', { lieu: cannes, lang: 'en' });
      expect(res.body.lieu_id).toBe(cannes);
      expect(res.body.items).toEqual(rows.map((r) => ({ label: r.label_en, url: r.url })));
    });

    it('falls back to the nearest ancestor having links, then to the generic links', async () => {
      const withoutLinks = await t.db.kysely
        .selectFrom('lieux as l')
        .select(['l.id', 'l.ancestors'])
        .where('l.type', '=', 'Villes')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('external_links as e').select('e.id').whereRef('e.lieu_id', '=', 'l.id'),
            ),
          ),
        )
        .where('l.is_foreign_country', '=', false)
        .orderBy('l.id')
        .limit(1)
        .executeTakeFirstOrThrow();
      const owners = await t.db.kysely
        .selectFrom('external_links')
        .select('lieu_id')
        .distinct()
        .execute();
      const withLinks = new Set(owners.map((o) => o.lieu_id));
      const nearest = [...withoutLinks.ancestors].reverse().find((id) => withLinks.has(id));
      const res = await t.get<ExternalLinks>('/liens-externes', { lieu: withoutLinks.id });
      expect(res.body.lieu_id).toBe(nearest);
      expect(res.body.items.length).toBeGreaterThan(0);
      const generic = await t.get<ExternalLinks>('/liens-externes');
      expect(generic.body.lieu_id).toBe(withoutLinks.ancestors[0]);
      expect(generic.body.items.length).toBeGreaterThan(0);
    });

    it('answers 404 for an unknown place', async () => {
      expect((await t.get('/liens-externes', { lieu: 999999 })).status).toBe(404);
    });
  });
});
