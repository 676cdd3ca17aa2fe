import { describe, expect, it } from 'vitest';
import { pagerItems } from './paging';

describe('pagerItems', () => {
  const rows: { page: number; count: number; expected: (number | null)[] }[] = [
    { page: 1, count: 1, expected: [1] },
    { page: 1, count: 2, expected: [1, 2] },
    { page: 1, count: 5, expected: [1, 2, 3, 4, 5] },
    { page: 1, count: 10, expected: [1, 2, 3, null, 10] },
    { page: 5, count: 10, expected: [1, 2, 3, 4, 5, 6, 7, null, 10] },
    { page: 6, count: 12, expected: [1, null, 4, 5, 6, 7, 8, null, 12] },
    { page: 10, count: 10, expected: [1, null, 8, 9, 10] },
    // A single missing page is shown rather than a gap.
    { page: 4, count: 8, expected: [1, 2, 3, 4, 5, 6, 7, 8] },
  ];
  it.each(rows)('page $page of $count → $expected', ({ page, count, expected }) => {
    expect(pagerItems(page, count)).toEqual(expected);
  });
});
