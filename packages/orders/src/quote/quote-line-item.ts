import * as E from 'fp-ts/lib/Either.js';
import { Decimal, formatDecimal, invalid, type DomainError } from '@paykit/kernel';
import type { ExecutionParameters } from './execution-parameters.js';
import { parsePrice, ZERO, type ParsedPrice, type PriceTableEntry } from './price-table.js';
import type { LineItemQuote } from './quote.js';
import { roundCharge, roundQuantity } from './rounding.js';

interface Charges {
  readonly quantity: Decimal;
  readonly subtotal: Decimal;
  readonly fees: readonly Decimal[];
  readonly salesTax: Decimal;
  readonly total: Decimal;
  /** The quantity at the worst price the slippage tolerance accepts. */
  readonly lowerBound: Decimal;
}

const tooSmall = (amount: string) =>
  invalid('amount_too_small', `executionParameters.amount ${amount} does not cover the fees or buys nothing`, {
    amount,
  });

/** exact-out: the quantity is fixed; each charge is computed on it and rounded up. */
const exactOut = (price: ParsedPrice, quantity: Decimal): Charges => {
  const decimals = price.entry.currencyDecimals;
  const subtotal = roundCharge(price.unitPrice.mul(quantity), decimals);
  const fees = price.fees.map((fee) => roundCharge(fee.fixed.add(subtotal.mul(fee.rate)), decimals));
  const salesTax = roundCharge(subtotal.mul(price.salesTaxRate), decimals);
  const total = fees.reduce((sum, fee) => sum.add(fee), subtotal).add(salesTax);
  return { quantity, subtotal, fees, salesTax, total, lowerBound: quantity };
};

/**
 * exact-in: the buyer spends exactly `spend`. Fees and tax are the shares of `spend` that a
 * subtotal `base` with `base + fees(base) + tax(base) = spend` would carry, each rounded up;
 * what is left is the subtotal, and the quantity is what the subtotal buys, rounded down.
 */
const exactIn = (price: ParsedPrice, spend: Decimal, slippage: Decimal): Charges | null => {
  const decimals = price.entry.currencyDecimals;
  const fixedFees = price.fees.reduce((sum, fee) => sum.add(fee.fixed), ZERO);
  const rates = price.fees.reduce((sum, fee) => sum.add(fee.rate), ZERO).add(price.salesTaxRate);
  const base = spend.sub(fixedFees).div(rates.add(1));
  if (base.lte(0)) return null;
  const fees = price.fees.map((fee) => roundCharge(fee.fixed.add(base.mul(fee.rate)), decimals));
  const salesTax = roundCharge(base.mul(price.salesTaxRate), decimals);
  const subtotal = fees.reduce((rest, fee) => rest.sub(fee), spend).sub(salesTax);
  const itemDecimals = price.entry.itemDecimals;
  const quantity = roundQuantity(subtotal.div(price.unitPrice), itemDecimals);
  if (quantity.lte(0)) return null;
  const worstPrice = price.unitPrice.mul(slippage.div(10_000).add(1));
  const lowerBound = roundQuantity(subtotal.div(worstPrice), itemDecimals);
  return { quantity, subtotal, fees, salesTax, total: spend, lowerBound };
};

/**
 * Prices one line item against a price table entry. Pure: the same entry and parameters
 * always give the same quote. The amount may not be finer than what it is measured in
 * (the payment currency for exact-in, the item for exact-out).
 */
export const quoteLineItem = (
  entry: PriceTableEntry,
  execution: ExecutionParameters,
): E.Either<DomainError, LineItemQuote> => {
  const parsed = parsePrice(entry);
  if (E.isLeft(parsed)) return parsed;
  const price = parsed.right;
  const amount = new Decimal(execution.amount);
  const places = execution.mode === 'exact-in' ? entry.currencyDecimals : entry.itemDecimals;
  if (amount.decimalPlaces() > places) {
    return E.left(
      invalid('invalid_amount', `executionParameters.amount may have at most ${places} decimal places`, {
        maxDecimals: String(places),
      }),
    );
  }
  const charges =
    execution.mode === 'exact-out'
      ? exactOut(price, amount)
      : exactIn(price, amount, new Decimal(execution.maxSlippageBps ?? '0'));
  if (!charges) return E.left(tooSmall(execution.amount));
  const money = (value: Decimal) => ({ amount: formatDecimal(value), currency: entry.currency });
  return E.right({
    itemLocator: entry.itemLocator,
    itemDecimals: entry.itemDecimals,
    execution,
    unitPrice: money(price.unitPrice),
    subtotal: money(charges.subtotal),
    fees: price.fees.map((fee, index) => ({ type: fee.type, ...money(charges.fees[index] ?? ZERO) })),
    salesTax: money(charges.salesTax),
    totalPrice: money(charges.total),
    quantity: formatDecimal(charges.quantity),
    quantityRange: { lowerBound: formatDecimal(charges.lowerBound), upperBound: formatDecimal(charges.quantity) },
  });
};
