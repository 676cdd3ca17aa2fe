import { describe, expect, it } from 'vitest';
import { RUB } from '../../listings-api/lib/rubriques';
import {
  ATOUT_KEYS,
  GENERIC_RUBRIQUE_ID,
  MOSAIC_RUBRIQUES,
  NATURES,
  RESERVED_ROUTE_WORDS,
  RUBRIQUES,
  rubriqueById,
  rubriquePath,
} from './catalog';

// The 25 atouts of spec section 3, in its order.
const SPEC_ATOUTS =
  'alarme, ascenseur, balcon, box, car, cave, cave_a_vin, cheminee, climatisation, garage, grenier, hammam, interphone, jacuzzi, jardin, parking, piscine, rdc, sauna, sous_sol, tennis, terrasse, veranda, vigne, vue_mer';

describe('natures', () => {
  it.each([
    ['V', 'vente', 'sale', 'Vente', 'Sale'],
    ['L', 'location', 'rent', 'Location', 'Rent'],
    ['S', 'location-saisonniere', 'seasonal-rent', 'Location saisonnière', 'Seasonal rent'],
  ])('%s is %s / %s', (id, slugFr, slugEn, fr, en) => {
    expect(NATURES.find((n) => n.id === id)).toMatchObject({
      slug_fr: slugFr,
      slug_en: slugEn,
      libelle_fr: fr,
      libelle_en: en,
    });
  });
});

describe('rubriques', () => {
  it('has one generic root that applies to every nature', () => {
    const roots = RUBRIQUES.filter((r) => r.parent_id === null);
    expect(roots).toHaveLength(1);
    expect(roots[0]).toMatchObject({
      id: GENERIC_RUBRIQUE_ID,
      is_generic: true,
      natures: ['V', 'L', 'S'],
    });
  });

  it.each(['slug_fr', 'slug_en'] as const)(
    'has unique %s, never a nature slug or a route word',
    (field) => {
      const slugs = RUBRIQUES.map((r) => r[field]);
      expect(new Set(slugs).size).toBe(slugs.length);
      const forbidden = new Set([
        ...RESERVED_ROUTE_WORDS,
        ...NATURES.flatMap((n) => [n.slug_fr, n.slug_en]),
      ]);
      for (const slug of slugs) {
        expect(forbidden.has(slug), slug).toBe(false);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }
    },
  );

  it('never applies a child to a nature its parent lacks', () => {
    for (const r of RUBRIQUES.filter((x) => x.parent_id !== null)) {
      const parent = rubriqueById(r.parent_id as number);
      for (const n of r.natures) expect(parent.natures, `${r.slug_fr} ${n}`).toContain(n);
    }
  });

  it.each([
    [RUB.terrains, ['V']],
    [RUB.immeubles, ['V']],
    [RUB.domainesViticoles, ['V']],
    [RUB.chalets, ['V', 'L', 'S']],
  ])('rubrique %i applies to %j', (id, natures) => {
    expect(rubriqueById(id).natures).toEqual(natures);
  });

  it.each([
    [RUB.villas, [1, 10, 11]],
    [RUB.appartements, [1, 20]],
    [GENERIC_RUBRIQUE_ID, [1]],
  ])('path of %i is %j (root first, generic root included)', (id, path) => {
    expect(rubriquePath(id)).toEqual(path);
  });

  it('mosaic rubriques exist', () => {
    expect(MOSAIC_RUBRIQUES.length).toBeGreaterThanOrEqual(6);
    expect(MOSAIC_RUBRIQUES.length).toBeLessThanOrEqual(8);
    for (const id of MOSAIC_RUBRIQUES) expect(() => rubriqueById(id)).not.toThrow();
  });
});

describe('atouts', () => {
  it('are exactly the 25 keys of the spec', () => {
    expect(ATOUT_KEYS.join(', ')).toBe(SPEC_ATOUTS);
  });
});
