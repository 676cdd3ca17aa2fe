import { parseArgs } from 'node:util';
import { benchApi } from './api';
import { startPortal } from './lib';
import { benchFrame } from './web-frame';
import { benchList } from './web-list';
import { benchOffer } from './web-offer';

// `npm run bench` (after `npm run build`): the listings API endpoints, then the web pages on the
// production build. Options: --offers N (listings API seed, default 100000), --web-offers N
// (portal seed, default 20000), --seconds S per measurement, --only api|web.

const { values } = parseArgs({
  options: {
    offers: { type: 'string', default: '100000' },
    'web-offers': { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '8' },
    only: { type: 'string' },
  },
});
const seconds = Number(values.seconds);

if (values.only !== 'web') {
  await benchApi({ offers: Number(values.offers), seconds });
}

if (values.only !== 'api') {
  const portal = await startPortal({ seedOffers: Number(values['web-offers']) });
  try {
    await benchFrame(portal, { seconds });
    await benchList(portal, { seconds });
    await benchOffer(portal, { seconds });
  } finally {
    await portal.stop();
  }
}
