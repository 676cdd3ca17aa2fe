import type { MessageDescriptor } from '@lingui/core';

// The messages of the BFF's JSON error answers (server/http-errors.ts), written in the visitor's
// language from the catalogs, as Lingui descriptors without macros (see shared/messages.ts).

export const listingsUnavailable: MessageDescriptor = /*i18n*/ {
  id: 'http.listingsUnavailable',
  message:
    'Le service des annonces est momentanément indisponible. Veuillez réessayer dans quelques instants.',
};
export const listingsTimedOut: MessageDescriptor = /*i18n*/ {
  id: 'http.listingsTimedOut',
  message:
    "Le service des annonces n'a pas répondu à temps. Veuillez réessayer dans quelques instants.",
};
export const listingsBadAnswer: MessageDescriptor = /*i18n*/ {
  id: 'http.listingsBadAnswer',
  message:
    'Le service des annonces a donné une réponse inattendue. Veuillez réessayer dans quelques instants.',
};
export const internalError: MessageDescriptor = /*i18n*/ {
  id: 'http.internalError',
  message: 'Une erreur interne est survenue. Veuillez réessayer dans quelques instants.',
};
export const tooManyRequests: MessageDescriptor = /*i18n*/ {
  id: 'http.tooManyRequests',
  message:
    'Trop de demandes ont été envoyées depuis votre connexion. Veuillez réessayer dans {seconds} s.',
};
export const noSuchAddress: MessageDescriptor = /*i18n*/ {
  id: 'http.noSuchAddress',
  message: "Cette adresse n'existe pas.",
};

/** Every descriptor above, for catalog checks. */
export const HTTP_MESSAGES: readonly MessageDescriptor[] = [
  listingsUnavailable,
  listingsTimedOut,
  listingsBadAnswer,
  internalError,
  tooManyRequests,
  noSuchAddress,
];
