import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

describe('edge purge settings', () => {
  it('is off without EDGE_PURGE_URL, and in a process with EDGE_PURGER=0', () => {
    expect(loadConfig({}).edgePurge).toBeUndefined();
    expect(
      loadConfig({ EDGE_PURGE_URL: 'http://varnish/', EDGE_PURGER: '0' }).edgePurge,
    ).toBeUndefined();
  });

  it('accepts xkey as the tag header', () => {
    expect(loadConfig({ CACHE_TAG_HEADER: 'xkey' }).cacheTagHeader).toBe('xkey');
  });

  it('purges every Varnish host named, with the defaults', () => {
    expect(
      loadConfig({ EDGE_PURGE_URL: 'http://varnish-a/, http://varnish-b:6081/' }).edgePurge,
    ).toEqual({
      target: { kind: 'varnish', urls: ['http://varnish-a/', 'http://varnish-b:6081/'] },
      intervalMs: 5000,
      repeatMs: 60000,
      cursorFile: '.data/edge-purge.cursor',
      // Taken in Redis by one web process at a time when REDIS_URL is set.
      lease: { key: 'portal-edge-purge', lifeMs: 15000 },
    });
  });

  it('reads Cloudflare and Fastly with their ids and token', () => {
    expect(
      loadConfig({
        EDGE_PURGE_URL: 'https://api.cloudflare.com/client/v4/',
        EDGE_PURGE_BACKEND: 'cloudflare',
        CLOUDFLARE_ZONE_ID: 'abc123',
        EDGE_PURGE_TOKEN: 'tok',
        EDGE_PURGE_INTERVAL_MS: '1000',
        EDGE_PURGE_REPEAT_MS: '0',
        EDGE_PURGE_CURSOR_FILE: '/var/lib/portal/cursor',
      }).edgePurge,
    ).toEqual({
      target: {
        kind: 'cloudflare',
        apiUrl: 'https://api.cloudflare.com/client/v4',
        zoneId: 'abc123',
        token: 'tok',
      },
      intervalMs: 1000,
      repeatMs: 0,
      cursorFile: '/var/lib/portal/cursor',
      lease: { key: 'portal-edge-purge', lifeMs: 15000 },
    });
    expect(
      loadConfig({
        EDGE_PURGE_URL: 'https://api.fastly.com',
        EDGE_PURGE_BACKEND: 'fastly',
        FASTLY_SERVICE_ID: 'SU1Z0isxPaozGVKXdv0eY',
        EDGE_PURGE_TOKEN: 'key',
      }).edgePurge?.target,
    ).toEqual({
      kind: 'fastly',
      apiUrl: 'https://api.fastly.com',
      serviceId: 'SU1Z0isxPaozGVKXdv0eY',
      token: 'key',
    });
  });

  it.each([
    [{ EDGE_PURGE_URL: 'varnish' }, 'EDGE_PURGE_URL'],
    [{ EDGE_PURGE_URL: 'http://varnish/', EDGE_PURGE_BACKEND: 'akamai' }, 'EDGE_PURGE_BACKEND'],
    [{ EDGE_PURGE_URL: 'http://varnish/', EDGE_PURGE_INTERVAL_MS: '0' }, 'EDGE_PURGE_INTERVAL_MS'],
    [{ EDGE_PURGE_URL: 'http://varnish/', EDGE_PURGER: 'maybe' }, 'EDGE_PURGER'],
    [{ EDGE_PURGE_URL: 'http://varnish/', EDGE_PURGE_REPEAT_MS: '-1' }, 'EDGE_PURGE_REPEAT_MS'],
    [
      { EDGE_PURGE_URL: 'https://api.cloudflare.com/client/v4', EDGE_PURGE_BACKEND: 'cloudflare' },
      'EDGE_PURGE_TOKEN',
    ],
    [
      {
        EDGE_PURGE_URL: 'https://api.cloudflare.com/client/v4',
        EDGE_PURGE_BACKEND: 'cloudflare',
        EDGE_PURGE_TOKEN: 't',
      },
      'CLOUDFLARE_ZONE_ID',
    ],
    [
      {
        EDGE_PURGE_URL: 'https://api.fastly.com',
        EDGE_PURGE_BACKEND: 'fastly',
        EDGE_PURGE_TOKEN: 't',
      },
      'FASTLY_SERVICE_ID',
    ],
    [
      {
        EDGE_PURGE_URL: 'https://a.example, https://b.example',
        EDGE_PURGE_BACKEND: 'fastly',
        EDGE_PURGE_TOKEN: 't',
        FASTLY_SERVICE_ID: 's',
      },
      'EDGE_PURGE_URL',
    ],
  ])('refuses %j naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
