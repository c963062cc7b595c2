import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import type { ExpireQuote, Requote } from './commands.js';
import { orderErrors } from './errors.js';
import type { OrderEvent } from './events.js';
import type { Order } from './model.js';
import { checkQuoteFits } from './quote-fit.js';
import { paymentStatus } from './status.js';
import { parseIsoTimestamp } from '@paykit/kernel';

type Decision = E.Either<DomainError, readonly OrderEvent[]>;

/**
 * A quote lapses only while nothing is paid or being paid: once a card attempt is under way
 * or money arrived, the price is locked and a late expiry timer changes nothing.
 */
export const decideExpireQuote = ({ data }: ExpireQuote, order: Order): Decision => {
  const now = parseIsoTimestamp(data.now);
  if (now === null) return E.left(orderErrors.invalidTimestamp('now'));
  const status = paymentStatus(order);
  if (order.quote.expired || status === 'in-progress' || order.payment.received) return E.right([]);
  if (now < Date.parse(order.quote.expiresAt)) return E.left(orderErrors.quoteNotExpired(order.quote.expiresAt));
  return E.right([
    {
      type: 'OrderQuoteExpired',
      data: { orderId: order.orderId, expiresAt: order.quote.expiresAt, expiredAt: data.now },
    },
  ]);
};

/** A new quote for the same line items brings an order back from the quote phase to payment. */
export const decideRequote = ({ data }: Requote, order: Order): Decision => {
  if (!order.quote.expired || order.payment.received) return E.left(orderErrors.notInQuotePhase());
  const fits = checkQuoteFits(
    data.quote,
    order.lineItems.map((item) => ({ locator: item.locator, execution: item.execution })),
    order.payment.currency,
  );
  if (E.isLeft(fits)) return fits;
  return E.right([{ type: 'OrderRequoted', data: { orderId: order.orderId, quote: data.quote } }]);
};
