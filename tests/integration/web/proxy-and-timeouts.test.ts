import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferList } from '../../../shared/contract';
import { FORM_RATE_LIMIT } from '../../../server/api/routes';
import { loadConfig } from '../../../server/config';
import { buildWebApp, startListingsApi, upstreamJson } from './helpers';

// What the server believes of a request's envelope: the visitor's address behind the proxies it
// trusts (hop count or addresses), the origin of its links (never the Host header), and how long a
// request may take to arrive (a slowloris body is cut).

describe('the server facing the network', () => {
  let listings: Awaited<ReturnType<typeof startListingsApi>>;
  let offerId: number;

  beforeAll(async () => {
    listings = await startListingsApi('pglite');
    offerId = (await upstreamJson<OfferList>(listings.url, '/offre?limit=1')).items[0]!.id;
  });
  afterAll(async () => {
    await listings?.close();
  });

  /** Statuses of FORM_RATE_LIMIT.max + 1 stat POSTs sent through the proxy at `proxy`. */
  async function statuses(
    app: FastifyInstance,
    proxy: string,
    forwardedFor: (i: number) => string,
  ): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < FORM_RATE_LIMIT.max + 1; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/stat',
        payload: { type: 'detail', id: offerId },
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': forwardedFor(i) },
      });
      out.push(res.statusCode);
    }
    return out;
  }

  it.each([
    ['a hop count of 1', { TRUST_PROXY: '1' }],
    ['the proxy address', { TRUST_PROXY: '10.0.0.0/8' }],
  ])('keys the limits on the address the trusted proxy saw (%s)', async (_, env) => {
    const app = await buildWebApp(listings.url, { trustProxy: loadConfig(env).trustProxy });
    try {
      // A visitor sends a new forged address before the real one each time: still one bucket.
      const spoofed = await statuses(app, '10.1.2.3', (i) => `198.18.0.${i + 1}, 203.0.113.7`);
      expect(spoofed.slice(0, FORM_RATE_LIMIT.max).every((s) => s === 201)).toBe(true);
      expect(spoofed[FORM_RATE_LIMIT.max]).toBe(429);
      // Another visitor behind the same proxy has a bucket of their own.
      const other = await statuses(app, '10.1.2.3', () => '203.0.113.8');
      expect(other.slice(0, 3)).toEqual([201, 201, 201]);
    } finally {
      await app.close();
    }
  });

  it('never writes a forged Host into canonical or hreflang, even with no PUBLIC_URL', async () => {
    const { publicUrl } = loadConfig({ NODE_ENV: 'production', PORT: '3000' });
    const app = await buildWebApp(listings.url, { publicUrl });
    try {
      const res = await app.inject({
        url: '/fr/vente/',
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('evil.example');
      expect(res.body).toMatch(/<link rel="canonical" href="http:\/\/localhost:3000\/fr\/vente\/"/);
    } finally {
      await app.close();
    }
  });

  it('cuts a request whose body trickles in (slowloris)', async () => {
    const app = await buildWebApp(listings.url, { requestTimeoutMs: 300, headersTimeoutMs: 200 });
    try {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      const socket = connect({ port: Number(port), host: '127.0.0.1' });
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.write(
        'POST /api/stat HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          'Content-Length: 1000\r\n\r\n{',
      );
      // One byte every 100 ms: the connection is never idle, the body never ends.
      const drip = setInterval(() => socket.writable && socket.write(' '), 100);
      const closed = await new Promise<boolean>((resolve) => {
        socket.once('close', () => resolve(true));
        socket.once('error', () => resolve(true));
      });
      clearInterval(drip);
      expect(closed).toBe(true);
      expect(received).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await app.close();
    }
  }, 15_000);
});
