import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type { Lang } from '../../shared/contract';

// One Lingui instance per language (never a global one switched per request: the server renders
// both languages at once). French is the source and the fallback: a message missing in English
// shows in French (the locales test keeps that from happening).

const loaders = import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po');

const instances = new Map<Lang, I18n>();

/** The Lingui instance of a language, loading its catalog once. */
export async function loadI18n(lang: Lang): Promise<I18n> {
  const hit = instances.get(lang);
  if (hit) return hit;
  const load = loaders[`../../locales/${lang}/messages.po`];
  if (!load) throw new Error(`no catalog for ${lang}`);
  const { messages } = await load();
  const i18n = setupI18n({ locale: lang, messages: { [lang]: messages } });
  instances.set(lang, i18n);
  return i18n;
}

/** The Lingui instance of a language already loaded (undefined before loadI18n). */
export function loadedI18n(lang: Lang): I18n | undefined {
  return instances.get(lang);
}
