import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEndpoints, sendEndpoints, type GetEndpoint } from '../../../shared/endpoints';
import { formSendEndpoints } from '../../../shared/form-endpoints';
import { queryString, type Query } from '../../../shared/query-string';
import { openListingsTest, type ListingsTest } from './helpers';

// The endpoint table (shared/endpoints.ts, shared/form-endpoints.ts) against the real listings
// API: every row is one of its routes, every route the web app calls is a row, each row's body
// is the very schema the route checks (its OpenAPI document says so), and each limit of a
// query parameter the web app checks is the listings API's, both ends probed with real requests.

type OpenApi = {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
};

/** A query each read accepts as far as validation goes (it may name nothing: a 404 is fine). */
const BASELINES: { [N in keyof typeof getEndpoints]: Record<string, string> } = {
  config: {},
  omrData: {},
  externalLinks: { lang: 'fr' },
  searchLieu: { q: 'nice', lang: 'fr' },
  lieu: { id: '1', lang: 'fr' },
  agencies: { lang: 'fr' },
  agency: { slug: 'x', lang: 'fr' },
  network: { slug: 'x', lang: 'fr' },
  // One offer a page: a page's rank stays below the listings API's deepest result.
  agencyOffers: { agency: '1', nature: 'V', lang: 'fr', limit: '1' },
  reviews: { agency: '1', lang: 'fr' },
  offers: { lang: 'fr' },
  offerClusters: { bbox: '2,43,3,44', zoom: '10', lang: 'fr' },
  lieuChildren: { id: '1', lang: 'fr' },
  rubriqueCounts: {},
  compteur: { lang: 'fr' },
  offersByIds: { ids: '1', lang: 'fr' },
  alerts: {}, // its tokens go as a header
  offer: { slug: 'x', lang: 'fr' },
  offerNavigation: { current_id: '1', lang: 'fr' },
  // The professional space's reads: their session goes as a header (a 401 without it is fine).
  proMe: {},
  proDashboard: {},
  proLeads: {},
  proLeadsExport: {},
  proTeam: {},
  proFeedRuns: {},
  proFeedReport: { id: 'abcdefgh' },
  proFeedKey: {},
  proAudience: { days: '30' },
  proAudienceOffer: { id: '1', days: '30' },
};

/** Routes of the listings API the web app calls outside the table: not data of its screens. */
const OUTSIDE_THE_TABLE = new Set([
  '/healthz', // the web app's own health check
  '/changes', // the edge purger's feed of changed cache tags
  '/photos/', // photos, streamed as they are
  '/sitemap', // the sitemaps, XML the web app writes from these lists
  '/sitemap/lists',
  '/sitemap/offres',
]);

const reads = Object.entries(getEndpoints) as unknown as [string, GetEndpoint][];

const asPattern = (apiPath: string) => new RegExp(`^${apiPath.replace(/\{[^}]+\}/g, '[^/]+')}$`);

/** The object entries of a query schema (possibly piped with checks). */
function entriesOf(schema: v.GenericSchema): v.ObjectEntries {
  const s = schema as unknown as { entries?: v.ObjectEntries; pipe?: v.GenericSchema[] };
  return s.entries ?? entriesOf(s.pipe![0]!);
}

const accepts = (schema: v.GenericSchema, value: string) => v.safeParse(schema, value).success;

/** The largest n in [low, high] for which `ok(n)` holds, `ok` holding up to a bound and not past it. */
function largest(low: number, high: number, ok: (n: number) => boolean): number {
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (ok(mid)) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Past every id (MAX_ID is 2³¹ - 1). */
const CEILING = 2 ** 31;

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(',');

/**
 * The bounds the web app puts on a parameter, as a value the listings API must take (`base`) and
 * values at and past each bound: a number's minimum and maximum, a list's longest, a text's longest.
 */
function probes(schema: v.GenericSchema): { base: string; at: string; past: string }[] {
  if (accepts(schema, '1,2')) {
    const max = largest(2, 5000, (n) => accepts(schema, ids(n)));
    return [{ base: '1,2', at: ids(max), past: ids(max + 1) }];
  }
  if (accepts(schema, '1') && !accepts(schema, 'x')) {
    const min = accepts(schema, '0') ? 0 : 1;
    const max = largest(min, CEILING, (n) => accepts(schema, String(n)));
    // A number checked for its shape only: its bounds are the listings API's alone.
    if (max === CEILING) return [];
    const out = [{ base: '1', at: String(max), past: String(max + 1) }];
    if (min > 0) out.push({ base: '1', at: String(min), past: String(min - 1) });
    return out;
  }
  if (accepts(schema, 'ab')) {
    const max = largest(2, 5000, (n) => accepts(schema, 'a'.repeat(n)));
    return [{ base: 'ab', at: 'a'.repeat(max), past: 'a'.repeat(max + 1) }];
  }
  return [];
}

describe('the endpoint table and the listings API', () => {
  let t: ListingsTest;
  let openapi: OpenApi;

  beforeAll(async () => {
    t = await openListingsTest('pglite');
    openapi = (await t.get<OpenApi>('/openapi.json')).body;
  });
  afterAll(async () => {
    await t?.close();
  });

  function routeOf(method: string, concrete: string): string | undefined {
    return Object.keys(openapi.paths).find(
      (p) => asPattern(p).test(concrete) && openapi.paths[p]![method.toLowerCase()],
    );
  }

  /** A read's upstream path for a query of the web app. */
  const pathOf = (row: GetEndpoint, raw: Record<string, string>) =>
    typeof row.path === 'function' ? row.path(v.parse(row.query, raw)) : row.path;

  /** A read's upstream path and query for a query of the web app (as the browser sends it). */
  function upstreamOf(row: GetEndpoint, raw: Record<string, string>) {
    const query = v.parse(row.query, raw);
    return {
      path: typeof row.path === 'function' ? row.path(query) : row.path,
      query: row.upstreamQuery ? row.upstreamQuery(query) : (query as Query),
    };
  }

  it('serves every row of the table', () => {
    for (const [name, row] of reads) {
      const concrete = pathOf(row, BASELINES[name as keyof typeof BASELINES]);
      expect(routeOf('GET', concrete), `${name}: GET ${concrete}`).toBeDefined();
    }
    for (const [name, row] of Object.entries({ ...sendEndpoints, ...formSendEndpoints })) {
      expect(routeOf(row.method, row.path), `${name}: ${row.method} ${row.path}`).toBeDefined();
    }
  });

  it('has a row for every route the web app calls', () => {
    const tablePaths = [
      ...reads.map(([name, row]) => {
        const concrete = pathOf(row, BASELINES[name as keyof typeof BASELINES]);
        return routeOf('GET', concrete);
      }),
      ...Object.values({ ...sendEndpoints, ...formSendEndpoints }).map((row) =>
        routeOf(row.method, row.path),
      ),
    ];
    const called = new Set<string>();
    const files = readdirSync('server', { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    for (const file of files) {
      const source = readFileSync(path.join('server', file), 'utf8');
      for (const match of source.matchAll(
        /\.(?:get|raw|send)\(\s*(?:'[A-Z]+',\s*)?[`'](\/[^`'$]*)/g,
      ))
        called.add(match[1]!);
    }
    expect(called.size).toBeGreaterThan(0);
    for (const literal of called) {
      const route = routeOf('GET', literal) ?? routeOf('POST', literal);
      if (!route) continue; // a path of the web app's own
      expect(
        OUTSIDE_THE_TABLE.has(literal) || tablePaths.includes(route),
        `the web app calls ${literal} (${route}) without a row in shared/endpoints.ts`,
      ).toBe(true);
    }
  });

  it("checks each write's body with the table's schema", () => {
    for (const [name, row] of Object.entries({ ...sendEndpoints, ...formSendEndpoints })) {
      if (row.method !== 'POST') continue;
      const route = routeOf(row.method, row.path)!;
      const documented = openapi.paths[route]!.post!.requestBody?.content['application/json'];
      const table = toJsonSchema(row.body, {
        target: 'openapi-3.0',
        typeMode: 'input',
        errorMode: 'ignore',
      });
      delete (table as { $schema?: unknown }).$schema;
      if (name === 'alertConfirm' || name === 'alertUnsubscribe') continue; // mail links' own body
      expect(documented, name).toEqual({ schema: table });
    }
  });

  it('has the same limits as the listings API for every query parameter', async () => {
    const differences: string[] = [];
    for (const [name, row] of reads) {
      const baseline = BASELINES[name as keyof typeof BASELINES];
      if (name === 'alerts') continue; // tokens go as a header, checked by a route of its own
      const upstream = upstreamOf(row, baseline);
      for (const [param, schema] of Object.entries(entriesOf(row.query))) {
        // The parameter's name upstream: the key its value is sent under.
        const marker = 'marker-value';
        const sent = Object.entries(
          row.upstreamQuery
            ? row.upstreamQuery({ ...(v.parse(row.query, baseline) as object), [param]: marker })
            : { [param]: marker },
        ).find(([, value]) => value === marker)?.[0];
        if (!sent) continue;
        for (const { base, at, past } of probes(schema as v.GenericSchema)) {
          const refused = async (value: string) => {
            const res = await t.get<{ field?: string }>(
              `${upstream.path}${queryString({ ...upstream.query, [sent]: value })}`,
            );
            return res.status === 400 && res.body.field === sent;
          };
          // A vocabulary (assets) rather than a length: no limit to compare.
          if (await refused(base)) continue;
          for (const [value, ok] of [
            [at, true],
            [past, false],
          ] as const) {
            if ((await refused(value)) === ok) {
              const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
              differences.push(
                `${name} ${sent}=${shown}: the web app ${ok ? 'takes' : 'refuses'} it, the listings API does not`,
              );
            }
          }
        }
      }
    }
    expect(differences).toEqual([]);
  });
});
