import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MessageDescriptor } from '@lingui/core';
import PO from 'pofile';
import type { Lang } from '../../shared/contract';

// The message catalogs (locales/{lang}/messages.po) for texts the BFF writes itself, such as the
// messages of its JSON answers: the same texts as the pages, from the same source, instead of
// copies. A descriptor of shared/messages.ts is looked up by its id; its French text (the source)
// answers when a catalog lacks it. Placeholders ({name}) are filled from the descriptor's values.

type Catalog = ReadonlyMap<string, string>;

const catalogs = new Map<Lang, Catalog>();

/** msgid → msgstr of a .po file (obsolete entries and the header left out). */
export function parsePo(source: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of PO.parse(source).items) {
    if (!item.obsolete && item.msgid !== '') out.set(item.msgid, item.msgstr.join(''));
  }
  return out;
}

function catalog(lang: Lang): Catalog {
  let loaded = catalogs.get(lang);
  if (!loaded) {
    const file = fileURLToPath(new URL(`../../locales/${lang}/messages.po`, import.meta.url));
    try {
      loaded = parsePo(readFileSync(file, 'utf8'));
    } catch {
      // Without its catalog a language falls back to the French source texts.
      loaded = new Map();
    }
    catalogs.set(lang, loaded);
  }
  return loaded;
}

/** The text of a shared message descriptor in a language, placeholders filled. */
export function translate(descriptor: MessageDescriptor, lang: Lang): string {
  const found = descriptor.id ? catalog(lang).get(descriptor.id) : undefined;
  const text = found || descriptor.message || descriptor.id;
  const values = (descriptor.values ?? {}) as Record<string, unknown>;
  return text.replace(/\{(\w+)\}/g, (all, name: string) =>
    name in values ? String(values[name]) : all,
  );
}
