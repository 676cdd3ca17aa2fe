import { describe, expect, it } from 'vitest';
import { preferredLanguage } from './language-preference';

describe('preferredLanguage', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['en', 'en'],
    ['fr-FR,fr;q=0.9,en;q=0.8', 'fr'],
    ['en-GB,en;q=0.9,fr;q=0.8', 'en'],
    ['de-DE,de;q=0.9,en;q=0.5,fr;q=0.7', 'fr'],
    ['de,it', undefined],
    ['fr;q=0,en;q=0.1', 'en'],
    ['*', undefined],
    ['EN-us', 'en'],
    ['fr;q=abc,en;q=0.5', 'en'],
  ])('%j → %j', (header, lang) => {
    expect(preferredLanguage(header)).toBe(lang);
  });
});
