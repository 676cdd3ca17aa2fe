import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  LANGS,
  SitemapCountsSchema,
  SitemapListsSchema,
  SitemapOffersSchema,
  SitemapSlugsSchema,
  type Config,
  type Lang,
} from '../../shared/contract';
import { BFF_PATHS, searchFormPath } from '../../shared/bff-paths';
import { indexConfig, rubriqueAppliesTo } from '../../shared/config-index';
import { SEARCH_QUERY_KEYS } from '../../shared/criteria';
import { ROUTE_BY_SCREEN, href, type ScreenId, type ScreenParams } from '../../shared/routes';

// Crawlability: /sitemap.xml is a sitemap index of child sitemaps (static pages, nature hubs,
// result lists that have offers, offers, agencies, networks), every URL in both languages with
// its xhtml:link alternates, at most ROWS_PER_FILE entries (2 URLs each) per file, well under
// the protocol's 50,000. /robots.txt points to it and keeps sorted, paged and filtered variants,
// the search endpoint, the API and personal pages out of crawlers' way.

export interface SitemapRouteOptions {
  /** Public origin of the site; the request's own origin when absent. */
  publicUrl: string | undefined;
}

/** Entries per child sitemap: each gives one URL per language. */
export const ROWS_PER_FILE = 10_000;
const CACHE_TTL_MS = 10 * 60_000;
const CACHE_CONTROL = 'public, max-age=600, s-maxage=3600, stale-while-revalidate=86400';

type Kind = 'hubs' | 'lists' | 'offers' | 'agencies' | 'networks';
const KINDS: readonly Kind[] = ['hubs', 'lists', 'offers', 'agencies', 'networks'];
const COUNT_OF: Record<Kind, keyof v.InferOutput<typeof SitemapCountsSchema>> = {
  hubs: 'hubs',
  lists: 'lists',
  offers: 'offres',
  agencies: 'agences',
  networks: 'reseaux',
};

/** Static screens worth indexing (personal pages such as favourites and alerts are not). */
const STATIC_PAGES: readonly ScreenId[] = [
  'home',
  'agencyDirectory',
  'proContact',
  'ranking',
  'cgu',
  'legals',
  'personalData',
  'cookies',
];

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Entry {
  /** The page's path in each language. */
  paths: Record<Lang, string>;
  lastmod?: string;
}

/** One <url> per language, each listing every language's alternate and x-default (French). */
export function urlSetXml(origin: string, entries: readonly Entry[]): string {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n',
  ];
  for (const entry of entries) {
    const alternates =
      LANGS.map(
        (lang) =>
          `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(origin + entry.paths[lang])}"/>`,
      ).join('') +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + entry.paths.fr)}"/>`;
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : '';
    for (const lang of LANGS) {
      parts.push(
        `<url><loc>${escapeXml(origin + entry.paths[lang])}</loc>${lastmod}${alternates}</url>\n`,
      );
    }
  }
  parts.push('</urlset>\n');
  return parts.join('');
}

export function sitemapIndexXml(origin: string, files: readonly string[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    files.map((file) => `<sitemap><loc>${escapeXml(origin + file)}</loc></sitemap>\n`).join('') +
    '</sitemapindex>\n'
  );
}

/** robots.txt: the sitemap, and the variants and endpoints that are not pages to index. */
export function robotsTxt(origin: string): string {
  const lines = [
    'User-agent: *',
    `Disallow: ${BFF_PATHS.api}`,
    `Disallow: ${BFF_PATHS.languageSwitch}`,
    ...LANGS.map((lang) => `Disallow: ${searchFormPath(lang)}`),
    // The visitor's own pages.
    ...(['wishlist', 'alerts', 'proDashboard'] as const).flatMap((screen) =>
      LANGS.map((lang) => `Disallow: ${ROUTE_BY_SCREEN[screen].paths[lang]}`),
    ),
    // Sorted, paged and filtered variants of the lists (their canonical page is indexed).
    ...SEARCH_QUERY_KEYS.map((key) => `Disallow: /*?*${key}=`),
    'Allow: /',
    '',
    `Sitemap: ${origin}${BFF_PATHS.sitemap}`,
    '',
  ];
  return lines.join('\n');
}

function pathsOf<S extends ScreenId>(screen: S, params: ScreenParams[S], config: Config) {
  return Object.fromEntries(
    LANGS.map((lang) => [lang, href(screen, params, lang, config)]),
  ) as Record<Lang, string>;
}

export async function sitemapRoutes(app: FastifyInstance, options: SitemapRouteOptions) {
  const originOf = (request: FastifyRequest) =>
    (options.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

  const cached = (key: string, load: () => Promise<string>) =>
    app.upstreamCache.get(`sitemap ${key}`, CACHE_TTL_MS, load);

  const counts = () =>
    app.upstreamCache.get('sitemap counts', CACHE_TTL_MS, () =>
      app.upstream.get('/sitemap', SitemapCountsSchema),
    );

  const config = (request: FastifyRequest) => app.portalApi(request).get('config', {});

  async function childXml(kind: Kind, n: number, origin: string, cfg: Config): Promise<string> {
    const query = { offset: (n - 1) * ROWS_PER_FILE, limit: ROWS_PER_FILE };
    const index = indexConfig(cfg);
    const enabled = (nature: string) => index.enabledNatures.some((e) => e === nature);
    const entries: Entry[] = [];
    if (kind === 'hubs' || kind === 'lists') {
      const answer = await app.upstream.get('/sitemap/lists', SitemapListsSchema, {
        query: { ...query, hubs: kind === 'hubs' ? 1 : undefined },
      });
      for (const row of answer.items) {
        if (!enabled(row.nature)) continue;
        if (row.rubrique_id !== null && !rubriqueAppliesTo(index, row.rubrique_id, row.nature)) {
          continue;
        }
        const rubrique = row.rubrique_id ?? undefined;
        if (kind === 'hubs') {
          if (row.lieu_slug) {
            entries.push({
              paths: pathsOf('natureHub', { nature: row.nature, lieu: row.lieu_slug }, cfg),
            });
          }
        } else if (row.lieu_slug === null) {
          entries.push({ paths: pathsOf('nature', { nature: row.nature, rubrique }, cfg) });
        } else {
          entries.push({
            paths: pathsOf('list', { nature: row.nature, rubrique, lieu: row.lieu_slug }, cfg),
          });
        }
      }
    } else if (kind === 'offers') {
      const answer = await app.upstream.get('/sitemap/offres', SitemapOffersSchema, { query });
      for (const offer of answer.items) {
        if (!enabled(offer.nature)) continue;
        entries.push({
          paths: pathsOf(
            'offer',
            {
              nature: offer.nature,
              rubrique: offer.rubrique_id,
              lieu: offer.lieu_slug,
              offre: offer.slug,
            },
            cfg,
          ),
          lastmod: offer.updated_at.slice(0, 10),
        });
      }
    } else {
      const path = kind === 'agencies' ? '/sitemap/agences' : '/sitemap/reseaux';
      const answer = await app.upstream.get(path, SitemapSlugsSchema, { query });
      for (const { slug } of answer.items) {
        entries.push({
          paths:
            kind === 'agencies'
              ? pathsOf('agency', { agence: slug }, cfg)
              : pathsOf('network', { reseau: slug }, cfg),
        });
      }
    }
    return urlSetXml(origin, entries);
  }

  function sendXml(reply: FastifyReply, xml: string) {
    return reply
      .header('cache-control', CACHE_CONTROL)
      .type('application/xml; charset=utf-8')
      .send(xml);
  }

  app.get(BFF_PATHS.robots, async (request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(originOf(request))),
  );

  // A failure of the listings API answers its own status, as JSON (server/http-errors.ts).
  app.get(BFF_PATHS.sitemap, async (request, reply) => {
    const origin = originOf(request);
    const xml = await cached(`index ${origin}`, async () => {
      const c = await counts();
      const files = ['/sitemaps/pages.xml'];
      for (const kind of KINDS) {
        const pages = Math.ceil(c[COUNT_OF[kind]] / ROWS_PER_FILE);
        for (let n = 1; n <= pages; n++) files.push(`/sitemaps/${kind}-${n}.xml`);
      }
      return sitemapIndexXml(origin, files);
    });
    return sendXml(reply, xml);
  });

  app.get('/sitemaps/:file', async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const origin = originOf(request);
    const match = /^(hubs|lists|offers|agencies|networks)-([1-9]\d{0,4})\.xml$/.exec(file);
    if (file !== 'pages.xml' && !match) return reply.callNotFound();
    const cfg = await config(request);
    if (file === 'pages.xml') {
      const xml = await cached(`pages ${origin}`, async () =>
        urlSetXml(
          origin,
          STATIC_PAGES.map((screen) => ({ paths: pathsOf(screen, {} as never, cfg) })),
        ),
      );
      return sendXml(reply, xml);
    }
    const kind = match![1] as Kind;
    const n = Number(match![2]);
    const c = await counts();
    if (n > Math.ceil(c[COUNT_OF[kind]] / ROWS_PER_FILE)) return reply.callNotFound();
    return sendXml(
      reply,
      await cached(`${kind}-${n} ${origin}`, () => childXml(kind, n, origin, cfg)),
    );
  });
}
