import { describe, expect, it } from 'vitest';
import {
  BFF_PATHS,
  FRAME_HASH,
  LANGUAGE_SWITCH_ROUTE,
  SEARCH_FORM_ROUTE,
  alertLinkPath,
  frameUrl,
  languageSwitchPath,
  searchFormPath,
} from './bff-paths';

// The BFF's own paths are a contract with what links to them: pages, alert mails already sent,
// crawlers (robots.txt). These tests pin them as written.

describe('BFF paths', () => {
  it('keeps the paths pages, mails and crawlers use', () => {
    expect(BFF_PATHS).toEqual({
      api: '/api/',
      languageSwitch: '/lang/',
      frame: '/_frame/',
      alertConfirm: '/alerts/confirm',
      alertUnsubscribe: '/alerts/unsubscribe',
      proLeadsCsv: '/pro/leads.csv',
      proFeedUpload: '/pro-feeds/upload',
      robots: '/robots.txt',
      sitemap: '/sitemap.xml',
    });
    expect(LANGUAGE_SWITCH_ROUTE).toBe('/lang/:lang');
    expect(SEARCH_FORM_ROUTE).toBe('/:lang/search/');
  });

  it('builds the language switch with its target percent-encoded', () => {
    expect(languageSwitchPath('en', '/fr/vente/?q=é&page=2')).toBe(
      '/lang/en?to=%2Ffr%2Fvente%2F%3Fq%3D%C3%A9%26page%3D2',
    );
  });

  it('sends the search form to its language', () => {
    expect(searchFormPath('fr')).toBe('/fr/search/');
    expect(searchFormPath('en')).toBe('/en/search/');
  });

  it('names frame files after their hash', () => {
    const hash = 'AbCdEfGhIjKlMnOpQrSt_-';
    expect(FRAME_HASH.test(hash)).toBe(true);
    expect(frameUrl(hash)).toBe(`/_frame/${hash}.json`);
    expect(FRAME_HASH.test('../etc/passwd')).toBe(false);
  });

  it('writes alert mail links as mails have always carried them', () => {
    expect(alertLinkPath('confirm', '42.AbC-_x', 'en')).toBe(
      '/alerts/confirm?token=42.AbC-_x&lang=en',
    );
    expect(alertLinkPath('unsubscribe', '42.AbC-_x', 'fr')).toBe(
      '/alerts/unsubscribe?token=42.AbC-_x&lang=fr',
    );
    // A page's own form posts the language as a field.
    expect(alertLinkPath('confirm', '7.zz')).toBe('/alerts/confirm?token=7.zz');
  });
});
