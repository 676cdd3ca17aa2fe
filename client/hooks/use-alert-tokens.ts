import { useSyncExternalStore } from 'react';
import { ALERT_TOKEN_PATTERN } from '../../shared/portal-api';
import { browserStorage, createPersistedValue, listenStorageEvents } from './use-selection';

// The visitor's alert tokens (no account: a token returned by POST /alerte is the only key to
// its alert). Kept in localStorage (memory only when it is unavailable); the BFF also keeps them
// in a signed httpOnly cookie, which is how pages rendered without JavaScript know them.

export const ALERT_TOKENS_KEY = 'alert-tokens';
/** The listings API lists at most this many tokens at once. */
export const MAX_ALERT_TOKENS = 100;

const EMPTY: readonly string[] = Object.freeze([]);

/** Valid tokens of a stored value, without duplicates, newest last, at most MAX_ALERT_TOKENS. */
export function parseAlertTokens(raw: string | null): readonly string[] {
  if (!raw) return EMPTY;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return EMPTY;
  }
  if (!Array.isArray(parsed)) return EMPTY;
  return normaliseTokens(parsed);
}

function normaliseTokens(list: readonly unknown[]): readonly string[] {
  const tokens = [
    ...new Set(
      list.filter((t): t is string => typeof t === 'string' && ALERT_TOKEN_PATTERN.test(t)),
    ),
  ];
  return tokens.length === 0 ? EMPTY : tokens.slice(-MAX_ALERT_TOKENS);
}

/** The list with `added` appended (already present ones keep their place). */
export function withTokens(tokens: readonly string[], added: readonly string[]): readonly string[] {
  const next = normaliseTokens([...tokens, ...added]);
  return next.length === tokens.length && next.every((t, i) => t === tokens[i]) ? tokens : next;
}

export function withoutToken(tokens: readonly string[], token: string): readonly string[] {
  return tokens.includes(token) ? tokens.filter((t) => t !== token) : tokens;
}

export const alertTokensStore = createPersistedValue<readonly string[]>({
  key: ALERT_TOKENS_KEY,
  empty: EMPTY,
  parse: parseAlertTokens,
  serialise: (tokens) => JSON.stringify(tokens),
  storage: browserStorage,
  listenExternal: listenStorageEvents,
});

export const addAlertTokens = (...tokens: string[]) =>
  alertTokensStore.update((current) => withTokens(current, tokens));
export const removeAlertToken = (token: string) =>
  alertTokensStore.update((current) => withoutToken(current, token));

const getServerSnapshot = () => EMPTY;

/** The visitor's alert tokens: none on the server and while hydrating, then the stored ones. */
export function useAlertTokens(): readonly string[] {
  return useSyncExternalStore(alertTokensStore.subscribe, alertTokensStore.get, getServerSnapshot);
}
