import { describe, expect, it } from 'vitest';
import {
  ENERGY_CLASSES,
  classAtMost,
  energyClass,
  isExcessive,
  lettingAreaOf,
  lettingBanFrom,
  lettingNotices,
  type EnergyClass,
  type LettingArea,
  type LettingUse,
} from './energy-rules';

describe('energy classes', () => {
  it.each([
    ['A', 'A'],
    [' f ', 'F'],
    ['g', 'G'],
    ['H', null],
    ['VI', null],
    ['NS', null],
    ['', null],
    [null, null],
    [3, null],
  ])('reads %j as %j', (raw, expected) => {
    expect(energyClass(raw)).toBe(expected);
  });

  it.each([
    ['A', false],
    ['B', false],
    ['C', false],
    ['D', false],
    ['E', false],
    ['F', true],
    ['G', true],
  ] as const)('class %s carries the excessive-consumption mention: %s', (cls, excessive) => {
    expect(isExcessive(cls)).toBe(excessive);
  });

  it('has no excessive mention without a class', () => {
    expect(isExcessive(null)).toBe(false);
  });

  it.each([
    ['A', 'C', true],
    ['C', 'C', true],
    ['D', 'C', false],
    ['G', 'F', false],
    ['F', 'G', true],
  ] as const)('%s is at most %s: %s', (a, b, expected) => {
    expect(classAtMost(a, b)).toBe(expected);
  });
});

// Every class, use and area against the dates of the official texts (see energy-rules.ts).
const EXPECTED: Record<LettingUse, Record<LettingArea, Record<EnergyClass, string | null>>> = {
  lease: {
    mainland: {
      A: null,
      B: null,
      C: null,
      D: null,
      E: '2034-01-01',
      F: '2028-01-01',
      G: '2025-01-01',
    },
    overseas: { A: null, B: null, C: null, D: null, E: null, F: '2031-01-01', G: '2028-01-01' },
  },
  tourist: {
    mainland: {
      A: null,
      B: null,
      C: null,
      D: null,
      E: '2034-01-01',
      F: '2034-01-01',
      G: '2034-01-01',
    },
    overseas: { A: null, B: null, C: null, D: null, E: null, F: '2034-01-01', G: '2034-01-01' },
  },
  change_of_use: {
    mainland: {
      A: null,
      B: null,
      C: null,
      D: null,
      E: '2034-01-01',
      F: '2024-11-21',
      G: '2024-11-21',
    },
    overseas: { A: null, B: null, C: null, D: null, E: null, F: null, G: null },
  },
};

describe('lettingBanFrom', () => {
  const cases = (Object.keys(EXPECTED) as LettingUse[]).flatMap((use) =>
    (['mainland', 'overseas'] as const).flatMap((area) =>
      ENERGY_CLASSES.map((cls) => [use, area, cls, EXPECTED[use][area][cls]] as const),
    ),
  );
  it.each(cases)('%s, %s, class %s: banned from %s', (use, area, cls, from) => {
    expect(lettingBanFrom(cls, use, area)).toBe(from);
  });
});

describe('lettingNotices', () => {
  it.each([
    // nature, class, area, today → [use, from, in force]
    ['L', 'G', 'mainland', '2026-11-28', [['lease', '2025-01-01', true]]],
    ['L', 'F', 'mainland', '2026-11-28', [['lease', '2028-01-01', false]]],
    ['L', 'F', 'mainland', '2028-01-01', [['lease', '2028-01-01', true]]],
    ['L', 'F', 'mainland', '2027-12-31', [['lease', '2028-01-01', false]]],
    ['V', 'F', 'mainland', '2026-11-28', [['lease', '2028-01-01', false]]],
    ['V', 'E', 'mainland', '2026-11-28', [['lease', '2034-01-01', false]]],
    ['V', 'G', 'mainland', '2026-11-28', [['lease', '2025-01-01', true]]],
    ['L', 'G', 'overseas', '2026-11-28', [['lease', '2028-01-01', false]]],
    ['L', 'E', 'overseas', '2026-11-28', []],
    ['V', 'D', 'mainland', '2026-11-28', []],
    [
      'S',
      'F',
      'mainland',
      '2026-11-28',
      [
        ['tourist', '2034-01-01', false],
        ['change_of_use', '2024-11-21', true],
      ],
    ],
    ['S', 'E', 'overseas', '2026-11-28', []],
    ['S', 'G', 'overseas', '2026-11-28', [['tourist', '2034-01-01', false]]],
  ] as const)('%s offer of class %s (%s) on %s', (nature, cls, area, today, expected) => {
    expect(lettingNotices(nature, cls, area, today).map((n) => [n.use, n.from, n.inForce])).toEqual(
      expected,
    );
  });

  it('says nothing without a class or abroad', () => {
    expect(lettingNotices('L', null, 'mainland', '2026-11-28')).toEqual([]);
    expect(lettingNotices('L', 'G', null, '2026-11-28')).toEqual([]);
  });
});

describe('lettingAreaOf', () => {
  const place = (postcodes: string[], foreign = false) => ({
    postcodes,
    is_foreign_country: foreign,
  });
  it.each([
    [[place(['83990'])], 'mainland'],
    [[place(['20000'])], 'mainland'],
    [[place(['97110'])], 'overseas'],
    [[place(['97200'])], 'overseas'],
    [[place(['97300'])], 'overseas'],
    [[place(['97400'])], 'overseas'],
    [[place(['97600'])], 'overseas'],
    // Saint-Barthélemy and Saint-Martin are not named by the texts: the mainland dates.
    [[place(['97133'])], 'mainland'],
    [[place(['97150'])], 'mainland'],
    [[place(['97500'])], 'mainland'],
    [[place([]), place(['97400'])], 'overseas'],
    [[place([]), place([], true)], null],
  ] as const)('%j → %s', (places, expected) => {
    const [lieu, ...ancestors] = places;
    expect(lettingAreaOf({ ...lieu!, ancestors: [...ancestors] })).toBe(expected);
  });
});
