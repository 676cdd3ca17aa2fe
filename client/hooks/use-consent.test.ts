import { describe, expect, it } from 'vitest';
import { cookieValue, parseConsent, serializeConsent, uniformChoice } from './use-consent';

describe('consent cookie', () => {
  it.each([
    [
      'v1|maps:1|videos:0|tours:1|2026-11-22',
      { maps: true, videos: false, tours: true, date: '2026-11-22' },
    ],
    [
      'v1|maps:0|videos:0|tours:0|2026-01-01',
      { maps: false, videos: false, tours: false, date: '2026-01-01' },
    ],
    ['', null],
    [null, null],
    ['v2|maps:1|videos:0|tours:1|2026-11-22', null],
    ['v1|maps:1|videos:0|2026-11-22', null],
    ['v1|maps:1|videos:0|tours:2|2026-11-22', null],
    ['v1|videos:1|maps:0|tours:1|2026-11-22', null],
    ['v1|maps:1|videos:0|tours:1|yesterday', null],
    ['garbage', null],
  ])('reads %j', (value, expected) => {
    expect(parseConsent(value)).toEqual(expected);
  });

  it('writes what it reads', () => {
    const choice = { maps: true, videos: false, tours: true, date: '2026-11-22' };
    expect(parseConsent(serializeConsent(choice))).toEqual(choice);
  });

  it('gives every category the same answer', () => {
    const now = new Date('2026-03-04T10:00:00Z');
    expect(uniformChoice(true, now)).toEqual({
      maps: true,
      videos: true,
      tours: true,
      date: '2026-03-04',
    });
    expect(uniformChoice(false, now)).toEqual({
      maps: false,
      videos: false,
      tours: false,
      date: '2026-03-04',
    });
  });

  it.each([
    ['a=1; cookie_consent=v1%7Cx; b=2', 'v1|x'],
    ['cookie_consent=', ''],
    ['xcookie_consent=1', null],
    ['a=1', null],
    ['cookie_consent=%E0%A4%A', null],
  ])('finds the cookie in %j', (cookies, expected) => {
    expect(cookieValue(cookies, 'cookie_consent')).toBe(expected);
  });
});
