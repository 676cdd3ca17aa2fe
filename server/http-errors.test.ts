import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { PortalApiError } from '../shared/portal-api';
import { badRequest, registerErrorHandler, tooManyRequests } from './http-errors';

// Routes throw typed HTTP errors; one handler answers them as JSON in the visitor's language.

async function appThrowing(error: () => unknown) {
  const app = Fastify();
  await app.register(cookie);
  registerErrorHandler(app);
  app.get('/*', async () => {
    throw error();
  });
  await app.ready();
  return app;
}

describe('the error handler', () => {
  it('answers a typed error with its status, field and headers', async () => {
    const app = await appThrowing(() => badRequest('q: is too long', 'q'));
    const res = await app.inject('/api/x');
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'q: is too long',
      field: 'q',
    });
  });

  it.each([
    ['/api/x?lang=en', {}, 'Too many requests'],
    ['/en/page', {}, 'Too many requests'],
    ['/api/x', { 'accept-language': 'en-US,en;q=0.9' }, 'Too many requests'],
    ['/api/x', { cookie: 'i18n_redirected=en', 'accept-language': 'fr' }, 'Too many requests'],
    ['/api/x', {}, 'Trop de demandes'],
    ['/fr/page', { 'accept-language': 'en' }, 'Trop de demandes'],
  ])('writes %s %j in the visitor’s language', async (url, headers, text) => {
    const app = await appThrowing(() => tooManyRequests(2.2));
    const res = await app.inject({ url, headers });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('3');
    expect(res.json().message).toContain(text);
    expect(res.json().message).toContain('3 s');
  });

  it("answers a listings API failure with its status in the visitor's language", async () => {
    const app = await appThrowing(
      () => new PortalApiError(503, 'listings API unavailable (ECONNREFUSED)'),
    );
    const fr = await app.inject('/api/x');
    expect(fr.statusCode).toBe(503);
    expect(fr.json().message).toContain('service des annonces');
    expect(fr.body).not.toContain('ECONNREFUSED');
    const en = await app.inject('/api/x?lang=en');
    expect(en.json().message).toContain('listings service');
  });

  it("passes the listings API's own 4xx body on", async () => {
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'lieu: must list ids',
      field: 'lieu',
    };
    const app = await appThrowing(() => new PortalApiError(400, 'bad', body));
    const res = await app.inject('/api/x');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body);
  });

  it('answers anything else with a 500 that says nothing internal', async () => {
    const app = await appThrowing(() => new Error('secret detail of the database'));
    const res = await app.inject('/en/x');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: expect.stringContaining('internal error'),
    });
    expect(res.body).not.toContain('secret');
  });

  it('answers an unknown address with a 404 in JSON', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    const res = await app.inject({ method: 'DELETE', url: '/en/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, message: 'This address does not exist.' });
  });
});
