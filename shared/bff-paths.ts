import type { Lang } from './contract';

// The web app's paths that are not screens: what the BFF serves besides pages (the route table,
// shared/routes.ts) and its JSON endpoints (API_PATHS, shared/portal-api.ts). The server
// registers its routes from here, and pages, mails and robots.txt link to them from here: no
// such path is written by hand twice.

export const BFF_PATHS = {
  /** Prefix of the BFF's JSON endpoints (API_PATHS). */
  api: '/api/',
  /** The language switch: `/lang/{lang}?to={path}` stores the choice, then goes to the page. */
  languageSwitch: '/lang/',
  /** Frame files: the root data every page shares, `/_frame/{hash}.json`. */
  frame: '/_frame/',
  /** The double opt-in link of an alert mail: `?token=…&lang=…`. */
  alertConfirm: '/alerts/confirm',
  /** The unsubscribe link of an alert mail (and its RFC 8058 one-click POST). */
  alertUnsubscribe: '/alerts/unsubscribe',
  /** The professional space's leads as CSV: the leads page's filters and `lang` (its columns). */
  proLeadsCsv: '/pro/leads.csv',
  /** A feed sent from the professional space, relayed to the listings API: `?lang=…`. */
  proFeedUpload: '/pro-feeds/upload',
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
} as const;

/** The language switch's route, `:lang` the language chosen. */
export const LANGUAGE_SWITCH_ROUTE = `${BFF_PATHS.languageSwitch}:lang`;

/** Path of the language switch: a BFF endpoint storing the choice, then going to the page. */
export function languageSwitchPath(toLang: Lang, target: string): string {
  return `${BFF_PATHS.languageSwitch}${toLang}?to=${encodeURIComponent(target)}`;
}

/** The search form's route (the form without JavaScript), `:lang` the page's language. */
export const SEARCH_FORM_ROUTE = '/:lang/search/';

/** Where the search form goes: the BFF redirects it to its result list. */
export function searchFormPath(lang: Lang): string {
  return SEARCH_FORM_ROUTE.replace(':lang', lang);
}

/** Name of a frame file: a hash of its content. */
export const FRAME_HASH = /^[A-Za-z0-9_-]{22}$/;

export function frameUrl(hash: string): string {
  return `${BFF_PATHS.frame}${hash}.json`;
}

export type AlertLink = 'confirm' | 'unsubscribe';

const ALERT_LINK_PATHS: Record<AlertLink, string> = {
  confirm: BFF_PATHS.alertConfirm,
  unsubscribe: BFF_PATHS.alertUnsubscribe,
};

/**
 * Path of an alert mail's link with its signed token (and the language of the page it leads
 * to; a page's own form leaves it out and posts the language as a field).
 */
export function alertLinkPath(link: AlertLink, token: string, lang?: Lang): string {
  const query = new URLSearchParams({ token });
  if (lang) query.set('lang', lang);
  return `${ALERT_LINK_PATHS[link]}?${query}`;
}
