import { describe, expect, it } from 'vitest';
import { testConfig, RUB } from '../../shared/test-config';
import {
  GUARD_NAMES,
  ROUTE_BY_SCREEN,
  resolvePath,
  type ResolvedScreen,
} from '../../shared/routes';
import { guards, runGuards, type Guard } from './guards';
import type { ScreenLoaderArgs } from './screen';

function argsFor(match: ResolvedScreen): ScreenLoaderArgs {
  const url = new URL('http://test/fr/');
  return {
    api: {} as ScreenLoaderArgs['api'],
    config: testConfig,
    lang: match.lang,
    match,
    url,
    request: new Request(url),
    tag: () => {},
  };
}

async function outcome(
  names: readonly string[],
  match: ResolvedScreen,
  registry?: Record<string, Guard>,
) {
  try {
    await runGuards(names, argsFor(match), registry);
    return 'pass';
  } catch (error) {
    // react-router turns a thrown data() into the error response of the route.
    const thrown = error as {
      type?: string;
      init?: { status?: number };
      data?: { reason?: string };
    };
    if (thrown.type !== 'DataWithResponseInit') throw error;
    return `${thrown.init?.status} ${thrown.data?.reason}`;
  }
}

const home = resolvePath('/fr/', testConfig) as ResolvedScreen;

describe('guards', () => {
  it('has a guard for every name the route table uses', () => {
    for (const name of GUARD_NAMES) expect(guards[name], name).toBeTypeOf('function');
  });

  it.each([
    ['no guards', [], 'pass'],
    ['a passing guard', ['ok'], 'pass'],
    ['a failing guard', ['ok', 'no'], '404 validation'],
    ['an unknown name', ['ok', 'nope'], '500 unknown-middleware'],
    ['a name inherited from Object', ['toString'], '500 unknown-middleware'],
  ])('%s', async (_label, names, expected) => {
    const registry: Record<string, Guard> = { ok: () => true, no: () => false };
    expect(await outcome(names, home, registry)).toBe(expected);
  });

  it('names the unknown middleware in the error', async () => {
    await expect(runGuards(['nope'], argsFor(home), {})).rejects.toMatchObject({
      data: { reason: 'unknown-middleware', message: 'Unknown middleware: nope' },
    });
  });

  const match = (screen: ResolvedScreen['screen'], params: Record<string, unknown>) =>
    ({ kind: 'screen', screen, lang: 'fr', params }) as ResolvedScreen;

  it.each([
    ['an enabled nature', 'validNature', match('nature', { nature: 'V' }), 'pass'],
    ['an unknown nature', 'validNature', match('nature', { nature: 'X' }), '404 validation'],
    ['no rubrique', 'validRubrique', match('nature', { nature: 'V' }), 'pass'],
    [
      'a rubrique of the nature',
      'validRubrique',
      match('nature', { nature: 'V', rubrique: RUB.maison }),
      'pass',
    ],
    [
      'an unknown rubrique',
      'validRubrique',
      match('nature', { nature: 'V', rubrique: 999_999 }),
      '404 validation',
    ],
    ['a lieu slug', 'validLieu', match('list', { nature: 'V', lieu: 'paris' }), 'pass'],
    [
      'a lieu that is not a slug',
      'validLieu',
      match('list', { nature: 'V', lieu: '../etc' }),
      '404 validation',
    ],
    ['a directory without lieu', 'validLieu', match('agencyDirectory', {}), 'pass'],
    ['a list without lieu', 'validLieu', match('list', { nature: 'V' }), '404 validation'],
    [
      'an offer slug',
      'validOffre',
      match('offer', { nature: 'V', lieu: 'paris', offre: 'villa-12' }),
      'pass',
    ],
    ['an agency slug', 'validAgence', match('agency', { agence: 'agence-du-port' }), 'pass'],
    ['a network without slug', 'validReseau', match('network', {}), '404 validation'],
  ])('%s (%s)', async (_label, name, m, expected) => {
    expect(await outcome([name], m)).toBe(expected);
  });

  it('passes the guards of a real list page', async () => {
    const resolved = resolvePath('/fr/vente/maison/paris/', testConfig) as ResolvedScreen;
    expect(resolved.kind).toBe('screen');
    expect(await outcome(ROUTE_BY_SCREEN[resolved.screen].guards, resolved)).toBe('pass');
  });
});
