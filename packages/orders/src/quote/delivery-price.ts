import { Decimal, formatDecimal } from '@paykit/kernel';
import type { LineItemQuote } from './quote.js';
import { roundQuantity } from './rounding.js';

export interface FailureReason {
  readonly code: string;
  readonly message: string;
}

export type DeliveryPricing =
  | { readonly ok: true; readonly quantity: string }
  | { readonly ok: false; readonly failureReason: FailureReason; readonly worstAcceptedPrice: string };

/** The highest unit price a delivery may execute at: the quoted price plus the tolerance. */
export const worstAcceptedPrice = (quote: LineItemQuote): Decimal =>
  new Decimal(quote.unitPrice.amount).mul(new Decimal(quote.execution.maxSlippageBps ?? '0').div(10_000).add(1));

/**
 * What a delivery executing at `executionPrice` (per whole item, in the quote's currency)
 * delivers. A price above the tolerance fails the line item; otherwise exact-out delivers
 * the quoted quantity, and exact-in what the subtotal buys at that price, never more than
 * quoted (upperBound) and, by the tolerance, never less than lowerBound.
 * Without maxSlippageBps (offramp) the quoted rate is locked and the price is not consulted.
 */
export const priceDelivery = (quote: LineItemQuote, executionPrice: Decimal): DeliveryPricing => {
  if (quote.execution.maxSlippageBps === undefined) return { ok: true, quantity: quote.quantity };
  const worst = worstAcceptedPrice(quote);
  if (executionPrice.gt(worst)) {
    return {
      ok: false,
      worstAcceptedPrice: formatDecimal(worst),
      failureReason: {
        code: 'slippage-tolerance-exceeded',
        message:
          `The delivery price ${formatDecimal(executionPrice)} ${quote.unitPrice.currency} is worse than the quoted ` +
          `${quote.unitPrice.amount} by more than ${quote.execution.maxSlippageBps} basis points`,
      },
    };
  }
  if (quote.execution.mode === 'exact-out') return { ok: true, quantity: quote.quantity };
  const affordable = roundQuantity(new Decimal(quote.subtotal.amount).div(executionPrice), quote.itemDecimals);
  return { ok: true, quantity: formatDecimal(Decimal.min(affordable, new Decimal(quote.quantity))) };
};
