import { measure, printFigures, startFixedStringServer, type Figures, type Portal } from './lib';
import { offerPagePath } from './web-offer';
import { listPagePath } from './web-list';

// The list and offer pages served from the web app's page cache (PAGE_CACHE_BYTES), at 1 and 32
// connections, next to the same bytes as a fixed string. Target: at 32 connections at least half
// the requests per second of the fixed string.

export async function benchPageCache(portal: Portal, { seconds = 8 } = {}): Promise<Figures[]> {
  const all: Figures[] = [];
  for (const [name, pagePath] of [
    ['list', await listPagePath(portal)],
    ['offer', await offerPagePath(portal)],
  ] as const) {
    const url = `${portal.url}${pagePath}`;
    // The first request renders and stores the page; the second must come from the cache.
    const body = await (await fetch(url)).text();
    const second = await fetch(url);
    await second.arrayBuffer();
    const state = second.headers.get('x-page-cache');
    if (state !== 'HIT') throw new Error(`${pagePath}: X-Page-Cache ${state}, expected HIT`);
    const fixed = await startFixedStringServer(body);
    const rows: Figures[] = [];
    try {
      for (const connections of [1, 32]) {
        rows.push(await measure(`${name} ${pagePath}`, url, { connections, seconds }));
        rows.push(
          await measure(`${name} (fixed string, same size)`, `${fixed.url}${pagePath}`, {
            connections,
            seconds,
          }),
        );
      }
    } finally {
      await fixed.close();
    }
    printFigures(`${name} page through the page cache (production build)`, rows);
    const cached = rows.find((r) => r.connections === 32 && !r.label.includes('('));
    const ceiling = rows.find((r) => r.connections === 32 && r.label.includes('fixed string'));
    if (cached && ceiling) {
      const ratio = ceiling.rps > 0 ? cached.rps / ceiling.rps : 0;
      console.log(
        `32 connections: ${cached.rps} req/s = ${(ratio * 100).toFixed(0)} % of the fixed string ` +
          `(${ceiling.rps} req/s; target ≥ 50 %), p99 ${cached.p99} ms`,
      );
    }
    all.push(...rows);
  }
  return all;
}
