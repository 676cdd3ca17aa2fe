import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connection';
import { createTestDb, testDbKinds } from '../../tests/fixtures/db';
import { TEST_REFERENCE } from '../../tests/fixtures/feeds/reference';
import { COL, POLIRIS_COLUMNS } from './columns';
import {
  formatDate,
  formatPolirisLine,
  formatValue,
  offerToPolirisRow,
  polirisRowFrom,
  writePolirisFeed,
  type PolirisOffer,
} from './generate';
import { loadMappingReference, type MappingReference } from './mapping';
import { readPolirisFeed, splitLine } from './poliris';
import type { FeedOffer } from './types';

describe('writing Poliris values and lines', () => {
  it.each([
    [true, 'OUI'],
    [false, 'NON'],
    [null, ''],
    [undefined, ''],
    [1250000, '1250000'],
    [3.45, '3.45'],
    [new Date('2026-03-07T22:00:00Z'), '07/03/2026'],
    ['Villa "Les Pins"', "Villa 'Les Pins'"],
    ['ligne 1\r\nligne 2\n\nligne 3', 'ligne 1 ligne 2 ligne 3'],
    ['  a   b  ', 'a b'],
  ])('writes %j as %j', (value, expected) => {
    expect(formatValue(value)).toBe(expected);
  });

  it('formats dates as dd/mm/yyyy', () => {
    expect(formatDate(new Date(Date.UTC(2025, 11, 31)))).toBe('31/12/2025');
  });

  it('writes 333 quoted fields joined by !# and one LF', () => {
    const line = formatPolirisLine(polirisRowFrom({ agencePropertyRef: 'R1', label: 'a\nb' }));
    expect(line.endsWith('"\n')).toBe(true);
    expect(line.split('\n')).toHaveLength(2);
    const cells = splitLine(line.slice(0, -1));
    expect(cells).toHaveLength(POLIRIS_COLUMNS);
    expect(cells[COL.agencePropertyRef - 1]).toBe('R1');
    expect(cells[COL.label - 1]).toBe('a b');
  });

  it('writes rows to a stream', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await writePolirisFeed(
      [polirisRowFrom({ agencePropertyRef: 'A' }), polirisRowFrom({ agencePropertyRef: 'B' })],
      out,
    );
    out.end();
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text.split('\n').map((l) => splitLine(l)[1])).toEqual(['A', 'B', undefined]);
  });
});

const SAMPLE: PolirisOffer = {
  nature: 'V',
  rubrique_id: 11,
  lieu_id: 5015,
  lieu_path: [1, 2, 5015],
  reference: 'V-1',
  exclusivity: true,
  titre1_fr: 'Villa "Belle Vue"',
  titre1_en: 'Villa Belle Vue',
  description_fr: 'Texte\nsur deux lignes',
  description_en: 'Text',
  price: 3_000_000,
  monthly_rent: null,
  weekly_rent: null,
  prix_cache: false,
  price_without_fees: 2_900_000,
  surface: 200,
  field_surface: null,
  rooms: 6,
  bedrooms: 4,
  atouts: ['piscine', 'balcon', 'rdc'],
  dpe_class: 'C',
  dpe_value: 150,
  ges_class: null,
  ges_value: null,
  tour_url: null,
  lat: 48.86,
  lng: 2.27,
  published_at: new Date('2026-01-15T10:00:00Z'),
  fees: { payer: 'buyer', percent: 3.45, amount: 100_000 },
  condo: { lots: 10, yearly_charges: 5000, procedure: false },
  photos: [{ id: 1, width: 1, height: 1, alt_fr: 'Façade', alt_en: 'Front' }],
};

describe('offerToPolirisRow', () => {
  it('writes an offer in the columns the reader reads', () => {
    const cells = offerToPolirisRow(SAMPLE, {
      reference: TEST_REFERENCE,
      agencyCode: 'AG1',
      photos: ['p1.jpg'],
    });
    expect(cells).toHaveLength(POLIRIS_COLUMNS);
    const at = (name: keyof typeof COL) => cells[COL[name] - 1];
    expect([
      at('agenceId'),
      at('agencePropertyRef'),
      at('annonceType'),
      at('type'),
      at('sousType'),
    ]).toEqual(['AG1', 'V-1', 'vente', 'Maison', 'Villa']);
    expect([at('cp'), at('ville'), at('pays')]).toEqual(['75016', 'Paris', 'France']);
    expect([at('label'), at('description'), at('code1'), at('label1')]).toEqual([
      "Villa 'Belle Vue'",
      'Texte sur deux lignes',
      'EN',
      'Villa Belle Vue',
    ]);
    expect([
      at('prix'),
      at('honoraires'),
      at('pourcentageHonorairesTTC'),
      at('honorairesCharge'),
      at('prixHorsHonorairesAcquereur'),
    ]).toEqual(['3000000', '100000', '3.45', '1', '2900000']);
    expect([at('copropriete'), at('nbLots'), at('chargesAnnuelles'), at('syndicatCopro')]).toEqual([
      'OUI',
      '10',
      '5000',
      'NON',
    ]);
    expect([at('piscine'), at('ascenseur'), at('nbBalcons'), at('etage'), at('exclusif')]).toEqual([
      'OUI',
      'NON',
      '1',
      '0',
      'OUI',
    ]);
    expect([at('consoEnergie'), at('bilanConsoEnergie'), at('bilanGes'), at('dateMandat')]).toEqual(
      ['150', 'C', 'VI', '15/01/2026'],
    );
    expect([cells[84], cells[93]]).toEqual(['p1.jpg', 'Façade']);
  });

  it('names a foreign city with its country, and a rental by its own columns', () => {
    const cells = offerToPolirisRow(
      {
        ...SAMPLE,
        nature: 'S',
        lieu_id: 6000,
        lieu_path: [1, 3, 6000],
        price: null,
        weekly_rent: 20_000,
        fees: { payer: 'tenant', percent: null, amount: 500, deposit: 6000 },
      },
      { reference: TEST_REFERENCE },
    );
    const at = (name: keyof typeof COL) => cells[COL[name] - 1];
    expect([at('annonceType'), at('cp'), at('ville'), at('pays')]).toEqual([
      'location vacances',
      '',
      'Genève',
      'Suisse',
    ]);
    expect([
      at('prixSemaineHauteSaison'),
      at('depotGarantie'),
      at('honoraires'),
      at('pourcentageHonorairesTTC'),
      at('copropriete'),
    ]).toEqual(['20000', '6000', '500', '', '']);
  });
});

describe.each(testDbKinds)('seeded offers → feed → reader (%s)', (kind) => {
  let db: Db;
  let ref: MappingReference;
  beforeAll(async () => {
    db = await createTestDb(kind);
    ref = await loadMappingReference(db);
  });
  afterAll(() => db.close());

  it('reads back every seeded offer with its nature, rubrique, place, prices, surfaces and energy', async () => {
    const rows = await db.kysely.selectFrom('offers').selectAll().orderBy('id').execute();
    const lieux = new Map(
      (await db.kysely.selectFrom('lieux').select(['id', 'type', 'parent_id']).execute()).map(
        (l) => [l.id, l],
      ),
    );
    const feed = rows.map((o) =>
      offerToPolirisRow(
        { ...o, fees: o.fees, condo: o.condo, photos: o.photos },
        {
          reference: ref,
          agencyCode: String(o.agency_id),
          photos: o.photos.map((p) => `${p.id}.jpg`),
        },
      ),
    );
    const out = new PassThrough();
    const written = writePolirisFeed(feed, out).then(() => out.end());
    const read: FeedOffer[] = [];
    for await (const line of readPolirisFeed(Readable.from(out), ref)) {
      if ('problem' in line) throw new Error(`line ${line.line}: ${line.problem.reason}`);
      read.push(line.offer);
    }
    await written;
    expect(read).toHaveLength(rows.length);

    // The commune or arrondissement of a lieu (quartiers and lieux-dits are not in feeds).
    const communeOf = (id: number): number => {
      const l = lieux.get(id);
      return l && (l.type === 'Quartiers' || l.type === 'Lieudits') && l.parent_id !== null
        ? communeOf(l.parent_id)
        : id;
    };
    rows.forEach((o, i) => {
      const r = read[i] as FeedOffer;
      const where = communeOf(o.lieu_id);
      // A feed names Paris, Lyon or Marseille by a postcode: an offer on the whole city comes
      // back in the arrondissement of its first postcode.
      expect(
        r.lieuId === where || lieux.get(r.lieuId)?.parent_id === where,
        `lieu of ${o.reference}`,
      ).toBe(true);
      expect({
        reference: r.reference,
        nature: r.nature,
        rubriqueId: r.rubriqueId,
        price: r.price,
        monthlyRent: r.monthlyRent,
        weeklyRent: r.weeklyRent,
        priceHidden: r.priceHidden,
        priceWithoutFees: r.priceWithoutFees,
        surface: r.surface,
        fieldSurface: r.fieldSurface,
        rooms: r.rooms,
        bedrooms: r.bedrooms,
        dpe: [r.dpeClass, r.dpeValue, r.gesClass, r.gesValue],
        exclusivity: r.exclusivity,
        condo: r.condo,
        fees: r.fees,
        titles: [r.titleFr, r.titleEn],
        photos: r.photos.length,
      }).toEqual({
        reference: o.reference,
        nature: o.nature,
        rubriqueId: o.rubrique_id,
        price: o.price,
        monthlyRent: o.monthly_rent,
        weeklyRent: o.weekly_rent,
        priceHidden: o.prix_cache,
        priceWithoutFees: o.nature === 'V' ? o.price_without_fees : null,
        surface: o.surface,
        fieldSurface: o.field_surface,
        rooms: o.rooms,
        bedrooms: o.bedrooms,
        dpe: [o.dpe_class, o.dpe_value, o.ges_class, o.ges_value],
        exclusivity: o.exclusivity,
        condo: o.condo,
        fees: o.fees,
        titles: [o.titre1_fr.replace(/"/g, "'"), o.titre1_en.replace(/"/g, "'")],
        photos: o.photos.length,
      });
    });
  });
});
