import { describe, expect, it } from 'vitest';
import {
  CONSENT_COOKIE_NAME,
  INLINE_CONSENT_SCRIPT,
  INLINE_SCRIPTS,
} from '../../../shared/inline-scripts';
import {
  CONSENT_CATEGORIES,
  CONSENT_COOKIE,
  cookieValue,
  parseConsent,
  serializeConsent,
  type ConsentChoice,
} from '../../hooks/use-consent';

// The <head> script deciding before first paint whether the cookie banner shows: it must agree
// with the consent hook on what a stored choice is, or the banner would flash in (or out) once
// the page runs.

/** Runs the inline script against a fake document; the value it gives <html data-consent>. */
function runScript(cookie: string | (() => string)): string | undefined {
  const attributes: Record<string, string> = {};
  const document = {
    get cookie() {
      return typeof cookie === 'string' ? cookie : cookie();
    },
    documentElement: { setAttribute: (k: string, v: string) => (attributes[k] = v) },
  };
  new Function('document', INLINE_CONSENT_SCRIPT)(document);
  return attributes['data-consent'];
}

/** What the consent hook makes of the same cookies. */
const hookSays = (cookie: string) =>
  parseConsent(cookieValue(cookie, CONSENT_COOKIE)) === null ? 'ask' : 'stored';

const every: ConsentChoice[] = [0, 1, 2, 3, 4, 5, 6, 7].map((bits) => {
  const choice = { date: '2026-11-27' } as ConsentChoice;
  CONSENT_CATEGORIES.forEach((category, i) => (choice[category] = (bits & (1 << i)) !== 0));
  return choice;
});

const stored = (value: string) => `${CONSENT_COOKIE}=${encodeURIComponent(value)}`;

describe('the cookie banner script of <head>', () => {
  it('reads the cookie the consent hook writes', () => {
    expect(CONSENT_COOKIE_NAME).toBe(CONSENT_COOKIE);
    expect(INLINE_SCRIPTS).toContain(INLINE_CONSENT_SCRIPT);
  });

  it.each(every.map((choice) => serializeConsent(choice)))(
    'hides the banner for the stored choice %s',
    (value) => {
      for (const cookie of [
        stored(value),
        `lang=fr; ${stored(value)}`,
        `${stored(value)}; other=1`,
        `a=b;${stored(value)}`,
      ]) {
        expect(runScript(cookie)).toBe('stored');
        expect(hookSays(cookie)).toBe('stored');
      }
    },
  );

  it.each([
    ['no cookie', ''],
    ['other cookies only', 'lang=fr; theme=dark'],
    ['a cookie of a similar name', `my_${stored(serializeConsent(every[7]!))}`],
    ['an older version', stored('v0|maps:1|videos:1|tours:1|2026-11-27')],
    ['a missing category', stored('v1|maps:1|videos:1|2026-11-27')],
    ['a wrong flag', stored('v1|maps:2|videos:1|tours:1|2026-11-27')],
    ['categories out of order', stored('v1|videos:1|maps:1|tours:1|2026-11-27')],
    ['no date', stored('v1|maps:1|videos:1|tours:1|')],
    ['a broken date', stored('v1|maps:1|videos:1|tours:1|2026-1-27')],
    ['trailing text', stored('v1|maps:1|videos:1|tours:1|2026-11-27x')],
    ['a value that does not decode', `${CONSENT_COOKIE}=%E0%A4%A`],
  ])('shows the banner with %s, as the consent hook does', (_, cookie) => {
    expect(runScript(cookie)).toBe('ask');
    expect(hookSays(cookie)).toBe('ask');
  });

  it('shows the banner when cookies cannot be read', () => {
    expect(
      runScript(() => {
        throw new Error('denied');
      }),
    ).toBe('ask');
  });
});
