// Positions (1-based) of the Poliris v4.1 columns the portal reads or writes, under the names of
// the format's public model (SpiriitLabs/poliris-bundle, Models/Annonce/*). Every row of a feed
// has 333 columns; the ones not listed here are ignored on reading and written empty.

/** Columns of a full Poliris row. Rows with more are accepted (extras ignored). */
export const POLIRIS_COLUMNS = 333;

export const COL = {
  agenceId: 1,
  agencePropertyRef: 2,
  annonceType: 3,
  type: 4,
  cp: 5,
  ville: 6,
  pays: 7,
  adresse: 8,
  quartierProximite: 9,
  prix: 11,
  honoraires: 15,
  surface: 16,
  surfaceTerrain: 17,
  nbPieces: 18,
  nbChambres: 19,
  label: 20,
  description: 21,
  dateDispo: 22,
  charges: 23,
  etage: 24,
  meuble: 26,
  anneeConstruction: 27,
  nbSdb: 29,
  nbBalcons: 39,
  ascenseur: 41,
  cave: 42,
  nbParkings: 43,
  nbBoxes: 44,
  interphone: 46,
  terrasse: 48,
  prixSemaineBasseSaison: 49,
  prixQuinzaineBasseSaison: 50,
  prixMoisBasseSaison: 51,
  prixSemaineHauteSaison: 52,
  prixQuinzaineHauteSaison: 53,
  prixMoisHauteSaison: 54,
  nbPersonnes: 55,
  alarme: 61,
  clim: 64,
  piscine: 65,
  cheminee: 68,
  vueDegagee: 78,
  exclusif: 83,
  photoPanoramique: 103,
  urlVisiteVirtuelle: 104,
  tel: 105,
  fullName: 106,
  email: 107,
  cpReel: 108,
  villeReelle: 109,
  numeroMandat: 112,
  dateMandat: 113,
  code1: 124,
  proximite1: 125,
  label1: 126,
  descriptif1: 127,
  code2: 128,
  proximite2: 129,
  label2: 130,
  descriptif2: 131,
  code3: 132,
  proximite3: 133,
  label3: 134,
  descriptif3: 135,
  depotGarantie: 161,
  consoEnergie: 176,
  bilanConsoEnergie: 177,
  ges: 178,
  bilanGes: 179,
  sousType: 181,
  prixMasque: 201,
  honorairesChargeAcquereur: 256,
  pourcentageHonorairesTTC: 257,
  copropriete: 258,
  nbLots: 259,
  chargesAnnuelles: 260,
  syndicatCopro: 261,
  syndicatCoproDetails: 262,
  latitude: 298,
  longitude: 299,
  versionFormat: 301,
  honorairesCharge: 302,
  prixHorsHonorairesAcquereur: 303,
  garage: 318,
  dpeAt: 324,
  dpeVersion: 325,
  dpeMin: 326,
  dpeMax: 327,
  dpeAnneeRef: 328,
} as const;

export type ColumnName = keyof typeof COL;

// There is no video column in the 333 (the model has none): offers read from a feed have no
// video; the virtual tour (104) is the only link.

/** Photos 1–30: three blocks of slots (85–93, 164–174, 264–273), in slot order. */
export const PHOTO_POSITIONS: readonly number[] = [
  ...range(85, 93),
  ...range(164, 174),
  ...range(264, 273),
];

/** Captions 1–30 by photo slot: titres 1–9 (94–102) and 10–30 (274–294). */
export const CAPTION_POSITIONS: readonly number[] = [...range(94, 102), ...range(274, 294)];

/** The three language slots: code, nearby, title, description. */
export const LANGUAGE_SLOTS: ReadonlyArray<{
  code: number;
  proximite: number;
  label: number;
  descriptif: number;
}> = [
  { code: COL.code1, proximite: COL.proximite1, label: COL.label1, descriptif: COL.descriptif1 },
  { code: COL.code2, proximite: COL.proximite2, label: COL.label2, descriptif: COL.descriptif2 },
  { code: COL.code3, proximite: COL.proximite3, label: COL.label3, descriptif: COL.descriptif3 },
];

const NAME_OF = new Map<number, string>(
  Object.entries(COL).map(([name, position]) => [position, name]),
);
PHOTO_POSITIONS.forEach((p, i) => NAME_OF.set(p, `photo${i + 1}`));
CAPTION_POSITIONS.forEach((p, i) => NAME_OF.set(p, `titre${i + 1}`));

/** The Poliris name of a column position ('prix' for 11), or null for a column the portal ignores. */
export function columnName(position: number): string | null {
  return NAME_OF.get(position) ?? null;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
