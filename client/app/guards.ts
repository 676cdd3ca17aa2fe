import { indexConfig, rubriqueAppliesTo } from '../../shared/config-index';
import { SLUG } from '../../shared/validation';
import type { ScreenLoaderArgs } from './screen';
import { notFound, unknownMiddleware } from './errors';

// Guards are the route table's "middleware" (shared/routes.ts GUARD_NAMES): named checks an entry
// declares, run in order before the screen's loader. A guard returns false when the params fail
// validation (→ 404 'This page could not be found') or throws a response itself (a redirect).
// A name without a guard is a programming error: 500 'Unknown middleware'.
//
// The route table already reads natures and rubriques from the config; lieu, offer, agency and
// network slugs are only checked for shape here: their loaders ask the listings API whether
// they exist (unknown → 404 'The page you are visiting does not exist.').

export type Guard = (args: ScreenLoaderArgs) => boolean | void | Promise<boolean | void>;

function param(args: ScreenLoaderArgs, name: string): unknown {
  return (args.match.params as Record<string, unknown>)[name];
}

const slugGuard =
  (name: string, optional = false): Guard =>
  (args) => {
    const value = param(args, name);
    if (value === undefined) return optional;
    return typeof value === 'string' && SLUG.test(value);
  };

export const guards: Record<string, Guard> = {
  validNature: (args) => {
    const nature = param(args, 'nature');
    return indexConfig(args.config).enabledNatures.some((id) => id === nature);
  },
  validRubrique: (args) => {
    const rubrique = param(args, 'rubrique');
    const nature = param(args, 'nature');
    if (rubrique === undefined) return true;
    if (typeof rubrique !== 'number' || typeof nature !== 'string') return false;
    return rubriqueAppliesTo(indexConfig(args.config), rubrique, nature as 'V' | 'L' | 'S');
  },
  // agencyDirectory has an optional place.
  validLieu: (args) => slugGuard('lieu', args.match.screen === 'agencyDirectory')(args),
  validOffre: slugGuard('offre'),
  validAgence: slugGuard('agence'),
  validReseau: slugGuard('reseau'),
};

/** Runs an entry's guards in order; throws the error response of the first that fails. */
export async function runGuards(
  names: readonly string[],
  args: ScreenLoaderArgs,
  registry: Record<string, Guard> = guards,
): Promise<void> {
  for (const name of names) {
    const guard = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!guard) throw unknownMiddleware(name);
    if ((await guard(args)) === false) throw notFound('validation');
  }
}
