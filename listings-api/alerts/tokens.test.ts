import { describe, expect, it } from 'vitest';
import { signMailToken, verifyMailToken, type MailTokenPurpose } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('mail link tokens', () => {
  it('verifies a token it signed and gives back the alert id', () => {
    const token = signMailToken(SECRET, 'unsubscribe', 42);
    expect(token).toMatch(/^42\.[A-Za-z0-9_-]{22}$/);
    expect(verifyMailToken(SECRET, 'unsubscribe', token)).toEqual({ ok: true, alertId: 42 });
  });

  const good = signMailToken(SECRET, 'confirm', 7);
  const [, mac] = good.split('.');
  const flipped = `${mac![0] === 'A' ? 'B' : 'A'}${mac!.slice(1)}`;
  const cases: [string, MailTokenPurpose, string, 'malformed' | 'forged'][] = [
    ['an empty token', 'confirm', '', 'malformed'],
    ['a token without signature', 'confirm', '7', 'malformed'],
    ['a token with a short signature', 'confirm', '7.abc', 'malformed'],
    ['a zero alert id', 'confirm', `0.${mac}`, 'malformed'],
    ['a non-numeric alert id', 'confirm', `x.${mac}`, 'malformed'],
    [
      'an owner bearer token',
      'confirm',
      'q0h3m2ZbG0bQm8o2b6Jv1w8lqYQy8Qk9fZ2m9xq3VnY',
      'malformed',
    ],
    ['one altered character of the signature', 'confirm', `7.${flipped}`, 'forged'],
    ['another alert id with this signature', 'confirm', `8.${mac}`, 'forged'],
    ['a confirm token used to unsubscribe', 'unsubscribe', good, 'forged'],
  ];
  it.each(cases)('refuses %s', (_name, purpose, token, reason) => {
    expect(verifyMailToken(SECRET, purpose, token)).toEqual({ ok: false, reason });
  });

  it('refuses a token signed with another secret', () => {
    const other = signMailToken(`${SECRET}-other`, 'confirm', 7);
    expect(verifyMailToken(SECRET, 'confirm', other)).toEqual({ ok: false, reason: 'forged' });
  });
});
