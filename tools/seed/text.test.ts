import { describe, expect, it } from 'vitest';
import {
  communePrepFr,
  departementPrepFr,
  englishIndefinite,
  joinList,
  regionPrepFr,
  searchName,
} from './text';

describe('searchName', () => {
  it.each([
    ['Londres', 'London', 'londres london'],
    ['Saint-Tropez', 'Saint-Tropez', 'saint tropez'],
    ["Côte d'Azur", 'French Riviera', 'cote d azur french riviera'],
    ['Megève', 'Megève', 'megeve'],
  ])('%s / %s → %s', (fr, en, expected) => {
    expect(searchName(fr, en)).toBe(expected);
  });
});

describe('French prepositions', () => {
  it.each([
    ['Saint-Tropez', 0, 'à Saint-Tropez'],
    ['Le Cannet', 2, 'au Cannet'],
    ['Les Gets', 4, 'aux Gets'],
    ['La Baule-Escoublac', 3, 'à La Baule-Escoublac'],
    ["L'Isle-sur-la-Sorgue", 5, "à L'Isle-sur-la-Sorgue"],
  ])('commune %s (article %i) → %s', (name, article, expected) => {
    expect(communePrepFr(name, article)).toBe(expected);
  });

  it.each([
    ['Var', 2, 'dans le Var'],
    ['Savoie', 3, 'en Savoie'],
    ['Alpes-Maritimes', 4, 'dans les Alpes-Maritimes'],
    ['Ain', 5, "dans l'Ain"],
    ['Seine-et-Marne', 0, 'en Seine-et-Marne'],
  ])('department %s (article %i) → %s', (name, article, expected) => {
    expect(departementPrepFr(name, article)).toBe(expected);
  });

  it.each([
    ['Grand Est', 2, 'dans le Grand Est'],
    ['Hauts-de-France', 4, 'dans les Hauts-de-France'],
    ['Occitanie', 1, 'en Occitanie'],
    ["Provence-Alpes-Côte d'Azur", 0, "en Provence-Alpes-Côte d'Azur"],
  ])('region %s (article %i) → %s', (name, article, expected) => {
    expect(regionPrepFr(name, article)).toBe(expected);
  });
});

describe('sentence helpers', () => {
  it.each([
    [['a'], 'fr', 'a'],
    [['a', 'b'], 'fr', 'a et b'],
    [['a', 'b', 'c'], 'en', 'a, b and c'],
  ] as const)('joins %j in %s', (items, lang, expected) => {
    expect(joinList(items, lang)).toBe(expected);
  });

  it.each([
    ['apartment', 'an apartment'],
    ['villa', 'a villa'],
  ])('%s → %s', (noun, expected) => {
    expect(englishIndefinite(noun)).toBe(expected);
  });
});
