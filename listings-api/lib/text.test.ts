import { describe, expect, it } from 'vitest';
import { kebab } from './text';

describe('kebab', () => {
  it.each([
    ["Val-d'Isère", 'val-d-isere'],
    ['Paris 16e Arrondissement', 'paris-16e-arrondissement'],
    ['Èze', 'eze'],
    ["Provence-Alpes-Côte d'Azur", 'provence-alpes-cote-d-azur'],
    ['Cap-d’Ail', 'cap-d-ail'],
    ['  Villa   contemporaine avec vue mer ', 'villa-contemporaine-avec-vue-mer'],
    ['Œuvre & Cœur', 'oeuvre-coeur'],
  ])('%s → %s', (input, expected) => {
    expect(kebab(input)).toBe(expected);
  });
});
