import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { beforeAll, describe, expect, it } from 'vitest';
import { parsePo } from '../../server/api/messages';
import { screenFile } from '../../client/app/screens';
import { CATALOGS, PRO_SCREENS, ROUTES, type CatalogName } from '../../shared/routes';

// The catalogs' completeness check that `lingui compile` does not make (a missing English text
// falls back to French silently): every message of each catalog in both languages, none empty in
// English. And the split between the portal's catalog, which every page loads, and the
// professional space's, which only its pages load (lingui.config.ts): a text of the space alone in
// the portal's catalog would be downloaded by every visitor.

interface Entry {
  id: string;
  text: string;
}

/** The msgid/msgstr pairs of a catalog, read as the web app reads it. */
const read = (lang: string, name: CatalogName = 'messages'): Entry[] =>
  [...parsePo(readFileSync(`locales/${lang}/${name}.po`, 'utf8'))].map(([id, text]) => ({
    id,
    text,
  }));

/** The source files each message of a catalog comes from (its `#:` lines, without line numbers). */
function origins(name: CatalogName): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const entry of readFileSync(`locales/fr/${name}.po`, 'utf8').split(/\n\s*\n/)) {
    const id = /^msgid "((?:[^"\\]|\\.)*)"$/m.exec(entry)?.[1];
    if (!id) continue;
    const refs = [...entry.matchAll(/^#: (.+)$/gm)].flatMap((m) => m[1]!.trim().split(/\s+/));
    out.set(
      JSON.parse(`"${id}"`) as string,
      refs.map((ref) => ref.replace(/:\d+$/, '')),
    );
  }
  return out;
}

/** ICU argument names ({count}, {total, plural, ...}); not the text of plural branches (one {…}). */
// Arguments are lower camel case or numbers; a select's one-word outputs (`{Alarme}`) are not.
const ARGUMENT = /(?<!\b(?:zero|one|two|few|many|other|=\d+)\s*)\{([a-z0-9_]\w*)\s*[,}]/g;
const argumentNames = (s: string) => [...s.matchAll(ARGUMENT)].map((m) => m[1]).sort();

describe.each(CATALOGS)('message catalog %s', (name) => {
  const fr = read('fr', name);
  const en = read('en', name);

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
});

describe('message catalogs', () => {
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

describe("the professional space's catalog apart from the portal's", () => {
  /** The source files of each catalog, as `lingui extract` collects them (lingui.config.ts). */
  const sources = {} as Record<CatalogName, Set<string>>;
  beforeAll(async () => {
    for (const catalog of await getCatalogs(getConfig({ configPath: 'lingui.config.ts' }))) {
      sources[path.basename(catalog.path) as CatalogName] = new Set(
        catalog.sourcePaths.map((file) => path.relative(process.cwd(), file)),
      );
    }
  });

  it("collects the space's screens and their actions in its catalog, the other screens in the portal's", () => {
    const space = new Set<string>(PRO_SCREENS);
    const screens = ROUTES.map((route) => route.screen).filter((screen) =>
      existsSync(screenFile(screen)),
    );
    expect(screens).toEqual(expect.arrayContaining([...PRO_SCREENS, 'list', 'proContact']));
    for (const screen of screens) {
      const [own, other] = space.has(screen) ? ['pro', 'messages'] : ['messages', 'pro'];
      const files = [screenFile(screen), screenFile(screen).replace(/\.tsx$/, '.server.ts')];
      for (const file of files.filter((f) => existsSync(f))) {
        expect({ file, own: sources[own as CatalogName].has(file) }).toEqual({ file, own: true });
        expect(sources[other as CatalogName].has(file)).toBe(false);
      }
    }
    expect(sources.pro).toContain('client/components/pro/shell.tsx');
    expect(sources.pro).toContain('shared/pro-messages.ts');
    expect(sources.messages).toContain('shared/prospect-state.ts');
  });

  it('reads each source file into one catalog', () => {
    expect([...sources.pro].filter((file) => sources.messages.has(file))).toEqual([]);
  });

  it("has no text of the space alone in the portal's catalog", () => {
    // A text every page would download; e.g. one extracted before its catalog was split off, or
    // a catalog merged from another branch without `npm run i18n:extract` run again.
    const strays = [...origins('messages')].filter(
      ([, files]) => files.length > 0 && files.every((file) => sources.pro.has(file)),
    );
    expect(strays.map(([id, files]) => `${id} (${files.join(' ')})`)).toEqual([]);
  });

  it("has no text of the portal alone in the space's catalog", () => {
    const strays = [...origins('pro')].filter(
      ([, files]) => !files.some((file) => sources.pro.has(file)),
    );
    expect(strays.map(([id, files]) => `${id} (${files.join(' ')})`)).toEqual([]);
  });

  it('gives a text of both catalogs the same English in each', () => {
    const portal = new Map(read('en').map((e) => [e.id, e.text]));
    const differing = read('en', 'pro').filter(
      (e) => portal.has(e.id) && portal.get(e.id) !== e.text,
    );
    expect(differing.map((e) => e.id)).toEqual([]);
  });
});
