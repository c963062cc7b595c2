import { Decimal } from '@paykit/kernel';

/**
 * The two rounding directions of every quote. Charges round up to the payment currency's
 * smallest unit (the platform never charges less than its price); quantities round down to
 * the item's smallest unit (the buyer never receives more than was paid for).
 */
export const roundCharge = (value: Decimal, currencyDecimals: number): Decimal =>
  value.toDecimalPlaces(currencyDecimals, Decimal.ROUND_CEIL);

export const roundQuantity = (value: Decimal, itemDecimals: number): Decimal =>
  value.toDecimalPlaces(itemDecimals, Decimal.ROUND_FLOOR);
