import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ALL_MESSAGES,
  contactFailed,
  contactRateLimited,
  contactRefused,
  nameTooLong,
} from '../../shared/messages';
import { parsePo, translate } from './messages';

// The BFF's texts come from the catalogs the pages use: one source for each message.

const english = parsePo(readFileSync('locales/en/messages.po', 'utf8'));

describe('messages of the BFF', () => {
  it('answers the contact refusals with the catalog texts, in both languages', () => {
    expect(translate(contactRefused, 'fr')).toBe(
      "Vous avez atteint le nombre maximum de demandes de contact pour aujourd'hui. Veuillez réessayer demain.",
    );
    expect(translate(contactRefused, 'en')).toBe(
      'You have reached the maximum number of contact requests for today. Please try again tomorrow.',
    );
    expect(translate(contactRateLimited, 'en')).toBe(
      'Too many requests have been sent from your connection. Please try again later.',
    );
    expect(translate(contactFailed, 'en')).toBe(
      'Your request could not be sent: the service is temporarily unavailable. Please try again in a few moments.',
    );
  });

  it('gives every shared message its English catalog text, placeholders filled', () => {
    for (const descriptor of ALL_MESSAGES) {
      const text = english.get(descriptor.id!);
      expect(text, descriptor.id).toBeTruthy();
      expect(translate(descriptor, 'en')).toBe(
        text!.replace(/\{(\w+)\}/g, (_m, name: string) =>
          String((descriptor.values as Record<string, unknown>)[name]),
        ),
      );
      expect(translate(descriptor, 'fr')).not.toMatch(/\{\w+\}/);
    }
    expect(translate(nameTooLong, 'en')).toMatch(/80/);
  });

  it('reads multi-line and escaped strings of a catalog', () => {
    const po = parsePo(
      'msgid ""\nmsgstr "header"\n\nmsgid "a"\nmsgstr ""\n"b \\"c\\""\n"d"\n\nmsgid "x"\n"y"\nmsgstr "z"\n',
    );
    expect(po.get('a')).toBe('b "c"d');
    expect(po.get('xy')).toBe('z');
    expect(po.has('')).toBe(false);
  });
});
