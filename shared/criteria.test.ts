import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { AlertCriteriaSchema, type NatureId } from './contract';
import {
  MAX_AMOUNT,
  MAX_COUNT,
  alertPayloadToCriteria,
  defaultCriteria,
  mergeStoredSearch,
  normaliseCriteria,
  parseCriteriaNumber,
  parseSearchQuery,
  parseStoredSearch,
  pathRubriqueOf,
  sortOptionsFor,
  toAlertPayload,
  toApiParams,
  toSearchQuery,
  toStoredSearch,
  validateSearchForm,
  type CriteriaInput,
  type SearchCriteria,
  type SearchPathContext,
  type StoredSearch,
} from './criteria';
import { RUB, configWith, testConfig as config } from './test-config';

const GENERIC_LIEU = config.genericLieu.id;
const base = defaultCriteria(config);
const crit = (input: CriteriaInput) => normaliseCriteria(input, config);

describe('parseCriteriaNumber', () => {
  it.each<[string, unknown, number | null]>([
    ['empty string', '', null],
    ['spaces only', '   ', null],
    ['zero', '0', 0],
    ['a plain number', '900000', 900000],
    ['surrounding spaces', '  42 ', 42],
    ['French thousands spaces', '1 500 000', 1500000],
    ['narrow no-break spaces', '1\u202f500\u00a0000', 1500000],
    ['English thousands commas', '1,500,000', 1500000],
    ['a comma decimal mark, rounded', '1500,5', 1501],
    ['a dot decimal mark, rounded', '12.4', 12],
    ['negative', '-5', null],
    ['plus sign', '+5', null],
    ['non-numeric', 'abc', null],
    ['digits then letters', '12abc', null],
    ['NaN', 'NaN', null],
    ['Infinity', 'Infinity', null],
    ['exponent', '1e6', null],
    ['hexadecimal', '0x10', null],
    ['dotted thousands', '1.000.000', null],
    ['the bound itself', String(MAX_AMOUNT), MAX_AMOUNT],
    ['just above the bound', String(MAX_AMOUNT + 1), null],
    ['absurdly huge', '9'.repeat(30), null],
    ['overlong input', '1'.repeat(50), null],
    ['a number', 5, 5],
    ['a NaN number', Number.NaN, null],
    ['a negative number', -1, null],
    ['an infinite number', Number.POSITIVE_INFINITY, null],
    ['undefined', undefined, null],
    ['null', null, null],
    ['an array', ['5'], null],
  ])('%s', (_name, raw, expected) => {
    expect(parseCriteriaNumber(raw, MAX_AMOUNT)).toBe(expected);
  });
});

describe('parseSearchQuery', () => {
  type Row = [
    name: string,
    query: string,
    path: Omit<SearchPathContext, 'config'>,
    expected: Partial<SearchCriteria>,
    cfg?: typeof config,
  ];
  it.each<Row>([
    [
      'an empty query gives the defaults',
      '',
      {},
      {
        nature: 'V',
        rubriques: [RUB.generic],
        lieu: GENERIC_LIEU,
        maxPrice: null,
        minPrice: null,
        assets: [],
        sort: 'default',
        page: 1,
      },
    ],
    ['reads a maximum price', 'price_max=900000', { nature: 'V' }, { maxPrice: 900000 }],
    ['reads a minimum price of zero', 'price_min=0', { nature: 'V' }, { minPrice: 0 }],
    ['turns a non-numeric price into null', 'price_max=abc', {}, { maxPrice: null }],
    ['turns a negative price into null', 'price_min=-5', {}, { minPrice: null }],
    ['turns an empty price into null', 'price_min=', {}, { minPrice: null }],
    ['turns a huge price into null', 'price_max=1e400', {}, { maxPrice: null }],
    ['turns a price above the bound into null', 'price_max=99999999999999', {}, { maxPrice: null }],
    ['keeps the first of duplicated numbers', 'price_max=100&price_max=200', {}, { maxPrice: 100 }],
    ['ignores unknown keys', 'foo=bar&nature=L&lieu=5', {}, { ...base }],
    [
      'keeps a minimum above its maximum (the form reports it)',
      'price_min=9&price_max=1',
      {},
      { minPrice: 9, maxPrice: 1 },
    ],
    [
      'reads rubriques of the nature',
      'rubs=21,22',
      { nature: 'V' },
      { rubriques: [RUB.villa, RUB.mas] },
    ],
    [
      'drops a rubrique of another nature',
      'rubs=22',
      { nature: 'L' },
      { rubriques: [RUB.generic] },
    ],
    [
      'keeps the others when one rubrique is of another nature',
      'rubs=21,4',
      { nature: 'S' },
      { rubriques: [RUB.villa] },
    ],
    ['reads repeated rubs keys', 'rubs=21&rubs=23', {}, { rubriques: [RUB.villa, RUB.chalet] }],
    [
      'sorts and deduplicates rubriques',
      'rubs=23,21,21',
      {},
      { rubriques: [RUB.villa, RUB.chalet] },
    ],
    ['keeps the generic rubrique alone', 'rubs=1', {}, { rubriques: [RUB.generic] }],
    ['drops an unknown rubrique', 'rubs=999', {}, { rubriques: [RUB.generic] }],
    ['drops malformed rubrique ids', 'rubs=abc,-3,2.5,,', {}, { rubriques: [RUB.generic] }],
    [
      'joins the path rubrique and rubs',
      'rubs=3',
      { rubrique: RUB.maison },
      { rubriques: [RUB.maison, RUB.appartement] },
    ],
    ['takes the path rubrique', '', { rubrique: RUB.chateau }, { rubriques: [RUB.chateau] }],
    [
      'drops a path rubrique of another nature',
      '',
      { nature: 'S', rubrique: RUB.terrain },
      { rubriques: [RUB.generic] },
    ],
    ['reads assets', 'assets=piscine,tennis', {}, { assets: ['piscine', 'tennis'] }],
    [
      'orders assets as the settings do',
      'assets=vue_mer,alarme',
      {},
      { assets: ['alarme', 'vue_mer'] },
    ],
    ['drops an unknown asset', 'assets=piscine,helipad', {}, { assets: ['piscine'] }],
    ['deduplicates assets', 'assets=piscine&assets=piscine,piscine', {}, { assets: ['piscine'] }],
    [
      'reads the monthly rent for L only',
      'monthly_rent_max=3000&price_max=5',
      { nature: 'L' },
      { nature: 'L', maxMonthlyRent: 3000, maxPrice: null },
    ],
    [
      'reads the weekly rent for S only',
      'weekly_rent_min=2000&monthly_rent_min=5',
      { nature: 'S' },
      { minWeeklyRent: 2000, minMonthlyRent: null },
    ],
    [
      'ignores rents for V',
      'monthly_rent_max=3000&weekly_rent_max=9',
      { nature: 'V' },
      { maxMonthlyRent: null, maxWeeklyRent: null },
    ],
    [
      'reads rooms and bedrooms',
      'nb_rooms=5&nb_bedrooms=3',
      {},
      { roomsCount: 5, bedRoomsCount: 3 },
    ],
    [
      'turns rooms above the bound into null',
      `nb_rooms=${MAX_COUNT + 1}`,
      {},
      { roomsCount: null },
    ],
    [
      'reads surfaces',
      'area_min=100&area_max=400&field_area_min=1000&field_area_max=50000',
      {},
      { minSurface: 100, maxSurface: 400, minSurfaceTerrain: 1000, maxSurfaceTerrain: 50000 },
    ],
    ['keeps an enabled nature', '', { nature: 'S' }, { nature: 'S' }],
    [
      'replaces a disabled nature with the first enabled',
      '',
      { nature: 'S' },
      { nature: 'V' },
      configWith({ enabledNaturesIds: ['V', 'L'] }),
    ],
    [
      'defaults to the first enabled nature',
      '',
      {},
      { nature: 'L' },
      configWith({ enabledNaturesIds: ['L', 'S'] }),
    ],
    [
      'defaults to V when no nature is enabled',
      '',
      {},
      { nature: 'V' },
      configWith({ enabledNaturesIds: [] }),
    ],
    ['reads a sort of the nature', 'sort=price_desc', { nature: 'V' }, { sort: 'price_desc' }],
    ['reads a rent sort for L', 'sort=rent_asc', { nature: 'L' }, { sort: 'rent_asc' }],
    ['replaces a sort of another nature', 'sort=rent_asc', { nature: 'V' }, { sort: 'default' }],
    ['replaces an unknown sort', 'sort=cheapest', {}, { sort: 'default' }],
    ['reads page 3', 'page=3', {}, { page: 3 }],
    ['turns page 0 into 1', 'page=0', {}, { page: 1 }],
    ['turns a negative page into 1', 'page=-2', {}, { page: 1 }],
    ['turns a fractional page into 1', 'page=2.5', {}, { page: 1 }],
    ['turns a non-numeric page into 1', 'page=abc', {}, { page: 1 }],
    ['turns an absurd page into 1', 'page=99999999', {}, { page: 1 }],
    ['takes the lieu of the path', '', { lieu: 75 }, { lieu: 75 }],
    ['defaults to the generic lieu', '', { lieu: null }, { lieu: GENERIC_LIEU }],
  ])('%s', (_name, query, path, expected, cfg = config) => {
    const criteria = parseSearchQuery(new URLSearchParams(query), { config: cfg, ...path });
    expect(criteria).toMatchObject(expected);
  });

  it('reads a parsed query object with arrays and undefined values', () => {
    const criteria = parseSearchQuery(
      { price_max: ['100', '200'], rubs: ['21', '23'], assets: undefined, sort: 'new' },
      { config, nature: 'V' },
    );
    expect(criteria).toMatchObject({
      maxPrice: 100,
      rubriques: [RUB.villa, RUB.chalet],
      assets: [],
      sort: 'new',
    });
  });

  it('does not read inherited keys of a query object', () => {
    const query = Object.create({ price_max: '100' }) as Record<string, string>;
    expect(parseSearchQuery(query, { config }).maxPrice).toBeNull();
  });
});

describe('toSearchQuery', () => {
  it.each<[string, CriteriaInput, string]>([
    ['writes nothing for the defaults', {}, ''],
    ['writes a maximum price', { maxPrice: 900000 }, 'price_max=900000'],
    [
      'writes a minimum not above its maximum',
      { minPrice: 500000, maxPrice: 900000 },
      'price_min=500000&price_max=900000',
    ],
    [
      'writes a minimum equal to its maximum',
      { minPrice: 500000, maxPrice: 500000 },
      'price_min=500000&price_max=500000',
    ],
    [
      'drops a minimum price above the maximum',
      { minPrice: 500000, maxPrice: 400000 },
      'price_max=400000',
    ],
    ['writes a minimum without a maximum', { minPrice: 500000 }, 'price_min=500000'],
    ['writes a zero minimum', { minPrice: 0 }, 'price_min=0'],
    [
      'drops a minimum surface above the maximum',
      { minSurface: 500, maxSurface: 100 },
      'area_max=100',
    ],
    [
      'drops a minimum land surface above the maximum',
      { minSurfaceTerrain: 9000, maxSurfaceTerrain: 1000 },
      'field_area_max=1000',
    ],
    [
      'drops a minimum monthly rent above the maximum',
      { nature: 'L', minMonthlyRent: 9000, maxMonthlyRent: 1000 },
      'monthly_rent_max=1000',
    ],
    [
      'writes only the sale price keys for V',
      { nature: 'V', maxPrice: 1, maxMonthlyRent: 2, maxWeeklyRent: 3 },
      'price_max=1',
    ],
    [
      'writes only the monthly rent keys for L',
      { nature: 'L', maxPrice: 1, maxMonthlyRent: 2, maxWeeklyRent: 3 },
      'monthly_rent_max=2',
    ],
    [
      'writes only the weekly rent keys for S',
      { nature: 'S', maxPrice: 1, maxMonthlyRent: 2, minWeeklyRent: 3 },
      'weekly_rent_min=3',
    ],
    ['leaves a single rubrique to the path', { rubriques: [RUB.villa] }, ''],
    ['writes several rubriques in rubs', { rubriques: [RUB.chalet, RUB.villa] }, 'rubs=21%2C23'],
    [
      'leaves out the generic rubrique',
      { rubriques: [RUB.generic, RUB.villa, RUB.chalet] },
      'rubs=21%2C23',
    ],
    [
      'writes assets in settings order',
      { assets: ['vue_mer', 'piscine', 'nope'] },
      'assets=piscine%2Cvue_mer',
    ],
    ['leaves out page 1', { page: 1 }, ''],
    ['writes page 2', { page: 2 }, 'page=2'],
    ['leaves out the default sort', { sort: 'default' }, ''],
    ['writes a sort', { sort: 'price_desc' }, 'sort=price_desc'],
    ['leaves out a sort of another nature', { nature: 'S', sort: 'price_desc' }, ''],
    ['drops invalid numbers given by hand', { maxPrice: -1, roomsCount: Number.NaN }, ''],
    [
      'writes every key in the canonical order',
      {
        sort: 'new',
        page: 4,
        assets: ['tennis', 'piscine'],
        maxSurfaceTerrain: 9000,
        minSurfaceTerrain: 1000,
        maxSurface: 500,
        minSurface: 100,
        bedRoomsCount: 3,
        roomsCount: 5,
        maxPrice: 3000000,
        minPrice: 1000000,
        rubriques: [RUB.maison, RUB.appartement],
      },
      'rubs=2%2C3&price_min=1000000&price_max=3000000&nb_rooms=5&nb_bedrooms=3&area_min=100&area_max=500&field_area_min=1000&field_area_max=9000&assets=piscine%2Ctennis&page=4&sort=new',
    ],
  ])('%s', (_name, input, expected) => {
    expect(toSearchQuery(crit(input), { config }).toString()).toBe(expected);
  });

  it.each<[NatureId, string]>([
    ['V', 'rubs=21%2C23&price_min=1&price_max=2&nb_rooms=3&assets=piscine&page=2&sort=price_asc'],
    ['L', 'monthly_rent_min=1000&monthly_rent_max=5000&nb_bedrooms=2&sort=rent_desc'],
    ['S', 'weekly_rent_max=20000&area_min=80&field_area_max=4000&sort=weekly_rent_asc'],
    ['V', 'price_min=0&price_max=0'],
    ['V', ''],
  ])('round-trips a canonical %s query unchanged: %s', (nature, query) => {
    const criteria = parseSearchQuery(new URLSearchParams(query), { config, nature });
    expect(toSearchQuery(criteria, { config }).toString()).toBe(query);
  });

  it.each<[string, string]>([
    [
      'messy values',
      'sort=bogus&price_max=1%20000&price_min=5000&assets=tennis,piscine,x&page=1&foo=1',
    ],
    ['a minimum above the maximum', 'price_min=9&price_max=1&rubs=23,21,999'],
    ['duplicated keys', 'price_max=5&price_max=6&assets=jardin&assets=cave'],
  ])('makes %s canonical, and the canonical form is stable', (_name, query) => {
    const once = toSearchQuery(parseSearchQuery(new URLSearchParams(query), { config }), {
      config,
    });
    const twice = toSearchQuery(parseSearchQuery(once, { config }), { config });
    expect(twice.toString()).toBe(once.toString());
    expect(once.toString()).not.toBe(query);
  });
});

describe('pathRubriqueOf', () => {
  it.each<[string, number[], number | null]>([
    ['no rubrique', [RUB.generic], null],
    ['one rubrique', [RUB.villa], RUB.villa],
    ['several rubriques', [RUB.villa, RUB.chalet], null],
  ])('%s', (_name, rubriques, expected) => {
    expect(pathRubriqueOf(crit({ rubriques }), config)).toBe(expected);
  });
});

describe('toApiParams', () => {
  const zone = { id: 500, omr_list_id: null };
  const omrLieu = { id: 600, omr_list_id: 42 };
  const city = { id: 75, omr_list_id: null };
  it.each<
    [string, CriteriaInput, Parameters<typeof toApiParams>[1]['lieu'], Record<string, string>]
  >([
    [
      'sends nature, sort and page for the defaults',
      {},
      null,
      { nature: 'V', sort: 'default', page: '1' },
    ],
    [
      'sends the sale price bounds for V as prix',
      { nature: 'V', minPrice: 1, maxPrice: 2 },
      null,
      { nature: 'V', prix_min: '1', prix_max: '2', sort: 'default', page: '1' },
    ],
    [
      'sends the monthly rent bounds for L as loyer',
      { nature: 'L', minMonthlyRent: 1, maxMonthlyRent: 2, maxPrice: 9 },
      null,
      { nature: 'L', loyer_min: '1', loyer_max: '2', sort: 'default', page: '1' },
    ],
    [
      'sends the weekly rent bounds for S as loyer_semaine',
      { nature: 'S', minWeeklyRent: 1, maxWeeklyRent: 2 },
      null,
      { nature: 'S', loyer_semaine_min: '1', loyer_semaine_max: '2', sort: 'default', page: '1' },
    ],
    [
      'leaves out a minimum above its maximum',
      { minPrice: 5, maxPrice: 2 },
      null,
      { nature: 'V', prix_max: '2', sort: 'default', page: '1' },
    ],
    [
      'sends rubriques, rooms, surfaces and atouts',
      {
        rubriques: [RUB.villa, RUB.chalet],
        roomsCount: 5,
        bedRoomsCount: 3,
        minSurface: 100,
        maxSurface: 300,
        minSurfaceTerrain: 1000,
        maxSurfaceTerrain: 2000,
        assets: ['tennis', 'piscine'],
        sort: 'price_asc',
        page: 2,
      },
      null,
      {
        nature: 'V',
        rubrique: '21,23',
        nb_pieces: '5',
        nb_chambres: '3',
        surface_min: '100',
        surface_max: '300',
        surface_terrain_min: '1000',
        surface_terrain_max: '2000',
        atouts: 'piscine,tennis',
        sort: 'price_asc',
        page: '2',
      },
    ],
    [
      'sends a lieu id',
      { lieu: 75 },
      null,
      { nature: 'V', lieu: '75', sort: 'default', page: '1' },
    ],
    [
      'sends a lieu id when the lieu object matches',
      { lieu: 75 },
      city,
      { nature: 'V', lieu: '75', sort: 'default', page: '1' },
    ],
    [
      'sends a zone as its own id',
      { lieu: 500 },
      zone,
      { nature: 'V', lieu: '500', sort: 'default', page: '1' },
    ],
    [
      'searches a lieu pointing to an omr list by itself when its wider list is not chosen',
      { lieu: 600 },
      omrLieu,
      { nature: 'V', lieu: '600', sort: 'default', page: '1' },
    ],
    [
      'sends omr_list_id for the chosen wider list of a lieu pointing to an omr list',
      { lieu: 600, nearby: true },
      omrLieu,
      { nature: 'V', omr_list_id: '42', sort: 'default', page: '1' },
    ],
    [
      'ignores a lieu object of another lieu',
      { lieu: 75 },
      zone,
      { nature: 'V', lieu: '75', sort: 'default', page: '1' },
    ],
    [
      'leaves out the generic lieu',
      { lieu: GENERIC_LIEU },
      null,
      { nature: 'V', sort: 'default', page: '1' },
    ],
  ])('%s', (_name, input, lieu, expected) => {
    const params = toApiParams(crit(input), { config, lieu });
    expect(params).toEqual(expected);
  });
});

describe('toAlertPayload', () => {
  const empty = {
    rubrique: [],
    lieu: null,
    omr_list_id: null,
    prix_max: null,
    prix_min: null,
    nb_pieces: null,
    nb_chambres: null,
    surface_max: null,
    surface_min: null,
    surface_terrain_max: null,
    surface_terrain_min: null,
    atouts: [],
  };
  it.each<[string, CriteriaInput, object]>([
    [
      'takes the price bounds from the sale price for V',
      { nature: 'V', minPrice: 100, maxPrice: 200, maxMonthlyRent: 9 },
      { nature: 'V', prix_min: 100, prix_max: 200 },
    ],
    [
      'takes the price bounds from the monthly rent for L',
      { nature: 'L', minMonthlyRent: 1000, maxMonthlyRent: 3000, maxPrice: 9 },
      { nature: 'L', prix_min: 1000, prix_max: 3000 },
    ],
    [
      'takes the price bounds from the weekly rent for S',
      { nature: 'S', minWeeklyRent: 5000, maxWeeklyRent: 9000, maxPrice: 9 },
      { nature: 'S', prix_min: 5000, prix_max: 9000 },
    ],
    [
      'leaves out a minimum above its maximum',
      { nature: 'L', minMonthlyRent: 5000, maxMonthlyRent: 3000 },
      { prix_min: null, prix_max: 3000 },
    ],
    ['sends no rubrique and no lieu for a generic search', {}, { ...empty, nature: 'V' }],
    [
      'sends rubriques, lieu, rooms, surfaces and atouts',
      {
        rubriques: [RUB.loft],
        lieu: 75,
        roomsCount: 4,
        bedRoomsCount: 2,
        minSurface: 90,
        maxSurface: 200,
        minSurfaceTerrain: 10,
        maxSurfaceTerrain: 20,
        assets: ['piscine'],
      },
      {
        rubrique: [RUB.loft],
        lieu: 75,
        nb_pieces: 4,
        nb_chambres: 2,
        surface_min: 90,
        surface_max: 200,
        surface_terrain_min: 10,
        surface_terrain_max: 20,
        atouts: ['piscine'],
      },
    ],
  ])('%s', (_name, input, expected) => {
    expect(toAlertPayload(crit(input), { config })).toMatchObject(expected);
  });

  it.each<NatureId>(['V', 'L', 'S'])(
    'gives a payload the alert contract accepts for %s',
    (nature) => {
      const payload = toAlertPayload(
        crit({ nature, rubriques: [RUB.villa], lieu: 75, assets: ['cave'] }),
        { config },
      );
      expect(v.safeParse(AlertCriteriaSchema, payload).success).toBe(true);
    },
  );

  it('carries the omr list of the lieu when the search is its wider list', () => {
    const lieu = { id: 600, omr_list_id: 42 };
    const payload = toAlertPayload(crit({ lieu: 600, nearby: true }), { config, lieu });
    expect(payload).toMatchObject({ lieu: 600, omr_list_id: 42 });
    expect(toAlertPayload(crit({ lieu: 600 }), { config, lieu })).toMatchObject({
      lieu: 600,
      omr_list_id: null,
    });
    expect(alertPayloadToCriteria(payload, { config }).nearby).toBe(true);
  });
});

describe('stored search', () => {
  it.each<[string, unknown, Partial<StoredSearch>]>([
    ['drops the generic rubrique', { rubriques: [RUB.generic] }, { rubriques: [] }],
    ['keeps chosen rubriques', { rubriques: [RUB.generic, RUB.villa] }, { rubriques: [RUB.villa] }],
    [
      'turns numeric strings into numbers',
      { maxPrice: '900000', roomsCount: '4' },
      { maxPrice: 900000, roomsCount: 4 },
    ],
    [
      'turns empty values into null',
      { maxPrice: '', minPrice: null },
      { maxPrice: null, minPrice: null },
    ],
    [
      'turns non-numeric values into null',
      { maxPrice: 'lots', minSurface: {} },
      { maxPrice: null, minSurface: null },
    ],
    [
      'keeps only assets present in the settings',
      { assets: ['piscine', 'helipad', 3] },
      { assets: ['piscine'] },
    ],
    ['stores the generic lieu as null', { lieu: GENERIC_LIEU }, { lieu: null }],
    ['stores a lieu id', { lieu: 75 }, { lieu: 75 }],
    ['stores a lieu id given as a string', { lieu: '75' }, { lieu: 75 }],
    ['drops a lieu id above the database range', { lieu: '2147483648' }, { lieu: null }],
    ['drops a malformed lieu id', { lieu: '7.5' }, { lieu: null }],
    [
      'keeps the nature and sort',
      { nature: 'L', sort: 'rent_desc' },
      { nature: 'L', sort: 'rent_desc' },
    ],
  ])('%s', (_name, input, expected) => {
    expect(toStoredSearch(input as CriteriaInput, { config })).toMatchObject(expected);
  });

  it('ignores unknown keys and the page', () => {
    const stored = toStoredSearch({ page: 3, ...{ foo: 'bar' } } as CriteriaInput, { config });
    expect(Object.keys(stored)).not.toContain('foo');
    expect(Object.keys(stored)).not.toContain('page');
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'V'],
    ['an array', [1, 2]],
    ['a number', 5],
  ])('reads %s from storage as no stored search', (_name, raw) => {
    expect(parseStoredSearch(raw, { config })).toBeNull();
  });

  it('reads a stored object back', () => {
    expect(parseStoredSearch({ nature: 'S', maxWeeklyRent: 5000 }, { config })).toMatchObject({
      nature: 'S',
      maxWeeklyRent: 5000,
    });
  });
});

describe('mergeStoredSearch', () => {
  const stored = (input: CriteriaInput) => toStoredSearch(input, { config });
  type Row = [
    name: string,
    current: CriteriaInput | null,
    stored: StoredSearch,
    storedLieu: { id: number } | null | undefined,
    expected: Partial<SearchCriteria>,
  ];
  it.each<Row>([
    [
      'applies the stored search when no nature is set',
      null,
      stored({ nature: 'L', maxMonthlyRent: 3000, rubriques: [RUB.loft] }),
      undefined,
      { nature: 'L', maxMonthlyRent: 3000, rubriques: [RUB.loft] },
    ],
    [
      'applies it for the same nature and top-level category',
      { rubriques: [RUB.villa], maxPrice: 1 },
      stored({ rubriques: [RUB.chalet], maxPrice: 900000 }),
      undefined,
      { rubriques: [RUB.chalet], maxPrice: 900000 },
    ],
    [
      'applies it when the current search has no rubrique',
      { maxPrice: 1 },
      stored({ rubriques: [RUB.loft], maxPrice: 2 }),
      undefined,
      { rubriques: [RUB.loft], maxPrice: 2 },
    ],
    [
      'applies it when the stored search has no rubrique',
      { rubriques: [RUB.villa] },
      stored({ assets: ['piscine'] }),
      undefined,
      { rubriques: [RUB.generic], assets: ['piscine'] },
    ],
    [
      'keeps the current search for another top-level category',
      { rubriques: [RUB.maison], maxPrice: 1 },
      stored({ rubriques: [RUB.appartement], maxPrice: 2 }),
      undefined,
      { rubriques: [RUB.maison], maxPrice: 1 },
    ],
    [
      'keeps the current search for another nature',
      { nature: 'V', maxPrice: 1 },
      stored({ nature: 'L', maxMonthlyRent: 2 }),
      undefined,
      { nature: 'V', maxPrice: 1, maxMonthlyRent: null },
    ],
    [
      'takes the stored lieu fetched by id',
      { lieu: 75 },
      stored({ lieu: 13 }),
      { id: 13 },
      { lieu: 13 },
    ],
    [
      'keeps the current lieu when the stored lieu could not be fetched',
      { lieu: 75 },
      stored({ lieu: 13 }),
      null,
      { lieu: 75 },
    ],
    [
      'takes the generic lieu when the stored search had none',
      { lieu: 75 },
      stored({}),
      undefined,
      { lieu: GENERIC_LIEU },
    ],
    ['keeps the current page', { page: 3 }, stored({}), undefined, { page: 3 }],
  ])('%s', (_name, current, storedSearch, storedLieu, expected) => {
    const merged = mergeStoredSearch(
      current && crit(current),
      storedSearch,
      { config },
      storedLieu,
    );
    expect(merged).toMatchObject(expected);
  });

  it('falls back to the default nature when the stored nature is no longer enabled', () => {
    const cfg = configWith({ enabledNaturesIds: ['V', 'L'] });
    const storedS: StoredSearch = { ...stored({}), nature: 'S', maxWeeklyRent: 100 };
    expect(mergeStoredSearch(null, storedS, { config: cfg })).toMatchObject({
      nature: 'V',
      maxWeeklyRent: null,
    });
  });
});

describe('validateSearchForm', () => {
  it.each<[string, CriteriaInput, { field: string; id: string }[]]>([
    ['accepts an empty form', {}, []],
    ['accepts a minimum price below the maximum', { minPrice: 1, maxPrice: 2 }, []],
    ['accepts a minimum price equal to the maximum', { minPrice: 2, maxPrice: 2 }, []],
    [
      'refuses a minimum price above the maximum',
      { minPrice: 3, maxPrice: 2 },
      [{ field: 'minPrice', id: 'search.price.minAboveMax' }],
    ],
    [
      'refuses a minimum monthly rent above the maximum',
      { nature: 'L', minMonthlyRent: 3, maxMonthlyRent: 2 },
      [{ field: 'minMonthlyRent', id: 'search.rent.minAboveMax' }],
    ],
    [
      'refuses a minimum weekly rent above the maximum',
      { nature: 'S', minWeeklyRent: 3, maxWeeklyRent: 2 },
      [{ field: 'minWeeklyRent', id: 'search.rent.minAboveMax' }],
    ],
    [
      'refuses more bedrooms than rooms',
      { roomsCount: 2, bedRoomsCount: 3 },
      [{ field: 'bedRoomsCount', id: 'search.bedrooms.aboveRooms' }],
    ],
    ['accepts fewer bedrooms than rooms', { roomsCount: 4, bedRoomsCount: 3 }, []],
    ['accepts bedrooms without rooms', { bedRoomsCount: 3 }, []],
    [
      'refuses a minimum surface above the maximum',
      { minSurface: 300, maxSurface: 100 },
      [{ field: 'minSurface', id: 'search.surface.minAboveMax' }],
    ],
    [
      'refuses a minimum land surface above the maximum',
      { minSurfaceTerrain: 300, maxSurfaceTerrain: 100 },
      [{ field: 'minSurfaceTerrain', id: 'search.land.minAboveMax' }],
    ],
    [
      'reports every broken rule',
      { minPrice: 3, maxPrice: 2, minSurface: 9, maxSurface: 1, roomsCount: 1, bedRoomsCount: 2 },
      [
        { field: 'minPrice', id: 'search.price.minAboveMax' },
        { field: 'minSurface', id: 'search.surface.minAboveMax' },
        { field: 'bedRoomsCount', id: 'search.bedrooms.aboveRooms' },
      ],
    ],
  ])('%s', (_name, input, expected) => {
    const errors = validateSearchForm(crit(input));
    expect(errors.map((e) => ({ field: e.field, id: e.message.id }))).toEqual(expected);
  });

  it('uses the spec texts', () => {
    const [price] = validateSearchForm({ minPrice: 2, maxPrice: 1 });
    const [rent] = validateSearchForm({ minWeeklyRent: 2, maxWeeklyRent: 1 });
    expect(price?.message.message).toBe('Le prix minimum doit être inférieur au prix maximum');
    expect(rent?.message.message).toBe('Le loyer minimum doit être inférieur au loyer maximum');
  });
});

describe('sortOptionsFor', () => {
  it.each<[NatureId, string[]]>([
    ['V', ['default', 'new', 'price_asc', 'price_desc']],
    ['L', ['default', 'new', 'rent_asc', 'rent_desc']],
    ['S', ['default', 'new', 'weekly_rent_asc', 'weekly_rent_desc']],
  ])('offers the sorts of %s', (nature, expected) => {
    expect(sortOptionsFor(nature)).toEqual(expected);
  });
});

describe('the maximum DPE class (dpe_max)', () => {
  it.each<[string, string, SearchCriteria['dpeMax']]>([
    ['reads a class', 'dpe_max=C', 'C'],
    ['reads a lower-case class', 'dpe_max=c', 'C'],
    ['keeps the first of duplicated classes', 'dpe_max=B&dpe_max=E', 'B'],
    ['drops a letter that is no class', 'dpe_max=H', null],
    ['drops the feed codes of a missing DPE', 'dpe_max=VI', null],
    ['drops an empty value', 'dpe_max=', null],
  ])('%s', (_name, query, expected) => {
    expect(parseSearchQuery(new URLSearchParams(query), { config }).dpeMax).toBe(expected);
  });

  it('goes through the URL, the listings-API params, the alert payload and the stored search', () => {
    const criteria = crit({ nature: 'L', dpeMax: 'C', roomsCount: 3 });
    expect(toSearchQuery(criteria, { config }).toString()).toBe('nb_rooms=3&dpe_max=C');
    expect(toApiParams(criteria, { config })).toMatchObject({ dpe_max: 'C' });
    const payload = toAlertPayload(criteria, { config });
    expect(payload).toMatchObject({ dpe_max: 'C' });
    expect(v.safeParse(AlertCriteriaSchema, payload).success).toBe(true);
    expect(alertPayloadToCriteria(payload, { config }).dpeMax).toBe('C');
    expect(toStoredSearch(criteria, { config }).dpeMax).toBe('C');
    expect(parseStoredSearch({ nature: 'L', dpeMax: 'Z' }, { config })?.dpeMax).toBeNull();
  });

  it('is left out of every form without a class', () => {
    const criteria = crit({ nature: 'V' });
    expect(toSearchQuery(criteria, { config }).has('dpe_max')).toBe(false);
    expect(toApiParams(criteria, { config })).not.toHaveProperty('dpe_max');
    expect(toAlertPayload(criteria, { config })).not.toHaveProperty('dpe_max');
  });
});
