import { describe, expect, it } from 'vitest';
import { queryEntries, queryString } from './query-string';

describe('query strings from objects', () => {
  it('sends lists comma-separated and leaves out empty values, keeping the order', () => {
    expect(
      queryEntries({
        nature: 'V',
        rubrique: [3, 12],
        lieu: [],
        q: '',
        page: undefined,
        sort: null,
        limit: 0,
        exclusive: false,
      }),
    ).toEqual([
      ['nature', 'V'],
      ['rubrique', '3,12'],
      ['limit', '0'],
      ['exclusive', 'false'],
    ]);
  });

  it('writes the search string, or nothing when no parameter is left', () => {
    expect(queryString({ ids: [3, 1], lang: 'fr', page: undefined })).toBe('?ids=3%2C1&lang=fr');
    expect(queryString({ q: 'Saint-Jean & Cap' })).toBe('?q=Saint-Jean+%26+Cap');
    expect(queryString({ lieu: [], q: '' })).toBe('');
    expect(queryString(undefined)).toBe('');
  });
});
