import { describe, expect, it } from 'vitest';
import type { AlertCriteria } from '../../shared/contract';
import type { OfferFilters } from '../lib/offer-search';
import { alertSearchFilters, parseAlertCriteria } from './match';

describe('alert payload → /offre search filters', () => {
  const rows: [string, AlertCriteria, OfferFilters][] = [
    [
      'sale prices bound the sale price',
      { nature: 'V', prix_min: 1, prix_max: 2 },
      { nature: 'V', prix_min: 1, prix_max: 2 },
    ],
    [
      'rent prices bound the monthly rent',
      { nature: 'L', prix_min: 1, prix_max: 2 },
      { nature: 'L', loyer_min: 1, loyer_max: 2 },
    ],
    [
      'seasonal prices bound the weekly rent',
      { nature: 'S', prix_min: 1, prix_max: 2 },
      { nature: 'S', loyer_semaine_min: 1, loyer_semaine_max: 2 },
    ],
    [
      'null bounds are no filter',
      { nature: 'V', prix_min: null, prix_max: null, lieu: null },
      { nature: 'V' },
    ],
    ['a place is a one-place list', { nature: 'V', lieu: 12 }, { nature: 'V', lieu: [12] }],
    [
      'an omr list replaces its place',
      { nature: 'V', lieu: 12, omr_list_id: 3 },
      { nature: 'V', omr_list_id: 3 },
    ],
    ['an empty rubrique list is no filter', { nature: 'V', rubrique: [] }, { nature: 'V' }],
    ['rubriques are kept', { nature: 'V', rubrique: [2, 3] }, { nature: 'V', rubrique: [2, 3] }],
    [
      'a maximum DPE class passes through',
      { nature: 'L', dpe_max: 'C' },
      { nature: 'L', dpe_max: 'C' },
    ],
    ['a null DPE class is no filter', { nature: 'V', dpe_max: null }, { nature: 'V' }],
    [
      'counts, surfaces and atouts pass through',
      {
        nature: 'V',
        nb_pieces: 4,
        nb_chambres: 2,
        surface_min: 100,
        surface_max: 300,
        surface_terrain_min: 1000,
        surface_terrain_max: 5000,
        atouts: ['piscine'],
      },
      {
        nature: 'V',
        nb_pieces: 4,
        nb_chambres: 2,
        surface_min: 100,
        surface_max: 300,
        surface_terrain_min: 1000,
        surface_terrain_max: 5000,
        atouts: ['piscine'],
      },
    ],
  ];
  it.each(rows)('%s', (_name, criteria, filters) => {
    expect(alertSearchFilters(criteria)).toEqual(filters);
  });

  it('searches a place of an omr list by itself unless the payload names the list', () => {
    expect(alertSearchFilters({ nature: 'V', lieu: 12 })).toEqual({ nature: 'V', lieu: [12] });
    expect(alertSearchFilters({ nature: 'V', lieu: 12, omr_list_id: null })).toEqual({
      nature: 'V',
      lieu: [12],
    });
    expect(alertSearchFilters({ nature: 'V', lieu: 12, omr_list_id: 3 })).toEqual({
      nature: 'V',
      omr_list_id: 3,
    });
  });
});

describe('stored criteria', () => {
  it('reads the stored alert payload, as an object or as JSON text', () => {
    expect(parseAlertCriteria({ nature: 'L', lieu: 4 })).toEqual({ nature: 'L', lieu: 4 });
    expect(parseAlertCriteria('{"nature":"S"}')).toEqual({ nature: 'S' });
  });
  it('refuses criteria that break the alert contract, naming the key', () => {
    expect(() => parseAlertCriteria({ nature: 'X' })).toThrow(/nature/);
    expect(() => parseAlertCriteria({ nature: 'V', prix_max: 'cheap' })).toThrow(/prix_max/);
  });
});
