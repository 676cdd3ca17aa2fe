import type { ScreenActions } from './screen';
import { screenFile } from './screens';

// The screens' actions (client/routes/{screen-name}.server.ts), found by file name like the
// screens. Only the server entry imports this module, so no browser chunk holds an action
// (tests/unit/js-budget.test.ts looks for them in the client build).

const modules = import.meta.glob<{ default: ScreenActions }>('../routes/*.server.ts');

/** The actions of a screen; undefined for a screen that takes no writes. */
export async function loadActions(screen: string): Promise<ScreenActions | undefined> {
  const load =
    modules[
      screenFile(screen)
        .replace(/^client\//, '../')
        .replace(/\.tsx$/, '.server.ts')
    ];
  return load ? (await load()).default : undefined;
}
