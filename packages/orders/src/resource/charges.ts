import { Decimal, formatDecimal, type Money } from '@paykit/kernel';
import type { Fee, LineItemQuote } from '../quote/quote.js';

/**
 * The spec writes `charges.fees` as one `{ type, amount, currency }`. A line item can carry
 * several fees (an onramp has a service fee and a network fee), so the object is their total:
 * `type` is the fee's own type when there is one fee and `total` otherwise, and `breakdown`
 * lists every fee (ADR 0111).
 */
export interface FeesResource extends Fee {
  readonly breakdown: readonly Fee[];
}

export interface ChargesResource {
  readonly unit: Money;
  readonly fees: FeesResource;
  readonly salesTax: Money;
  /** Nothing sold here ships: zero, in the quote's currency. */
  readonly shipping: Money;
}

const feesOf = (quote: LineItemQuote): FeesResource => {
  const { fees } = quote;
  const total = fees.reduce((sum, fee) => sum.add(new Decimal(fee.amount)), new Decimal(0));
  return {
    type: fees.length === 1 && fees[0] ? fees[0].type : 'total',
    amount: formatDecimal(total),
    currency: quote.totalPrice.currency,
    breakdown: fees.map(({ type, amount, currency }) => ({ type, amount, currency })),
  };
};

export const chargesOf = (quote: LineItemQuote): ChargesResource => ({
  unit: quote.unitPrice,
  fees: feesOf(quote),
  salesTax: quote.salesTax,
  shipping: { amount: '0', currency: quote.totalPrice.currency },
});
