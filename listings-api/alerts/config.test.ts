import { describe, expect, it } from 'vitest';
import { readListingsConfig } from '../config';

/** The alert mails' slice of the config read from `env`. */
const parseAlertMailEnv = (env: Record<string, string>) => readListingsConfig(env).alerts;

describe('alert mail environment', () => {
  it('defaults to .eml files, links to localhost and a run every 15 minutes', () => {
    const config = parseAlertMailEnv({});
    expect(config).toMatchObject({
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailDir: '.data/mail',
      intervalMs: 900_000,
      digestMinIntervalMs: 0,
    });
    expect(config.from).toMatch(/<alertes@localhost\.localdomain>$/);
    expect(config.unsubscribeMailbox).toBe('alertes@localhost.localdomain');
  });

  it('reads every variable and drops the trailing slash of PUBLIC_URL', () => {
    const config = parseAlertMailEnv({
      PUBLIC_URL: 'https://www.example.com/',
      SMTP_URL: 'smtp://user:pw@mail.example.com:2525',
      ALERT_SIGNING_SECRET: 'x'.repeat(32),
      MAIL_FROM: 'Maisons <alertes@example.com>',
      ALERTS_UNSUBSCRIBE_MAILTO: 'stop@example.com',
      ALERTS_MAIL_DIR: '/tmp/mails',
      ALERTS_INTERVAL_MS: '60000',
      ALERTS_DIGEST_MIN_INTERVAL_MS: '86400000',
    });
    expect(config).toEqual({
      publicUrl: 'https://www.example.com',
      smtpUrl: 'smtp://user:pw@mail.example.com:2525',
      signingSecret: 'x'.repeat(32),
      from: 'Maisons <alertes@example.com>',
      unsubscribeMailbox: 'stop@example.com',
      // PORTAL_SALES_EMAIL unset: the sales address on the sender's domain.
      salesEmail: 'commercial@example.com',
      mailDir: '/tmp/mails',
      intervalMs: 60000,
      digestMinIntervalMs: 86400000,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(parseAlertMailEnv({ SMTP_URL: '', ALERTS_INTERVAL_MS: '' })).toMatchObject({
      smtpUrl: undefined,
      intervalMs: 900_000,
    });
  });

  it.each([
    ['0', 0],
    ['1000', 1000],
    ['3600000', 3_600_000],
  ])('takes ALERTS_INTERVAL_MS=%s (0: no scheduler)', (value, intervalMs) => {
    expect(parseAlertMailEnv({ ALERTS_INTERVAL_MS: value }).intervalMs).toBe(intervalMs);
  });

  const bad: [Record<string, string>, RegExp][] = [
    [{ PUBLIC_URL: 'www.example.com' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'ftp://example.com' }, /PUBLIC_URL must start with http/],
    [{ SMTP_URL: 'http://mail.example.com' }, /SMTP_URL must start with smtp/],
    [{ ALERT_SIGNING_SECRET: 'short' }, /ALERT_SIGNING_SECRET must be at least 32 characters/],
    [{ ALERTS_INTERVAL_MS: '10' }, /ALERTS_INTERVAL_MS must be at least 1000 \(or 0/],
    [{ ALERTS_INTERVAL_MS: '999' }, /ALERTS_INTERVAL_MS must be at least 1000/],
    [{ ALERTS_INTERVAL_MS: '-1' }, /ALERTS_INTERVAL_MS must be a whole number/],
    [{ ALERTS_INTERVAL_MS: 'soon' }, /ALERTS_INTERVAL_MS must be a whole number/],
    [{ ALERTS_UNSUBSCRIBE_MAILTO: 'nobody' }, /ALERTS_UNSUBSCRIBE_MAILTO must be an e-mail/],
    [{ MAIL_FROM: 'Portal' }, /MAIL_FROM must hold an e-mail address/],
  ];
  it.each(bad)('refuses %j naming the variable', (env, message) => {
    expect(() => parseAlertMailEnv(env)).toThrow(message);
  });
});
