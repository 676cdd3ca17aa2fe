import { describe, expect, it } from 'vitest';
import type { OfferList, OfferSummary } from './contract';
import { getEndpoints } from './endpoints';
import type { OfferSearchQuery } from './portal-api';

// The edge cache tags the web app sends with result lists: each offer's tag, and the list's own
// tags (shared/cache-tags), so that an offer entering or leaving the list purges it.

function list(items: { id: number; agency: number }[]): OfferList {
  return {
    total: items.length,
    page: 1,
    limit: 24,
    search_key: 'k'.repeat(22),
    items: items.map(
      ({ id, agency }) => ({ id, agency: { id: agency, slug: 'a', name: 'A' } }) as OfferSummary,
    ),
  };
}

describe('tags of a result list', () => {
  const answer = list([
    { id: 7, agency: 3 },
    { id: 9, agency: 4 },
  ]);
  const offers = ['offre-7', 'offre-9'];

  it.each<[string, Omit<OfferSearchQuery, 'lang'>, string[]]>([
    ['a nature', { nature: 'V' }, ['liste-V']],
    ['a place', { nature: 'V', lieu: '75056' }, ['liste-V-lieu-75056']],
    ['places', { nature: 'L', lieu: '12,34' }, ['liste-L-lieu-12', 'liste-L-lieu-34']],
    [
      'a place and rubriques (the place alone)',
      { nature: 'S', lieu: '12', rubrique: '5,6' },
      ['liste-S-lieu-12'],
    ],
    ['rubriques', { nature: 'V', rubrique: '5,6' }, ['liste-V-rubrique-5', 'liste-V-rubrique-6']],
    ['an omr list (its nature)', { nature: 'V', omr_list_id: '2' }, ['liste-V']],
    ['every nature', {}, ['liste-V', 'liste-L', 'liste-S']],
    [
      'a place of every nature',
      { lieu: '12' },
      ['liste-V-lieu-12', 'liste-L-lieu-12', 'liste-S-lieu-12'],
    ],
    [
      'a price range and a sort (no other tag)',
      { nature: 'V', prix_min: '100', sort: 'price_asc' },
      ['liste-V'],
    ],
  ])('sends the offers and the list tags of %s', (_case, query, expected) => {
    const tags = getEndpoints.offers.tags!(answer, { ...query, lang: 'fr' });
    expect(tags).toEqual([...offers, ...expected]);
  });
});

describe('tags of an agency list', () => {
  it("sends the offers and the agency's tags", () => {
    const answer = list([
      { id: 7, agency: 3 },
      { id: 9, agency: 3 },
    ]);
    const tags = getEndpoints.agencyOffers.tags!(answer, { agency: 3, nature: 'V', lang: 'en' });
    expect(tags).toEqual(['offre-7', 'offre-9', 'agence-3']);
  });

  it("sends the tags of a network's agencies, and the agency's even when its list is empty", () => {
    const network = getEndpoints.agencyOffers.tags!(
      list([
        { id: 7, agency: 3 },
        { id: 9, agency: 4 },
      ]),
      { network: 1, nature: 'L', lang: 'fr' },
    );
    expect(network).toEqual(['offre-7', 'offre-9', 'agence-3', 'agence-4']);
    expect(
      getEndpoints.agencyOffers.tags!(list([]), { agency: 5, nature: 'V', lang: 'fr' }),
    ).toEqual(['agence-5']);
  });
});
