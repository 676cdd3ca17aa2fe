import { describe, expect, it } from 'vitest';
import { normaliseFilters, searchKey, wholeBands } from './offer-search';

describe('wholeBands', () => {
  // [low, high] → first band, last band, the ends counted live. Thresholds: ..., 750 000,
  // 1 000 000 (band 41 starts), 1 250 000, ..., 2 500 000, 3 000 000 (band 46 starts), 4 000 000.
  it.each([
    ['a range on thresholds', 1_000_000, 2_999_999, { first: 41, last: 45, ends: [] }],
    [
      'a maximum on a threshold (inclusive)',
      1_000_000,
      3_000_000,
      { first: 41, last: 45, ends: [[3_000_000, 3_000_000]] },
    ],
    [
      'a minimum inside a band',
      1_100_000,
      2_999_999,
      { first: 42, last: 45, ends: [[1_100_000, 1_249_999]] },
    ],
    [
      'both ends inside bands',
      1_100_000,
      2_750_000,
      {
        first: 42,
        last: 44,
        ends: [
          [1_100_000, 1_249_999],
          [2_500_000, 2_750_000],
        ],
      },
    ],
    ['no minimum', 0, 99, { first: 0, last: 0, ends: [] }],
    ['no maximum', 750_000_000, Number.POSITIVE_INFINITY, { first: 70, last: 70, ends: [] }],
    ['everything', 0, Number.POSITIVE_INFINITY, { first: 0, last: 70, ends: [] }],
  ])('%s', (_name, low, high, expected) => {
    expect(wholeBands(low, high)).toEqual(expected);
  });

  it('finds no whole band in a range narrower than its band', () => {
    expect(wholeBands(1_010_000, 1_020_000)).toBeNull();
  });
});

describe('searchKey', () => {
  it('ignores the order of keys and of list items, and empty values', () => {
    const a = searchKey({ nature: 'V', rubrique: [11, 10], lieu: [3], prix_max: 5 });
    const b = searchKey({
      lieu: [3],
      prix_max: 5,
      rubrique: [10, 11, 11],
      nature: 'V',
      atouts: [],
    });
    expect(b).toBe(a);
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(searchKey({ nature: 'V', rubrique: [10, 11], lieu: [3], prix_max: 6 })).not.toBe(a);
  });

  it('normalises filters to sorted keys and lists', () => {
    expect(
      Object.keys(normaliseFilters({ prix_max: 1, nature: 'L', atouts: ['vue_mer', 'piscine'] })),
    ).toEqual(['atouts', 'nature', 'prix_max']);
    expect(normaliseFilters({ atouts: ['vue_mer', 'piscine'] }).atouts).toEqual([
      'piscine',
      'vue_mer',
    ]);
  });
});
