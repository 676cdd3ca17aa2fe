// Ids of the rubriques (property types) the listings API itself relies on: feed imports map the
// agencies' property types onto them. The demo seed (tools/seed/catalog.ts) writes the table.

export const RUB = {
  maisons: 10,
  villas: 11,
  mas: 12,
  chalets: 13,
  chateaux: 14,
  manoirs: 15,
  maisonsArchitecte: 16,
  hotelsParticuliers: 17,
  bastides: 18,
  appartements: 20,
  lofts: 21,
  penthouses: 22,
  duplex: 23,
  rezDeJardin: 24,
  ateliers: 25,
  proprietes: 30,
  domainesViticoles: 31,
  haras: 32,
  proprietesChasse: 33,
  terrains: 40,
  immeubles: 50,
  hotels: 60,
} as const;
