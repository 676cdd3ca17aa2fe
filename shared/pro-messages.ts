import type { MessageDescriptor } from '@lingui/core';

// The professional space's messages written outside the screens' JSX (the BFF's answers, the
// actions' outcomes), as Lingui descriptors without macros (see shared/messages.ts).

export const proSignInTooMany: MessageDescriptor = /*i18n*/ {
  id: 'pro.signIn.tooMany',
  message:
    'Trop de demandes de connexion ont été envoyées depuis votre connexion. Réessayez dans quelques minutes.',
};
