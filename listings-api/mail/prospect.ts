import type { Kysely, Transaction } from 'kysely';
import {
  renderProspectMail,
  renderProspectSalesMail,
  type ProspectMailInput,
} from '../../mails/index';
import type { Lang } from '../../shared/contract';
import type { Database } from '../db/types';
import { insertMail } from '../repositories/mail-outbox';
import { newMessageId } from './address';

// The mails of a professional (prospect) request: its confirmation to the requester, what the
// thanks text of the professional contact page promises, and the request to the portal's sales
// address (PORTAL_SALES_EMAIL), answering to the requester. Written to the outbox in the
// transaction that stores the request, so they exist exactly when the request does (a repeated
// request with the same idempotency key stores nothing and queues nothing; a unique index allows
// one of each kind per request), then sent by the outbox (retries, SMTP or .eml files). Their
// subjects, texts and HTML come from mails/prospect.ts.

/** A stored request: what its mails repeat, with its id and the language it was sent in. */
export interface ProspectRow extends Omit<ProspectMailInput, 'lang' | 'siteName' | 'publicUrl'> {
  id: number;
  lang: string;
}

export interface ProspectMailSettings {
  publicUrl: string;
  /** From header: its host is the Message-ID's. */
  from: string;
  /** The site's name the texts speak of (the settings' siteName). */
  siteName: string;
  /** The portal's sales address, which receives the request. */
  salesEmail: string;
}

/** The language of the mails to the portal's own team. */
const SALES_LANG: Lang = 'fr';

/**
 * Queues the confirmation of a stored prospect request and the request to the sales address,
 * inside the transaction that stored it. At most one of each per request (unique index): a
 * second call does nothing.
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
  const sales = renderProspectSalesMail({
    ...prospect,
    lang: SALES_LANG,
    requesterLang: lang,
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
  const salesId = await insertMail(trx, {
    alert_id: null,
    prospect_id: prospect.id,
    kind: 'prospect-sales',
    to_address: settings.salesEmail,
    from_name: `${prospect.firstname} ${prospect.lastname}`,
    reply_to: prospect.email,
    subject: sales.subject,
    message_id: newMessageId(settings.from, `prospect-sales-${prospect.id}`),
    headers: JSON.stringify({}),
    html: sales.html,
    text: sales.text,
    next_attempt_at: now,
  });
  return id !== undefined && salesId !== undefined;
}
