import type { Money } from '@paykit/kernel';
import type { ExecutionParameters } from './execution-parameters.js';

export interface Fee {
  readonly type: string;
  readonly amount: string;
  readonly currency: string;
}

export interface QuantityRange {
  readonly lowerBound: string;
  readonly upperBound: string;
}

/** The priced form of one line item; every amount is an exact decimal string. */
export interface LineItemQuote {
  readonly itemLocator: string;
  readonly itemDecimals: number;
  readonly execution: ExecutionParameters;
  /** The price of one whole item (charges.unit). */
  readonly unitPrice: Money;
  /** unitPrice x quantity as charged, before fees and tax. */
  readonly subtotal: Money;
  readonly fees: readonly Fee[];
  readonly salesTax: Money;
  readonly totalPrice: Money;
  readonly quantity: string;
  readonly quantityRange: QuantityRange;
}

export interface Quote {
  readonly quotedAt: string;
  readonly expiresAt: string;
  readonly totalPrice: Money;
  readonly lineItems: readonly LineItemQuote[];
}
