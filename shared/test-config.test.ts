import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ATOUTS, ConfigSchema } from './contract';
import { indexConfig } from './config-index';
import { RUB, testConfig } from './test-config';

describe('the test config fixture', () => {
  it('is a valid /config answer', () => {
    const result = v.safeParse(ConfigSchema, testConfig);
    expect(result.issues).toBeUndefined();
    expect(result.success).toBe(true);
  });

  it('has the 25 atouts of the spec', () => {
    expect(testConfig.settings.formCriteriasAssets.map((a) => a.key)).toEqual(ATOUTS);
    expect(ATOUTS).toHaveLength(25);
  });
});

describe('indexConfig', () => {
  const index = indexConfig(testConfig);

  it.each<[string, number, number | null]>([
    ['the root has no top-level category', RUB.generic, null],
    ['a top-level category is its own', RUB.maison, RUB.maison],
    ['a child belongs to its parent', RUB.villa, RUB.maison],
    ['another branch', RUB.penthouse, RUB.appartement],
  ])('%s', (_name, id, top) => {
    expect(index.topLevel.get(id)).toBe(top);
  });

  it.each<[string, 'fr' | 'en', 'V' | 'L' | 'S', string, number | undefined]>([
    ['finds a French slug', 'fr', 'V', 'maison', RUB.maison],
    ['finds an English slug', 'en', 'L', 'apartment', RUB.appartement],
    ['does not find a rubrique of another nature', 'fr', 'L', 'mas', undefined],
    ['does not find the generic rubrique', 'fr', 'V', 'immobilier', undefined],
    ['does not find a slug of the other language', 'fr', 'V', 'house', undefined],
  ])('%s', (_name, lang, nature, slug, id) => {
    expect(index.rubriqueBySlug[lang].get(nature)?.get(slug)).toBe(id);
  });

  it('is built once per config object', () => {
    expect(indexConfig(testConfig)).toBe(index);
  });
});
