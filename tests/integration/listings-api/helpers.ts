import type { FastifyInstance } from 'fastify';
import { buildListingsApp } from '../../../listings-api/app';
import type { Db } from '../../../listings-api/db/connection';
import { createTestDb, TEST_PHOTOS_DIR, type TestDbKind } from '../../fixtures/db';
import { openForSuite } from '../../fixtures/suite';

// The listings API on a fresh seeded test database, answered through Fastify's inject (the real
// app, routes, SQL and database; no port). Every answer is checked against its contract schema.

export type Query = Record<string, string | number | boolean | undefined | (string | number)[]>;

export interface Answer<T> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

/** An offer's searchable columns, read straight from the table: the oracle of the search tests. */
export interface OfferFacts {
  id: number;
  slug: string;
  nature: 'V' | 'L' | 'S';
  status: 'active' | 'obsolete';
  premium: boolean;
  rubrique_id: number;
  rubrique_path: number[];
  lieu_id: number;
  lieu_path: number[];
  agency_id: number;
  network_id: number | null;
  price: number | null;
  monthly_rent: number | null;
  weekly_rent: number | null;
  prix_cache: boolean;
  surface: number | null;
  field_surface: number | null;
  rooms: number | null;
  bedrooms: number | null;
  atouts: string[];
  dpe_class: string | null;
  published: number;
}

export interface ListingsTest {
  kind: TestDbKind;
  db: Db;
  app: FastifyInstance;
  get<T = unknown>(
    path: string,
    query?: Query,
    headers?: Record<string, string>,
  ): Promise<Answer<T>>;
  post<T = unknown>(
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<Answer<T>>;
  del<T = unknown>(path: string, query?: Query): Promise<Answer<T>>;
  lieuId(slug: string): Promise<number>;
  rubriqueId(slugFr: string): Promise<number>;
  offers(): Promise<OfferFacts[]>;
  close(): Promise<void>;
}

export function queryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function parse(body: string): unknown {
  if (body === '') return null;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

export async function openListingsTest(kind: TestDbKind): Promise<ListingsTest> {
  const db = await createTestDb(kind);
  const app = await buildListingsApp({
    db,
    photosDir: TEST_PHOTOS_DIR,
    validateResponses: true,
    countsRefreshMs: 0,
  });
  await app.ready();
  let facts: Promise<OfferFacts[]> | undefined;

  const send = async <T>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<Answer<T>> => {
    const res = await app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload: payload as string | object } : {}),
    });
    return { status: res.statusCode, body: parse(res.body) as T, headers: res.headers };
  };

  return {
    kind,
    db,
    app,
    get: (path, query, headers) => send('GET', `${path}${queryString(query)}`, undefined, headers),
    post: (path, body, headers) => send('POST', path, body, headers),
    del: (path, query) => send('DELETE', `${path}${queryString(query)}`),
    async lieuId(slug) {
      const row = await db.kysely
        .selectFrom('lieux')
        .select('id')
        .where('slug', '=', slug)
        .executeTakeFirst();
      if (!row) throw new Error(`no lieu ${slug} in the test seed`);
      return row.id;
    },
    async rubriqueId(slugFr) {
      const row = await db.kysely
        .selectFrom('rubriques')
        .select('id')
        .where('slug_fr', '=', slugFr)
        .executeTakeFirst();
      if (!row) throw new Error(`no rubrique ${slugFr} in the test seed`);
      return row.id;
    },
    offers() {
      facts ??= db.kysely
        .selectFrom('offers as o')
        .innerJoin('agencies as a', 'a.id', 'o.agency_id')
        .select([
          'o.id',
          'o.slug',
          'o.nature',
          'o.status',
          'o.premium',
          'o.rubrique_id',
          'o.rubrique_path',
          'o.lieu_id',
          'o.lieu_path',
          'o.agency_id',
          'a.network_id',
          'o.price',
          'o.monthly_rent',
          'o.weekly_rent',
          'o.prix_cache',
          'o.surface',
          'o.field_surface',
          'o.rooms',
          'o.bedrooms',
          'o.atouts',
          'o.dpe_class',
          'o.published_at',
        ])
        .execute()
        .then((rows) =>
          rows.map(({ published_at, ...row }) => ({
            ...row,
            published: new Date(published_at as unknown as string).getTime(),
          })),
        );
      return facts;
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/** A listings test opened for a suite's tests (closed after them): `set` receives it. */
export function useListingsTest(kind: TestDbKind, set: (t: ListingsTest) => void): void {
  openForSuite(() => openListingsTest(kind), set);
}
