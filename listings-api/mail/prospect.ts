import type { Kysely, Transaction } from 'kysely';
import { renderProspectMail } from '../../mails/index';
import type { Lang } from '../../shared/contract';
import type { Database } from '../db/types';
import { insertMail } from '../repositories/mail-outbox';
import { newMessageId } from './address';

// The confirmation mail of a professional (prospect) request: what the thanks text of the
// professional contact page promises. Written to the outbox in the transaction that stores the
// request, so it exists exactly when the request does (a repeated request with the same
// idempotency key stores nothing and queues nothing; a unique index allows one per request), then
// sent by the outbox (retries, SMTP or .eml files). Its subject, text and HTML come from
// mails/prospect.ts.

export interface ProspectRow {
  id: number;
  lang: string;
  lastname: string;
  firstname: string;
  company: string;
  city: string;
  phone: string;
  email: string;
  message: string;
}

export interface ProspectMailSettings {
  publicUrl: string;
  /** From header: its host is the Message-ID's. */
  from: string;
  /** The site's name the texts speak of (the settings' siteName). */
  siteName: string;
}

/**
 * Queues the confirmation of a stored prospect request, inside the transaction that stored it.
 * At most one per request (unique index): a second call does nothing.
 */
export async function queueProspectMail(
  trx: Transaction<Database> | Kysely<Database>,
  prospect: ProspectRow,
  settings: ProspectMailSettings,
  now = new Date(),
): Promise<boolean> {
  const lang: Lang = prospect.lang === 'en' ? 'en' : 'fr';
  const content = renderProspectMail({
    ...prospect,
    lang,
    siteName: settings.siteName,
    publicUrl: settings.publicUrl,
  });
  const id = await insertMail(trx, {
    alert_id: null,
    prospect_id: prospect.id,
    kind: 'prospect',
    to_address: prospect.email,
    subject: content.subject,
    message_id: newMessageId(settings.from, `prospect-${prospect.id}`),
    headers: JSON.stringify({}),
    html: content.html,
    text: content.text,
    next_attempt_at: now,
  });
  return id !== undefined;
}
