import type { Lang } from '../shared/contract';
import { ROUTE_BY_SCREEN } from '../shared/routes';
import * as m from './messages';
import {
  escapeHtml,
  labelledLines,
  layout,
  mailText,
  rowsTable,
  textLayout,
  type MailContent,
} from './render';

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

/** What the requester sent, as labelled rows (the message left out when empty). */
function prospectRows(input: ProspectMailInput, lang: Lang): [string, string][] {
  return [
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
}

function htmlRows(rows: [string, string][]): string {
  return rowsTable(
    rows.map(([label, value]) => [label, escapeHtml(value)]),
    { th: 'white-space:nowrap;' },
  );
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
  const rows = prospectRows(input, lang);
  const notYou = mailText(m.mailNotYou, lang);
  const privacy = mailText(m.prospectPrivacy, lang);

  const text = textLayout(
    [
      hello,
      '',
      intro,
      '',
      mailText(m.mailHeading, lang, { label: summaryTitle }),
      ...labelledLines(rows, lang),
      '',
      notYou,
    ],
    [privacy, privacyUrl],
  );

  const html = layout(
    lang,
    subject,
    `<p style="margin:0 0 16px;">${escapeHtml(hello)}</p>
<p style="margin:0 0 16px;">${escapeHtml(intro)}</p>
<h2 style="margin:24px 0 8px;font-size:17px;">${escapeHtml(summaryTitle)}</h2>
${htmlRows(rows)}
<p style="margin:24px 0 0;font-size:14px;">${escapeHtml(notYou)}</p>`,
    `${escapeHtml(privacy)} <a href="${escapeHtml(privacyUrl)}" style="color:#1f2a44;">${escapeHtml(privacyUrl)}</a>`,
  );
  return { subject, text, html };
}

/**
 * The professional request as the portal's sales team receives it, in `lang`: who wrote, from
 * which company and city, what they sent and in which language; answering it answers them (the
 * queued mail's Reply-To).
 */
export function renderProspectSalesMail(
  input: ProspectMailInput & { requesterLang: Lang },
): MailContent {
  const { lang, siteName } = input;
  const name = `${input.firstname} ${input.lastname}`;
  const subject = mailText(m.prospectSalesSubject, lang, {
    company: input.company,
    city: input.city,
  });
  const intro = mailText(m.prospectSalesIntro, lang, { name, company: input.company, siteName });
  const rows: [string, string][] = [
    ...prospectRows(input, lang),
    [
      mailText(m.prospectSalesLang, lang),
      mailText(input.requesterLang === 'en' ? m.langEnglish : m.langFrench, lang),
    ],
  ];
  const reply = mailText(m.leadReply, lang, { name });
  const text = [intro, '', ...labelledLines(rows, lang), '', reply, ''].join('\n');
  const html = layout(
    lang,
    subject,
    `<p style="margin:0 0 16px;">${escapeHtml(intro)}</p>
${htmlRows(rows)}
<p style="margin:24px 0 0;font-size:14px;">${escapeHtml(reply)}</p>`,
    escapeHtml(siteName),
  );
  return { subject, text, html };
}
