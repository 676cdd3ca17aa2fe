import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { benchApi } from './api';
import { benchClusters } from './clusters';
import { benchComparables } from './comparables';
import { benchDigests } from './digests';
import { benchVarnish, printSideBySide } from './edge';
import { benchImport } from './import';
import { startPortal, type Figures } from './lib';
import { benchLighthouse } from './lighthouse';
import { benchFrame } from './web-frame';
import { benchList } from './web-list';
import { benchOffer } from './web-offer';
import { benchPageCache } from './web-page-cache';
import { benchScale } from './scale';
import { benchStats } from './stats';

// `npm run bench` (after `npm run build`): the listings API endpoints, then the web pages on the
// production build. Options: --offers N (listings API seed, default 100000), --web-offers N
// (portal seed, default 20000), --seconds S per measurement, --only PART[,PART…] (PARTS below;
// import: the feed import of a generated 10,000-row Poliris feed, --rows N to change its size;
// digests: the alert job after an import of 100,000 offers, or --rows N; page-cache: the list
// and offer pages from the web app's page cache, which `web` runs without; lighthouse: Lighthouse
// on the home, a list and an offer page in both languages, --runs N times each, default 5),
// --web-processes N (the portal's WEB_PROCESSES; default as `npm start`: one web process per core
// beside the listings API's own process; 1: every page from one process).

const { values } = parseArgs({
  options: {
    offers: { type: 'string', default: '100000' },
    'web-offers': { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '8' },
    only: { type: 'string' },
    rows: { type: 'string', default: '10000' },
    'web-processes': { type: 'string' },
    // The audience counters (stats, scale): events per second; stats: events counted before
    // the counters' size is read, and the days they are spread over.
    rate: { type: 'string' },
    events: { type: 'string' },
    days: { type: 'string' },
    runs: { type: 'string', default: '5' },
  },
});
// --only takes one part or several, comma-separated (web,page-cache: the pages side by side).
const PARTS = [
  'api',
  'web',
  'import',
  'digests',
  'clusters',
  'comparables',
  'stats',
  'page-cache',
  'scale',
  'lighthouse',
];
const only = values.only?.split(',');
const unknown = only?.filter((part) => !PARTS.includes(part)) ?? [];
if (unknown.length > 0) {
  console.error(`--only must be one or more of ${PARTS.join(', ')}, not ${unknown.join(',')}`);
  process.exit(2);
}
const runs = (part: string) => only === undefined || only.includes(part);
const seconds = Number(values.seconds);
const numberOr = (value: string | undefined) => (value === undefined ? undefined : Number(value));

if (runs('api')) {
  await benchApi({ offers: Number(values.offers), seconds });
}

// Map clusters over 1,000,000 offers (--offers when given): a seed of its own, kept between runs.
if (runs('clusters')) {
  await benchClusters({
    offers: values.offers === '100000' ? 1_000_000 : Number(values.offers),
    seconds,
  });
}

// An offer page's comparables over 1,000,000 offers (--offers when given), the clusters' seed.
if (runs('comparables')) {
  await benchComparables({
    offers: values.offers === '100000' ? 1_000_000 : Number(values.offers),
    seconds,
  });
}

// Searches on a real primary alone and with a streaming replica (--offers when given, else
// 20,000), each alone and while the audience counters write 2,000 events/s (--rate).
if (runs('scale')) {
  await benchScale({
    offers: values.offers === '100000' ? 20_000 : Number(values.offers),
    seconds,
    statRate: numberOr(values.rate),
  });
}

// The audience counters: POST /stat at 2,000 events/s over 16 connections, then their size after
// 1,000,000 events.
if (runs('stats')) {
  await benchStats({
    seconds: values.seconds === '8' ? 20 : seconds,
    rate: numberOr(values.rate),
    events: numberOr(values.events),
    days: numberOr(values.days),
  });
}

if (runs('import')) {
  await benchImport({
    rows: Number(values.rows),
    databaseUrl: process.env.DATABASE_URL || undefined,
  });
}

if (runs('digests')) {
  await benchDigests({
    rows: values.rows === '10000' ? 100_000 : Number(values.rows),
    databaseUrl: process.env.DATABASE_URL || undefined,
  });
}

const webProcesses =
  values['web-processes'] === undefined ? undefined : Number(values['web-processes']);

// The list and offer pages of the web and page-cache runs, printed side by side at the end.
const edge: Record<'uncached' | 'pageCache' | 'varnish', Figures[]> = {
  uncached: [],
  pageCache: [],
  varnish: [],
};

if (runs('web')) {
  // Every page rendered: the page cache is off.
  const portal = await startPortal({
    seedOffers: Number(values['web-offers']),
    webProcesses,
    env: { PAGE_CACHE_BYTES: '0' },
  });
  console.log(
    `\nPortal as npm start runs it: ${webProcesses ?? availableParallelism()} web process(es), ` +
      'the listings API (PGlite) in a process of its own',
  );
  try {
    await benchFrame(portal, { seconds });
    edge.uncached.push(...(await benchList(portal, { seconds })));
    edge.uncached.push(...(await benchOffer(portal, { seconds })));
    // Varnish in front of this portal: a miss renders, as it would without Varnish.
    edge.varnish.push(...(await benchVarnish(portal, { seconds })));
  } finally {
    await portal.stop();
  }
}

if (runs('page-cache')) {
  const portal = await startPortal({ seedOffers: Number(values['web-offers']), webProcesses });
  console.log(
    `\nPortal with its page cache (PAGE_CACHE_BYTES default): ${webProcesses ?? availableParallelism()} web process(es)`,
  );
  try {
    edge.pageCache.push(...(await benchPageCache(portal, { seconds })));
  } finally {
    await portal.stop();
  }
}

// Lighthouse on the portal as `npm start` runs it (page cache on).
if (runs('lighthouse')) {
  const portal = await startPortal({ seedOffers: Number(values['web-offers']), webProcesses });
  try {
    await benchLighthouse(portal, { runs: Number(values.runs) });
  } finally {
    await portal.stop();
  }
}

if (edge.uncached.length + edge.pageCache.length + edge.varnish.length > 0) printSideBySide(edge);
