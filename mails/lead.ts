import type { Lang } from '../shared/contract';
import * as m from './messages';
import {
  button,
  escapeHtml,
  labelledLines,
  layout,
  link,
  mailText,
  rowsTable,
  textLayout,
  type MailContent,
} from './render';

// A contact request's two mails: the lead, to the agency or its negotiator in the agency's
// language, and the visitor's copy in the language of the page. Everything the visitor typed is
// plain text here, escaped in the HTML part (the headers are nodemailer's to encode).

export interface LeadVisitor {
  name: string;
  email: string;
  /** As typed, and in the international format; `tel` the tel: URI. */
  phone: string;
  phoneInternational: string;
  tel: string;
  message: string;
  reco: boolean;
  /** The language of the page the visitor wrote from, and its URL. */
  lang: Lang;
  pageUrl: string;
  sentAt: Date;
}

/** The offer in one language, with absolute URLs. */
export interface LeadOffer {
  reference: string;
  title: string;
  city: string;
  price: string;
  url: string;
  photoUrl: string | null;
}

export interface LeadAgency {
  name: string;
  phone: string;
  address: string;
  url: string;
}

export interface LeadMailInput {
  /** The language of the mail: the agency's for the lead, the page's for the copy. */
  lang: Lang;
  siteName: string;
  visitor: LeadVisitor;
  offer: LeadOffer | null;
  agency: LeadAgency;
}

type Row = [label: string, value: string, href?: string];

function sentAt(date: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Paris',
    timeZoneName: 'short',
  }).format(date);
}

function htmlRows(rows: Row[]): string {
  return rowsTable(
    rows.map(([label, value, href]) => [label, href ? link(href, value) : escapeHtml(value)]),
    { td: 'word-break:break-word;' },
  );
}

const heading = (text: string) =>
  `<h2 style="margin:24px 0 8px;font-size:17px;">${escapeHtml(text)}</h2>`;

function offerRows(offer: LeadOffer, lang: Lang): Row[] {
  return [
    [mailText(m.leadReference, lang), offer.reference],
    [mailText(m.leadPrice, lang), offer.price],
    [mailText(m.leadCity, lang), offer.city],
  ];
}

/** The offer's part of a mail's text, after a blank line. */
function offerText(offer: LeadOffer, lang: Lang): string[] {
  return [
    '',
    mailText(m.mailHeading, lang, { label: mailText(m.leadProperty, lang) }),
    offer.title,
    ...labelledLines(offerRows(offer, lang), lang),
    offer.url,
  ];
}

function offerHtml(offer: LeadOffer, lang: Lang): string {
  const photo = offer.photoUrl
    ? `<a href="${escapeHtml(offer.url)}"><img src="${escapeHtml(offer.photoUrl)}" alt="${escapeHtml(offer.title)}" width="400" style="display:block;max-width:100%;height:auto;border:0;margin:0 0 12px;"></a>`
    : '';
  return `${photo}<p style="margin:0 0 8px;font-size:16px;">${link(offer.url, offer.title)}</p>${htmlRows(offerRows(offer, lang))}`;
}

/** The lead: what the agency (or its negotiator) receives, in the agency's language. */
export function renderLeadMail(input: LeadMailInput): MailContent {
  const { lang, siteName, visitor, offer } = input;
  const subject = offer
    ? mailText(m.leadSubject, lang, {
        reference: offer.reference,
        title: offer.title,
        city: offer.city,
      })
    : mailText(m.leadSubjectAgency, lang, { siteName });
  const intro = offer
    ? mailText(m.leadIntro, lang, { name: visitor.name, siteName })
    : mailText(m.leadIntroAgency, lang, { name: visitor.name, siteName });
  const phone =
    visitor.phoneInternational && visitor.phoneInternational !== visitor.phone
      ? `${visitor.phone} (${visitor.phoneInternational})`
      : visitor.phone;
  const visitorRows: Row[] = [
    [mailText(m.leadName, lang), visitor.name],
    [mailText(m.leadEmail, lang), visitor.email, `mailto:${visitor.email}`],
    [mailText(m.leadPhone, lang), phone, visitor.tel],
    [mailText(m.leadReco, lang), mailText(visitor.reco ? m.leadRecoYes : m.leadRecoNo, lang)],
    [mailText(m.leadSentAt, lang), sentAt(visitor.sentAt, lang)],
    [
      mailText(m.leadLang, lang),
      mailText(visitor.lang === 'en' ? m.langEnglish : m.langFrench, lang),
    ],
    [mailText(m.leadPage, lang), visitor.pageUrl, visitor.pageUrl],
  ];
  const messageLabel = mailText(m.leadMessage, lang);
  const visitorLabel = mailText(m.leadVisitor, lang);
  const propertyLabel = mailText(m.leadProperty, lang);
  const reply = mailText(m.leadReply, lang, { name: visitor.name });
  const footer = mailText(m.leadFooter, lang, { siteName });

  const text = textLayout(
    [
      intro,
      '',
      mailText(m.mailHeading, lang, { label: messageLabel }),
      visitor.message,
      '',
      mailText(m.mailHeading, lang, { label: visitorLabel }),
      ...labelledLines(visitorRows, lang),
      visitor.tel,
      ...(offer ? [...offerText(offer, lang), ...(offer.photoUrl ? [offer.photoUrl] : [])] : []),
      '',
      reply,
    ],
    [footer],
  );

  const html = layout(
    lang,
    subject,
    `<p style="margin:0 0 16px;">${escapeHtml(intro)}</p>
${heading(messageLabel)}
<p style="margin:0 0 16px;white-space:pre-line;word-break:break-word;">${escapeHtml(visitor.message)}</p>
${heading(visitorLabel)}
${htmlRows(visitorRows)}
${offer ? `${heading(propertyLabel)}\n${offerHtml(offer, lang)}` : ''}
<p style="margin:24px 0 0;">${escapeHtml(reply)}</p>`,
    escapeHtml(footer),
  );
  return { subject, text, html };
}

/** The visitor's copy, in the language of the page they wrote from. */
export function renderLeadCopyMail(input: LeadMailInput): MailContent {
  const { lang, siteName, visitor, offer, agency } = input;
  const subject = mailText(m.leadCopySubject, lang, { agency: agency.name });
  const hello = mailText(m.leadCopyHello, lang, { name: visitor.name });
  const intro = mailText(m.leadCopyIntro, lang, { agency: agency.name });
  const sentLabel = mailText(m.leadCopySent, lang);
  const agencyLabel = mailText(m.leadCopyAgency, lang);
  const propertyLabel = mailText(m.leadProperty, lang);
  const sentRows: Row[] = [
    [mailText(m.leadName, lang), visitor.name],
    [mailText(m.leadEmail, lang), visitor.email],
    [mailText(m.leadPhone, lang), visitor.phone],
    [mailText(m.leadReco, lang), mailText(visitor.reco ? m.leadRecoYes : m.leadRecoNo, lang)],
  ];
  const agencyRows: Row[] = [
    [mailText(m.leadName, lang), agency.name],
    [mailText(m.leadPhone, lang), agency.phone],
    [mailText(m.leadCopyAddress, lang), agency.address],
  ];
  const footer = mailText(m.leadCopyFooter, lang, { siteName });
  const notYou = mailText(m.mailNotYou, lang);

  const text = textLayout(
    [
      hello,
      '',
      intro,
      '',
      mailText(m.mailHeading, lang, { label: sentLabel }),
      ...labelledLines(sentRows, lang),
      mailText(m.mailHeading, lang, { label: mailText(m.leadMessage, lang) }),
      visitor.message,
      ...(offer ? offerText(offer, lang) : []),
      '',
      mailText(m.mailHeading, lang, { label: agencyLabel }),
      ...labelledLines(agencyRows, lang),
      agency.url,
      '',
      notYou,
    ],
    [footer],
  );

  const html = layout(
    lang,
    subject,
    `<p style="margin:0 0 16px;">${escapeHtml(hello)}</p>
<p style="margin:0 0 16px;">${escapeHtml(intro)}</p>
${heading(sentLabel)}
${htmlRows(sentRows)}
<p style="margin:12px 0 16px;white-space:pre-line;word-break:break-word;">${escapeHtml(visitor.message)}</p>
${offer ? `${heading(propertyLabel)}\n${offerHtml(offer, lang)}` : ''}
${heading(agencyLabel)}
${htmlRows(agencyRows)}
${button(agency.url, mailText(m.leadCopyViewAgency, lang))}
<p style="margin:24px 0 0;font-size:14px;">${escapeHtml(notYou)}</p>`,
    escapeHtml(footer),
  );
  return { subject, text, html };
}
