import { describe, expect, it } from 'vitest';
import { isLocalPath } from './language';

describe('isLocalPath', () => {
  it.each([
    ['/fr/', true],
    ['/en/sale/house/paris/?price_max=100', true],
    ['/fr/#top', true],
    ['fr/', false],
    ['//evil.example/', false],
    ['/\\evil.example/', false],
    ['https://evil.example/', false],
    ['/fr/\u0000', false],
    ['/fr/\t/', false],
    ['', false],
  ])('%j → %j', (path, local) => {
    expect(isLocalPath(path)).toBe(local);
  });
});
