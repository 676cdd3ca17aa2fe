import { describe, expect, it } from 'vitest';
import { wholeBands } from './counts';

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
