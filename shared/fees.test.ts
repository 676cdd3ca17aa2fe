import { describe, expect, it } from 'vitest';
import { feePercentDisagrees, feePercentOf } from './fees';

describe('feePercentOf', () => {
  it.each([
    // seller's fees: a share of the price
    [{ payer: 'seller', amount: 249_750 }, 6_250_000, null, 4],
    // buyer's fees: a share of the price without fees, given or deduced
    [{ payer: 'buyer', amount: 200_000 }, 5_200_000, 5_000_000, 4],
    [{ payer: 'buyer', amount: 200_000 }, 5_200_000, null, 4],
    [{ payer: 'seller', amount: null }, 5_200_000, null, null],
    [{ payer: 'tenant', amount: 3_000 }, 5_000, null, null],
  ] as const)('computes %o on %d (without fees %o) as %o', (fees, price, without, expected) => {
    expect(feePercentOf(fees, price, without)).toBe(expected);
  });

  it('flags a stated percentage more than 0.1 point away from the amounts', () => {
    expect(feePercentDisagrees(3.7, 4)).toBe(true);
    expect(feePercentDisagrees(3.95, 4)).toBe(false);
    expect(feePercentDisagrees(null, 4)).toBe(false);
  });
});
