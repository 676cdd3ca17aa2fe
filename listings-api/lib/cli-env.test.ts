import { afterEach, describe, expect, it, vi } from 'vitest';
import { cliDbOptions } from './cli-env';

describe('the database of a command-line job', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads DATABASE_URL or PGLITE_DIR, empty variables counting as unset', () => {
    expect(cliDbOptions('job', { DATABASE_URL: 'postgres://db/x', PGLITE_DIR: '' })).toEqual({
      databaseUrl: 'postgres://db/x',
      dataDir: undefined,
      poolSize: 2,
    });
    expect(cliDbOptions('job', { DATABASE_URL: '', PGLITE_DIR: '/tmp/p' })).toEqual({
      databaseUrl: undefined,
      dataDir: '/tmp/p',
      poolSize: 2,
    });
  });

  it('refuses a URL of another database, naming the command and the variable', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(cliDbOptions('privacy:purge', { DATABASE_URL: 'mysql://db/x' })).toBeNull();
    expect(error).toHaveBeenCalledWith('privacy:purge: DATABASE_URL must be a postgres:// URL');
  });
});
