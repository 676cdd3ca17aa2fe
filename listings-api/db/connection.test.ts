import { describe, expect, it } from 'vitest';
import { withOption } from './connection';

describe('withOption', () => {
  it('adds a server setting to a connection string', () => {
    const url = new URL(
      withOption('postgres://app@db:5432/portal', '-c plan_cache_mode=force_generic_plan'),
    );
    expect(url.searchParams.get('options')).toBe('-c plan_cache_mode=force_generic_plan');
    expect(`${url.host}${url.pathname}`).toBe('db:5432/portal');
  });

  it('keeps the settings and parameters the string already had', () => {
    const url = new URL(
      withOption(
        'postgres://app:s%40cret@db/portal?sslmode=require&options=-c%20statement_timeout%3D5000',
        '-c plan_cache_mode=force_generic_plan',
      ),
    );
    expect(url.searchParams.get('options')).toBe(
      '-c statement_timeout=5000 -c plan_cache_mode=force_generic_plan',
    );
    expect(url.searchParams.get('sslmode')).toBe('require');
    expect(decodeURIComponent(url.password)).toBe('s@cret');
  });
});
