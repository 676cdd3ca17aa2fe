import type { MessageDescriptor } from '@lingui/core';
import { translate } from '../shared/catalogs.server';
import type { Lang } from '../shared/contract';
import * as m from './messages';

// What every mail is made of: its texts from the message catalogs (messages.ts,
// locales/*/messages.po, read at run time), escaped for the HTML part, and the one HTML layout,
// button and link of all mails.

/** A mail ready to send: its subject, plain-text part and HTML part. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

type Values = Record<string, string | number>;

/** A mail text in a language, placeholders filled. */
export function mailText(descriptor: MessageDescriptor, lang: Lang, values?: Values): string {
  return translate(descriptor, lang, values);
}

/**
 * A mail text as HTML: the catalog's text escaped, its placeholders filled with text (escaped)
 * or with `{ html }` (as it is); numbers go to the message as they are, for its plurals.
 */
export function mailHtml(
  descriptor: MessageDescriptor,
  lang: Lang,
  values: Record<string, string | number | { html: string }> = {},
): string {
  const filled: string[] = [];
  const plain: Values = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'number') {
      plain[name] = value;
      continue;
    }
    // A marker no catalog text holds, replaced (in one pass) once the text around it is escaped.
    plain[name] = `\ue000${filled.length}\ue001`;
    filled.push(typeof value === 'string' ? escapeHtml(value) : value.html);
  }
  return escapeHtml(translate(descriptor, lang, plain)).replace(
    /\ue000(\d+)\ue001/g,
    (_marker, i: string) => filled[Number(i)] ?? '',
  );
}

/** 'Label : value' with the language's typography. */
export function labelled(label: string, value: string, lang: Lang): string {
  return mailText(m.mailLabelled, lang, { label, value });
}

/** Rows of a summary (label, value, anything else ignored) as 'Label : value' lines. */
export function labelledLines(
  rows: readonly (readonly [label: string, value: string, ...rest: unknown[]])[],
  lang: Lang,
): string[] {
  return rows.map(([label, value]) => labelled(label, value, lang));
}

/** A visitor's search in the language's quotation marks. */
export function quoted(text: string, lang: Lang): string {
  return mailText(m.mailQuoted, lang, { text });
}

export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The text part of a mail: its body, then the footer below the signature separator ('--'). */
export function textLayout(body: readonly string[], footer: readonly string[]): string {
  return [...body, '', '--', ...footer, ''].join('\n');
}

// A plain, table-based layout: what mail clients render most consistently.
export function layout(lang: Lang, title: string, body: string, footer: string): string {
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f1ec;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1ec;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;font-family:Georgia,'Times New Roman',serif;color:#222222;">
<tr><td style="padding:28px 32px;font-size:16px;line-height:1.5;">
${body}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid #e5e0d8;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:1.5;color:#6b6b6b;">
${footer}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

export function button(url: string, label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0;"><tr><td style="background:#1f2a44;border-radius:4px;"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#ffffff;text-decoration:none;">${escapeHtml(label)}</a></td></tr></table>`;
}

export function link(url: string, label: string): string {
  return `<a href="${escapeHtml(url)}" style="color:#1f2a44;">${escapeHtml(label)}</a>`;
}

/**
 * Labelled rows as a table: each label a row header, each value already HTML. `th` and `td` add
 * to the cells' own styles.
 */
export function rowsTable(
  rows: [label: string, valueHtml: string][],
  extra: { th?: string; td?: string } = {},
): string {
  const cells = rows
    .map(
      ([label, valueHtml]) =>
        `<tr><th scope="row" align="left" valign="top" style="padding:4px 16px 4px 0;font-weight:normal;color:#6b6b6b;${extra.th ?? ''}">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-line;${extra.td ?? ''}">${valueHtml}</td></tr>`,
    )
    .join('\n');
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:15px;line-height:1.4;">\n${cells}\n</table>`;
}
