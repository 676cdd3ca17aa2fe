import { describe, expect, it } from 'vitest';
import { normaliseFilters, searchKey } from './filters';

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
