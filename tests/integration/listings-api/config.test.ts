import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildListingsApp } from '../../../listings-api/app';
import {
  DEFAULT_PUBLISHER,
  type Config,
  type OmrAgencyList,
  type OmrData,
  type OmrList,
} from '../../../shared/contract';
import { testDbKinds } from '../../fixtures/db';
import { useListingsTest, type ListingsTest } from './helpers';

// GET /config, /omr-data, /omr-list, /omr-agences-list, /photos/*, /healthz, /openapi.json.

describe.each(testDbKinds)('configuration and service routes on %s', (kind) => {
  let t: ListingsTest;
  useListingsTest(kind, (opened) => (t = opened));

  it('names the publisher of its environment (PUBLISHER_*, HOST_*) in the settings', async () => {
    const defaults = await t.get<Config>('/config');
    expect(defaults.body.settings.publisher).toEqual(DEFAULT_PUBLISHER);
    const app = await buildListingsApp({
      db: t.db,
      env: { PUBLISHER_NAME: 'Maison Lumière SAS', HOST_NAME: 'Nuage Sud SAS' },
    });
    try {
      const res = await app.inject('/config');
      const publisher = (res.json() as Config).settings.publisher;
      expect(publisher.name).toBe('Maison Lumière SAS');
      expect(publisher.host.name).toBe('Nuage Sud SAS');
      expect(publisher.director).toBe(DEFAULT_PUBLISHER.director);
    } finally {
      await app.close();
    }
  });

  it('answers the startup configuration from the database, in both languages', async () => {
    const res = await t.get<Config>('/config');
    expect(res.status).toBe(200);
    const config = res.body;
    expect(config.natures.map((n) => n.id)).toEqual(['V', 'L', 'S']);
    expect(config.rubriquesTree.isGeneric).toBe(true);
    const flat = (r: Config['rubriquesTree']): number[] => [r.id, ...r.children.flatMap(flat)];
    const rubriques = await t.db.kysely.selectFrom('rubriques').select('id').execute();
    expect(flat(config.rubriquesTree).sort((a, b) => a - b)).toEqual(
      rubriques.map((r) => r.id).sort((a, b) => a - b),
    );
    expect(config.genericLieu.type).toBe('Generic');
    const settings = await t.db.kysely.selectFrom('settings').select(['key', 'value']).execute();
    for (const { key, value } of settings) {
      expect(config.settings[key as keyof Config['settings']], key).toEqual(value);
    }
    const stored = await t.db.kysely
      .selectFrom('omr_config')
      .select('value')
      .where('key', '=', 'footer.promoteLieux')
      .executeTakeFirstOrThrow();
    const groups = stored.value as { title: { fr: string }; lieux: number[] }[];
    expect(config.omr.footer.promoteLieux.map((g) => g.title.fr)).toEqual(
      groups.map((g) => g.title.fr),
    );
    expect(config.omr.footer.promoteLieux[0]!.lieux.map((l) => l.id)).toEqual(groups[0]!.lieux);
    expect(config.omr.footer.promoteLieux[0]!.lieux[0]!.libelle).toHaveProperty('en');
  });

  it('answers the editorial data with its cache tags', async () => {
    const res = await t.get<OmrData>('/omr-data');
    const tags = await t.db.kysely
      .selectFrom('omr_config')
      .select('value')
      .where('key', '=', 'cache_tags')
      .executeTakeFirstOrThrow();
    expect(res.body.cache_tags).toEqual(tags.value);
    expect(res.body.mosaicRubs.length).toBeGreaterThan(0);
  });

  it('answers curated place lists, one with limit 1, 404 for an unknown one', async () => {
    const list = await t.db.kysely
      .selectFrom('omr_lists')
      .selectAll()
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const one = await t.get<{ items: OmrList[] }>('/omr-list', {
      slug: list.slug,
      limit: 1,
      lang: 'en',
    });
    expect(one.body.items).toHaveLength(1);
    expect(one.body.items[0]).toMatchObject({ id: list.id, name: list.name_en });
    expect(one.body.items[0]!.lieux.map((l) => l.id)).toEqual(list.lieux);
    const all = await t.get<{ items: OmrList[] }>('/omr-list');
    expect(all.body.items.length).toBeGreaterThan(1);
    expect((await t.get('/omr-list', { slug: 'nowhere' })).status).toBe(404);
  });

  it("answers curated agency lists of a place's region, nearest first", async () => {
    const lists = await t.db.kysely
      .selectFrom('omr_agency_lists')
      .selectAll()
      .where('lieu_id', 'is not', null)
      .execute();
    const target = lists[0]!;
    const city = await t.db.kysely
      .selectFrom('lieux')
      .select('id')
      .where(sql<boolean>`ancestors @> ${[target.lieu_id!]}::int[]`)
      .where('type', '=', 'Villes')
      .limit(1)
      .executeTakeFirstOrThrow();
    const res = await t.get<{ items: OmrAgencyList[] }>('/omr-agences-list', {
      lieu: city.id,
      limit: 1,
    });
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]!.agencies.length).toBeGreaterThan(0);
    const byId = await t.get<{ items: OmrAgencyList[] }>('/omr-agences-list', {
      id: target.id,
      limit: 1,
    });
    expect(byId.body.items[0]!.agencies.map((a) => a.id)).toEqual(
      target.agencies.filter((id, i, all) => all.indexOf(id) === i),
    );
    expect((await t.get('/omr-agences-list', { slug: 'nowhere' })).status).toBe(404);
    expect((await t.get('/omr-agences-list', { lieu: 999999 })).status).toBe(404);
  });

  it('serves photos with immutable caching and nothing outside the photo folder', async () => {
    const photo = await t.app.inject('/photos/1-400.jpg');
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['cache-control']).toMatch(
      /max-age=31536000.*immutable|immutable.*max-age=31536000/,
    );
    expect(photo.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    const mosaic = (await t.get<Config>('/config')).body.omr.mosaicRubs[0]!;
    expect((await t.app.inject(`/photos/mosaic/${mosaic}.jpg`)).statusCode).toBe(200);
    for (const url of [
      '/photos/none.jpg',
      '/photos/../package.json',
      '/photos/%2e%2e/package.json',
      '/photos/',
    ]) {
      const res = await t.app.inject(url);
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.body).not.toContain('"name": "prestige-portal"');
    }
  });

  it('answers its health with the database kind', async () => {
    const res = await t.get<{ status: string; db: string }>('/healthz');
    expect(res.body).toEqual({ status: 'ok', db: kind });
  });

  it('publishes an OpenAPI document of every route with its parameters', async () => {
    const res = await t.get<{
      openapi: string;
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>
      >;
    }>('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const paths = res.body.paths;
    for (const path of [
      '/config',
      '/offre',
      '/offre/premium',
      '/offre/navigation',
      '/offre/{id}',
      '/offre/by-slug/{slug}',
      '/search-lieu',
      '/lieu',
      '/lieu/{id}/children',
      '/url',
      '/liens-externes',
      '/compteur',
      '/compteur/rubriques',
      '/stat',
      '/contact',
      '/contact-prospect',
      '/alerte',
      '/agence',
      '/reseau/{slug}',
      '/network/{slug}',
      '/client-survey',
      '/omr-data',
      '/omr-list',
      '/omr-agences-list',
      '/healthz',
    ]) {
      expect(paths, path).toHaveProperty([path]);
    }
    const offreParams = paths['/offre']!.get!.parameters!.map((p) => p.name);
    for (const name of [
      'nature',
      'rubrique',
      'lieu',
      'omr_list_id',
      'prix_min',
      'prix_max',
      'loyer_min',
      'loyer_semaine_max',
      'nb_pieces',
      'nb_chambres',
      'surface_terrain_min',
      'atouts',
      'sort',
      'page',
      'limit',
      'lang',
      'id',
    ]) {
      expect(offreParams).toContain(name);
    }
    expect(paths['/contact']!.post!.requestBody).toBeDefined();
    expect(paths['/alerte']).toHaveProperty(['delete']);
  });

  it('answers 404 with a JSON body for an unknown route', async () => {
    const res = await t.get<{ statusCode: number }>('/nope');
    expect(res.status).toBe(404);
    expect(res.body.statusCode).toBe(404);
  });
});
