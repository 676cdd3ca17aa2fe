import type { MessageDescriptor } from '@lingui/core';

// The professional space's messages written outside the screens' JSX (the BFF's answers, the
// actions' outcomes), as Lingui descriptors without macros (see shared/messages.ts).

export const proSignInTooMany: MessageDescriptor = /*i18n*/ {
  id: 'pro.signIn.tooMany',
  message:
    'Trop de demandes de connexion ont été envoyées depuis votre connexion. Réessayez dans quelques minutes.',
};

// The columns of the leads' CSV export.
export const proCsvDate: MessageDescriptor = /*i18n*/ { id: 'pro.csv.date', message: 'Date' };
export const proCsvName: MessageDescriptor = /*i18n*/ { id: 'pro.csv.name', message: 'Nom' };
export const proCsvEmail: MessageDescriptor = /*i18n*/ { id: 'pro.csv.email', message: 'E-mail' };
export const proCsvPhone: MessageDescriptor = /*i18n*/ {
  id: 'pro.csv.phone',
  message: 'Téléphone',
};
export const proCsvMessage: MessageDescriptor = /*i18n*/ {
  id: 'pro.csv.message',
  message: 'Message',
};
export const proCsvReference: MessageDescriptor = /*i18n*/ {
  id: 'pro.csv.reference',
  message: 'Référence de l’annonce',
};
export const proCsvOffer: MessageDescriptor = /*i18n*/ { id: 'pro.csv.offer', message: 'Annonce' };
export const proCsvOfferUrl: MessageDescriptor = /*i18n*/ {
  id: 'pro.csv.offerUrl',
  message: 'Lien de l’annonce',
};
export const proCsvDelivery: MessageDescriptor = /*i18n*/ {
  id: 'pro.csv.delivery',
  message: 'Envoi du mail',
};
export const proCsvHandled: MessageDescriptor = /*i18n*/ {
  id: 'pro.csv.handled',
  message: 'Traité le',
};
export const proCsvHandledBy: MessageDescriptor = /*i18n*/ {
  id: 'pro.csv.handledBy',
  message: 'Traité par',
};
export const proCsvFile: MessageDescriptor = /*i18n*/ {
  id: 'pro.csv.file',
  message: 'prospects',
};
