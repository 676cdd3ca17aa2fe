import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferList } from '../../../shared/contract';
import { FORM_RATE_LIMIT } from '../../../server/api/routes';
import { buildWebApp, startListingsApi, upstreamJson } from './helpers';
import { TEST_REDIS_URL, redisAnswers } from '../../fixtures/redis';

// With REDIS_URL, web processes share their rate-limit counters: a visitor cannot get twice the
// allowance by landing on two instances. Runs where a Redis server answers (CI has one).

const hasRedis = await redisAnswers();

describe.skipIf(!hasRedis)('rate limits shared through Redis', () => {
  let listings: Awaited<ReturnType<typeof startListingsApi>>;
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    listings = await startListingsApi('pglite');
    [first, second] = await Promise.all([
      buildWebApp(listings.url, { redisUrl: TEST_REDIS_URL }),
      buildWebApp(listings.url, { redisUrl: TEST_REDIS_URL }),
    ]);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await listings?.close();
  });

  it('counts the POSTs of one visitor across two web processes', async () => {
    const offers = await upstreamJson<OfferList>(listings.url, '/offre?limit=1');
    const payload = { type: 'detail', id: offers.items[0]!.id };
    // A visitor address of its own, so earlier runs' counters do not matter.
    const remoteAddress = `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;
    const statuses: number[] = [];
    for (let i = 0; i < FORM_RATE_LIMIT.max + 1; i++) {
      const app = i % 2 === 0 ? first : second;
      statuses.push(
        (await app.inject({ method: 'POST', url: '/api/stat', payload, remoteAddress })).statusCode,
      );
    }
    expect(statuses.slice(0, FORM_RATE_LIMIT.max).every((s) => s === 201)).toBe(true);
    expect(statuses[FORM_RATE_LIMIT.max]).toBe(429);
  });
});
