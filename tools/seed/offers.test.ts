import { describe, expect, it } from 'vitest';
import type { NatureId } from '../../listings-api/db/types';
import { buildAgencies } from './agencies';
import { RUB } from '../../listings-api/lib/rubriques';
import { ATOUT_KEYS, rubriqueById, rubriquePath } from './catalog';
import { buildGeography, lieuPath, type LieuRow } from './geography';
import { BUCKETS, type Bucket, type Spot } from './market';
import {
  climateOf,
  createOfferContext,
  dpeClassOf,
  DPE_BOUNDS,
  DPE_CLASSES,
  generateOffer,
  gesClassOf,
  offerReference,
  PUBLICATION_WINDOW_DAYS,
  type OfferRow,
} from './offers';
import { DEFAULT_NOW, DEFAULT_SEED } from './index';
import {
  PHOTO_KINDS,
  photoFits,
  photoKindOf,
  photoRegionOf,
  photoSettingOf,
  type PhotoSetting,
  type PhotoSubject,
} from './photos';

const N = 4000;
const geo = buildGeography();
const agencies = buildAgencies(DEFAULT_SEED, geo, DEFAULT_NOW);
const ctx = createOfferContext(DEFAULT_SEED, DEFAULT_NOW, 240, geo, agencies.refs);
const offers: OfferRow[] = Array.from({ length: N }, (_, i) => generateOffer(i + 1, ctx));
const lieuOf = (o: OfferRow) => geo.byId.get(o.lieu_id) as LieuRow;
const under = (o: OfferRow, slug: string) =>
  o.lieu_path.includes((geo.bySlug.get(slug) as LieuRow).id);
const share = (pred: (o: OfferRow) => boolean, from: readonly OfferRow[] = offers) =>
  from.filter(pred).length / from.length;

describe('offer generation', () => {
  it('gives the same offer for the same seed and id, whatever else was drawn', () => {
    const again = createOfferContext(DEFAULT_SEED, DEFAULT_NOW, 240, geo, agencies.refs);
    expect(generateOffer(1234, again)).toEqual(offers[1233]);
    expect(generateOffer(1, again)).toEqual(offers[0]);
  });

  it('gives other offers for another seed', () => {
    const other = createOfferContext(DEFAULT_SEED + 1, DEFAULT_NOW, 240, geo, agencies.refs);
    const differing = offers
      .slice(0, 50)
      .filter((o) => JSON.stringify(generateOffer(o.id, other)) !== JSON.stringify(o));
    expect(differing.length).toBeGreaterThan(45);
  });

  it('has unique slugs ending with the id and unique PRS references', () => {
    expect(new Set(offers.map((o) => o.slug)).size).toBe(N);
    expect(new Set(offers.map((o) => o.reference)).size).toBe(N);
    for (const o of offers) {
      expect(o.slug).toMatch(new RegExp(`^[a-z0-9]+(-[a-z0-9]+)*-${o.id}$`));
      expect(o.reference).toMatch(/^PRS-\d{6}$/);
    }
  });

  it.each([1, 2, 999_999, 123_456])(
    'references offer %i with a bijection below one million',
    (id) => {
      const ids = [id, id + 1_000_000 - 1].filter((x) => x < 1_000_000);
      expect(new Set(ids.map(offerReference)).size).toBe(ids.length);
      expect(offerReference(id)).toMatch(/^PRS-\d{6}$/);
    },
  );

  it('stores the lieu and rubrique paths of its lieu and rubrique', () => {
    for (const o of offers) {
      expect(o.lieu_path).toEqual(lieuPath(lieuOf(o)));
      expect(o.rubrique_path).toEqual(rubriquePath(o.rubrique_id));
    }
  });

  it('only uses rubriques that apply to the nature, never the generic root', () => {
    for (const o of offers) {
      expect(rubriqueById(o.rubrique_id).natures).toContain(o.nature);
      expect(rubriqueById(o.rubrique_id).is_generic).toBe(false);
    }
  });

  it('keeps bedrooms below rooms, and rooms only for dwellings', () => {
    for (const o of offers) {
      const group = rubriqueById(o.rubrique_id).group;
      if (group === 'land' || group === 'building') {
        expect(o.rooms).toBeNull();
        expect(o.bedrooms).toBeNull();
      } else {
        expect(o.rooms).toBeGreaterThanOrEqual(2);
        expect(o.bedrooms).toBeGreaterThanOrEqual(1);
        expect(o.bedrooms as number).toBeLessThan(o.rooms as number);
      }
    }
  });

  it('uses only atouts of the spec, in its order, and plausibly', () => {
    for (const o of offers) {
      for (const a of o.atouts) expect(ATOUT_KEYS).toContain(a);
      expect([...o.atouts].sort((a, b) => ATOUT_KEYS.indexOf(a) - ATOUT_KEYS.indexOf(b))).toEqual(
        o.atouts,
      );
    }
    const chalets = offers.filter((o) => o.rubrique_id === RUB.chalets);
    expect(share((o) => o.atouts.includes('cheminee'), chalets)).toBeGreaterThan(0.8);
    const southVillas = offers.filter(
      (o) => o.rubrique_id === RUB.villas && under(o, 'cote-d-azur'),
    );
    expect(share((o) => o.atouts.includes('piscine'), southVillas)).toBeGreaterThan(0.6);
    const paris = offers.filter((o) => under(o, 'paris'));
    expect(paris.some((o) => o.atouts.includes('vue_mer'))).toBe(false);
    expect(
      share(
        (o) => o.atouts.includes('vue_mer'),
        offers.filter((o) => under(o, 'saint-tropez')),
      ),
    ).toBeGreaterThan(0.3);
  });

  it('sets the one price field of its nature', () => {
    for (const o of offers) {
      expect(o.price !== null).toBe(o.nature === 'V');
      expect(o.monthly_rent !== null).toBe(o.nature === 'L');
      expect(o.weekly_rent !== null).toBe(o.nature === 'S');
    }
  });

  it.each([
    ['monthly rents', 'L' as NatureId, (o: OfferRow) => o.monthly_rent, 3_000, 40_000],
    ['weekly rents', 'S' as NatureId, (o: OfferRow) => o.weekly_rent, 5_000, 150_000],
    ['sale prices', 'V' as NatureId, (o: OfferRow) => o.price, 300_000, 200_000_000],
  ])('keeps %s within realistic bounds', (_label, nature, value, min, max) => {
    for (const o of offers.filter((x) => x.nature === nature)) {
      expect(value(o)).toBeGreaterThanOrEqual(min);
      expect(value(o)).toBeLessThanOrEqual(max);
    }
  });

  it('prices Paris apartments between 9,000 and 30,000 € per m²', () => {
    const apartments = offers.filter(
      (o) =>
        o.nature === 'V' && under(o, 'paris') && rubriqueById(o.rubrique_id).group === 'apartment',
    );
    expect(apartments.length).toBeGreaterThan(100);
    for (const o of apartments) {
      const perM2 = (o.price as number) / (o.surface as number);
      // Rounding of the price may move it slightly past the bounds.
      expect(perM2).toBeGreaterThan(8_800);
      expect(perM2).toBeLessThan(30_600);
    }
  });

  it('prices Saint-Tropez villas between 3 and 40 million euros', () => {
    const villas = offers.filter(
      (o) => o.nature === 'V' && o.rubrique_id === RUB.villas && under(o, 'saint-tropez'),
    );
    expect(villas.length).toBeGreaterThan(3);
    for (const o of villas) {
      expect(o.price).toBeGreaterThanOrEqual(2_500_000);
      expect(o.price).toBeLessThanOrEqual(40_000_000);
    }
  });

  it('computes fees consistently with who pays', () => {
    for (const o of offers) {
      if (o.nature === 'V') {
        expect(o.fees?.percent).toBeGreaterThanOrEqual(3);
        expect(o.fees?.percent).toBeLessThanOrEqual(6.5);
        if (o.fees?.payer === 'buyer')
          expect((o.price_without_fees as number) + (o.fees.amount as number)).toBe(o.price);
        else {
          expect(o.fees?.payer).toBe('seller');
          expect(o.price_without_fees).toBeNull();
        }
      } else if (o.nature === 'L') {
        expect(o.fees).toMatchObject({ payer: 'tenant', percent: null });
        expect(o.fees?.deposit).toBeGreaterThanOrEqual(o.monthly_rent as number);
      } else if (o.fees !== null) {
        expect(o.fees.payer).toBe('tenant');
      }
    }
  });

  it('gives condominium facts to apartments for sale only', () => {
    for (const o of offers) {
      const expected = o.nature === 'V' && rubriqueById(o.rubrique_id).group === 'apartment';
      expect(o.condo !== null, `${o.id}`).toBe(expected);
    }
  });

  it('keeps DPE and GES values inside their classes, none for seasonal rents', () => {
    for (const o of offers) {
      if (o.nature === 'S') expect(o.dpe_class).toBeNull();
      if (o.dpe_class === null) {
        expect(o.dpe_cost_max).toBeNull();
        continue;
      }
      expect(dpeClassOf(o.dpe_value as number)).toBe(o.dpe_class);
      // Every offer with a class and a surface has its yearly energy cost range.
      if (o.surface !== null) expect(o.dpe_cost_min).toBeLessThan(o.dpe_cost_max as number);
      expect(gesClassOf(o.ges_value as number)).toBe(o.ges_class);
    }
    const provided = offers.filter((o) => o.nature !== 'S' && o.rubrique_id !== RUB.terrains);
    const missing = share((o) => o.dpe_class === null, provided);
    expect(missing).toBeGreaterThan(0.04);
    expect(missing).toBeLessThan(0.14);
  });

  it.each([
    [70, 'A'],
    [71, 'B'],
    [110, 'B'],
    [180, 'C'],
    [181, 'D'],
    [250, 'D'],
    [330, 'E'],
    [420, 'F'],
    [421, 'G'],
  ])('files a DPE of %i kWh/m²/year in class %s', (value, expected) => {
    expect(dpeClassOf(value)).toBe(expected);
    expect(DPE_CLASSES).toContain(expected);
    const [min, max] = DPE_BOUNDS[expected as keyof typeof DPE_BOUNDS];
    expect(value).toBeGreaterThanOrEqual(min);
    expect(value).toBeLessThanOrEqual(max);
  });

  it('shows up to 12 distinct photos of the pool, 4 at least for a building, captioned in both languages', () => {
    for (const o of offers) {
      const land = rubriqueById(o.rubrique_id).group === 'land';
      expect(o.photos.length).toBeGreaterThanOrEqual(land ? 3 : 4);
      expect(o.photos.length).toBeLessThanOrEqual(12);
      expect(new Set(o.photos.map((p) => p.id)).size).toBe(o.photos.length);
      for (const p of o.photos) {
        expect(p).toMatchObject({ width: 1200, height: 900 });
        expect(p.id).toBeGreaterThanOrEqual(1);
        expect(p.id).toBeLessThanOrEqual(240);
        expect(p.alt_fr.startsWith(`${o.titre1_fr} – `)).toBe(true);
        expect(p.alt_en.startsWith(`${o.titre1_en} – `)).toBe(true);
      }
    }
  });

  it('writes titles and descriptions of 3 to 5 sentences in both languages', () => {
    for (const o of offers) {
      for (const text of [o.titre1_fr, o.titre1_en, o.titre2_fr, o.titre2_en])
        expect(text.length).toBeGreaterThan(3);
      // 'St. Moritz' is no sentence end.
      const count = (d: string) => d.replace(/\bSt\. /g, 'St ').split(/(?<=[.!?])\s+/).length;
      for (const d of [o.description_fr, o.description_en]) {
        expect(d).not.toMatch(/\{\w+\}/);
        expect(count(d)).toBeGreaterThanOrEqual(3);
        expect(count(d)).toBeLessThanOrEqual(5);
      }
      expect(count(o.description_fr)).toBe(count(o.description_en));
    }
  });

  it('dates offers within the 18 months before now, obsolete ones with obsolete_at', () => {
    const now = DEFAULT_NOW.getTime();
    for (const o of offers) {
      expect(o.published_at.getTime()).toBeLessThan(now);
      expect(now - o.published_at.getTime()).toBeLessThanOrEqual(
        PUBLICATION_WINDOW_DAYS * 86_400_000,
      );
      expect(o.updated_at.getTime()).toBeGreaterThanOrEqual(o.published_at.getTime());
      expect(o.obsolete_at !== null).toBe(o.status === 'obsolete');
      if (o.obsolete_at) expect(o.obsolete_at.getTime()).toBeLessThanOrEqual(now);
    }
  });

  it('places offers within a few kilometres of their lieu', () => {
    for (const o of offers) {
      const l = lieuOf(o);
      expect(Math.abs((o.lat as number) - (l.lat as number))).toBeLessThan(0.03);
      expect(Math.abs((o.lng as number) - (l.lng as number))).toBeLessThan(0.03);
    }
  });

  it.each([
    ['sale', (o: OfferRow) => o.nature === 'V', 0.67, 0.73],
    ['rent', (o: OfferRow) => o.nature === 'L', 0.15, 0.21],
    ['seasonal rent', (o: OfferRow) => o.nature === 'S', 0.09, 0.15],
    [
      'Paris and its west',
      (o: OfferRow) =>
        under(o, 'paris') ||
        o.lieu_path.includes(geo.bySlug.get('hauts-de-seine')!.id) ||
        o.lieu_path.includes(geo.bySlug.get('yvelines')!.id),
      0.21,
      0.29,
    ],
    ["Côte d'Azur", (o: OfferRow) => under(o, 'cote-d-azur'), 0.17, 0.23],
    ['Northern Alps', (o: OfferRow) => under(o, 'alpes-du-nord'), 0.09, 0.15],
    ['Basque coast', (o: OfferRow) => under(o, 'cote-basque'), 0.04, 0.08],
    [
      'abroad',
      (o: OfferRow) => o.lieu_path.some((id) => geo.byId.get(id)?.is_foreign_country),
      0.08,
      0.13,
    ],
    ['hidden price', (o: OfferRow) => o.prix_cache, 0.03, 0.07],
    ['exclusivity', (o: OfferRow) => o.exclusivity, 0.17, 0.23],
    ['premium', (o: OfferRow) => o.premium, 0.015, 0.045],
    ['obsolete', (o: OfferRow) => o.status === 'obsolete', 0.06, 0.1],
    ['video', (o: OfferRow) => o.video_url !== null, 0.12, 0.18],
    ['3D tour', (o: OfferRow) => o.tour_url !== null, 0.08, 0.12],
  ])('gives %s a realistic share', (_label, pred, min, max) => {
    const s = share(pred);
    expect(s).toBeGreaterThanOrEqual(min);
    expect(s).toBeLessThanOrEqual(max);
  });

  it('fits rubriques to places: chalets in the mountains, apartments in Paris', () => {
    const chalets = offers.filter((o) => o.rubrique_id === RUB.chalets);
    expect(
      share(
        (o) =>
          under(o, 'alpes-du-nord') ||
          o.lieu_path.includes(geo.bySlug.get('suisse')!.id) ||
          o.lieu_path.includes(geo.bySlug.get('etats-unis')!.id),
        chalets,
      ),
    ).toBeGreaterThan(0.85);
    const paris = offers.filter((o) => under(o, 'paris'));
    expect(share((o) => rubriqueById(o.rubrique_id).group === 'apartment', paris)).toBeGreaterThan(
      0.6,
    );
    const mas = offers.filter((o) => o.rubrique_id === RUB.mas);
    expect(
      share((o) => under(o, 'provence') || under(o, 'cote-d-azur') || under(o, 'gard'), mas),
    ).toBeGreaterThan(0.8);
  });
});

describe('offer photos', () => {
  const spots = new Map(
    BUCKETS.flatMap((b) => b.spots.map((s) => [s.slug, { bucket: b, spot: s }])),
  );
  const subjectOf = (o: OfferRow): PhotoSubject => {
    const { bucket, spot } = spots.get(lieuOf(o).slug) as { bucket: Bucket; spot: Spot };
    return {
      rubrique: rubriqueById(o.rubrique_id),
      setting: photoSettingOf(spot.kind),
      region: photoRegionOf(climateOf(bucket, spot)),
      atouts: new Set(o.atouts),
      modern: /contemporain|d'architecte/.test(o.titre1_fr),
    };
  };
  const kinds = (o: OfferRow) => o.photos.map((p) => photoKindOf(p.id).key);
  const settingIs = (o: OfferRow, setting: PhotoSetting) => subjectOf(o).setting === setting;
  const is = (rubrique: number, slug: string) => (o: OfferRow) =>
    o.rubrique_id === rubrique && under(o, slug);
  const apartment = (o: OfferRow) => rubriqueById(o.rubrique_id).group === 'apartment';

  it.each([
    // [offers, the outside it may show first, kinds it never shows]
    [
      'Paris apartments',
      (o: OfferRow) => apartment(o) && under(o, 'paris'),
      ['city-building'],
      ['chalet', 'sea-view', 'pool', 'mountain-view', 'sea-residence', 'villa-south'],
    ],
    [
      'Cannes villas',
      is(RUB.villas, 'cannes'),
      ['villa-south', 'modern-house'],
      ['chalet', 'mountain-view', 'snowy-plot', 'villa-north', 'city-view', 'indoor-pool'],
    ],
    [
      'chalets',
      (o: OfferRow) => o.rubrique_id === RUB.chalets,
      ['chalet'],
      ['sea-view', 'pool', 'garden', 'city-view', 'villa-south', 'vineyard'],
    ],
    [
      'apartments of the Northern Alps',
      (o: OfferRow) => apartment(o) && under(o, 'alpes-du-nord') && settingIs(o, 'mountain'),
      ['mountain-residence'],
      ['sea-view', 'pool', 'city-building', 'sea-residence'],
    ],
    [
      'wine estates around Bordeaux',
      (o: OfferRow) =>
        o.rubrique_id === RUB.domainesViticoles &&
        (under(o, 'saint-emilion') || under(o, 'pauillac')),
      ['wine-estate'],
      ['sea-view', 'mountain-view', 'chalet', 'city-view'],
    ],
    [
      'Provençal mas',
      (o: OfferRow) => o.rubrique_id === RUB.mas,
      ['mas'],
      ['sea-view', 'mountain-view', 'chalet', 'city-view', 'bastide'],
    ],
    [
      'contemporary villas and houses',
      (o: OfferRow) =>
        [RUB.villas, RUB.maisons].includes(o.rubrique_id as 10) &&
        /contemporaine/.test(o.titre1_fr) &&
        !settingIs(o, 'mountain'),
      ['modern-house'],
      ['villa-south', 'villa-north', 'house-south', 'house-north'],
    ],
    [
      'Belle Époque villas',
      (o: OfferRow) => o.rubrique_id === RUB.villas && /Belle Époque/.test(o.titre1_fr),
      ['villa-south'],
      ['modern-house', 'villa-north', 'chalet'],
    ],
    ['châteaux', (o: OfferRow) => o.rubrique_id === RUB.chateaux, ['chateau'], ['city-view']],
    [
      'plots in the mountains',
      (o: OfferRow) => o.rubrique_id === RUB.terrains && settingIs(o, 'mountain'),
      ['snowy-plot'],
      ['living-room', 'pool'],
    ],
    ['hotels', (o: OfferRow) => o.rubrique_id === RUB.hotels, ['hotel'], ['villa-south', 'chalet']],
  ])('shows %s as they are', (_label, pred, first, never) => {
    const chosen = offers.filter(pred);
    expect(chosen.length).toBeGreaterThan(2);
    for (const o of chosen) {
      expect(first, `${o.id}`).toContain(kinds(o)[0]);
      for (const k of never) expect(kinds(o), `${o.id}`).not.toContain(k);
    }
  });

  it('shows every offer its own outside first, then only pictures that fit it', () => {
    for (const o of offers) {
      const subject = subjectOf(o);
      const shown = o.photos.map((p) => photoKindOf(p.id));
      expect(shown[0]?.scene, `${o.id}`).toBe('exterior');
      expect(shown.filter((k) => k.scene === 'exterior').length).toBe(
        subject.rubrique.group === 'land' ? shown.filter((k) => k.key.endsWith('plot')).length : 1,
      );
      for (const k of shown) expect(photoFits(k, subject), `${o.id} ${k.key}`).toBe(true);
    }
  });

  it.each([
    ['sea view', 'sea-view', (o: OfferRow) => o.atouts.includes('vue_mer')],
    ['mountain view', 'mountain-view', (o: OfferRow) => settingIs(o, 'mountain')],
    ['pool', 'pool', (o: OfferRow) => o.atouts.includes('piscine')],
    ['indoor pool', 'indoor-pool', (o: OfferRow) => o.atouts.includes('piscine')],
    ['garden', 'garden', (o: OfferRow) => o.atouts.includes('jardin')],
    [
      'vineyard',
      'vineyard',
      (o: OfferRow) => settingIs(o, 'vineyard') || o.atouts.includes('vigne'),
    ],
    ['wine cellar', 'wine-cellar', (o: OfferRow) => o.atouts.includes('cave_a_vin')],
  ])('shows a %s only where there is one', (_label, key, allowed) => {
    const showing = offers.filter((o) => kinds(o).includes(key));
    expect(showing.length).toBeGreaterThan(10);
    for (const o of showing) expect(allowed(o), `${o.id}`).toBe(true);
  });

  it.each([
    // [what the text promises, its words, the atout it needs, the pictures that show it]
    ['a sea view', /vue mer|sea view/i, 'vue_mer', ['sea-view', 'sea-plot']],
    ['a pool', /piscine|swimming pool/i, 'piscine', ['pool', 'indoor-pool']],
    ['a wine cellar', /cave à vin|wine cellar/i, 'cave_a_vin', ['wine-cellar']],
    ['the mountains', /pistes|slopes/i, null, ['mountain-view', 'chalet', 'mountain-residence']],
  ] as const)(
    'lists and shows %s wherever its title or description promises it',
    (_label, words, atout, pictures) => {
      const promising = offers.filter((o) =>
        [o.titre1_fr, o.titre1_en, o.description_fr, o.description_en].some((t) => words.test(t)),
      );
      expect(promising.length).toBeGreaterThan(10);
      for (const o of promising) {
        if (atout) expect(o.atouts, `${o.id}`).toContain(atout);
        // Within the first photos, where a visitor looks.
        expect(
          kinds(o)
            .slice(0, 4)
            .some((k) => (pictures as readonly string[]).includes(k)),
          `${o.id} ${o.titre1_fr}: ${kinds(o).join(',')}`,
        ).toBe(true);
      }
    },
  );

  it('shows a contemporary bastide with a contemporary facade, never an apartment building', () => {
    const bastides = offers.filter((o) => o.rubrique_id === RUB.bastides);
    expect(bastides.length).toBeGreaterThan(5);
    for (const o of bastides) {
      const first = kinds(o)[0];
      expect(['city-building', 'sea-residence', 'mountain-residence']).not.toContain(first);
      if (/contemporaine/.test(o.titre1_fr)) expect(first, `${o.id}`).toBe('modern-house');
    }
  });

  it('never shows two pools, and one picture of each room but bedrooms and bathrooms', () => {
    for (const o of offers) {
      const k = kinds(o);
      expect(k.filter((x) => x === 'pool' || x === 'indoor-pool').length).toBeLessThanOrEqual(1);
      for (const key of new Set(k))
        expect(k.filter((x) => x === key).length).toBeLessThanOrEqual(
          key === 'bedroom' || key === 'bathroom' ? 2 : key.endsWith('plot') ? 3 : 1,
        );
    }
  });

  it('captions each photo with what its picture shows', () => {
    for (const o of offers) {
      for (const p of o.photos) {
        const kind = photoKindOf(p.id);
        expect(p.alt_fr).toBe(`${o.titre1_fr} – ${kind.fr}`);
        expect(p.alt_en).toBe(`${o.titre1_en} – ${kind.en}`);
      }
    }
  });

  it.each([48, PHOTO_KINDS.length])('finds fitting photos in a pool of %i', (count) => {
    const small = createOfferContext(DEFAULT_SEED, DEFAULT_NOW, count, geo, agencies.refs);
    for (let id = 1; id <= 600; id++) {
      const o = generateOffer(id, small);
      const shown = o.photos.map((p) => photoKindOf(p.id));
      expect(shown[0]?.scene, `${id}`).toBe('exterior');
      for (const k of shown) expect(photoFits(k, subjectOf(o)), `${id} ${k.key}`).toBe(true);
      for (const p of o.photos) expect(p.id).toBeLessThanOrEqual(count);
    }
  });

  it('still shows one photo, captioned with what it shows, from a pool too small to fit', () => {
    const tiny = createOfferContext(DEFAULT_SEED, DEFAULT_NOW, 4, geo, agencies.refs);
    for (let id = 1; id <= 300; id++) {
      const o = generateOffer(id, tiny);
      expect(o.photos.length).toBeGreaterThanOrEqual(1);
      for (const p of o.photos) {
        expect(p.id).toBeLessThanOrEqual(4);
        expect(p.alt_en).toBe(`${o.titre1_en} – ${photoKindOf(p.id).en}`);
      }
    }
  });
});
