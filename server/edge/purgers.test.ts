import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startRecorder, type Recorder } from '../../tests/integration/edge/recorder';
import { createEdgePurger, EdgePurgeError } from './purgers';

// Each kind of edge against a local server recording what it is sent (a stand-in for Varnish
// hosts and for Cloudflare's and Fastly's APIs).

let a: Recorder;
let b: Recorder;
beforeEach(async () => {
  a = await startRecorder();
  b = await startRecorder();
});
afterEach(async () => {
  await a.close();
  await b.close();
});

describe('Varnish', () => {
  it('sends PURGE / with the space-separated tags in xkey-purge to every host', async () => {
    const purger = createEdgePurger({ kind: 'varnish', urls: [`${a.url}/`, `${b.url}/`] });
    await purger.purge(['offre-7', 'liste-vente', 'offre-7', 'not a tag']);
    for (const host of [a, b]) {
      expect(host.requests).toHaveLength(1);
      expect(host.requests[0]).toMatchObject({ method: 'PURGE', url: '/' });
      expect(host.requests[0]?.headers['xkey-purge']).toBe('offre-7 liste-vente');
    }
  });

  it('fails when one host refuses, after asking every host', async () => {
    b.answer = { status: 403, body: 'Forbidden' };
    const purger = createEdgePurger({ kind: 'varnish', urls: [a.url, b.url] });
    await expect(purger.purge(['offre-1'])).rejects.toThrow(/403/);
    expect(a.requests).toHaveLength(1);
    expect(b.requests).toHaveLength(1);
  });

  it('tells the outcome of every request sent', async () => {
    b.answer = { status: 403, body: 'Forbidden' };
    const outcomes: string[] = [];
    const purger = createEdgePurger(
      { kind: 'varnish', urls: [a.url, b.url] },
      { onRequest: (outcome) => outcomes.push(outcome) },
    );
    await expect(purger.purge(['offre-1'])).rejects.toThrow(/403/);
    expect(outcomes.sort()).toEqual(['failed', 'sent']);
    const fastly = createEdgePurger(
      { kind: 'fastly', apiUrl: a.url, serviceId: 's', token: 't' },
      { onRequest: (outcome) => outcomes.push(outcome) },
    );
    await fastly.purge(['offre-1']);
    expect(outcomes).toEqual(['failed', 'sent', 'sent']);
  });

  it('fails when a host does not answer', async () => {
    const url = b.url;
    await b.close();
    b = await startRecorder();
    const purger = createEdgePurger({ kind: 'varnish', urls: [url] }, { timeoutMs: 2000 });
    await expect(purger.purge(['offre-1'])).rejects.toBeInstanceOf(EdgePurgeError);
  });

  it('sends nothing for no tag, and splits many tags into several purges', async () => {
    const purger = createEdgePurger({ kind: 'varnish', urls: [a.url] });
    await purger.purge([]);
    expect(a.requests).toHaveLength(0);
    const tags = Array.from({ length: 450 }, (_, i) => `offre-${i}`);
    await purger.purge(tags);
    expect(a.requests.map((r) => String(r.headers['xkey-purge']).split(' ').length)).toEqual([
      200, 200, 50,
    ]);
    expect(a.requests.flatMap((r) => String(r.headers['xkey-purge']).split(' '))).toEqual(tags);
  });
});

describe('Cloudflare', () => {
  it('posts the tags as JSON to the zone with the bearer token, 30 a call', async () => {
    a.answer = { status: 200, body: '{"success":true,"errors":[],"messages":[],"result":{}}' };
    const purger = createEdgePurger({
      kind: 'cloudflare',
      apiUrl: `${a.url}/client/v4`,
      zoneId: 'zone42',
      token: 'cf-token',
    });
    const tags = Array.from({ length: 31 }, (_, i) => `offre-${i}`);
    await purger.purge(tags);
    expect(a.requests).toHaveLength(2);
    for (const request of a.requests) {
      expect(request).toMatchObject({ method: 'POST', url: '/client/v4/zones/zone42/purge_cache' });
      expect(request.headers.authorization).toBe('Bearer cf-token');
      expect(request.headers['content-type']).toBe('application/json');
    }
    expect(a.requests.flatMap((r) => (JSON.parse(r.body) as { tags: string[] }).tags)).toEqual(
      tags,
    );
  });

  it('fails on an answer without success, even a 200', async () => {
    a.answer = { status: 200, body: '{"success":false,"errors":[{"code":1134}]}' };
    const purger = createEdgePurger({
      kind: 'cloudflare',
      apiUrl: a.url,
      zoneId: 'z',
      token: 't',
    });
    await expect(purger.purge(['offre-1'])).rejects.toThrow(/Cloudflare/);
    a.answer = { status: 401, body: '{"success":false}' };
    await expect(purger.purge(['offre-1'])).rejects.toThrow(/401/);
  });
});

describe('Fastly', () => {
  it('posts to the service with the space-separated Surrogate-Key and Fastly-Key', async () => {
    a.answer = { status: 200, body: '{"offre-1":"108-1391560174-974124"}' };
    const purger = createEdgePurger({
      kind: 'fastly',
      apiUrl: a.url,
      serviceId: 'svc9',
      token: 'fastly-token',
    });
    await purger.purge(['offre-1', 'agence-2']);
    expect(a.requests).toHaveLength(1);
    expect(a.requests[0]).toMatchObject({ method: 'POST', url: '/service/svc9/purge' });
    expect(a.requests[0]?.headers['surrogate-key']).toBe('offre-1 agence-2');
    expect(a.requests[0]?.headers['fastly-key']).toBe('fastly-token');
  });

  it('fails on an error answer', async () => {
    a.answer = { status: 500, body: '{"msg":"down"}' };
    const purger = createEdgePurger({ kind: 'fastly', apiUrl: a.url, serviceId: 's', token: 't' });
    await expect(purger.purge(['offre-1'])).rejects.toThrow(/500/);
  });
});
