import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setupI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';
import type { Lang } from './contract';
import { CATALOGS } from './routes';

// The message catalogs (locales/{lang}/*.po) for the texts servers write themselves: the
// BFF's JSON answers, the listings API's mails. The same texts as the pages, from the same source,
// read at run time (no compile step): each language gets a Lingui i18n whose messages are the
// catalog's, compiled on first use, so ICU placeholders and plurals ({count, plural, …}) work as
// on the pages. A message missing from a catalog falls back to the descriptor's French text.

/** msgid → msgstr of a .po file (obsolete entries, empty translations and the header left out). */
export function parsePo(source: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of PO.parse(source).items) {
    if (!item.obsolete && item.msgid !== '') out.set(item.msgid, item.msgstr.join(''));
  }
  return out;
}

const i18ns = new Map<Lang, I18n>();

/** Every catalog of a language (CATALOGS: the portal's and the professional space's) as one. */
function readCatalogs(lang: Lang): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const name of CATALOGS) {
    const file = fileURLToPath(new URL(`../locales/${lang}/${name}.po`, import.meta.url));
    try {
      for (const [id, text] of parsePo(readFileSync(file, 'utf8'))) if (text) messages[id] = text;
    } catch {
      // Without its catalog a language falls back to the French source texts.
    }
  }
  return messages;
}

/** The Lingui i18n of a language, its catalog loaded (read once per process). */
export function catalogI18n(lang: Lang): I18n {
  let i18n = i18ns.get(lang);
  if (!i18n) {
    i18n = setupI18n({ locale: lang, messages: { [lang]: readCatalogs(lang) } });
    // Lingui leaves the run-time compiler out in production; the catalogs are read uncompiled.
    i18n.setMessagesCompiler(compileMessage);
    i18ns.set(lang, i18n);
  }
  return i18n;
}

/**
 * The text of a message descriptor in a language, its placeholders filled from `values`, then
 * from the descriptor's own.
 * @example translate(nameTooLong, 'en') // 'Your name cannot exceed 80 characters'
 */
export function translate(
  descriptor: MessageDescriptor,
  lang: Lang,
  values?: Record<string, unknown>,
): string {
  return catalogI18n(lang)._({
    ...descriptor,
    values: { ...(descriptor.values as Record<string, unknown> | undefined), ...values },
  });
}
