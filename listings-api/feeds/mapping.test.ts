import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connection';
import { RUB } from '../lib/rubriques';
import { createTestDb, testDbKinds } from '../../tests/fixtures/db';
import { LIEU, TEST_REFERENCE } from '../../tests/fixtures/feeds/reference';
import type { ColumnName } from './columns';
import { polirisRowFrom, type PolirisValue } from './generate';
import {
  energy,
  loadMappingReference,
  mapPolirisRow,
  parseBoolean,
  parseNumber,
  photoRefs,
  resolveLieu,
  type MappingReference,
} from './mapping';
import type { FeedOffer, RowProblem } from './types';

type Values = Partial<Record<ColumnName, PolirisValue>>;

// A valid sale of a house in Cannes; each case changes what it tests.
const BASE: Values = {
  agencePropertyRef: 'REF-1',
  annonceType: 'vente',
  type: 'Maison',
  cp: '06400',
  ville: 'Cannes',
  pays: 'France',
  prix: 2_000_000,
  label: 'Maison',
  description: 'Une maison.',
};

function map(values: Values, extra?: Parameters<typeof polirisRowFrom>[1], ref = TEST_REFERENCE) {
  return mapPolirisRow(polirisRowFrom({ ...BASE, ...values }, extra), 7, ref);
}
function offer(values: Values, extra?: Parameters<typeof polirisRowFrom>[1]): FeedOffer {
  const line = map(values, extra);
  if (!('offer' in line)) throw new Error(`expected an offer: ${line.problem.reason}`);
  return line.offer;
}
function problem(values: Values): RowProblem {
  const line = map(values);
  if (!('problem' in line)) throw new Error('expected a problem');
  return line.problem;
}

describe('numbers and booleans of a row', () => {
  it.each([
    ['1250000', 1_250_000],
    ['1 250 000', 1_250_000],
    ['1\u00a0250\u00a0000 €', 1_250_000],
    ['1\u202f250\u202f000€', 1_250_000],
    ['12,5', 12.5],
    ['12.5', 12.5],
    ['1.250.000', 1_250_000],
    ['1.250.000,50', 1_250_000.5],
    ['1,250,000.50', 1_250_000.5],
    ['180 m²', 180],
    ['', null],
    ['  ', null],
  ])('reads %j as %j', (raw, expected) => {
    expect(parseNumber(raw)).toBe(expected);
  });

  it.each(['12 5OO', 'NC', 'sur demande', '1-2'])('reads %j as not a number', (raw) => {
    expect(parseNumber(raw)).toBeNaN();
  });

  it.each([
    ['OUI', true],
    ['oui', true],
    ['O', true],
    ['1', true],
    ['true', true],
    ['TRUE', true],
    ['NON', false],
    ['n', false],
    ['0', false],
    ['False', false],
    ['', null],
    ['peut-être', null],
  ])('reads the boolean %j as %j', (raw, expected) => {
    expect(parseBoolean(raw)).toBe(expected);
  });
});

describe('transaction type → nature', () => {
  it.each([
    ['vente', 'V'],
    ['Vente', 'V'],
    ['vente de prestige', 'V'],
    ['VENTE DE PRESTIGE', 'V'],
    ["produit d'investissement", 'V'],
    ['location', 'L'],
    ['Location', 'L'],
    ['location vacances', 'S'],
    ['Location saisonnière', 'S'],
  ])('maps %j to nature %s', (annonceType, nature) => {
    expect(offer({ annonceType, prixSemaineHauteSaison: 9000 }).nature).toBe(nature);
  });

  it.each([
    ['cession de bail', 'the portal lists sales and rentals of homes only: cession de bail'],
    ['Viager', 'the portal lists sales and rentals of homes only: viager'],
    [
      'vente fonds-de-commerce',
      'the portal lists sales and rentals of homes only: vente fonds-de-commerce',
    ],
    ['échange', 'unknown transaction type: échange'],
    ['', 'the transaction type is missing'],
  ])('rejects %j: %s', (annonceType, reason) => {
    expect(problem({ annonceType })).toMatchObject({
      line: 7,
      reference: 'REF-1',
      position: 3,
      column: 'annonceType',
      reason,
    });
  });
});

describe('property type and sub-type → rubrique', () => {
  it.each([
    ['Maison', '', 'vente', RUB.maisons],
    ['maison', 'Villa', 'vente', RUB.villas],
    ['Villa', '', 'vente', RUB.villas],
    ['Maison', 'Mas', 'vente', RUB.mas],
    ['Propriété', 'Château', 'vente', RUB.chateaux],
    ['Château', '', 'vente', RUB.chateaux],
    ['Maison', 'Manoir', 'vente', RUB.manoirs],
    ['Maison', 'Bastide', 'vente', RUB.bastides],
    ['Maison', 'Chalet', 'vente', RUB.chalets],
    ['Maison', 'Hôtel particulier', 'vente', RUB.hotelsParticuliers],
    ['hotel particulier', '', 'vente', RUB.hotelsParticuliers],
    ['Maison', "Maison d'architecte", 'vente', RUB.maisonsArchitecte],
    ['Appartement', '', 'vente', RUB.appartements],
    ['Appartement', 'T3', 'vente', RUB.appartements],
    ['Appartement', 'Loft', 'vente', RUB.lofts],
    ['Appartement', 'Penthouse', 'vente', RUB.penthouses],
    ['Appartement', 'Duplex', 'vente', RUB.duplex],
    ['Appartement', 'Rez-de-jardin', 'vente', RUB.rezDeJardin],
    ['Propriété', '', 'vente', RUB.proprietes],
    ['Propriété', 'Domaine viticole', 'vente', RUB.domainesViticoles],
    ['Propriété', 'Haras', 'vente', RUB.haras],
    ['Terrain', '', 'vente', RUB.terrains],
    ['Immeuble', '', 'vente', RUB.immeubles],
    ['Hôtel', '', 'vente', RUB.hotels],
    // A sub-type of another family does not change the type.
    ['Appartement', 'Villa', 'vente', RUB.appartements],
    ['', 'Villa', 'vente', RUB.villas],
    // A rubrique that does not take the nature gives way to its nearest parent that does.
    ['Château', '', 'location', RUB.maisons],
    ['Appartement', 'Loft', 'location vacances', RUB.appartements],
    ['Propriété', 'Domaine viticole', 'location', RUB.proprietes],
  ])('maps %j / %j (%s) to rubrique %i', (type, sousType, annonceType, rubrique) => {
    expect(offer({ type, sousType, annonceType, prixSemaineHauteSaison: 9000 }).rubriqueId).toBe(
      rubrique,
    );
  });

  it.each([
    ['Parking', '', 4, 'the portal lists homes and estates only: Parking'],
    ['Bureaux', '', 4, 'the portal lists homes and estates only: Bureaux'],
    ['Local commercial', '', 4, 'the portal lists homes and estates only: Local commercial'],
    ['Fonds de commerce', '', 4, 'the portal lists homes and estates only: Fonds de commerce'],
    ['Cave', '', 4, 'the portal lists homes and estates only: Cave'],
    ['Maison', 'Garage', 181, 'the portal lists homes and estates only: Garage'],
    ['Péniche', '', 4, 'unknown property type: Péniche'],
    ['', '', 4, 'the property type is missing'],
  ])('rejects %j / %j: %s', (type, sousType, position, reason) => {
    expect(problem({ type, sousType })).toMatchObject({ position, reason });
  });
});

describe('postcode, city and country → lieu', () => {
  it.each([
    ['06400', 'Cannes', '', LIEU.cannes],
    ['06150', 'CANNES', 'France', LIEU.cannes],
    ['6400', 'cannes', 'FRANCE', LIEU.cannes],
    ['06110', 'Le Cannet', '', LIEU.leCannet],
    ['06110', 'Cannet (Le)', '', LIEU.leCannet],
    ['83990', 'Saint-Tropez', '', LIEU.saintTropez],
    ['83990', 'St Tropez', '', LIEU.saintTropez],
    ['83990', 'st-tropez', '', LIEU.saintTropez],
    ['13210', 'St Rémy de Provence', '', LIEU.saintRemy],
    ['13210', 'SAINT REMY DE PROVENCE', '', LIEU.saintRemy],
    ['75016', 'Paris', '', LIEU.paris16],
    ['75116', 'Paris', '', LIEU.paris16],
    ['75016', 'Paris 16', '', LIEU.paris16],
    ['75016', 'Paris 16e', '', LIEU.paris16],
    ['75016', 'PARIS 16EME', '', LIEU.paris16],
    ['75001', 'Paris 1er', '', LIEU.paris1],
    ['75002', 'Paris', '', LIEU.paris],
    ['69003', 'Lyon', '', LIEU.lyon3],
    ['69003', 'Lyon 3e', '', LIEU.lyon3],
    // A CEDEX or changed postcode: the only commune of that name in the department.
    ['06401', 'Cannes', '', LIEU.cannes],
    ['', 'Genève', 'Suisse', LIEU.geneve],
    ['1204', 'Geneva', 'switzerland', LIEU.geneve],
    ['', 'Lausanne', 'Suisse', LIEU.suisse],
    ['', '', 'CH', LIEU.suisse],
  ])('maps %j %j %j to lieu %i', (cp, ville, pays, lieuId) => {
    expect(resolveLieu(TEST_REFERENCE, { cp, ville, pays })).toEqual({ lieuId });
  });

  it.each([
    ['06400', 'Cannnes', '', 6, 'unknown city: 06400 Cannnes'],
    // A known postcode never stands for a misspelled name, even when it has one commune.
    ['83990', 'Saint-Tropé', '', 6, 'unknown city: 83990 Saint-Tropé'],
    ['83990', 'Cannes', '', 6, 'unknown city: 83990 Cannes'],
    ['75016', 'Paris 17e', '', 6, 'unknown city: 75016 Paris 17e'],
    ['', '', '', 6, 'the city is missing'],
    ['', 'Narnia', 'Narnia', 7, 'unknown country: Narnia'],
  ])('rejects %j %j %j: %s', (cp, ville, pays, position, reason) => {
    expect(problem({ cp, ville, pays })).toMatchObject({ position, reason });
  });

  it('takes the real postcode and city (108/109) before the advertised ones', () => {
    expect(
      offer({ cp: '06400', ville: 'Cannes', cpReel: '83990', villeReelle: 'St-Tropez' }),
    ).toMatchObject({ lieuId: LIEU.saintTropez });
    expect(problem({ cpReel: '83990', villeReelle: 'Nowhere' })).toMatchObject({
      position: 109,
      column: 'villeReelle',
      reason: 'unknown city: 83990 Nowhere',
    });
  });
});

describe('prices by nature', () => {
  it.each<[Values, Partial<FeedOffer>]>([
    [{ prix: '4 500 000 €' }, { price: 4_500_000, monthlyRent: null, weeklyRent: null }],
    [{ prix: '1250000,40' }, { price: 1_250_000 }],
    [
      { annonceType: 'location', prix: 8500 },
      { price: null, monthlyRent: 8500 },
    ],
    [
      {
        annonceType: 'location vacances',
        prixSemaineHauteSaison: 25000,
        prixSemaineBasseSaison: 12000,
      },
      { weeklyRent: 25000, price: null, monthlyRent: null },
    ],
    [{ annonceType: 'location vacances', prixSemaineBasseSaison: 12000 }, { weeklyRent: 12000 }],
    [{ annonceType: 'location vacances', prixMoisHauteSaison: 40000 }, { weeklyRent: 10000 }],
    [{ annonceType: 'location vacances', prix: 7000 }, { weeklyRent: 7000 }],
    [{ prixMasque: 'OUI' }, { priceHidden: true, price: 2_000_000 }],
    [{ prixMasque: 'NON' }, { priceHidden: false }],
    [{ prixMasque: '' }, { priceHidden: false }],
  ])('reads %j as %j', (values, expected) => {
    expect(offer(values)).toMatchObject(expected);
  });

  it.each<[Values, number, string]>([
    [{ prix: '12 5OO' }, 11, "price is not a number: '12 5OO'"],
    [{ prix: '' }, 11, 'the price is missing'],
    [{ prix: '0' }, 11, 'the price is missing'],
    [{ annonceType: 'location', prix: '' }, 11, 'the monthly rent is missing'],
    [{ annonceType: 'location vacances', prix: '' }, 52, 'the weekly rent is missing'],
  ])('rejects %j: %s', (values, position, reason) => {
    expect(problem(values)).toMatchObject({ position, reason });
  });
});

describe('fees and condominium', () => {
  it.each<[Values, Partial<FeedOffer>]>([
    [
      {
        honoraires: 150000,
        pourcentageHonorairesTTC: '3,45',
        honorairesCharge: '1',
        prixHorsHonorairesAcquereur: 1_850_000,
      },
      { fees: { payer: 'buyer', percent: 3.45, amount: 150000 }, priceWithoutFees: 1_850_000 },
    ],
    [
      { honoraires: 100000, honorairesCharge: '2' },
      { fees: { payer: 'seller', percent: null, amount: 100000 }, priceWithoutFees: null },
    ],
    [
      { pourcentageHonorairesTTC: 5, honorairesChargeAcquereur: 'OUI' },
      { fees: { payer: 'buyer', percent: 5, amount: null } },
    ],
    [
      { honoraires: 90000, honorairesChargeAcquereur: 'NON' },
      { fees: { payer: 'seller', percent: null, amount: 90000 } },
    ],
    // A price without buyer fees implies buyer fees of the difference.
    [
      { prixHorsHonorairesAcquereur: 1_900_000 },
      { fees: { payer: 'buyer', percent: null, amount: 100000 } },
    ],
    // A price without fees above the price is not believed.
    [{ prixHorsHonorairesAcquereur: 2_100_000 }, { fees: null, priceWithoutFees: null }],
    [{}, { fees: null, condo: null }],
    [
      { annonceType: 'location', prix: 8500, honoraires: 3200, depotGarantie: 8500, charges: 450 },
      { fees: { payer: 'tenant', percent: null, amount: 3200, deposit: 8500, charges: 450 } },
    ],
    // Sale columns are ignored on rentals, rental columns on sales.
    [
      {
        annonceType: 'location',
        prix: 8500,
        pourcentageHonorairesTTC: 4,
        prixHorsHonorairesAcquereur: 100,
        copropriete: 'OUI',
        nbLots: 5,
      },
      { fees: null, priceWithoutFees: null, condo: null },
    ],
    [{ depotGarantie: 5000, charges: 300 }, { fees: null }],
    [
      {
        annonceType: 'location vacances',
        prixSemaineHauteSaison: 20000,
        depotGarantie: 6000,
        charges: 300,
      },
      { fees: { payer: 'tenant', percent: null, amount: null, deposit: 6000 } },
    ],
    [
      { copropriete: 'OUI', nbLots: 24, chargesAnnuelles: '4 800', syndicatCopro: 'NON' },
      { condo: { lots: 24, yearly_charges: 4800, procedure: false } },
    ],
    [
      { copropriete: 'oui', nbLots: 12, syndicatCopro: 'procédure de sauvegarde en cours' },
      { condo: { lots: 12, yearly_charges: 0, procedure: true } },
    ],
    [{ copropriete: 'NON', nbLots: 12 }, { condo: null }],
  ])('reads %j as %j', (values, expected) => {
    expect(offer(values)).toMatchObject(expected);
  });
});

describe('surfaces, rooms, atouts, energy, links', () => {
  it.each<[Values, Partial<FeedOffer>]>([
    [
      { surface: '320,4', surfaceTerrain: '2 500', nbPieces: 8, nbChambres: 5 },
      { surface: 320, fieldSurface: 2500, rooms: 8, bedrooms: 5 },
    ],
    [
      { surface: 'NC', nbPieces: '', nbChambres: '0' },
      { surface: null, rooms: null, bedrooms: 0 },
    ],
    [{ exclusif: 'OUI' }, { exclusivity: true }],
    [{ exclusif: 'n' }, { exclusivity: false }],
    [
      { urlVisiteVirtuelle: 'https://tour.example.com/1' },
      { tourUrl: 'https://tour.example.com/1' },
    ],
    [{ urlVisiteVirtuelle: 'javascript:alert(1)' }, { tourUrl: null }],
    [{ urlVisiteVirtuelle: 'www.example.com' }, { tourUrl: null, videoUrl: null }],
    [
      { latitude: '43.5513', longitude: '7,0128' },
      { lat: 43.5513, lng: 7.0128 },
    ],
    [
      { latitude: '95', longitude: '7' },
      { lat: null, lng: null },
    ],
    [
      { latitude: '0', longitude: '0' },
      { lat: null, lng: null },
    ],
    [{ latitude: '43.5' }, { lat: null, lng: null }],
  ])('reads %j as %j', (values, expected) => {
    expect(offer(values)).toMatchObject(expected);
  });

  it.each<[Values, string[]]>([
    [
      { ascenseur: 'OUI', cave: 'O', piscine: '1', cheminee: 'true' },
      ['ascenseur', 'cave', 'cheminee', 'piscine'],
    ],
    [
      { clim: 'OUI', terrasse: 'OUI', alarme: 'OUI', interphone: 'OUI', garage: 'OUI' },
      ['alarme', 'climatisation', 'garage', 'interphone', 'terrasse'],
    ],
    [{ nbBalcons: 2, nbParkings: 1, nbBoxes: '1' }, ['balcon', 'box', 'parking']],
    [{ nbBalcons: 0, nbParkings: '', ascenseur: 'NON' }, []],
    [{ surfaceTerrain: 1500 }, ['jardin']],
    [{ type: 'Terrain', surfaceTerrain: 1500 }, []],
    [{ type: 'Appartement', etage: '0' }, ['rdc']],
    [{ type: 'Maison', etage: '0' }, []],
  ])('reads the atouts of %j as %j', (values, atouts) => {
    expect(offer(values).atouts).toEqual(atouts);
  });

  it.each([
    ['95', 'B', { class: 'B', value: 95 }],
    ['D', '210', { class: 'D', value: 210 }],
    ['c', '', { class: 'C', value: null }],
    ['', 'VI', { class: null, value: null }],
    ['NS', 'NS', { class: null, value: null }],
    ['120,6', 'H', { class: null, value: 121 }],
  ])('reads the energy pair %j / %j as %j', (a, b, expected) => {
    expect(energy(a, b)).toEqual(expected);
  });

  it('reads the DPE from 176/177 and the GES from 178/179', () => {
    expect(
      offer({ consoEnergie: 95, bilanConsoEnergie: 'B', ges: 'E', bilanGes: 48 }),
    ).toMatchObject({
      dpeClass: 'B',
      dpeValue: 95,
      gesClass: 'E',
      gesValue: 48,
    });
  });
});

describe('titles and descriptions', () => {
  it.each<[Values, Partial<FeedOffer>]>([
    [
      {
        label: 'Villa',
        description: 'Belle villa.',
        code1: 'EN',
        label1: 'Villa EN',
        descriptif1: 'Nice villa.',
      },
      {
        titleFr: 'Villa',
        descriptionFr: 'Belle villa.',
        titleEn: 'Villa EN',
        descriptionEn: 'Nice villa.',
      },
    ],
    [
      {
        label: 'Villa',
        code1: 'DE',
        label1: 'Villa DE',
        code3: 'gb',
        label3: 'Villa GB',
        descriptif3: 'GB text',
      },
      { titleEn: 'Villa GB', descriptionEn: 'GB text' },
    ],
    [{ code2: 'ANG', label2: 'Villa ANG' }, { titleEn: 'Villa ANG' }],
    [
      { code2: 'en-GB', descriptif2: 'Only a description' },
      { titleEn: 'Maison', descriptionEn: 'Only a description' },
    ],
    // Without English, the English texts repeat the French ones.
    [
      { label: 'Maison de maître', description: 'Texte.' },
      { titleEn: 'Maison de maître', descriptionEn: 'Texte.' },
    ],
    // Without a title, one from the property type and the place.
    [
      { label: '', sousType: 'Villa' },
      { titleFr: 'Villa à Cannes', titleEn: 'Villa in Cannes' },
    ],
    [
      { label: '', type: 'Appartement', cp: '75016', ville: 'Paris' },
      {
        titleFr: 'Appartement dans le 16e arrondissement de Paris',
        titleEn: 'Apartment in the 16th arrondissement of Paris',
      },
    ],
    [
      { label: '  Villa\t  vue   mer ', description: 'Ligne 1  ligne 2' },
      { titleFr: 'Villa vue mer', descriptionFr: 'Ligne 1 ligne 2' },
    ],
  ])('reads %j as %j', (values, expected) => {
    expect(offer(values)).toMatchObject(expected);
  });
});

describe('photos', () => {
  it('reads the three blocks in slot order, skipping empty slots, with their captions', () => {
    const photos = new Array<string>(30).fill('');
    const captions = new Array<string>(30).fill('');
    photos[0] = 'a.jpg';
    captions[0] = 'Façade';
    photos[2] = 'https://img.example.com/c.jpg';
    photos[9] = 'j.JPG'; // photo10, first of the second block (col 164)
    captions[9] = 'Salon';
    photos[29] = 'z.png'; // photo30 (col 273), caption titre30 (col 294)
    captions[29] = 'Jardin';
    expect(offer({}, { photos, captions }).photos).toEqual([
      { source: { kind: 'file', name: 'a.jpg' }, caption: 'Façade' },
      { source: { kind: 'url', url: 'https://img.example.com/c.jpg' }, caption: '' },
      { source: { kind: 'file', name: 'j.JPG' }, caption: 'Salon' },
      { source: { kind: 'file', name: 'z.png' }, caption: 'Jardin' },
    ]);
  });

  it.each([
    ['photo1.jpg', { kind: 'file', name: 'photo1.jpg' }],
    ['HTTP://img.example.com/1.jpg', { kind: 'url', url: 'HTTP://img.example.com/1.jpg' }],
    ['images/photo1.jpg', { kind: 'file', name: 'photo1.jpg' }],
    ['..\\..\\etc\\passwd', { kind: 'file', name: 'passwd' }],
    ['../', null],
    ['..', null],
    ['ftp://img.example.com/1.jpg', { kind: 'file', name: '1.jpg' }],
  ])('reads the photo %j as %j', (value, source) => {
    expect(photoRefs([value], ['x'])).toEqual(source ? [{ source, caption: 'x' }] : []);
  });
});

describe('rows that cannot be read', () => {
  it('reports a missing reference at column 2', () => {
    expect(problem({ agencePropertyRef: '  ' })).toEqual({
      line: 7,
      reference: null,
      position: 2,
      column: 'agencePropertyRef',
      reason: 'the reference is missing',
    });
  });

  it('reports a row without the 333 columns', () => {
    const cells = polirisRowFrom(BASE).slice(0, 200);
    expect(mapPolirisRow(cells, 3, TEST_REFERENCE)).toEqual({
      line: 3,
      problem: {
        line: 3,
        reference: 'REF-1',
        position: null,
        column: null,
        reason: 'wrong column count: 200 columns, the format has 333',
      },
    });
  });

  it('accepts extra columns beyond the 333', () => {
    const cells = [...polirisRowFrom(BASE), 'extra'];
    expect(mapPolirisRow(cells, 1, TEST_REFERENCE)).toHaveProperty('offer');
  });

  it.each([
    ['description', 21, 'Maison\u0001', 'bad encoding: the control character U+0001'],
    [
      'label',
      20,
      'Mai\ufffdson',
      'bad encoding: a byte sequence that is neither UTF-8 nor Windows-1252',
    ],
    ['ville', 6, 'Cannes\u0085', 'bad encoding: the control character U+0085'],
  ] as const)('reports bad characters in %s', (name, position, value, reason) => {
    expect(problem({ [name]: value })).toMatchObject({ position, column: name, reason });
  });
});

describe.each(testDbKinds)('the reference of the seeded database (%s)', (kind) => {
  let db: Db;
  let ref: MappingReference;
  beforeAll(async () => {
    db = await createTestDb(kind);
    ref = await loadMappingReference(db);
  });
  afterAll(() => db.close());

  async function lieuSlug(id: number): Promise<string> {
    const row = await db.kysely
      .selectFrom('lieux')
      .select('slug')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.slug;
  }

  it.each([
    ['06400', 'Cannes', '', 'cannes'],
    ['83990', 'St Tropez', '', 'saint-tropez'],
    ['83990', 'Saint-Tropez', 'France', 'saint-tropez'],
    ['75016', 'Paris', '', 'paris-16e-arrondissement'],
    ['75016', 'Paris 16e', '', 'paris-16e-arrondissement'],
    ['13008', 'Marseille', '', 'marseille-8e-arrondissement'],
    ['69003', 'Lyon', '', 'lyon-3e-arrondissement'],
    ['74120', 'Megève', '', 'megeve'],
    ['', 'Genève', 'Suisse', 'geneve'],
    ['', '', 'Spain', 'espagne'],
  ])('resolves %j %j %j to the lieu %s', async (cp, ville, pays, slug) => {
    const found = resolveLieu(ref, { cp, ville, pays });
    expect(found).toHaveProperty('lieuId');
    expect(await lieuSlug((found as { lieuId: number }).lieuId)).toBe(slug);
  });

  it('rejects a misspelled commune of a known postcode', () => {
    expect(resolveLieu(ref, { cp: '06400', ville: 'Cannnes', pays: '' })).toEqual({
      position: 6,
      reason: 'unknown city: 06400 Cannnes',
    });
  });
});
