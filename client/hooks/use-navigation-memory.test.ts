import { describe, expect, it } from 'vitest';
import {
  EMPTY_MEMORY,
  URLS_SEEN_MAX,
  parseNavigationMemory,
  withVisit,
  type NavigationMemory,
} from './use-navigation-memory';

describe('navigation memory', () => {
  it.each([
    ['nothing stored', null, EMPTY_MEMORY],
    ['not JSON', '{', EMPTY_MEMORY],
    ['not an object', '42', EMPTY_MEMORY],
    [
      'foreign and odd values dropped',
      JSON.stringify({
        urlsSeen: ['/fr/', 'https://evil.example/', '//evil.example/x', 3, '/en/sale/'],
        origin: 'javascript:alert(1)',
        lastOfferId: -4,
        lastAgencyId: 12,
      }),
      { urlsSeen: ['/fr/', '/en/sale/'], origin: null, lastOfferId: null, lastAgencyId: 12 },
    ],
  ])('reads %s', (_name, raw, expected) => {
    expect(parseNavigationMemory(raw)).toEqual(expected);
  });

  it('moves a URL seen again to the end, once', () => {
    const memory: NavigationMemory = { ...EMPTY_MEMORY, urlsSeen: ['/a/', '/b/', '/c/'] };
    expect(withVisit(memory, { url: '/a/' }).urlsSeen).toEqual(['/b/', '/c/', '/a/']);
  });

  it(`keeps the last ${URLS_SEEN_MAX} URLs`, () => {
    let memory = EMPTY_MEMORY;
    for (let i = 0; i < URLS_SEEN_MAX + 5; i++) memory = withVisit(memory, { url: `/p/${i}/` });
    expect(memory.urlsSeen).toHaveLength(URLS_SEEN_MAX);
    expect(memory.urlsSeen[0]).toBe('/p/5/');
    expect(memory.urlsSeen.at(-1)).toBe(`/p/${URLS_SEEN_MAX + 4}/`);
  });

  it('records the origin, the last offer and the last agency, keeping what is not given', () => {
    const first = withVisit(EMPTY_MEMORY, {
      url: '/fr/vente/x/y/',
      origin: '/fr/vente/?sort=new',
      lastOfferId: 7,
    });
    expect(first).toMatchObject({
      origin: '/fr/vente/?sort=new',
      lastOfferId: 7,
      lastAgencyId: null,
    });
    const second = withVisit(first, {
      url: '/fr/annuaire-immobilier-luxe/agence/a/',
      lastAgencyId: 3,
    });
    expect(second).toMatchObject({
      origin: '/fr/vente/?sort=new',
      lastOfferId: 7,
      lastAgencyId: 3,
    });
    expect(withVisit(second, { url: '/fr/', origin: 'https://evil.example/' }).origin).toBe(
      '/fr/vente/?sort=new',
    );
  });
});
