import { describe, expect, it } from 'vitest';
import { alertMailLinks } from './links';
import { verifyMailToken } from './tokens';

describe('mail links', () => {
  const secret = 's'.repeat(40);
  const links = alertMailLinks('https://www.example.com', secret, 31, 'alertes@example.com', 'en');

  it('points the confirm and unsubscribe links to the web app with signed tokens', () => {
    const confirm = new URL(links.confirmUrl);
    const unsubscribe = new URL(links.unsubscribeUrl);
    // In the alert's language: the pages they open speak it.
    expect(confirm.searchParams.get('lang')).toBe('en');
    expect(unsubscribe.searchParams.get('lang')).toBe('en');
    expect(confirm.origin + confirm.pathname).toBe('https://www.example.com/alerts/confirm');
    expect(unsubscribe.origin + unsubscribe.pathname).toBe(
      'https://www.example.com/alerts/unsubscribe',
    );
    expect(verifyMailToken(secret, 'confirm', confirm.searchParams.get('token')!)).toEqual({
      ok: true,
      alertId: 31,
    });
    expect(verifyMailToken(secret, 'unsubscribe', unsubscribe.searchParams.get('token')!)).toEqual({
      ok: true,
      alertId: 31,
    });
  });

  it('gives the RFC 8058 headers: HTTPS URL first, then mailto, and the one-click marker', () => {
    const header = links.headers['List-Unsubscribe'];
    const [https, mailto] = header.split(', ');
    expect(https).toBe(`<${links.unsubscribeUrl}>`);
    expect(mailto).toMatch(
      /^<mailto:alertes@example\.com\?subject=unsubscribe%2031\.[A-Za-z0-9_-]{22}>$/,
    );
    expect(links.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});
