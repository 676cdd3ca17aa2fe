import { describe, expect, it } from 'vitest';
import { DPE_BOUNDS, DPE_CLASSES } from './offers';
import { COST_SPREAD, EUROS_PER_PRIMARY_KWH, seedDpeReport } from './energy';

const PUBLISHED = Date.UTC(2026, 5, 15);

describe('seedDpeReport', () => {
  it.each(DPE_CLASSES.map((cls) => [cls, DPE_BOUNDS[cls]] as const))(
    'class %s: a yearly cost range that follows the energy value and the surface',
    (_cls, [low, high]) => {
      for (const surface of [45, 120, 600]) {
        for (const value of [low, high]) {
          const r = seedDpeReport({
            reference: `R-${value}-${surface}`,
            seasonal: false,
            land: false,
            dpeValue: value,
            surface,
            publishedAt: PUBLISHED,
          });
          const typical = value * surface * EUROS_PER_PRIMARY_KWH;
          expect(r.dpe_cost_min).toBeGreaterThanOrEqual(
            Math.floor(typical * 0.92 * (1 - COST_SPREAD)) - 10,
          );
          expect(r.dpe_cost_max).toBeLessThanOrEqual(
            Math.ceil(typical * 1.08 * (1 + COST_SPREAD)) + 10,
          );
          expect(r.dpe_cost_min!).toBeLessThan(r.dpe_cost_max!);
          expect(r.dpe_cost_min! % 10).toBe(0);
          expect(r.dpe_method).toBe('DPE_v07-2021');
          expect(r.dpe_absence).toBeNull();
          // Made under the 2021 method, at most three years before publication.
          const made = Date.parse(r.dpe_date!);
          expect(made).toBeGreaterThanOrEqual(Date.UTC(2021, 6, 1));
          expect(made).toBeLessThanOrEqual(PUBLISHED);
          expect(made).toBeGreaterThanOrEqual(PUBLISHED - 3 * 365 * 86_400_000 - 86_400_000);
          expect(r.dpe_cost_year).toBe(Math.max(2021, new Date(made).getUTCFullYear() - 1));
        }
      }
    },
  );

  it('costs more for a worse class of the same surface', () => {
    const cost = (value: number) =>
      seedDpeReport({
        reference: 'SAME',
        seasonal: false,
        land: false,
        dpeValue: value,
        surface: 150,
        publishedAt: PUBLISHED,
      }).dpe_cost_max!;
    expect(cost(DPE_BOUNDS.G[0])).toBeGreaterThan(cost(DPE_BOUNDS.C[1]));
  });

  it.each([
    ['land is not subject to the DPE', { seasonal: false, land: true }, 'NS'],
    ['a home without a class has a blank DPE', { seasonal: false, land: false }, 'VI'],
    ['a seasonal let says nothing', { seasonal: true, land: false }, null],
  ] as const)('%s', (_name, kind, absence) => {
    const r = seedDpeReport({
      reference: 'X',
      ...kind,
      dpeValue: null,
      surface: 100,
      publishedAt: PUBLISHED,
    });
    expect(r).toEqual({
      dpe_date: null,
      dpe_method: null,
      dpe_cost_min: null,
      dpe_cost_max: null,
      dpe_cost_year: null,
      dpe_absence: absence,
    });
  });

  it('gives the same facts to the same offer', () => {
    const input = {
      reference: 'PRS-1',
      seasonal: false,
      land: false,
      dpeValue: 300,
      surface: 200,
      publishedAt: PUBLISHED,
    };
    expect(seedDpeReport(input)).toEqual(seedDpeReport(input));
  });
});
