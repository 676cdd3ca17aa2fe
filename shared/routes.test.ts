import { describe, expect, it } from 'vitest';
import type { Config, Lang } from './contract';
import { normaliseCriteria } from './criteria';
import {
  GUARD_NAMES,
  ROUTES,
  STATIC_SCREENS,
  alternates,
  canonicalPath,
  genericLieuSlug,
  href,
  offerHref,
  resolvePath,
  searchHref,
  switchLanguage,
  type Resolved,
  type ResolvedScreen,
  type ScreenId,
} from './routes';
import { RUB, configWith, testConfig as config } from './test-config';

type Row = [path: string, screen: ScreenId, params: Record<string, unknown>];

// Every screen of spec section 2, in French and in English, with the same params.
const SCREENS: { fr: string; en: string; screen: ScreenId; params: Record<string, unknown> }[] = [
  { fr: '/fr/', en: '/en/', screen: 'home', params: {} },
  { fr: '/fr/alertes/', en: '/en/alerts/', screen: 'alerts', params: {} },
  { fr: '/fr/favoris/', en: '/en/wishlist/', screen: 'wishlist', params: {} },
  { fr: '/fr/cgu/', en: '/en/cgu/', screen: 'cgu', params: {} },
  { fr: '/fr/cookies/', en: '/en/cookies/', screen: 'cookies', params: {} },
  { fr: '/fr/legals/', en: '/en/legals/', screen: 'legals', params: {} },
  { fr: '/fr/personal-data/', en: '/en/personal-data/', screen: 'personalData', params: {} },
  {
    fr: '/fr/classement-des-annonces/',
    en: '/en/how-listings-are-ranked/',
    screen: 'ranking',
    params: {},
  },
  {
    fr: '/fr/contact-professionnel/',
    en: '/en/professional-contact/',
    screen: 'proContact',
    params: {},
  },
  { fr: '/fr/espace-pro/', en: '/en/pro/', screen: 'proDashboard', params: {} },
  { fr: '/fr/espace-pro/connexion/', en: '/en/pro/sign-in/', screen: 'proSignIn', params: {} },
  { fr: '/fr/espace-pro/prospects/', en: '/en/pro/leads/', screen: 'proLeads', params: {} },
  { fr: '/fr/espace-pro/equipe/', en: '/en/pro/team/', screen: 'proTeam', params: {} },
  { fr: '/fr/espace-pro/audience/', en: '/en/pro/audience/', screen: 'proAudience', params: {} },
  { fr: '/fr/espace-pro/flux/', en: '/en/pro/feeds/', screen: 'proFeeds', params: {} },
  {
    fr: '/fr/annuaire-immobilier-luxe/agence/dupont-immobilier/',
    en: '/en/luxury-real-estate-agencies/agency/dupont-immobilier/',
    screen: 'agency',
    params: { agence: 'dupont-immobilier' },
  },
  {
    fr: '/fr/annuaire-immobilier-luxe/',
    en: '/en/luxury-real-estate-agencies/',
    screen: 'agencyDirectory',
    params: {},
  },
  {
    fr: '/fr/annuaire-immobilier-luxe/cannes/',
    en: '/en/luxury-real-estate-agencies/cannes/',
    screen: 'agencyDirectory',
    params: { lieu: 'cannes' },
  },
  {
    fr: '/fr/reseau/barnes/',
    en: '/en/network/barnes/',
    screen: 'network',
    params: { reseau: 'barnes' },
  },
  {
    fr: '/fr/vente/demeures-luxe/cannes/',
    en: '/en/sale/luxury-homes/cannes/',
    screen: 'natureHub',
    params: { nature: 'V', lieu: 'cannes' },
  },
  { fr: '/fr/vente/', en: '/en/sale/', screen: 'nature', params: { nature: 'V' } },
  { fr: '/fr/location/', en: '/en/rent/', screen: 'nature', params: { nature: 'L' } },
  {
    fr: '/fr/location-saisonniere/',
    en: '/en/seasonal-rent/',
    screen: 'nature',
    params: { nature: 'S' },
  },
  {
    fr: '/fr/vente/maison/',
    en: '/en/sale/house/',
    screen: 'nature',
    params: { nature: 'V', rubrique: RUB.maison },
  },
  {
    fr: '/fr/location-saisonniere/chalet/',
    en: '/en/seasonal-rent/chalet/',
    screen: 'nature',
    params: { nature: 'S', rubrique: RUB.chalet },
  },
  {
    fr: '/fr/vente/cannes/',
    en: '/en/sale/cannes/',
    screen: 'list',
    params: { nature: 'V', lieu: 'cannes' },
  },
  {
    fr: '/fr/location/appartement/paris-8e/',
    en: '/en/rent/apartment/paris-8e/',
    screen: 'list',
    params: { nature: 'L', rubrique: RUB.appartement, lieu: 'paris-8e' },
  },
  {
    fr: '/fr/vente/cannes/villa-vue-mer-123/',
    en: '/en/sale/cannes/villa-vue-mer-123/',
    screen: 'offer',
    params: { nature: 'V', lieu: 'cannes', offre: 'villa-vue-mer-123' },
  },
  {
    fr: '/fr/vente/mas/gordes/mas-provencal-7/',
    en: '/en/sale/farmhouse/gordes/mas-provencal-7/',
    screen: 'offer',
    params: { nature: 'V', rubrique: RUB.mas, lieu: 'gordes', offre: 'mas-provencal-7' },
  },
];

const ROWS: (Row & [Lang])[] = SCREENS.flatMap((s) => [
  [s.fr, s.screen, s.params, 'fr'] as Row & [Lang],
  [s.en, s.screen, s.params, 'en'] as Row & [Lang],
]);

const resolveScreen = (path: string, cfg: Config = config): ResolvedScreen => {
  const resolved = resolvePath(path, cfg);
  if (resolved.kind !== 'screen') throw new Error(`${path} did not resolve to a screen`);
  return resolved;
};

describe('the route table', () => {
  it('covers every screen in both languages', () => {
    const covered = new Set(SCREENS.map((s) => s.screen));
    expect([...covered].sort()).toEqual(ROUTES.map((r) => r.screen).sort());
  });

  it.each(ROUTES.flatMap((r) => [r.paths.fr, r.paths.en]))(
    '%s has a language prefix and a trailing slash',
    (path) => {
      expect(path).toMatch(/^\/(fr|en)\/(.*\/)?$/);
    },
  );

  it('names only known guards', () => {
    for (const route of ROUTES) for (const g of route.guards) expect(GUARD_NAMES).toContain(g);
  });

  it('lists the screens without params', () => {
    expect(STATIC_SCREENS).toEqual([
      'home',
      'alerts',
      'wishlist',
      'cgu',
      'cookies',
      'legals',
      'personalData',
      'ranking',
      'proContact',
      'proDashboard',
      'proSignIn',
      'proLeads',
      'proTeam',
      'proAudience',
      'proFeeds',
    ]);
  });
});

describe('resolvePath', () => {
  it.each(ROWS)('resolves %s to %s', (path, screen, params, lang) => {
    expect(resolvePath(path, config)).toEqual({ kind: 'screen', screen, lang, params });
  });

  it.each<[string, string, Resolved]>([
    [
      'a rubrique of the nature is a rubrique',
      '/fr/vente/terrain/',
      {
        kind: 'screen',
        screen: 'nature',
        lang: 'fr',
        params: { nature: 'V', rubrique: RUB.terrain },
      },
    ],
    [
      'a rubrique of another nature is a lieu',
      '/fr/location/terrain/',
      { kind: 'screen', screen: 'list', lang: 'fr', params: { nature: 'L', lieu: 'terrain' } },
    ],
    [
      'a rubrique of another nature then a slug is a lieu and an offer',
      '/fr/location/mas/cannes/',
      {
        kind: 'screen',
        screen: 'offer',
        lang: 'fr',
        params: { nature: 'L', lieu: 'mas', offre: 'cannes' },
      },
    ],
    [
      'a rubrique slug of the other language is a lieu',
      '/fr/vente/house/',
      { kind: 'screen', screen: 'list', lang: 'fr', params: { nature: 'V', lieu: 'house' } },
    ],
    [
      'the generic rubrique slug is a lieu',
      '/fr/vente/immobilier/',
      { kind: 'screen', screen: 'list', lang: 'fr', params: { nature: 'V', lieu: 'immobilier' } },
    ],
    [
      'a rubrique then a slug is a rubrique and a lieu',
      '/fr/vente/maison/villa/',
      {
        kind: 'screen',
        screen: 'list',
        lang: 'fr',
        params: { nature: 'V', rubrique: RUB.maison, lieu: 'villa' },
      },
    ],
    [
      'a lieu then a slug is a lieu and an offer',
      '/fr/vente/cannes/maison/',
      {
        kind: 'screen',
        screen: 'offer',
        lang: 'fr',
        params: { nature: 'V', lieu: 'cannes', offre: 'maison' },
      },
    ],
    [
      'an offer of four segments needs a rubrique',
      '/fr/vente/cannes/nice/villa-1/',
      { kind: 'not-found' },
    ],
    [
      'a path too long is unknown',
      '/fr/vente/maison/cannes/villa-1/photos/',
      { kind: 'not-found' },
    ],
    ['the hub word alone is not a lieu', '/fr/vente/demeures-luxe/', { kind: 'not-found' }],
    [
      'the agency word alone is not a directory place',
      '/fr/annuaire-immobilier-luxe/agence/',
      { kind: 'not-found' },
    ],
    ['a network needs its slug', '/fr/reseau/', { kind: 'not-found' }],
    [
      'the English hub word in French is a lieu',
      '/fr/vente/luxury-homes/',
      { kind: 'screen', screen: 'list', lang: 'fr', params: { nature: 'V', lieu: 'luxury-homes' } },
    ],
    [
      'an agency word outside the directory is a lieu',
      '/fr/vente/agence/',
      { kind: 'screen', screen: 'list', lang: 'fr', params: { nature: 'V', lieu: 'agence' } },
    ],
  ])('%s: %s', (_name, path, expected) => {
    expect(resolvePath(path, config)).toEqual(expected);
  });

  describe('static screens win over patterns', () => {
    it.each<[string, string, Config, ScreenId]>([
      [
        'a hub word that is also a rubrique slug',
        '/fr/vente/demeures-luxe/cannes/',
        withRubriqueSlug('demeures-luxe'),
        'natureHub',
      ],
      [
        'a static page whose slug is also a nature slug',
        '/fr/favoris/',
        withNatureSlug('favoris'),
        'wishlist',
      ],
      [
        'a static page whose slug is also a nature slug',
        '/fr/alertes/',
        withNatureSlug('alertes'),
        'alerts',
      ],
    ])('%s: %s', (_name, path, cfg, screen) => {
      expect(resolveScreen(path, cfg).screen).toBe(screen);
    });
  });

  it.each<[string, string, string]>([
    ['a nature', '/fr/vente', '/fr/vente/'],
    ['a language home', '/fr', '/fr/'],
    [
      'an offer with a query',
      '/en/sale/cannes/villa-1?ref=mail',
      '/en/sale/cannes/villa-1/?ref=mail',
    ],
    [
      'a list with a query',
      '/fr/vente/cannes?page=2&sort=new',
      '/fr/vente/cannes/?page=2&sort=new',
    ],
    ['a static page', '/en/wishlist', '/en/wishlist/'],
  ])('redirects %s without its trailing slash', (_name, path, location) => {
    expect(resolvePath(path, config)).toEqual({ kind: 'redirect', location, status: 301 });
  });

  it.each<[string, string, Config?]>([
    ['the root, left to the server', '/'],
    ['an empty path', ''],
    ['a relative path', 'fr/vente/'],
    ['an unknown language', '/de/vente/'],
    ['an upper-case language', '/FR/'],
    ['an unknown nature', '/fr/achat/'],
    ['an unknown nature with a place', '/fr/achat/cannes/'],
    ['an English nature slug in French', '/fr/sale/'],
    [
      'a disabled nature',
      '/fr/location-saisonniere/',
      configWith({ enabledNaturesIds: ['V', 'L'] }),
    ],
    ['an unknown path without a slash (no redirect)', '/fr/achat'],
    ['an empty segment', '/fr//'],
    ['a dot segment', '/fr/vente/../'],
    ['a file name', '/fr/vente/index.html/'],
    ['a percent-escaped segment', '/fr/vente/c%C3%B4te/'],
    ['a segment with a space', '/fr/vente/a b/'],
  ])('answers not-found for %s', (_name, path, cfg = config) => {
    expect(resolvePath(path, cfg)).toEqual({ kind: 'not-found' });
  });

  it('ignores the query of a path with its slash', () => {
    expect(resolveScreen('/fr/vente/cannes/?price_max=5').params).toEqual({
      nature: 'V',
      lieu: 'cannes',
    });
  });
});

describe('href', () => {
  it.each(ROWS)('builds %s for %s', (path, screen, params, lang) => {
    expect(href(screen, params as never, lang, config)).toBe(path);
  });

  it.each(ROWS)('round-trips %s through resolvePath', (path) => {
    const resolved = resolveScreen(path);
    expect(href(resolved.screen, resolved.params, resolved.lang, config)).toBe(path);
  });

  it.each<[string, () => string, string]>([
    [
      'adds a query',
      () =>
        href('list', { nature: 'V', lieu: 'cannes' }, 'fr', config, {
          query: new URLSearchParams('page=2'),
        }),
      '/fr/vente/cannes/?page=2',
    ],
    ['leaves out an empty query', () => href('home', {}, 'en', config, { query: '' }), '/en/'],
    [
      'adds a hash holding a nature',
      () => href('agency', { agence: 'dupont' }, 'fr', config, { hash: 'location' }),
      '/fr/annuaire-immobilier-luxe/agence/dupont/#location',
    ],
    [
      'leaves out the generic rubrique',
      () => href('nature', { nature: 'V', rubrique: RUB.generic }, 'fr', config),
      '/fr/vente/',
    ],
    [
      'leaves out a rubrique of another nature',
      () => href('list', { nature: 'S', rubrique: RUB.terrain, lieu: 'nice' }, 'en', config),
      '/en/seasonal-rent/nice/',
    ],
    [
      'leaves out an unknown rubrique',
      () => href('nature', { nature: 'L', rubrique: 999 }, 'fr', config),
      '/fr/location/',
    ],
    [
      'leaves out an empty optional place',
      () => href('agencyDirectory', { lieu: '' }, 'fr', config),
      '/fr/annuaire-immobilier-luxe/',
    ],
    [
      'escapes a slug',
      () => href('network', { reseau: 'a/b' }, 'en', config),
      '/en/network/a%2Fb/',
    ],
  ])('%s', (_name, build, expected) => {
    expect(build()).toBe(expected);
  });

  it('refuses to build a path without a required param', () => {
    expect(() => href('offer', { nature: 'V', lieu: 'cannes', offre: '' }, 'fr', config)).toThrow(
      /offre/,
    );
  });
});

describe('offerHref', () => {
  const offer = {
    nature: { id: 'V' as const },
    rubrique: { id: RUB.villa },
    lieu: { slug: 'cannes' },
    slug: 'villa-contemporaine-501',
  };

  it.each<[string, Partial<typeof offer> | object, Lang, string]>([
    ['an offer', {}, 'fr', '/fr/vente/villa/cannes/villa-contemporaine-501/'],
    ['in English', {}, 'en', '/en/sale/villa/cannes/villa-contemporaine-501/'],
    [
      'an offer of the generic rubrique',
      { rubrique: { id: RUB.generic } },
      'fr',
      '/fr/vente/cannes/villa-contemporaine-501/',
    ],
    [
      'a rental',
      { nature: { id: 'L' }, rubrique: { id: RUB.appartement } },
      'en',
      '/en/rent/apartment/cannes/villa-contemporaine-501/',
    ],
  ])('links %s', (_name, over, lang, expected) => {
    const path = offerHref({ ...offer, ...over }, lang, config);
    expect(path).toBe(expected);
    expect(resolveScreen(path)).toMatchObject({ screen: 'offer', lang });
  });
});

describe('switchLanguage', () => {
  it.each(SCREENS.map((s) => [s.fr, s.en] as const))('switches %s to %s', (fr, en) => {
    expect(switchLanguage(resolveScreen(fr), 'en', config)).toBe(en);
  });

  it.each(SCREENS.map((s) => [s.en, s.fr] as const))('switches %s to %s', (en, fr) => {
    expect(switchLanguage(resolveScreen(en), 'fr', config)).toBe(fr);
  });

  it('keeps a query given as location.search', () => {
    expect(switchLanguage(resolveScreen('/en/wishlist/'), 'fr', config, '?sort=new')).toBe(
      '/fr/favoris/?sort=new',
    );
  });

  it('keeps the query', () => {
    const resolved = resolveScreen('/fr/location/appartement/paris-8e/');
    expect(switchLanguage(resolved, 'en', config, 'monthly_rent_max=5000&page=2')).toBe(
      '/en/rent/apartment/paris-8e/?monthly_rent_max=5000&page=2',
    );
  });
});

describe('canonicalPath and alternates', () => {
  it.each<[string, string, string]>([
    [
      'drops sort, page and unknown keys from a list',
      '/fr/vente/cannes/?sort=price_desc&page=3&price_max=900000&utm_source=x',
      '/fr/vente/cannes/?price_max=900000',
    ],
    [
      'orders the filters canonically',
      '/fr/vente/cannes/?assets=piscine&rubs=2%2C3',
      '/fr/vente/cannes/?rubs=2%2C3&assets=piscine',
    ],
    [
      'keeps the name search of the directory',
      '/en/luxury-real-estate-agencies/?search=dupont&page=2&sort=az',
      '/en/luxury-real-estate-agencies/?search=dupont',
    ],
    [
      'drops every query from an offer',
      '/fr/vente/cannes/villa-1/?from=list',
      '/fr/vente/cannes/villa-1/',
    ],
    ['drops every query from a static page', '/en/wishlist/?x=1', '/en/wishlist/'],
  ])('%s', (_name, url, expected) => {
    const [path, query] = url.split('?') as [string, string | undefined];
    expect(canonicalPath(resolveScreen(path), config, query)).toBe(expected);
  });

  it('gives both languages and French as the default', () => {
    const resolved = resolveScreen('/en/rent/apartment/paris-8e/');
    expect(alternates(resolved, config, 'page=2&monthly_rent_max=5000')).toEqual({
      fr: '/fr/location/appartement/paris-8e/?monthly_rent_max=5000',
      en: '/en/rent/apartment/paris-8e/?monthly_rent_max=5000',
      'x-default': '/fr/location/appartement/paris-8e/?monthly_rent_max=5000',
    });
  });
});

describe('searchHref', () => {
  it.each<[string, Parameters<typeof normaliseCriteria>[0], string | null, Lang, string]>([
    [
      'puts a single rubrique in the path',
      { nature: 'V', rubriques: [RUB.maison], maxPrice: 900000 },
      'cannes',
      'fr',
      '/fr/vente/maison/cannes/?price_max=900000',
    ],
    [
      'puts several rubriques in rubs',
      { nature: 'L', rubriques: [RUB.loft, RUB.villa], page: 2 },
      'paris',
      'en',
      '/en/rent/paris/?rubs=21%2C31&page=2',
    ],
    [
      'goes to the nature page when there is no place',
      { nature: 'S', sort: 'weekly_rent_asc' },
      null,
      'en',
      '/en/seasonal-rent/?sort=weekly_rent_asc',
    ],
    [
      'goes to the nature page for the generic lieu (its slug is French only)',
      { nature: 'V', rubriques: [RUB.maison] },
      'france',
      'en',
      '/en/sale/house/',
    ],
  ])('%s', (_name, input, lieu, lang, expected) => {
    const criteria = normaliseCriteria(input, config);
    expect(searchHref(criteria, lieu, lang, config)).toBe(expected);
    const resolved = resolveScreen(expected.split('?')[0]!);
    expect(resolved.screen).toBe(lieu === null || lieu === 'france' ? 'nature' : 'list');
  });
});

function withRubriqueSlug(slug: string): Config {
  const tree = structuredClone(config.rubriquesTree);
  tree.children.push({
    id: 90,
    slug: { fr: slug, en: slug },
    libelle: { fr: slug, en: slug },
    plural: { fr: slug, en: slug },
    nature: ['V'],
    parent: tree.id,
    isGeneric: false,
    children: [],
  });
  return { ...config, rubriquesTree: tree };
}

function withNatureSlug(fr: string): Config {
  return {
    ...config,
    natures: config.natures.map((n) => (n.id === 'V' ? { ...n, slug: { ...n.slug, fr } } : n)),
  };
}

describe('the generic place in paths', () => {
  // The generic place as the listings API names it: a French slug, a label per language.
  const generic: Config = {
    ...config,
    genericLieu: {
      ...config.genericLieu,
      slug: 'france-et-international',
      libelle: { fr: 'France et international', en: 'France and abroad' },
    },
  };
  const params = {
    nature: 'V',
    rubrique: RUB.villa,
    lieu: 'france-et-international',
    offre: 'villa-1',
  } as const;

  it('has a slug per language, the English one from its English label', () => {
    expect(genericLieuSlug(generic, 'fr')).toBe('france-et-international');
    expect(genericLieuSlug(generic, 'en')).toBe('france-and-abroad');
  });

  it('builds offer paths with no French slug in English', () => {
    expect(href('offer', params, 'fr', generic)).toBe(
      '/fr/vente/villa/france-et-international/villa-1/',
    );
    expect(href('offer', params, 'en', generic)).toBe('/en/sale/villa/france-and-abroad/villa-1/');
  });

  it('reads both English slugs as the generic place; alternates use each language slug', () => {
    for (const path of [
      '/en/sale/villa/france-and-abroad/villa-1/',
      '/en/sale/villa/france-et-international/villa-1/',
    ]) {
      const resolved = resolvePath(path, generic);
      expect(resolved).toEqual({ kind: 'screen', screen: 'offer', lang: 'en', params });
      expect(alternates(resolved as ResolvedScreen, generic)).toEqual({
        fr: '/fr/vente/villa/france-et-international/villa-1/',
        en: '/en/sale/villa/france-and-abroad/villa-1/',
        'x-default': '/fr/vente/villa/france-et-international/villa-1/',
      });
    }
  });

  it('keeps the English slug a plain place in French', () => {
    expect(resolvePath('/fr/vente/villa/france-and-abroad/villa-1/', generic)).toMatchObject({
      params: { lieu: 'france-and-abroad' },
    });
  });
});
