import type { Lang } from '../shared/contract';
import * as m from './messages';
import { button, escapeHtml, layout, mailText, type MailContent } from './render';

// The sign-in link of the professional space: a link to the sign-in page with the one-time
// token, where the user confirms (a scanner that opens the link does not spend it).

export interface ProSignInMailInput {
  lang: Lang;
  siteName: string;
  agency: string;
  /** The sign-in page with the token. */
  url: string;
  /** Sent because an owner invited the address. */
  invited: boolean;
}

export function renderProSignInMail(input: ProSignInMailInput): MailContent {
  const { lang, siteName, agency, url } = input;
  const subject = mailText(m.proSignInSubject, lang, { siteName });
  const intro = mailText(input.invited ? m.proSignInInvited : m.proSignInIntro, lang, {
    agency,
    siteName,
  });
  const label = mailText(m.proSignInButton, lang);
  const notYou = mailText(m.proSignInNotYou, lang);
  const text = [mailText(m.mailHello, lang), '', intro, '', url, '', notYou, ''].join('\n');
  const html = layout(
    lang,
    subject,
    `<p style="margin:0 0 16px;">${escapeHtml(mailText(m.mailHello, lang))}</p>
<p style="margin:0 0 16px;">${escapeHtml(intro)}</p>
${button(url, label)}
<p style="margin:24px 0 0;font-size:14px;">${escapeHtml(notYou)}</p>`,
    escapeHtml(siteName),
  );
  return { subject, text, html };
}
