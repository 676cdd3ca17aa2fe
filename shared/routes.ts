import type { Config, Lang, NatureId } from './contract';
import { LANGS } from './contract';
import { indexConfig, rubriqueAppliesTo, type ConfigIndex } from './config-index';
import {
  SEARCH_QUERY_KEYS,
  normaliseCriteria,
  pathRubriqueOf,
  toSearchQuery,
  type SearchCriteria,
} from './criteria';
import { SLUG } from './validation';

// The route table: every screen of spec section 2 with its French and English path patterns
// and the guards its page runs. Path resolution, links, the language switch, hreflang
// alternates and canonical paths all come from this one table; no path is written elsewhere.
//
// Ambiguous shapes are resolved by data, not by order: a segment is a nature only if it is a
// nature slug of the language (and the nature is enabled); a segment is a rubrique only if it is
// a rubrique slug of the language that applies to that nature, and such a segment is never read
// as a lieu; a parameter never takes the value of a static word that another pattern has at the
// same place (so static screens win over patterns). Lieu, offer, agency and network slugs are
// only checked for shape here: the page's loader checks they exist.

// ---------------------------------------------------------------------------------------------
// Screens and their params

/** Guard names a route entry may list (the spec's "middleware"); the web app maps each to a check. */
export const GUARD_NAMES = [
  'validNature',
  'validRubrique',
  'validLieu',
  'validOffre',
  'validAgence',
  'validReseau',
] as const;
export type GuardName = (typeof GUARD_NAMES)[number];

type NoParams = Record<string, never>;

/** The params of each screen: nature and rubrique as ids, other slugs raw. */
export interface ScreenParams {
  home: NoParams;
  alerts: NoParams;
  wishlist: NoParams;
  cgu: NoParams;
  cookies: NoParams;
  legals: NoParams;
  personalData: NoParams;
  ranking: NoParams;
  proContact: NoParams;
  proDashboard: NoParams;
  proSignIn: NoParams;
  proLeads: NoParams;
  proTeam: NoParams;
  proAudience: NoParams;
  proFeeds: NoParams;
  agency: { agence: string };
  agencyDirectory: { lieu?: string };
  network: { reseau: string };
  natureHub: { nature: NatureId; lieu: string };
  nature: { nature: NatureId; rubrique?: number };
  list: { nature: NatureId; rubrique?: number; lieu: string };
  offer: { nature: NatureId; rubrique?: number; lieu: string; offre: string };
}
export type ScreenId = keyof ScreenParams;

export interface RouteEntry {
  screen: ScreenId;
  /**
   * Path pattern per language (react-router syntax): static words, `:param` and optional
   * `:param?` segments. `:nature` and `:rubrique` hold slugs translated through the config.
   */
  paths: Record<Lang, string>;
  guards: readonly GuardName[];
}

export const ROUTES: readonly RouteEntry[] = [
  { screen: 'home', paths: { fr: '/fr/', en: '/en/' }, guards: [] },
  { screen: 'alerts', paths: { fr: '/fr/alertes/', en: '/en/alerts/' }, guards: [] },
  { screen: 'wishlist', paths: { fr: '/fr/favoris/', en: '/en/wishlist/' }, guards: [] },
  { screen: 'cgu', paths: { fr: '/fr/cgu/', en: '/en/cgu/' }, guards: [] },
  { screen: 'cookies', paths: { fr: '/fr/cookies/', en: '/en/cookies/' }, guards: [] },
  { screen: 'legals', paths: { fr: '/fr/legals/', en: '/en/legals/' }, guards: [] },
  {
    screen: 'personalData',
    paths: { fr: '/fr/personal-data/', en: '/en/personal-data/' },
    guards: [],
  },
  {
    screen: 'ranking',
    paths: { fr: '/fr/classement-des-annonces/', en: '/en/how-listings-are-ranked/' },
    guards: [],
  },
  {
    screen: 'proContact',
    paths: { fr: '/fr/contact-professionnel/', en: '/en/professional-contact/' },
    guards: [],
  },
  // The professional space (agencies signed in): never indexed, never cached (PRO_SCREENS).
  { screen: 'proDashboard', paths: { fr: '/fr/espace-pro/', en: '/en/pro/' }, guards: [] },
  {
    screen: 'proSignIn',
    paths: { fr: '/fr/espace-pro/connexion/', en: '/en/pro/sign-in/' },
    guards: [],
  },
  {
    screen: 'proLeads',
    paths: { fr: '/fr/espace-pro/prospects/', en: '/en/pro/leads/' },
    guards: [],
  },
  { screen: 'proTeam', paths: { fr: '/fr/espace-pro/equipe/', en: '/en/pro/team/' }, guards: [] },
  {
    screen: 'proAudience',
    paths: { fr: '/fr/espace-pro/audience/', en: '/en/pro/audience/' },
    guards: [],
  },
  { screen: 'proFeeds', paths: { fr: '/fr/espace-pro/flux/', en: '/en/pro/feeds/' }, guards: [] },
  {
    screen: 'agency',
    paths: {
      fr: '/fr/annuaire-immobilier-luxe/agence/:agence/',
      en: '/en/luxury-real-estate-agencies/agency/:agence/',
    },
    guards: ['validAgence'],
  },
  {
    screen: 'agencyDirectory',
    paths: {
      fr: '/fr/annuaire-immobilier-luxe/:lieu?/',
      en: '/en/luxury-real-estate-agencies/:lieu?/',
    },
    guards: ['validLieu'],
  },
  {
    screen: 'network',
    paths: { fr: '/fr/reseau/:reseau/', en: '/en/network/:reseau/' },
    guards: ['validReseau'],
  },
  {
    screen: 'natureHub',
    paths: { fr: '/fr/:nature/demeures-luxe/:lieu/', en: '/en/:nature/luxury-homes/:lieu/' },
    guards: ['validNature', 'validLieu'],
  },
  {
    screen: 'nature',
    paths: { fr: '/fr/:nature/:rubrique?/', en: '/en/:nature/:rubrique?/' },
    guards: ['validNature', 'validRubrique'],
  },
  {
    screen: 'list',
    paths: { fr: '/fr/:nature/:rubrique?/:lieu/', en: '/en/:nature/:rubrique?/:lieu/' },
    guards: ['validNature', 'validRubrique', 'validLieu'],
  },
  {
    screen: 'offer',
    paths: {
      fr: '/fr/:nature/:rubrique?/:lieu/:offre/',
      en: '/en/:nature/:rubrique?/:lieu/:offre/',
    },
    guards: ['validNature', 'validRubrique', 'validLieu', 'validOffre'],
  },
];

export const ROUTE_BY_SCREEN = Object.fromEntries(ROUTES.map((r) => [r.screen, r])) as Record<
  ScreenId,
  RouteEntry
>;

/** The screens of the professional space: signed-in pages, never indexed nor cached. */
export const PRO_SCREENS = [
  'proDashboard',
  'proSignIn',
  'proLeads',
  'proTeam',
  'proAudience',
  'proFeeds',
] as const satisfies readonly ScreenId[];
export type ProScreenId = (typeof PRO_SCREENS)[number];

export function isProScreen(screen: ScreenId): screen is ProScreenId {
  return (PRO_SCREENS as readonly ScreenId[]).includes(screen);
}

/**
 * The message catalogs, `locales/{lang}/{name}.po` (lingui.config.ts): the portal's, which every
 * page loads, and the professional space's, which only the space's pages load besides it.
 */
export const CATALOGS = ['messages', 'pro'] as const;
export type CatalogName = (typeof CATALOGS)[number];

/** The catalogs a page of `screen` needs (the portal's alone without a screen: error pages). */
export function catalogsOf(screen: string | undefined): readonly CatalogName[] {
  return screen !== undefined && isProScreen(screen as ScreenId) ? CATALOGS : ['messages'];
}

/** Screens without params (for menus, footers and the sitemap). */
export const STATIC_SCREENS = ROUTES.filter((r) => !r.paths.fr.includes(':')).map(
  (r) => r.screen,
) as readonly ScreenId[];

// ---------------------------------------------------------------------------------------------
// Compiled patterns

type Segment = { kind: 'static'; value: string } | { kind: 'param'; name: string };

interface Variant {
  route: RouteEntry;
  lang: Lang;
  segments: Segment[];
  staticCount: number;
  /** Where the optional rubrique would have been, when this variant leaves it out. */
  omittedRubriqueAt: number | null;
}

function compile(route: RouteEntry, lang: Lang): Variant[] {
  const parts = route.paths[lang].split('/').filter((p) => p !== '');
  let variants: { segments: Segment[]; omittedRubriqueAt: number | null }[] = [
    { segments: [], omittedRubriqueAt: null },
  ];
  for (const part of parts) {
    const next: typeof variants = [];
    for (const v of variants) {
      if (!part.startsWith(':')) {
        next.push({ ...v, segments: [...v.segments, { kind: 'static', value: part }] });
        continue;
      }
      const optional = part.endsWith('?');
      const name = part.slice(1, optional ? -1 : undefined);
      next.push({ ...v, segments: [...v.segments, { kind: 'param', name }] });
      if (optional) {
        next.push({
          ...v,
          omittedRubriqueAt: name === 'rubrique' ? v.segments.length : v.omittedRubriqueAt,
        });
      }
    }
    variants = next;
  }
  return variants.map((v) => ({
    route,
    lang,
    ...v,
    staticCount: v.segments.filter((s) => s.kind === 'static').length,
  }));
}

const VARIANTS: Record<Lang, Variant[]> = Object.fromEntries(
  LANGS.map((lang) => [lang, ROUTES.flatMap((r) => compile(r, lang))]),
) as Record<Lang, Variant[]>;

/** A slug of a label: lower case ASCII words joined by hyphens (accents dropped). */
function slugOf(label: string): string {
  return label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The generic place's slug in a language. The place's own slug is French
 * ('france-et-international'); other languages get the slug of the place's label in that
 * language ('france-and-abroad'), so no English path carries a French word. Paths with the
 * French slug in another language still resolve to the generic place; the offer page redirects
 * them (301) to its own path.
 */
export function genericLieuSlug(config: Config, lang: Lang): string {
  const own = config.genericLieu.slug;
  if (lang === 'fr') return own;
  const slug = slugOf(config.genericLieu.libelle[lang]);
  return SLUG.test(slug) ? slug : own;
}

/** Whether some pattern of the language has the static word `seg` at this place. */
function isReserved(lang: Lang, segments: readonly string[], at: number): boolean {
  return VARIANTS[lang].some((w) => {
    const here = w.segments[at];
    if (here?.kind !== 'static' || here.value !== segments[at]) return false;
    for (let j = 0; j < at; j++) {
      const s = w.segments[j]!;
      if (s.kind === 'static' && s.value !== segments[j]) return false;
    }
    return true;
  });
}

function rubriqueId(index: ConfigIndex, lang: Lang, nature: NatureId, slug: string) {
  return index.rubriqueBySlug[lang].get(nature)?.get(slug);
}

function matchVariant(
  variant: Variant,
  segments: readonly string[],
  index: ConfigIndex,
  config: Config,
): Record<string, string | number> | null {
  if (variant.segments.length !== segments.length) return null;
  const params: Record<string, string | number> = {};
  let nature: NatureId | undefined;
  for (let i = 0; i < segments.length; i++) {
    const pattern = variant.segments[i]!;
    const seg = segments[i]!;
    if (pattern.kind === 'static') {
      if (pattern.value !== seg) return null;
      continue;
    }
    if (pattern.name === 'nature') {
      nature = index.natureBySlug[variant.lang].get(seg);
      if (!nature || !index.enabledNatures.includes(nature)) return null;
      params.nature = nature;
    } else if (pattern.name === 'rubrique') {
      const id = nature && rubriqueId(index, variant.lang, nature, seg);
      if (!id) return null;
      params.rubrique = id;
    } else {
      if (!SLUG.test(seg) || isReserved(variant.lang, segments, i)) return null;
      // The generic place's slug of the language stands for the generic place in every language.
      params[pattern.name] =
        pattern.name === 'lieu' && seg === genericLieuSlug(config, variant.lang)
          ? config.genericLieu.slug
          : seg;
    }
  }
  // A segment that is a rubrique of the nature is read as the rubrique, never as a lieu.
  const at = variant.omittedRubriqueAt;
  if (at !== null && nature && rubriqueId(index, variant.lang, nature, segments[at]!)) return null;
  return params;
}

// ---------------------------------------------------------------------------------------------
// Resolution

export type ResolvedScreen = {
  [S in ScreenId]: { kind: 'screen'; screen: S; lang: Lang; params: ScreenParams[S] };
}[ScreenId];

export type Resolved =
  ResolvedScreen | { kind: 'redirect'; location: string; status: 301 } | { kind: 'not-found' };

function resolveSlashed(path: string, config: Config): ResolvedScreen | null {
  const segments = path.split('/').slice(1, -1);
  const lang = segments[0] as Lang;
  if (!LANGS.includes(lang) || segments.some((s) => s === '')) return null;
  const index = indexConfig(config);
  let best: { variant: Variant; params: Record<string, string | number> } | null = null;
  let tie = false;
  for (const variant of VARIANTS[lang]) {
    const params = matchVariant(variant, segments, index, config);
    if (!params) continue;
    if (!best || variant.staticCount > best.variant.staticCount) {
      best = { variant, params };
      tie = false;
    } else if (variant.staticCount === best.variant.staticCount) {
      tie = true;
    }
  }
  // The rules above leave no two readings of a path; should data ever allow two, the table's
  // order must not silently pick one.
  if (!best || tie) return null;
  return {
    kind: 'screen',
    screen: best.variant.route.screen,
    lang,
    params: best.params,
  } as ResolvedScreen;
}

/**
 * The screen of a path (a query or hash after it is allowed and kept in redirects).
 * A path without its trailing slash redirects (301) to the path with it when that is a screen.
 * `/` itself is the server's business (language choice): not-found here.
 * @example resolvePath('/fr/vente/maison/paris/', config)
 *   // { kind: 'screen', screen: 'list', lang: 'fr', params: { nature: 'V', rubrique: 2, lieu: 'paris' } }
 */
export function resolvePath(pathname: string, config: Config): Resolved {
  const cut = pathname.search(/[?#]/);
  const path = cut === -1 ? pathname : pathname.slice(0, cut);
  const rest = cut === -1 ? '' : pathname.slice(cut);
  if (!path.startsWith('/') || path === '/') return { kind: 'not-found' };
  if (path.endsWith('/')) return resolveSlashed(path, config) ?? { kind: 'not-found' };
  if (resolveSlashed(`${path}/`, config)) {
    return { kind: 'redirect', location: `${path}/${rest}`, status: 301 };
  }
  return { kind: 'not-found' };
}

/**
 * The language of a path from its prefix; French for anything else (the BFF's own paths and
 * error pages of paths that name no language).
 */
export function langOfPath(pathname: string): Lang {
  const first = pathname.split('/')[1];
  return (LANGS as readonly string[]).includes(first ?? '') ? (first as Lang) : 'fr';
}

// ---------------------------------------------------------------------------------------------
// Links

export interface HrefOptions {
  /** Appended as `?query` when not empty; a string may start with '?' (`location.search`). */
  query?: URLSearchParams | string;
  /** Appended as `#hash` (an agency link may carry a nature). */
  hash?: string;
}

function segmentFor(
  name: string,
  params: Record<string, unknown>,
  lang: Lang,
  index: ConfigIndex,
  config: Config,
): string | null {
  const value = params[name];
  if (name === 'nature') {
    const nature = index.natures.get(value as NatureId);
    if (!nature) throw new Error(`href: unknown nature ${String(value)}`);
    return nature.slug[lang];
  }
  if (name === 'rubrique') {
    // The generic rubrique, an unknown one or one of another nature is left out of the path.
    const id = value as number | undefined;
    const nature = params.nature as NatureId;
    if (id === undefined || id === index.generic.id) return null;
    if (!rubriqueAppliesTo(index, id, nature)) return null;
    return index.rubriques.get(id)!.slug[lang];
  }
  if (value === undefined || value === null || value === '') return null;
  if (name === 'lieu' && value === config.genericLieu.slug) {
    return genericLieuSlug(config, lang);
  }
  return encodeURIComponent(String(value));
}

/**
 * The path of a screen in a language: the only place paths are built. Nature and rubrique ids
 * are turned into the language's slugs; other slugs are used as they are.
 * @example href('list', { nature: 'L', rubrique: 3, lieu: 'paris' }, 'en', config) // '/en/rent/apartment/paris/'
 */
export function href<S extends ScreenId>(
  screen: S,
  params: ScreenParams[S],
  lang: Lang,
  config: Config,
  options: HrefOptions = {},
): string {
  const index = indexConfig(config);
  const p = params as Record<string, unknown>;
  const parts = ROUTE_BY_SCREEN[screen].paths[lang].split('/').filter((s) => s !== '');
  const out: string[] = [];
  for (const part of parts) {
    if (!part.startsWith(':')) {
      out.push(part);
      continue;
    }
    const optional = part.endsWith('?');
    const name = part.slice(1, optional ? -1 : undefined);
    const seg = segmentFor(name, p, lang, index, config);
    if (seg !== null) out.push(seg);
    else if (!optional) throw new Error(`href: ${screen} needs ${name}`);
  }
  const query = options.query ? new URLSearchParams(options.query).toString() : '';
  const hash = options.hash ? `#${encodeURIComponent(options.hash)}` : '';
  return `/${out.join('/')}/${query ? `?${query}` : ''}${hash}`;
}

/** The same page in another language, keeping the query (nature and rubrique slugs translated). */
export function switchLanguage(
  resolved: ResolvedScreen,
  toLang: Lang,
  config: Config,
  query?: URLSearchParams | string,
): string {
  return href(resolved.screen, resolved.params, toLang, config, { query });
}

/**
 * Where a path the route table does not know goes in another language: the same path under that
 * language's prefix (its not-found page), or that language's home page for a path of no language.
 * @example unknownPageIn('/fr/page-inconnue/', 'en') // '/en/page-inconnue/'
 */
export function unknownPageIn(pathname: string, toLang: Lang): string {
  const rest = /^\/(?:fr|en)(\/.*)$/.exec(pathname)?.[1];
  return rest && rest !== '/' ? `/${toLang}${rest}` : `/${toLang}/`;
}

/** Search query keys that show the same results another way: sort, page and the map view. */
const NOT_CANONICAL = new Set<string>(['page', 'sort', 'view']);

/** Query keys that make a different page worth a canonical URL; sort and page are noise. */
const CANONICAL_QUERY_KEYS: Partial<Record<ScreenId, readonly string[]>> = {
  nature: SEARCH_QUERY_KEYS.filter((k) => !NOT_CANONICAL.has(k)),
  list: SEARCH_QUERY_KEYS.filter((k) => !NOT_CANONICAL.has(k)),
  natureHub: SEARCH_QUERY_KEYS.filter((k) => !NOT_CANONICAL.has(k)),
  agencyDirectory: ['search'],
};

function canonicalQuery(screen: ScreenId, query?: URLSearchParams | string): URLSearchParams {
  const given = new URLSearchParams(query);
  const out = new URLSearchParams();
  for (const key of CANONICAL_QUERY_KEYS[screen] ?? []) {
    const value = given.get(key);
    if (value) out.set(key, value);
  }
  return out;
}

/**
 * The canonical path of a page: its path in its language with only the query keys that make a
 * different page (search filters in canonical order; never sort, page or unknown keys).
 * Pass the canonical search query (`toSearchQuery`) for result lists.
 */
export function canonicalPath(
  resolved: ResolvedScreen,
  config: Config,
  query?: URLSearchParams | string,
): string {
  return href(resolved.screen, resolved.params, resolved.lang, config, {
    query: canonicalQuery(resolved.screen, query),
  });
}

/** hreflang alternates of a page: its canonical path in each language; French is the default. */
export function alternates(
  resolved: ResolvedScreen,
  config: Config,
  query?: URLSearchParams | string,
): Record<Lang | 'x-default', string> {
  const at = (lang: Lang) => canonicalPath({ ...resolved, lang } as ResolvedScreen, config, query);
  const fr = at('fr');
  return { fr, en: at('en'), 'x-default': fr };
}

/** What an offer's link needs: the nature, rubrique and place its path names, and its slug. */
export interface OfferLinkFields {
  nature: { id: NatureId };
  rubrique: { id: number };
  lieu: { slug: string };
  slug: string;
}

/**
 * The path of an offer's page in a language: the one builder of offer links (cards, offer
 * pages, previous/next in a search, alert mails).
 * @example offerHref(offer, 'en', config) // '/en/sale/villa/cannes/villa-contemporaine-cannes-501/'
 */
export function offerHref(offer: OfferLinkFields, lang: Lang, config: Config): string {
  return href(
    'offer',
    {
      nature: offer.nature.id,
      rubrique: offer.rubrique.id,
      lieu: offer.lieu.slug,
      offre: offer.slug,
    },
    lang,
    config,
  );
}

/**
 * The result-list path of criteria: nature, the single chosen rubrique (several go in `rubs`),
 * the lieu slug and the canonical search query. Everywhere (null, or the generic lieu's slug) is
 * the nature page, without a place segment: the generic lieu's slug is French only.
 * @example searchHref(criteria, 'paris', 'fr', config) // '/fr/vente/maison/paris/?price_max=900000'
 */
export function searchHref(
  criteria: SearchCriteria,
  lieuSlug: string | null,
  lang: Lang,
  config: Config,
): string {
  const c = normaliseCriteria(criteria, config);
  const rubrique = pathRubriqueOf(c, config) ?? undefined;
  const query = toSearchQuery(criteria, { config });
  if (lieuSlug === null || lieuSlug === config.genericLieu.slug) {
    return href('nature', { nature: c.nature, rubrique }, lang, config, { query });
  }
  return href('list', { nature: c.nature, rubrique, lieu: lieuSlug }, lang, config, { query });
}
