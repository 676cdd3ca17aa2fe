import { parseCircular, parseDependencyTree, prettyCircular } from 'dpdm';
import { describe, expect, it } from 'vitest';

// No runtime import cycle in the product's code: a module in a cycle may be read half-initialised
// (a binding still undefined when the other module runs its top level). Type-only imports are
// erased before the analysis (they do not exist at run time); dynamic imports count.

const PARTS = ['server', 'client', 'shared', 'listings-api', 'mails', 'tools'];

describe('import cycles', () => {
  it('has none at run time', { timeout: 180_000 }, async () => {
    const tree = await parseDependencyTree(
      PARTS.map((part) => `./${part}/**/*.{ts,tsx}`),
      {
        context: process.cwd(),
        transform: true,
        tsconfig: 'tsconfig.json',
        exclude: /node_modules/,
      },
    );
    const modules = Object.keys(tree);
    // The analysis read the code (a wrong glob would find nothing, hence no cycle).
    expect(modules.filter((id) => id.startsWith('server/')).length).toBeGreaterThan(50);
    expect(modules.filter((id) => id.startsWith('listings-api/')).length).toBeGreaterThan(50);
    const cycles = parseCircular(tree);
    expect(cycles, prettyCircular(cycles)).toEqual([]);
  });
});
