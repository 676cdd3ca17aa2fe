// The portal's publisher, host, contacts and consumer mediator, shown on the legal pages: one
// place to change them. The company is fictitious but complete and consistent: its SIREN passes
// the Luhn check, the SIRET is the SIREN and the head office's NIC, the VAT key is
// (12 + 3 × (SIREN mod 97)) mod 97, and the RCS is the registry of the head office's town
// (legal-text.test.ts checks all of it). Telephone numbers are in the ranges ARCEP reserves for
// fiction, e-mail addresses and websites on the reserved .example domain. The site itself is
// named by the settings' siteName (LegalBodyProps.siteName), as the header and the mails do.

import { DEFAULT_PUBLISHER } from '../../../shared/contract';

// The identity shown (name, address, registration, director, contact, host) comes from the
// settings' publisher (LegalBodyProps.publisher); these are its defaults and what does not vary.
export const COMPANY = {
  name: DEFAULT_PUBLISHER.name,
  legalForm: {
    fr: 'société par actions simplifiée (SAS)',
    en: 'simplified joint-stock company (société par actions simplifiée, SAS)',
  },
  capital: { fr: '50 000 €', en: '€50,000' },
  siren: '912 345 675',
  rcsCity: 'Paris',
  rcs: DEFAULT_PUBLISHER.rcs,
  siret: DEFAULT_PUBLISHER.siret,
  vat: DEFAULT_PUBLISHER.vat,
  /** Activity code (NAF/APE): other information service activities n.e.c. */
  naf: '63.99Z',
  address: DEFAULT_PUBLISHER.address,
  phone: DEFAULT_PUBLISHER.phone,
  email: DEFAULT_PUBLISHER.email,
  director: DEFAULT_PUBLISHER.director,
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
  ...DEFAULT_PUBLISHER.host,
  /** Where the servers and the databases are. */
  location: { fr: 'Roubaix et Lille (France)', en: 'Roubaix and Lille (France)' },
} as const;

/**
 * The consumer mediator the publisher has joined (articles L. 612-1 and L. 616-1 of the French
 * Consumer Code): a consumer may refer a dispute to it free of charge after a written complaint
 * to the publisher went unresolved.
 */
export const MEDIATOR = {
  name: 'Médiation des Services Numériques (MSN)',
  address: '18 rue de Châteaudun, 75009 Paris, France',
  url: 'https://www.mediation-services-numeriques.example',
  /** How long the complaint to the publisher must have gone unanswered, or been refused. */
  delayMonths: 2,
} as const;

export const CNIL = {
  address: '3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07',
  phone: '+33 1 53 73 22 22',
  url: 'https://www.cnil.fr',
  complaint: 'https://www.cnil.fr/fr/plaintes',
} as const;

/** Date of the last update of the legal texts (YYYY-MM-DD). */
export const LEGAL_UPDATED = '2026-11-22';
