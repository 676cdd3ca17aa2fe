import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './outbox';

describe('retry delays', () => {
  const minute = 60_000;
  const rows: [number, number][] = [
    [1, minute],
    [2, 2 * minute],
    [3, 4 * minute],
    [6, 32 * minute],
    [9, 256 * minute],
    [10, 6 * 60 * minute],
    [16, 6 * 60 * minute],
  ];
  it.each(rows)('after attempt %d waits %d ms', (attempts, delay) => {
    expect(retryDelayMs(attempts)).toBe(delay);
  });
});
