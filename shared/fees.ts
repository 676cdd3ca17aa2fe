// The agency fees' percentage of a sale, from the amounts: fees paid by the buyer are a share of
// the price without fees, fees paid by the seller a share of the price. A feed's stored
// percentage can lag behind a price change; the amounts are what the buyer pays.

/** Largest gap, in percentage points, between a feed's percentage and the amounts' one. */
export const FEE_PERCENT_TOLERANCE = 0.1;

export interface FeeAmounts {
  payer: 'buyer' | 'seller' | 'tenant' | 'owner';
  amount: number | null;
}

/**
 * The fees' percentage computed from the amounts, rounded to 0.01; null when the amounts do not
 * give one (no fee amount, no price, rentals).
 * @example feePercentOf({ payer: 'seller', amount: 249_750 }, 6_250_000, null) // 4
 */
export function feePercentOf(
  fees: FeeAmounts,
  price: number | null,
  priceWithoutFees: number | null,
): number | null {
  if (fees.amount === null || fees.amount <= 0 || price === null || price <= 0) return null;
  let base: number;
  if (fees.payer === 'buyer') base = priceWithoutFees ?? price - fees.amount;
  else if (fees.payer === 'seller') base = price;
  else return null;
  if (base <= 0) return null;
  return Math.round((fees.amount / base) * 10_000) / 100;
}

/** Whether a stated percentage disagrees with the amounts by more than the tolerance. */
export function feePercentDisagrees(stated: number | null, computed: number | null): boolean {
  return (
    stated !== null && computed !== null && Math.abs(stated - computed) > FEE_PERCENT_TOLERANCE
  );
}
