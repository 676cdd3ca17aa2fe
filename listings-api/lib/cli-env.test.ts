import { afterEach, describe, expect, it, vi } from 'vitest';
import { readListingsConfig } from '../config';
import { cliConfig, cliDbOptions } from './cli-env';

describe('the database of a command-line job', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads DATABASE_URL or PGLITE_DIR, empty variables counting as unset', () => {
    const dbOf = (env: Record<string, string>) => cliDbOptions(readListingsConfig(env));
    expect(dbOf({ DATABASE_URL: 'postgres://db/x', PGLITE_DIR: '' })).toEqual({
      databaseUrl: 'postgres://db/x',
      dataDir: '.data/pglite',
      poolSize: 2,
    });
    expect(dbOf({ DATABASE_URL: '', PGLITE_DIR: '/tmp/p' })).toEqual({
      databaseUrl: undefined,
      dataDir: '/tmp/p',
      poolSize: 2,
    });
  });

  it('refuses a URL of another database, naming the command and the variable', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(cliConfig('privacy:purge', { DATABASE_URL: 'mysql://db/x' })).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]?.[0]).toMatch(
      /^privacy:purge: invalid environment of the listings API:\n {2}DATABASE_URL must be a postgres:\/\/ URL$/,
    );
  });

  it('names every bad variable at once', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(cliConfig('alerts:send', { SMTP_URL: 'http://x', FEEDS_MAX_BYTES: 'big' })).toBeNull();
    const message = String(error.mock.calls[0]?.[0]);
    expect(message).toMatch(/^alerts:send: /);
    expect(message).toMatch(/SMTP_URL must start with smtp/);
    expect(message).toMatch(/FEEDS_MAX_BYTES must be a whole number of bytes/);
  });
});
