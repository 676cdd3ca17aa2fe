import type { Lang } from '../shared/contract';
import { ROUTE_BY_SCREEN } from '../shared/routes';
import * as m from './messages';
import { escapeHtml, layout, mailText, type MailContent } from './render';

// The confirmation mail of a professional (prospect) request: what the thanks text of the
// professional contact page promises. It repeats what was sent and links to the personal data
// page of the web app.

export interface ProspectMailInput {
  lang: Lang;
  siteName: string;
  /** The public web app: base of the personal data page's link. */
  publicUrl: string;
  lastname: string;
  firstname: string;
  company: string;
  city: string;
  phone: string;
  email: string;
  /** Left out of the mail when empty. */
  message: string;
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
