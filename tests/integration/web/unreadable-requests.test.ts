import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { textOf, useWebApp } from './helpers';

// Requests the server cannot read: a malformed percent-encoding in the path (the router refuses
// it) and a query beyond the size Node's HTTP parser accepts (431). Both get the portal's error
// page, HTML with the right status, in the language of the path, never the framework's JSON.

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends a request target as it is, over a plain socket, and reads the whole answer. */
function send(base: string, target: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const split = raw.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = raw.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: raw.slice(split + 4) });
    });
  });
}

describe('requests the server cannot read', () => {
  let app: FastifyInstance;
  let webUrl: string;

  useWebApp('pglite', (web) => {
    ({ app } = web);
  });
  beforeAll(async () => {
    webUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  it.each([
    ['fr', '/fr/vente/%E0%A4%A/', 'Erreur 400', "L'adresse de cette page n'est pas valide."],
    ['en', '/en/sale/%E0%A4%A/', 'Error 400', 'The address of this page is not valid.'],
  ] as const)(
    'answers a malformed path with the error page (%s)',
    async (lang, target, code, text) => {
      const res = await send(webUrl, target);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-language']).toBe(lang);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain(`<html lang="${lang}"`);
      expect(res.body).toContain('<meta name="robots" content="noindex"/>');
      expect(textOf(res.body)).toContain(code);
      expect(textOf(res.body)).toContain(text);
      // The portal's page: its header and footer are there.
      expect(res.body).toContain('<footer');
    },
  );

  it.each([
    ['fr', '/fr/vente/', 'Erreur 431', "L'adresse de cette page est trop longue."],
    ['en', '/en/sale/', 'Error 431', 'The address of this page is too long.'],
  ] as const)(
    'answers an oversized query with the error page (%s)',
    async (lang, path, code, text) => {
      const res = await send(webUrl, `${path}?price_max=${'9'.repeat(20_000)}`);
      expect(res.status).toBe(431);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-language']).toBe(lang);
      expect(res.headers['content-security-policy']).toBeDefined();
      expect(res.body).toContain(`<html lang="${lang}"`);
      expect(textOf(res.body)).toContain(code);
      expect(textOf(res.body)).toContain(text);
      expect(res.body).toContain('<footer');
    },
  );

  it('does not take an error page request from outside', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/en/',
      headers: { 'x-portal-status-page': 'guess 400' },
    });
    expect(res.statusCode).toBe(200);
  });
});
