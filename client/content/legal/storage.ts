import { THEME_KEY } from '../../../shared/inline-scripts';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_S } from '../../hooks/use-consent';
import { CONTACT_DETAILS_KEY } from '../../hooks/use-contact-details';
import { ALERT_TOKENS_KEY } from '../../hooks/use-alert-tokens';
import { STORED_SEARCH_KEY } from '../../hooks/use-stored-search';
import { NAVIGATION_MEMORY_KEY } from '../../hooks/use-navigation-memory';
import { SELECTION_KEY } from '../../hooks/use-selection';

// The names of what the portal stores in the visitor's browser, for the cookies page. Cookies set
// by the BFF are named in server/ (which the client may not import): tests/integration/web/
// legal.test.ts checks these names against the server's constants.

export const COOKIE_NAMES = {
  language: 'i18n_redirected',
  consent: CONSENT_COOKIE,
  contactCounter: 'contact_counter',
  alertTokens: 'alert_tokens',
} as const;

export const CONSENT_DAYS = Math.round(CONSENT_MAX_AGE_S / 86_400);

export const STORAGE_KEYS = {
  theme: THEME_KEY,
  selection: SELECTION_KEY,
  search: STORED_SEARCH_KEY,
  contact: CONTACT_DETAILS_KEY,
  alertTokens: ALERT_TOKENS_KEY,
  navigation: NAVIGATION_MEMORY_KEY,
  /** sessionStorage (client/app/screens.ts). */
  chunkReload: 'chunk-reload-at',
} as const;
