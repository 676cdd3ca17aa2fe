import type { Kysely, Transaction } from 'kysely';
import { renderProSignInMail } from '../../mails/index';
import type { Lang } from '../../shared/contract';
import { ROUTE_BY_SCREEN } from '../../shared/routes';
import type { Database } from '../db/types';
import { insertMail } from '../repositories/mail-outbox';
import { newMessageId } from './address';
import type { RecipientLimit } from './recipient-limit';

// The sign-in link of the professional space, queued in the transaction that stores its token
// (a sign-in request, or an owner's invitation). Anyone can type an address into the sign-in
// form: the links to one address are limited (recipient-limit.ts) whoever asks.

/** Sign-in links to one address: at most 5 an hour. */
export const PRO_SIGN_IN_RECIPIENT_LIMIT: RecipientLimit = {
  kind: 'pro-sign-in',
  max: 5,
  periodMs: 60 * 60 * 1000,
};

export interface ProSignInMailSettings {
  publicUrl: string;
  from: string;
  siteName: string;
}

/** The sign-in page of the web app with the link's token. */
export function proSignInUrl(publicUrl: string, lang: Lang, token: string): string {
  return `${publicUrl}${ROUTE_BY_SCREEN.proSignIn.paths[lang]}?token=${encodeURIComponent(token)}`;
}

export async function queueProSignInMail(
  trx: Transaction<Database> | Kysely<Database>,
  to: { userId: number; email: string; agency: string },
  token: string,
  options: { lang: Lang; invited: boolean },
  settings: ProSignInMailSettings,
  now = new Date(),
): Promise<void> {
  const content = renderProSignInMail({
    lang: options.lang,
    siteName: settings.siteName,
    agency: to.agency,
    url: proSignInUrl(settings.publicUrl, options.lang, token),
    invited: options.invited,
  });
  await insertMail(trx, {
    alert_id: null,
    pro_user_id: to.userId,
    kind: 'pro-sign-in',
    to_address: to.email,
    subject: content.subject,
    message_id: newMessageId(settings.from, `pro-sign-in-${to.userId}`),
    headers: JSON.stringify({}),
    html: content.html,
    text: content.text,
    next_attempt_at: now,
  });
}
