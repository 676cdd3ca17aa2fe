import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config, OfferList } from '../../../shared/contract';
import { offerHref } from '../../../shared/routes';
import { CONTACT_IP_LIMIT } from '../../../server/writes/contact';
import {
  buildWebApp,
  postForm,
  startFaultProxy,
  startListingsApi,
  upstreamJson,
  type FakeServer,
} from './helpers';

// The edges of a contact request: the answer does not wait for the e-mail stat (the listings API's
// POST /stat hangs here when asked, every other call goes through to the real one), the 429 of a
// visitor address over its allowance says when to try again, requests sent at once cannot pass it
// together, and attempts that fail upstream (the listings API answers 503 to a request whose
// message holds FAILS_UPSTREAM) do not use it up.

const FAILS_UPSTREAM = 'upstream-fails';

describe('contact request edges', () => {
  let listings: Awaited<ReturnType<typeof startListingsApi>>;
  let fake: FakeServer;
  let web: FastifyInstance;
  let offerId: number;
  let offerPath: string;
  let pendingStats = 0;
  /** Whether the fake leaves the e-mail stat calls unanswered (else it answers them at once). */
  let hangStats = false;

  beforeAll(async () => {
    listings = await startListingsApi('pglite');
    const offer = (await upstreamJson<OfferList>(listings.url, '/offre?limit=1')).items[0]!;
    offerId = offer.id;
    offerPath = offerHref(offer, 'fr', await upstreamJson<Config>(listings.url, '/config'));
    fake = await startFaultProxy(listings.url, (req, res, body) => {
      if (req.method === 'POST' && req.url?.startsWith('/stat')) {
        if (hangStats)
          pendingStats++; // never answers
        else res.writeHead(204).end();
        return true;
      }
      if (req.url?.startsWith('/contact') && body.toString().includes(FAILS_UPSTREAM)) {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'down' }));
        return true;
      }
      return false;
    });
    web = await buildWebApp(fake.url, { upstreamTimeoutMs: 60_000 });
  });
  afterAll(async () => {
    // The fake first: its hanging stat calls end, so the web app closes at once.
    await fake?.close();
    await web?.close();
    await listings?.close();
  });

  /** The contact action of the offer's page, as the browser's router calls it. */
  const contact = (
    remoteAddress: string,
    i: number,
    headers: Record<string, string> = {},
    note = '',
  ) =>
    postForm(
      web,
      offerPath,
      {
        _form: 'contact',
        name: 'Camille Martin',
        phone: '06 12 34 56 78',
        email: 'camille.martin@example.org',
        message: `Je souhaite visiter ce bien (${remoteAddress} ${i}${note}).`,
        offer_id: String(offerId),
      },
      { headers, remoteAddress },
    );

  it('answers once the request is stored, without waiting for the e-mail stat', async () => {
    const before = pendingStats;
    hangStats = true;
    const res = await contact('192.0.2.10', 0);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ form: 'contact', status: 'sent' });
    // The stat call was sent and is still hanging when the visitor has their answer.
    await expect.poll(() => pendingStats).toBe(before + 1);
    hangStats = false;
  }, 20_000);

  it('names its 403 Forbidden when a form comes from another site', async () => {
    const res = await contact('192.0.2.11', 0, {
      origin: 'https://attacker.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
  });

  it('names accept-encoding once in the Vary of a page', async () => {
    const res = await web.inject({ url: '/fr/', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    const vary = String(res.headers.vary)
      .toLowerCase()
      .split(/\s*,\s*/);
    expect(vary.filter((token) => token === 'accept-encoding')).toHaveLength(1);
  });

  it('says when to try again in the 429 of an address over its allowance', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < CONTACT_IP_LIMIT.max + 1; i++) {
      last = await contact('192.0.2.20', i);
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, CONTACT_IP_LIMIT.max).every((s) => s === 200)).toBe(true);
    expect(last!.statusCode).toBe(429);
    const retryAfter = Number(last!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CONTACT_IP_LIMIT.timeWindow / 1000);
  }, 60_000);

  it('refuses, of requests an address sends at once, those beyond its allowance', async () => {
    const extra = 8;
    const answers = await Promise.all(
      Array.from({ length: CONTACT_IP_LIMIT.max + extra }, (_, i) => contact('192.0.2.40', i)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(CONTACT_IP_LIMIT.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(extra);
    // And none more afterwards.
    expect((await contact('192.0.2.40', CONTACT_IP_LIMIT.max + extra)).statusCode).toBe(429);
  }, 60_000);

  it('leaves the allowance of an address whose attempts failed upstream', async () => {
    const failed: number[] = [];
    for (let i = 0; i < CONTACT_IP_LIMIT.max + 2; i++) {
      failed.push((await contact('192.0.2.30', i, {}, ` ${FAILS_UPSTREAM}`)).statusCode);
    }
    // Every attempt reached the listings API and failed there: none was refused for the quota.
    expect(failed.filter((status) => status === 429)).toEqual([]);
    expect(failed.every((status) => status >= 500)).toBe(true);
    const sent = await contact('192.0.2.30', 0);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ form: 'contact', status: 'sent' });
  }, 60_000);
});
