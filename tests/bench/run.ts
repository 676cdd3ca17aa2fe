import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { benchApi } from './api';
import { benchClusters } from './clusters';
import { benchImport } from './import';
import { startPortal } from './lib';
import { benchFrame } from './web-frame';
import { benchList } from './web-list';
import { benchOffer } from './web-offer';

// `npm run bench` (after `npm run build`): the listings API endpoints, then the web pages on the
// production build. Options: --offers N (listings API seed, default 100000), --web-offers N
// (portal seed, default 20000), --seconds S per measurement, --only api|web|import (the feed
// import of a generated 10,000-row Poliris feed; --rows N to change its size), --web-processes N
// (the portal's WEB_PROCESSES; default as `npm start`: one web process per core beside the
// listings API's own process; 1: every page from one process).

const { values } = parseArgs({
  options: {
    offers: { type: 'string', default: '100000' },
    'web-offers': { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '8' },
    only: { type: 'string' },
    rows: { type: 'string', default: '10000' },
    'web-processes': { type: 'string' },
  },
});
const only = values.only;
if (only !== undefined && !['api', 'web', 'import', 'clusters'].includes(only)) {
  console.error(`--only must be api, web, import or clusters, not ${only}`);
  process.exit(2);
}
const seconds = Number(values.seconds);

if (only === undefined || only === 'api') {
  await benchApi({ offers: Number(values.offers), seconds });
}

// Map clusters over 1,000,000 offers (--offers when given): a seed of its own, kept between runs.
if (only === undefined || only === 'clusters') {
  await benchClusters({
    offers: values.offers === '100000' ? 1_000_000 : Number(values.offers),
    seconds,
  });
}

if (only === undefined || only === 'import') {
  await benchImport({
    rows: Number(values.rows),
    databaseUrl: process.env.DATABASE_URL || undefined,
  });
}

if (only === undefined || only === 'web') {
  const webProcesses =
    values['web-processes'] === undefined ? undefined : Number(values['web-processes']);
  const portal = await startPortal({ seedOffers: Number(values['web-offers']), webProcesses });
  console.log(
    `\nPortal as npm start runs it: ${webProcesses ?? availableParallelism()} web process(es), ` +
      'the listings API (PGlite) in a process of its own',
  );
  try {
    await benchFrame(portal, { seconds });
    await benchList(portal, { seconds });
    await benchOffer(portal, { seconds });
  } finally {
    await portal.stop();
  }
}
