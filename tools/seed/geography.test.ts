import { describe, expect, it } from 'vitest';
import { NATURES, RESERVED_ROUTE_WORDS, RUBRIQUES } from './catalog';
import { buildGeography, GENERIC_LIEU, type LieuRow } from './geography';
import { BUCKETS } from './market';
import { HOTSPOT_COMMUNES, OMR_LISTS } from './places';
import { kebab } from '../../listings-api/lib/text';

const geo = buildGeography();
const bySlug = (slug: string): LieuRow => {
  const l = geo.bySlug.get(slug);
  if (!l) throw new Error(`no lieu ${slug}`);
  return l;
};

describe('lieux', () => {
  it('has unique ascii kebab-case slugs and ids', () => {
    expect(new Set(geo.lieux.map((l) => l.slug)).size).toBe(geo.lieux.length);
    expect(new Set(geo.lieux.map((l) => l.id)).size).toBe(geo.lieux.length);
    for (const l of geo.lieux) expect(l.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('never takes a nature or rubrique slug, nor a route word', () => {
    const forbidden = new Set([
      ...RESERVED_ROUTE_WORDS,
      ...NATURES.flatMap((n) => [n.slug_fr, n.slug_en]),
      ...RUBRIQUES.flatMap((r) => [r.slug_fr, r.slug_en]),
    ]);
    for (const l of geo.lieux) expect(forbidden.has(l.slug), l.slug).toBe(false);
  });

  it.each([
    ['Generic', 1, 1],
    ['Pays', 13, 13],
    ['Plaques', 4, 10],
    ['Regions', 18, 18],
    ['Departements', 101, 101],
    ['Villes', 1000, 1300],
    ['Arrondissements', 45, 45],
    ['Quartiers', 3, 20],
    ['Lieudits', 3, 20],
    ['Zones', 3, 20],
  ])('has between %2$i and %3$i lieux of type %1$s', (type, min, max) => {
    const n = geo.lieux.filter((l) => l.type === type).length;
    expect(n).toBeGreaterThanOrEqual(min);
    expect(n).toBeLessThanOrEqual(max);
  });

  it('roots everything at the generic lieu, whose ancestors are empty', () => {
    const generic = bySlug(GENERIC_LIEU.slug);
    expect(generic).toMatchObject({ type: 'Generic', parent_id: null, ancestors: [] });
    for (const l of geo.lieux.filter((x) => x.id !== generic.id))
      expect(l.ancestors[0], l.slug).toBe(generic.id);
  });

  it('lists the parent and all its ancestors in ancestors, never itself', () => {
    for (const l of geo.lieux) {
      expect(l.ancestors, l.slug).not.toContain(l.id);
      if (l.parent_id === null) continue;
      const parent = geo.byId.get(l.parent_id) as LieuRow;
      expect(l.ancestors, l.slug).toEqual(expect.arrayContaining([...parent.ancestors, parent.id]));
      for (const a of l.ancestors) expect(geo.byId.has(a), `${l.slug} → ${a}`).toBe(true);
    }
  });

  it.each([
    [
      'saint-tropez',
      ['france-et-international', 'france', 'cote-d-azur', 'provence-alpes-cote-d-azur', 'var'],
    ],
    [
      'biarritz',
      [
        'france-et-international',
        'france',
        'cote-basque',
        'nouvelle-aquitaine',
        'pyrenees-atlantiques',
      ],
    ],
    ['bordeaux', ['france-et-international', 'france', 'nouvelle-aquitaine', 'gironde']],
    [
      'paris-16e-arrondissement',
      ['france-et-international', 'france', 'ile-de-france', 'paris-75', 'paris'],
    ],
    [
      'paris-passy',
      [
        'france-et-international',
        'france',
        'ile-de-france',
        'paris-75',
        'paris',
        'paris-16e-arrondissement',
      ],
    ],
    [
      'meribel',
      [
        'france-et-international',
        'france',
        'alpes-du-nord',
        'auvergne-rhone-alpes',
        'savoie',
        'les-allues',
      ],
    ],
    ['londres', ['france-et-international', 'royaume-uni']],
  ])('%s has the ancestors %j, root first', (slug, ancestors) => {
    expect(bySlug(slug).ancestors).toEqual(ancestors.map((a) => bySlug(a).id));
  });

  it.each([
    ['saint-tropez', 'Saint-Tropez', 'Saint-Tropez', 'à Saint-Tropez', 'in Saint-Tropez'],
    ['le-cannet', 'Le Cannet', 'Le Cannet', 'au Cannet', 'in Le Cannet'],
    [
      'paris-16e-arrondissement',
      'Paris 16e arrondissement',
      'Paris 16th arrondissement',
      'dans le 16e arrondissement de Paris',
      'in the 16th arrondissement of Paris',
    ],
    [
      'provence-alpes-cote-d-azur',
      "Provence-Alpes-Côte d'Azur",
      "Provence-Alpes-Côte d'Azur",
      "en Provence-Alpes-Côte d'Azur",
      "in Provence-Alpes-Côte d'Azur",
    ],
    [
      'alpes-maritimes',
      'Alpes-Maritimes',
      'Alpes-Maritimes',
      'dans les Alpes-Maritimes',
      'in Alpes-Maritimes',
    ],
    ['portugal', 'Portugal', 'Portugal', 'au Portugal', 'in Portugal'],
    ['londres', 'Londres', 'London', 'à Londres', 'in London'],
    ['cote-d-azur', "Côte d'Azur", 'French Riviera', "sur la Côte d'Azur", 'on the French Riviera'],
  ])('%s reads %s / %s, %s / %s', (slug, fr, en, prepFr, prepEn) => {
    expect(bySlug(slug)).toMatchObject({
      libelle_fr: fr,
      libelle_en: en,
      libelle_prep_fr: prepFr,
      libelle_prep_en: prepEn,
    });
  });

  it('has coordinates for every place but the generic one', () => {
    const missing = geo.lieux.filter(
      (l) => l.type !== 'Generic' && (l.lat === null || l.lng === null),
    );
    expect(missing.map((l) => l.slug)).toEqual([]);
  });

  it.each([
    ['saint-tropez', 43.27, 6.64],
    ['megeve', 45.86, 6.62],
    ['biarritz', 43.48, -1.56],
    ['geneve', 46.2, 6.15],
  ])('places %s near %f, %f (country-state-city)', (slug, lat, lng) => {
    const l = bySlug(slug);
    expect(Math.abs((l.lat as number) - lat)).toBeLessThan(0.05);
    expect(Math.abs((l.lng as number) - lng)).toBeLessThan(0.05);
  });

  it('keeps every hotspot commune and every commune of the market', () => {
    for (const [, name] of HOTSPOT_COMMUNES) {
      expect(
        geo.lieux.some((l) => l.type === 'Villes' && l.libelle_fr === name),
        name,
      ).toBe(true);
    }
    for (const spot of BUCKETS.flatMap((b) => b.spots))
      expect(geo.bySlug.has(spot.slug), spot.slug).toBe(true);
  });

  it('writes search names in lowercase without accents', () => {
    for (const l of geo.lieux) expect(l.search_name).toMatch(/^[a-z0-9 ]+$/);
    expect(bySlug('londres').search_name).toBe('londres london');
  });

  it('takes populations from the administrative data', () => {
    expect(bySlug('paris').population).toBeGreaterThan(2_000_000);
    expect(bySlug('saint-tropez').population).toBeGreaterThan(1_000);
    expect(bySlug('var').population).toBeGreaterThan(bySlug('toulon').population);
  });

  it('gives zones a zone- slug and members, and nothing else members', () => {
    for (const l of geo.lieux) {
      if (l.type === 'Zones') {
        expect(l.slug.startsWith('zone-')).toBe(true);
        expect(l.lieux.length).toBeGreaterThan(1);
        for (const m of l.lieux) expect(geo.byId.has(m)).toBe(true);
      } else {
        expect(l.slug.startsWith('zone-'), l.slug).toBe(false);
        expect(l.lieux).toEqual([]);
      }
    }
  });

  it('points the members of each omr list to it', () => {
    for (const list of OMR_LISTS) {
      const row = geo.omrLists.find((l) => l.id === list.id);
      expect(row?.lieux.length).toBe(list.members.length);
      for (const slug of list.members) expect(bySlug(slug).omr_list_id).toBe(list.id);
    }
  });

  it('flags the dozen foreign countries, each with cities', () => {
    const foreign = geo.lieux.filter((l) => l.is_foreign_country);
    expect(foreign).toHaveLength(12);
    for (const c of foreign) {
      expect(c.type).toBe('Pays');
      expect(
        geo.lieux.some((l) => l.parent_id === c.id && l.type === 'Villes'),
        c.slug,
      ).toBe(true);
    }
    expect(bySlug('france').is_foreign_country).toBe(false);
  });

  it('names communes after their INSEE name', () => {
    for (const l of geo.lieux.filter((x) => x.type === 'Villes' && x.code !== null)) {
      expect(l.slug.startsWith(kebab(l.libelle_fr)), l.slug).toBe(true);
    }
  });
});
