import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type { Lang } from '../../shared/contract';
import type { CatalogName } from '../../shared/routes';

// One Lingui instance per language (never a global one switched per request: the server renders
// both languages at once). French is the source and the fallback: a message missing in English
// shows in French (the locales test keeps that from happening).
//
// A language has several catalogs (shared/routes.ts, CATALOGS): the portal's, which every page
// loads, and the professional space's, which a page of the space adds to the same instance. The
// server loads them all at start; the browser loads a catalog when a page first needs it.

const loaders = import.meta.glob<{ messages: Messages }>('../../locales/*/*.po');

const instances = new Map<Lang, I18n>();
/** The catalogs merged into each language's instance. */
const merged = new Map<Lang, Set<CatalogName>>();
/** The messages of each catalog (`fr/pro`), loading or loaded. */
const catalogs = new Map<string, Promise<Messages>>();

/** The messages of a catalog, loaded once (a failed load is tried again on the next call). */
export function catalogMessages(lang: Lang, name: CatalogName): Promise<Messages> {
  const key = `${lang}/${name}`;
  const hit = catalogs.get(key);
  if (hit) return hit;
  const load = loaders[`../../locales/${key}.po`];
  if (!load) return Promise.reject(new Error(`no catalog ${key}`));
  const loading = load().then((module) => module.messages);
  catalogs.set(key, loading);
  loading.catch(() => catalogs.delete(key));
  return loading;
}

/**
 * The Lingui instance of a language, with the given catalogs in it (the portal's by default),
 * each loaded once.
 */
export async function loadI18n(
  lang: Lang,
  names: readonly CatalogName[] = ['messages'],
): Promise<I18n> {
  const done = merged.get(lang);
  const instance = instances.get(lang);
  if (instance && names.every((name) => done?.has(name))) return instance;
  const parts = await Promise.all(names.map((name) => catalogMessages(lang, name)));
  let i18n = instances.get(lang);
  let into = merged.get(lang);
  if (!i18n || !into) {
    into = new Set();
    i18n = setupI18n({ locale: lang, messages: { [lang]: {} } });
    instances.set(lang, i18n);
    merged.set(lang, into);
  }
  const missing = names.filter((name) => !into.has(name));
  if (missing.length > 0) {
    // One load (one change event) for every catalog added.
    i18n.load(lang, Object.assign({}, ...missing.map((name) => parts[names.indexOf(name)])));
    for (const name of missing) into.add(name);
  }
  return i18n;
}

/** The Lingui instance of a language already loaded (undefined before loadI18n). */
export function loadedI18n(lang: Lang): I18n | undefined {
  return instances.get(lang);
}
