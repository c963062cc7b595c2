import * as E from 'fp-ts/lib/Either.js';
import { Decimal, type DomainError } from '@paykit/kernel';
import type { ExecutionParameters } from '../quote/execution-parameters.js';
import type { Quote } from '../quote/quote.js';
import { orderErrors } from './errors.js';
import { parseIsoTimestamp } from '@paykit/kernel';

interface PricedItem {
  readonly locator: string;
  readonly execution: ExecutionParameters;
}

const sameExecution = (a: ExecutionParameters, b: ExecutionParameters): boolean =>
  a.mode === b.mode && new Decimal(a.amount).eq(b.amount) && a.maxSlippageBps === b.maxSlippageBps;

/**
 * A quote is computed outside the decider; before it is stored, check that it prices exactly
 * these line items, in the payment currency, and that its totals and times add up.
 */
export const checkQuoteFits = (
  quote: Quote,
  items: readonly PricedItem[],
  paymentCurrency: string,
): E.Either<DomainError, Quote> => {
  const quotedAt = parseIsoTimestamp(quote.quotedAt);
  const expiresAt = parseIsoTimestamp(quote.expiresAt);
  if (quotedAt === null || expiresAt === null || expiresAt <= quotedAt) {
    return E.left(orderErrors.quoteMismatch('the quote must be quoted before it expires'));
  }
  if (quote.lineItems.length !== items.length) {
    return E.left(orderErrors.quoteMismatch('the quote must price every line item of the order'));
  }
  let total = new Decimal(0);
  for (const [index, item] of items.entries()) {
    const priced = quote.lineItems[index]!;
    if (priced.itemLocator !== item.locator || !sameExecution(priced.execution, item.execution)) {
      return E.left(orderErrors.quoteMismatch(`the quote of line item ${index} prices another item or amount`));
    }
    if (priced.totalPrice.currency !== paymentCurrency || priced.unitPrice.currency !== paymentCurrency) {
      return E.left(orderErrors.quoteMismatch(`the quote must be in the payment currency ${paymentCurrency}`));
    }
    total = total.add(priced.totalPrice.amount);
  }
  if (quote.totalPrice.currency !== paymentCurrency || !total.eq(quote.totalPrice.amount)) {
    return E.left(orderErrors.quoteMismatch("the quote's total is not the sum of its line items"));
  }
  return E.right(quote);
};
