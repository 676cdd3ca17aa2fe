import { describe, expect, it } from 'vitest';
import { scriptSafeJson } from './shell';

describe('scriptSafeJson', () => {
  it.each([
    [
      { a: '</script><script>alert(1)</script>' },
      '{"a":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}',
    ],
    [{ a: '<!-- x -->' }, '{"a":"\\u003c!-- x --\\u003e"}'],
    [{ a: 'Tom & Jerry' }, '{"a":"Tom \\u0026 Jerry"}'],
    [{ a: 'line\u2028sep\u2029' }, '{"a":"line\\u2028sep\\u2029"}'],
    [[1, 'é', null], '[1,"é",null]'],
  ])('escapes %j', (value, expected) => {
    const out = scriptSafeJson(value);
    expect(out).toBe(expected);
    expect(JSON.parse(out)).toEqual(value);
  });
});
