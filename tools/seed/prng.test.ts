import { describe, expect, it } from 'vitest';
import { hashSeed, Prng, WeightedTable } from './prng';

describe('Prng', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = new Prng(42);
    const b = new Prng(42);
    const seqA = Array.from({ length: 50 }, () => a.next());
    const seqB = Array.from({ length: 50 }, () => b.next());
    expect(seqA).toEqual(seqB);
  });

  it('gives another sequence for another seed', () => {
    const a = Array.from(
      { length: 5 },
      (
        (r) => () =>
          r.next()
      )(new Prng(1)),
    );
    const b = Array.from(
      { length: 5 },
      (
        (r) => () =>
          r.next()
      )(new Prng(2)),
    );
    expect(a).not.toEqual(b);
  });

  it('draws floats in [0, 1)', () => {
    const r = new Prng(7);
    for (let i = 0; i < 10_000; i++) {
      const x = r.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });

  it.each([
    [0, 0],
    [1, 6],
    [-3, 3],
    [100, 101],
  ])('draws integers in [%i, %i], both bounds reached', (min, max) => {
    const r = new Prng(hashSeed('int', min, max));
    const seen = new Set<number>();
    for (let i = 0; i < 2_000; i++) {
      const x = r.int(min, max);
      expect(Number.isInteger(x)).toBe(true);
      expect(x).toBeGreaterThanOrEqual(min);
      expect(x).toBeLessThanOrEqual(max);
      seen.add(x);
    }
    expect(seen.size).toBe(max - min + 1);
  });

  it('never picks an item of zero weight and follows the weights', () => {
    const r = new Prng(3);
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 10_000; i++)
      counts[r.weighted(['a', 'b', 'c'] as const, (x) => ({ a: 1, b: 3, c: 0 })[x])]++;
    expect(counts.c).toBe(0);
    expect(counts.b / counts.a).toBeGreaterThan(2.6);
    expect(counts.b / counts.a).toBeLessThan(3.4);
  });

  it('samples distinct items', () => {
    const r = new Prng(9);
    const items = Array.from({ length: 30 }, (_, i) => i);
    const s = r.sample(items, 12);
    expect(s).toHaveLength(12);
    expect(new Set(s).size).toBe(12);
    expect(r.sample(items, 50)).toHaveLength(30);
  });

  it('weighted tables pick like weighted draws', () => {
    const table = new WeightedTable(['x', 'y'], (v) => (v === 'x' ? 9 : 1));
    const r = new Prng(11);
    let x = 0;
    for (let i = 0; i < 10_000; i++) if (table.pick(r) === 'x') x++;
    expect(x / 10_000).toBeGreaterThan(0.87);
    expect(x / 10_000).toBeLessThan(0.93);
    expect(() => new WeightedTable(['a'], () => 0)).toThrow();
  });
});

describe('hashSeed', () => {
  it.each([
    [
      [1, 'offer', 2],
      [1, 'offer', 3],
    ],
    [
      [1, 'offer', 12],
      [11, 'offer', 2],
    ],
    [
      ['ab', 'c'],
      ['a', 'bc'],
    ],
  ])('separates %j from %j', (a, b) => {
    expect(hashSeed(...a)).not.toBe(hashSeed(...b));
  });

  it('is stable', () => {
    expect(hashSeed(20031107, 'offer', 1)).toBe(hashSeed(20031107, 'offer', 1));
  });
});
