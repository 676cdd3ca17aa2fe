import type { MessageDescriptor } from '@lingui/core';
import { MESSAGE_MAX_LENGTH, NAME_MAX_LENGTH, PROSPECT_FIELD_MAX_LENGTH } from './validation';

// The user-visible messages of the shared modules, as Lingui message descriptors written without
// macros (shared code also runs under tsx, where no macro is compiled). Each object is marked
// /*i18n*/ so `lingui extract` collects it; `message` is the French source text. The web app
// shows them with `i18n._(descriptor)`; descriptors with placeholders carry their `values`.

// Search form (spec section 5)

export const minPriceAboveMax: MessageDescriptor = /*i18n*/ {
  id: 'search.price.minAboveMax',
  message: 'Le prix minimum doit être inférieur au prix maximum',
};
export const minRentAboveMax: MessageDescriptor = /*i18n*/ {
  id: 'search.rent.minAboveMax',
  message: 'Le loyer minimum doit être inférieur au loyer maximum',
};
export const bedroomsAboveRooms: MessageDescriptor = /*i18n*/ {
  id: 'search.bedrooms.aboveRooms',
  message: 'Le nombre de chambres doit être inférieur au nombre de pièces',
};
export const minSurfaceAboveMax: MessageDescriptor = /*i18n*/ {
  id: 'search.surface.minAboveMax',
  message: 'La surface minimale doit être inférieure à la surface maximale',
};
export const minLandAboveMax: MessageDescriptor = /*i18n*/ {
  id: 'search.land.minAboveMax',
  message: 'La surface de terrain minimale doit être inférieure à la surface de terrain maximale',
};

// Contact, prospect and alert forms (spec section 5)

export const fieldInvalid: MessageDescriptor = /*i18n*/ {
  id: 'form.field.invalid',
  message: "Cette valeur n'est pas valide",
};
export const nameRequired: MessageDescriptor = /*i18n*/ {
  id: 'form.name.required',
  message: 'Veuillez saisir votre nom',
};
export const nameTooLong: MessageDescriptor = /*i18n*/ {
  id: 'form.name.tooLong',
  message: 'Votre nom ne peut pas dépasser {nameMaxLength} caractères',
  values: { nameMaxLength: NAME_MAX_LENGTH },
};
export const phoneRequired: MessageDescriptor = /*i18n*/ {
  id: 'form.phone.required',
  message: 'Veuillez saisir un numéro de téléphone',
};
export const phoneInvalid: MessageDescriptor = /*i18n*/ {
  id: 'form.phone.invalid',
  message: 'Veuillez saisir un numéro de téléphone valide',
};
export const emailRequired: MessageDescriptor = /*i18n*/ {
  id: 'form.email.required',
  message: 'Veuillez saisir une adresse e-mail',
};
export const emailInvalid: MessageDescriptor = /*i18n*/ {
  id: 'form.email.invalid',
  message: 'Veuillez saisir une adresse e-mail valide',
};
export const messageRequired: MessageDescriptor = /*i18n*/ {
  id: 'form.message.required',
  message: 'Veuillez saisir un message',
};
export const messageTooLong: MessageDescriptor = /*i18n*/ {
  id: 'form.message.tooLong',
  message: 'Votre message ne peut pas dépasser {messageMaxLength} caractères',
  values: { messageMaxLength: MESSAGE_MAX_LENGTH },
};
export const lastnameRequired: MessageDescriptor = /*i18n*/ {
  id: 'form.lastname.required',
  message: 'Veuillez saisir votre nom',
};
export const lastnameTooLong: MessageDescriptor = /*i18n*/ {
  id: 'form.lastname.tooLong',
  message: 'Votre nom ne peut pas dépasser {maxLength} caractères',
  values: { maxLength: PROSPECT_FIELD_MAX_LENGTH },
};
export const firstnameRequired: MessageDescriptor = /*i18n*/ {
  id: 'form.firstname.required',
  message: 'Veuillez saisir votre prénom',
};
export const firstnameTooLong: MessageDescriptor = /*i18n*/ {
  id: 'form.firstname.tooLong',
  message: 'Votre prénom ne peut pas dépasser {maxLength} caractères',
  values: { maxLength: PROSPECT_FIELD_MAX_LENGTH },
};
export const companyRequired: MessageDescriptor = /*i18n*/ {
  id: 'form.company.required',
  message: 'Veuillez saisir le nom de votre société',
};
export const companyTooLong: MessageDescriptor = /*i18n*/ {
  id: 'form.company.tooLong',
  message: 'Le nom de votre société ne peut pas dépasser {maxLength} caractères',
  values: { maxLength: PROSPECT_FIELD_MAX_LENGTH },
};
export const cityRequired: MessageDescriptor = /*i18n*/ {
  id: 'form.city.required',
  message: 'Veuillez saisir une ville',
};
export const cityTooLong: MessageDescriptor = /*i18n*/ {
  id: 'form.city.tooLong',
  message: 'Le nom de la ville ne peut pas dépasser {maxLength} caractères',
  values: { maxLength: PROSPECT_FIELD_MAX_LENGTH },
};

// Outcomes of a contact request the page and the BFF's JSON answer both state (server/writes/
// contact.ts answers them in the visitor's language from the catalogs, server/api/messages.ts).

export const contactRefused: MessageDescriptor = /*i18n*/ {
  id: 'contact.refused',
  message:
    "Vous avez atteint le nombre maximum de demandes de contact pour aujourd'hui. Veuillez réessayer demain.",
};
export const contactRateLimited: MessageDescriptor = /*i18n*/ {
  id: 'contact.rateLimited',
  message:
    'Trop de demandes ont été envoyées depuis votre connexion. Veuillez réessayer plus tard.',
};
export const contactFailed: MessageDescriptor = /*i18n*/ {
  id: 'contact.failed',
  message:
    "Votre demande n'a pas pu être envoyée : le service est momentanément indisponible. Veuillez réessayer dans quelques instants.",
};

// Refusals of any form posted to a page (server/ssr/page-actions.ts)

export const formCrossSite: MessageDescriptor = /*i18n*/ {
  id: 'form.crossSite',
  message: "Ce formulaire n'est accepté que depuis ce site.",
};
export const formUnknown: MessageDescriptor = /*i18n*/ {
  id: 'form.unknown',
  message: "Cette demande n'est pas un formulaire de cette page.",
};
export const formTooMany: MessageDescriptor = /*i18n*/ {
  id: 'form.tooMany',
  message: 'Trop de demandes en peu de temps. Veuillez réessayer dans un moment.',
};

// Price suffixes (spec section 9), for a caller that prefers a translated descriptor to the
// fixed strings of format.ts.

export const perMonth: MessageDescriptor = /*i18n*/ {
  id: 'price.suffix.month',
  message: '/mois',
};
export const perWeek: MessageDescriptor = /*i18n*/ {
  id: 'price.suffix.week',
  message: '/semaine',
};

/** Every descriptor above, for catalog checks. */
export const ALL_MESSAGES: readonly MessageDescriptor[] = [
  minPriceAboveMax,
  minRentAboveMax,
  bedroomsAboveRooms,
  minSurfaceAboveMax,
  minLandAboveMax,
  fieldInvalid,
  nameRequired,
  nameTooLong,
  phoneRequired,
  phoneInvalid,
  emailRequired,
  emailInvalid,
  messageRequired,
  messageTooLong,
  lastnameRequired,
  lastnameTooLong,
  firstnameRequired,
  firstnameTooLong,
  companyRequired,
  companyTooLong,
  cityRequired,
  cityTooLong,
  contactRefused,
  contactRateLimited,
  contactFailed,
  formCrossSite,
  formUnknown,
  formTooMany,
  perMonth,
  perWeek,
];

const byId = new Map(ALL_MESSAGES.map((m) => [m.id, m]));

/** The descriptor of an id, or the generic invalid-value message. */
export function messageById(id: string): MessageDescriptor {
  return byId.get(id) ?? fieldInvalid;
}
