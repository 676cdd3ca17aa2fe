import { useSyncExternalStore } from 'react';

// Cookie consent (CNIL rules): nothing non-essential before the visitor's choice. The portal sets
// no audience or advertising cookie; what needs consent is third-party content that may set its
// own cookies: map tiles, video players and 3D tours. The choice is kept 6 months in a first-party
// cookie, per category, and can be changed at any time from the footer.
//
// Features showing such content ask `useConsent(category)`: false on the server and until the
// visitor agreed (show a placeholder with a button calling `grantConsent(category)`, or one
// opening the choices with `openCookieChoices()` from app/cookie-choices).

export const CONSENT_CATEGORIES = ['maps', 'videos', 'tours'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

export const CONSENT_COOKIE = 'cookie_consent';
/** Six months: the CNIL's recommended lifetime of a consent (or refusal) choice. */
export const CONSENT_MAX_AGE_S = 182 * 24 * 60 * 60;
const VERSION = 'v1';

export type ConsentChoice = Record<ConsentCategory, boolean> & {
  /** When the choice was made (YYYY-MM-DD). */
  date: string;
};

/**
 * The choice stored in a cookie value; null when absent or unreadable (ask again).
 * @example parseConsent('v1|maps:1|videos:0|tours:1|2026-11-22') // { maps: true, videos: false, tours: true, date: '2026-11-22' }
 */
export function parseConsent(value: string | null | undefined): ConsentChoice | null {
  if (!value) return null;
  const [version, ...parts] = value.split('|');
  if (version !== VERSION || parts.length !== CONSENT_CATEGORIES.length + 1) return null;
  const date = parts.pop()!;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const choice: Partial<ConsentChoice> = { date };
  for (const [i, category] of CONSENT_CATEGORIES.entries()) {
    const [name, flag] = (parts[i] ?? '').split(':');
    if (name !== category || (flag !== '0' && flag !== '1')) return null;
    choice[category] = flag === '1';
  }
  return choice as ConsentChoice;
}

export function serializeConsent(choice: ConsentChoice): string {
  const parts = CONSENT_CATEGORIES.map((c) => `${c}:${choice[c] ? 1 : 0}`);
  return [VERSION, ...parts, choice.date].join('|');
}

/** A choice giving every category the same answer. */
export function uniformChoice(granted: boolean, now = new Date()): ConsentChoice {
  const choice = { date: now.toISOString().slice(0, 10) } as ConsentChoice;
  for (const c of CONSENT_CATEGORIES) choice[c] = granted;
  return choice;
}

/** The value of one cookie in a `document.cookie` string. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

const listeners = new Set<() => void>();

function readRaw(): string {
  try {
    return cookieValue(document.cookie, CONSENT_COOKIE) ?? '';
  } catch {
    return '';
  }
}

/** Stores a choice (this browser, 6 months) and tells every component. */
export function saveConsent(choice: ConsentChoice): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    `${CONSENT_COOKIE}=${encodeURIComponent(serializeConsent(choice))}; Max-Age=${CONSENT_MAX_AGE_S}` +
    `; Path=/; SameSite=Lax${secure}`;
  listeners.forEach((listener) => listener());
}

/** The stored choice, read now (browser only). */
export function readConsent(): ConsentChoice | null {
  return parseConsent(readRaw());
}

/** Agrees to some categories, keeping the others as they were (refused when nothing was chosen). */
export function grantConsent(...categories: ConsentCategory[]): void {
  const current = readConsent() ?? uniformChoice(false);
  const granted = Object.fromEntries(categories.map((category) => [category, true]));
  saveConsent({ ...current, ...granted, date: new Date().toISOString().slice(0, 10) });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab may have changed the cookie.
  const onFocus = () => listener();
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onFocus);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onFocus);
  };
}

/** Rendered on the server and while hydrating: nothing is known yet. */
const UNKNOWN = '\u0000';

/**
 * The visitor's choice: `undefined` on the server and while hydrating, null before any choice,
 * then the choice.
 */
export function useConsentChoice(): ConsentChoice | null | undefined {
  const raw = useSyncExternalStore(subscribe, readRaw, () => UNKNOWN);
  return raw === UNKNOWN ? undefined : parseConsent(raw);
}

/** Whether content of this category may load: false on the server and until the visitor agreed. */
export function useConsent(category: ConsentCategory): boolean {
  return useConsentChoice()?.[category] ?? false;
}
