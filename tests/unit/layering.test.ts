import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Who may import whom (docs/architecture.md, Folders), as the lint enforces it: the server reaches
// browser code only through the server entry (type imports included); browser code never imports
// a .server module (the screens' actions, built into the server entry alone); shared code imports
// no part; the listings API runs the demo seed from its start alone.

const eslint = new ESLint({ cwd: process.cwd() });

/** The restricted imports the lint reports for a file's source. */
async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('layering', () => {
  // Loading the lint's configuration and plugins takes a while on a busy machine.
  beforeAll(() => restricted('server/warm-up.ts', 'export {};\n'));

  it('lets the server import the server entry alone from browser code', async () => {
    const file = 'server/ssr/layering-probe.ts';
    expect(
      await restricted(file, "export type { PageAssets } from '../../client/entry-server';\n"),
    ).toEqual([]);
    expect(
      await restricted(
        file,
        "import type * as E from '../../client/entry-server';\nexport type T = E.PageAssets;\n",
      ),
    ).toEqual([]);
    for (const code of [
      "export { langOfPath } from '../../client/app/route-table';\n",
      "export type { ScreenMatch } from '../../client/app/route-table';\n",
      "export { SearchForm } from '../../client/components/search/search-form';\n",
    ]) {
      expect(await restricted(file, code)).toHaveLength(1);
    }
  });

  it('applies to the server’s tests too', async () => {
    expect(
      await restricted(
        'server/plugins/layering-probe.test.ts',
        "export { Document } from '../../client/app/document';\n",
      ),
    ).toHaveLength(1);
  });

  it('lets the listings API run the demo seed from its start alone', async () => {
    const code = "export { seedIfEmpty } from '../tools/seed/index';\n";
    expect(await restricted('listings-api/embedded.ts', code)).toEqual([]);
    expect(
      await restricted(
        'listings-api/feeds/layering-probe.ts',
        "export { RUBRIQUES } from '../../tools/seed/catalog';\n",
      ),
    ).toHaveLength(1);
    expect(await restricted('listings-api/layering-probe.ts', code)).toHaveLength(1);
    expect(
      await restricted(
        'server/layering-probe.ts',
        "export { seedDatabase } from '../tools/seed/index';\n",
      ),
    ).toHaveLength(1);
  });

  it('keeps the seed free of the web app', async () => {
    expect(
      await restricted(
        'tools/seed/layering-probe.ts',
        "export { ROUTES } from '../../server/app';\n",
      ),
    ).toHaveLength(1);
    expect(
      await restricted(
        'tools/seed/layering-probe.ts',
        "export type { Database } from '../../listings-api/db/types';\n",
      ),
    ).toEqual([]);
  });

  it('keeps the screens’ actions out of browser code', async () => {
    for (const [file, code] of [
      ['client/routes/offer.tsx', "export { default } from './offer.server';\n"],
      ['client/components/probe.tsx', "export { default } from '../routes/alerts.server';\n"],
      ['client/app/probe.ts', "export { parsePo } from '../../shared/catalogs.server';\n"],
    ]) {
      expect(await restricted(file!, code!)).toHaveLength(1);
    }
    // The server entry loads them; a screen's actions may share another's.
    expect(
      await restricted(
        'client/entry-server.tsx',
        "export { loadActions } from './app/screen-actions.server';\n",
      ),
    ).toEqual([]);
    expect(
      await restricted(
        'client/routes/agency.server.ts',
        "export { default } from './offer.server';\n",
      ),
    ).toEqual([]);
    expect(
      await restricted(
        'client/routes/agency.server.ts',
        "export { app } from '../../server/app';\n",
      ),
    ).toHaveLength(1);
  });

  it('keeps shared code free of the parts', async () => {
    expect(
      await restricted(
        'shared/layering-probe.ts',
        "export { render } from '../client/entry-server';\n",
      ),
    ).toHaveLength(1);
  });
});
