import { describe, expect, it } from 'vitest';
import { configWith, testConfig } from '../../../shared/test-config';
import {
  directorySearchParams,
  isSearchable,
  natureOfSlug,
  pageCount,
  parseDirectoryQuery,
  parsePage,
  pickNature,
} from './directory-query';

describe('directory query', () => {
  it.each([
    ['', { search: '', page: 1, sort: 'relevance' }],
    ['?search=Aurelle&sort=az&page=3', { search: 'Aurelle', page: 3, sort: 'az' }],
    ['?search=%20%20Maison%20%20Val%20&sort=za', { search: 'Maison Val', page: 1, sort: 'za' }],
    ['?sort=bogus&page=x', { search: '', page: 1, sort: 'relevance' }],
    ['?page=0', { search: '', page: 1, sort: 'relevance' }],
    ['?page=-2', { search: '', page: 1, sort: 'relevance' }],
    ['?page=2.5', { search: '', page: 1, sort: 'relevance' }],
    ['?page=10001', { search: '', page: 1, sort: 'relevance' }],
    ['?page=10000', { search: '', page: 10000, sort: 'relevance' }],
    [`?search=${'a'.repeat(150)}`, { search: 'a'.repeat(100), page: 1, sort: 'relevance' }],
    ['?search=a&search=b', { search: 'a', page: 1, sort: 'relevance' }],
  ])('reads %s', (query, expected) => {
    expect(parseDirectoryQuery(query)).toEqual(expected);
  });

  it.each([
    [{ search: 'x', sort: 'relevance' as const, page: 1 }, 'search=x'],
    [{ search: '', sort: 'az' as const, page: 2 }, 'sort=az&page=2'],
    [{ search: 'a b', sort: 'za' as const, page: 1 }, 'search=a+b&sort=za'],
    [{}, ''],
  ])('writes %o as "%s" (defaults left out)', (query, expected) => {
    expect(directorySearchParams(query).toString()).toBe(expected);
  });

  it.each([
    ['', false],
    ['a', false],
    ['a-', false],
    ['é1', true],
    ['Ab', true],
  ])('searchable("%s") is %s', (text, expected) => {
    expect(isSearchable(text)).toBe(expected);
  });

  it.each([
    [null, 1],
    ['7', 7],
    ['07', 7],
    ['1e3', 1],
  ])('page %s → %i', (raw, expected) => {
    expect(parsePage(raw)).toBe(expected);
  });

  it.each([
    ['#location', 'fr', 'L'],
    ['location', 'fr', 'L'],
    ['#rent', 'en', 'L'],
    ['#rent', 'fr', 'L'],
    ['#S', 'fr', 'S'],
    ['#vente', 'en', 'V'],
    ['#nope', 'fr', undefined],
    ['#%E0%A4%A', 'fr', undefined],
    ['', 'fr', undefined],
  ] as const)('hash %s in %s is nature %s', (raw, lang, expected) => {
    expect(natureOfSlug(raw, lang, testConfig)).toBe(expected);
  });

  it('ignores a nature that is not enabled', () => {
    expect(natureOfSlug('#location', 'fr', configWith({ enabledNaturesIds: ['V'] }))).toBe(
      undefined,
    );
  });

  it.each([
    [undefined, { V: 0, L: 3, S: 1 }, 'L'],
    [undefined, { V: 2, L: 3, S: 1 }, 'V'],
    ['S', { V: 2, L: 3, S: 0 }, 'S'],
    [undefined, { V: 0, L: 0, S: 0 }, 'V'],
  ] as const)('asked %s with counts %o opens %s', (asked, counts, expected) => {
    expect(pickNature(asked, counts, testConfig)).toBe(expected);
  });

  it.each([
    [0, 24, 1],
    [24, 24, 1],
    [25, 24, 2],
    [291, 24, 13],
  ])('%i items of %i a page make %i pages', (total, size, expected) => {
    expect(pageCount(total, size)).toBe(expected);
  });
});
