import { describe, expect, it } from 'vitest';
import { medianWithout } from './offer-comparables';

// The medians' view keeps four values around the middle of each sorted list (migration 028):
// enough for the exact median with any one value of the list left out, or none.

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The view's row of a list: its count, the first kept index and the kept values. */
function viewRow(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const first = Math.max(Math.floor(n / 2) - 2, 0);
  return { n, first, middle: sorted.slice(first, Math.floor(n / 2) + 2) };
}

describe('medianWithout', () => {
  const lists = [
    [],
    [7],
    [3, 9],
    [5, 1, 4],
    [10, 20, 30, 40],
    [2, 2, 2, 2, 2],
    [1, 1, 2, 3, 3, 3, 8],
    [4, 8, 15, 16, 23, 42, 42, 4, 1, 99, 100],
    Array.from({ length: 40 }, (_, i) => ((i * 37) % 23) * 1.5),
  ];

  it.each(lists.map((list) => [list.length, list]))(
    'gives the median of %i values with each one left out, or none',
    (_n, list) => {
      const { n, first, middle } = viewRow(list);
      expect(medianWithout(n, first, middle, null)).toEqual({ count: n, median: median(list) });
      for (let i = 0; i < list.length; i++) {
        const rest = list.filter((_, j) => j !== i);
        expect(medianWithout(n, first, middle, list[i]!)).toEqual({
          count: n - 1,
          median: median(rest),
        });
      }
    },
  );
});
