// The portal's publisher, host and contacts, shown on the legal pages: one place to change them.

export const COMPANY = {
  name: 'Prestige Portal SAS',
  brand: 'Prestige Portal',
  legalForm: {
    fr: 'société par actions simplifiée (SAS)',
    en: 'simplified joint-stock company (société par actions simplifiée, SAS)',
  },
  capital: { fr: '50 000 €', en: '€50,000' },
  rcs: 'RCS Paris 912 345 675',
  siret: '912 345 675 00017',
  vat: 'FR65 912345675',
  address: '24 rue de la Chaussée-d’Antin, 75009 Paris, France',
  phone: '+33 1 99 00 12 34',
  email: 'contact@prestige-portal.example',
  director: 'Claire Morand',
  directorTitle: { fr: 'présidente', en: 'Chair' },
  dpo: {
    name: 'Julien Ferrand',
    email: 'dpo@prestige-portal.example',
    address: {
      fr: 'Prestige Portal SAS, à l’attention du délégué à la protection des données, 24 rue de la Chaussée-d’Antin, 75009 Paris, France',
      en: 'Prestige Portal SAS, for the attention of the Data Protection Officer, 24 rue de la Chaussée-d’Antin, 75009 Paris, France',
    },
  },
} as const;

export const HOST = {
  name: 'Hexacloud Hébergement SAS',
  rcs: 'RCS Lille Métropole 923 456 784',
  address: '12 rue de l’Innovation, 59000 Lille, France',
  phone: '+33 1 99 00 56 78',
  /** Where the servers and the databases are. */
  location: { fr: 'Roubaix et Lille (France)', en: 'Roubaix and Lille (France)' },
} as const;

export const CNIL = {
  address: '3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07',
  phone: '+33 1 53 73 22 22',
  url: 'https://www.cnil.fr',
  complaint: 'https://www.cnil.fr/fr/plaintes',
} as const;

/** Date of the last update of the legal texts (YYYY-MM-DD). */
export const LEGAL_UPDATED = '2026-11-22';
