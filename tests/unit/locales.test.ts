import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePo } from '../../server/api/messages';

// The catalogs' completeness check that `lingui compile` does not make (a missing English text
// falls back to French silently): every message in both catalogs, none empty in English.

interface Entry {
  id: string;
  text: string;
}

/** The msgid/msgstr pairs of a catalog, read as the web app reads it. */
const read = (lang: string): Entry[] =>
  [...parsePo(readFileSync(`locales/${lang}/messages.po`, 'utf8'))].map(([id, text]) => ({
    id,
    text,
  }));

/** ICU argument names ({count}, {total, plural, ...}); not the text of plural branches (one {…}). */
// Arguments are lower camel case or numbers; a select's one-word outputs (`{Alarme}`) are not.
const ARGUMENT = /(?<!\b(?:zero|one|two|few|many|other|=\d+)\s*)\{([a-z0-9_]\w*)\s*[,}]/g;
const argumentNames = (s: string) => [...s.matchAll(ARGUMENT)].map((m) => m[1]).sort();

describe('message catalogs', () => {
  const fr = read('fr');
  const en = read('en');

  it.each([
    ['{count} biens', '{count} properties', true],
    [
      '{total, plural, one {Voir le bien} other {Voir les # biens}}',
      '{total, plural, one {See it} other {See all #}}',
      true,
    ],
    [
      '{total, plural, one {bien} other {biens}}',
      '{total, plural, one {property} other {properties}}',
      true,
    ],
    ['Erreur {status}', 'Error {code}', false],
    ['{n} pièces', '# rooms', false],
  ])('compares the placeholders of %j and %j', (french, english, same) => {
    expect(argumentNames(french).join() === argumentNames(english).join()).toBe(same);
  });

  it('has messages', () => {
    expect(fr.length).toBeGreaterThan(20);
  });

  it('has every French message in English and no other', () => {
    expect(en.map((e) => e.id).sort()).toEqual(fr.map((e) => e.id).sort());
  });

  it('translates every message into English', () => {
    expect(en.filter((e) => e.text.trim() === '').map((e) => e.id)).toEqual([]);
  });

  it('has a French text for every message', () => {
    expect(fr.filter((e) => e.text.trim() === '').map((e) => e.id)).toEqual([]);
  });

  it('keeps the placeholders of the French text in the English one', () => {
    const frText = new Map(fr.map((e) => [e.id, e.text]));
    const mismatched = en.filter((e) => {
      const source = frText.get(e.id);
      return source !== undefined && argumentNames(source).join() !== argumentNames(e.text).join();
    });
    expect(mismatched.map((e) => e.id)).toEqual([]);
  });

  it.each([
    ["La page que vous visitez n'existe pas.", 'The page you are visiting does not exist.'],
    ['Cette page est introuvable', 'This page could not be found'],
    [
      "Une erreur est survenue lors de l'affichage de la page d'erreur",
      'An error occurred while showing the error page',
    ],
    ['Middleware inconnu', 'Unknown middleware'],
  ])('has the spec text of %s in English', (french, english) => {
    expect(en.find((e) => e.id === french)?.text).toBe(english);
  });
});
