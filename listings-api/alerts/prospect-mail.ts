import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Lang } from '../../shared/contract';
import { ROUTE_BY_SCREEN } from '../../shared/routes';
import type { Database } from '../db/types';
import { addressOf } from './config';
import * as m from './mail-messages';
import { escapeHtml, layout, mailText, type MailContent } from './templates';

// The confirmation mail of a professional (prospect) request: what the thanks text of the
// professional contact page promises. Written to the outbox in the transaction that stores the
// request, so it exists exactly when the request does (a repeated request with the same
// idempotency key stores nothing and queues nothing; a unique index allows one per request), then
// sent by the same machinery as alert mails (retries, SMTP or .eml files).

/** The request's fields the mail repeats. */
type ProspectFields = Pick<
  ProspectRow,
  'lastname' | 'firstname' | 'company' | 'city' | 'phone' | 'email' | 'message'
>;

export interface ProspectMailInput extends ProspectFields {
  lang: Lang;
  siteName: string;
  publicUrl: string;
}

/** The confirmation of a professional request, French or English, text and HTML. */
export function renderProspectMail(input: ProspectMailInput): MailContent {
  const { lang, siteName, publicUrl } = input;
  const privacyUrl = `${publicUrl}${ROUTE_BY_SCREEN.personalData.paths[lang]}`;
  const subject = mailText(m.prospectSubject, lang, { siteName });
  const hello = mailText(m.prospectHello, lang, {
    firstname: input.firstname,
    lastname: input.lastname,
  });
  const intro = mailText(m.prospectIntro, lang, { company: input.company, siteName });
  const summaryTitle = mailText(m.prospectSummary, lang);
  const rows: [string, string][] = [
    [mailText(m.prospectLastname, lang), input.lastname],
    [mailText(m.prospectFirstname, lang), input.firstname],
    [mailText(m.prospectCompany, lang), input.company],
    [mailText(m.prospectCity, lang), input.city],
    [mailText(m.prospectPhone, lang), input.phone],
    [mailText(m.prospectEmail, lang), input.email],
    ...(input.message
      ? ([[mailText(m.prospectMessage, lang), input.message]] as [string, string][])
      : []),
  ];
  const notYou = mailText(m.mailNotYou, lang);
  const privacy = mailText(m.prospectPrivacy, lang);

  const text = [
    hello,
    '',
    intro,
    '',
    mailText(m.mailHeading, lang, { label: summaryTitle }),
    ...rows.map(([label, value]) => mailText(m.mailLabelled, lang, { label, value })),
    '',
    notYou,
    '',
    '--',
    privacy,
    privacyUrl,
    '',
  ].join('\n');

  const table = rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" align="left" valign="top" style="padding:4px 16px 4px 0;font-weight:normal;color:#6b6b6b;white-space:nowrap;">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-line;">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const html = layout(
    lang,
    subject,
    `<p style="margin:0 0 16px;">${escapeHtml(hello)}</p>
<p style="margin:0 0 16px;">${escapeHtml(intro)}</p>
<h2 style="margin:24px 0 8px;font-size:17px;">${escapeHtml(summaryTitle)}</h2>
<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px;line-height:1.4;">
${table}
</table>
<p style="margin:24px 0 0;font-size:14px;">${escapeHtml(notYou)}</p>`,
    `${escapeHtml(privacy)} <a href="${escapeHtml(privacyUrl)}" style="color:#1f2a44;">${escapeHtml(privacyUrl)}</a>`,
  );
  return { subject, text, html };
}

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
  const host = addressOf(settings.from).split('@')[1] ?? 'localhost';
  const inserted = await trx
    .insertInto('mail_outbox')
    .values({
      alert_id: null,
      prospect_id: prospect.id,
      kind: 'prospect',
      to_address: prospect.email,
      subject: content.subject,
      message_id: `<prospect-${prospect.id}.${randomUUID()}@${host}>`,
      headers: JSON.stringify({}),
      html: content.html,
      text: content.text,
      next_attempt_at: now,
    })
    .onConflict((oc) => oc.column('prospect_id').where('prospect_id', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
