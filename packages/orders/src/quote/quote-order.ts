import * as E from 'fp-ts/lib/Either.js';
import { invalid, type DomainError } from '@paykit/kernel';
import type { ExecutionParameters } from './execution-parameters.js';
import type { PriceTableEntry } from './price-table.js';
import type { Quote } from './quote.js';
import { quoteLineItem } from './quote-line-item.js';
import { parseIsoTimestamp } from '@paykit/kernel';

export interface QuoteOrderInput {
  readonly price: PriceTableEntry;
  readonly execution: ExecutionParameters;
  /** When the price was read (ISO timestamp); the caller's clock, never this function's. */
  readonly quotedAt: string;
  readonly ttlSeconds: number;
}

/** A whole-order quote for the single line item orders carry today. */
export const quoteOrder = (input: QuoteOrderInput): E.Either<DomainError, Quote> => {
  const quotedAt = parseIsoTimestamp(input.quotedAt);
  if (quotedAt === null) return E.left(invalid('invalid_timestamp', 'quotedAt is not an ISO timestamp'));
  if (!Number.isInteger(input.ttlSeconds) || input.ttlSeconds <= 0) {
    return E.left(invalid('invalid_quote_ttl', 'a quote must live a positive whole number of seconds'));
  }
  return E.map((lineItem: Quote['lineItems'][number]) => ({
    quotedAt: new Date(quotedAt).toISOString(),
    expiresAt: new Date(quotedAt + input.ttlSeconds * 1000).toISOString(),
    totalPrice: lineItem.totalPrice,
    lineItems: [lineItem],
  }))(quoteLineItem(input.price, input.execution));
};
