import * as E from 'fp-ts/lib/Either.js';
import { parseDecimal, invalid, type DomainError } from '@paykit/kernel';
import { priceDelivery } from '../quote/delivery-price.js';
import type { CompleteDelivery, FailDelivery, StartDelivery } from './commands.js';
import { orderErrors } from './errors.js';
import type { OrderDeliveryCompleted, OrderEvent } from './events.js';
import type { LineItemState, Order } from './model.js';
import { paymentStatus } from './status.js';

type Decision = E.Either<DomainError, readonly OrderEvent[]>;

/** Deliveries happen between payment and refund: find the line item they are about. */
const deliverableItem = (order: Order, index: number): E.Either<DomainError, LineItemState> => {
  if (!order.payment.received || order.payment.refunded) {
    return E.left(orderErrors.deliveryNotAllowed(paymentStatus(order)));
  }
  const item = order.lineItems[index];
  return item ? E.right(item) : E.left(orderErrors.unknownLineItem(index));
};

/**
 * Onramp: the token transfer is about to be submitted at `executionPrice`. A price beyond
 * the line item's slippage tolerance fails the line item instead (slippage-tolerance-exceeded),
 * and the order waits for a refund. Offramp: the payout is sent on its rail at the quoted rate.
 */
export const decideStartDelivery = ({ data }: StartDelivery, order: Order): Decision => {
  const index = data.lineItemIndex ?? 0;
  const found = deliverableItem(order, index);
  if (E.isLeft(found)) return found;
  const { delivery, quote } = found.right;
  if (delivery.deliveryId === data.deliveryId) return E.right([]);
  if (delivery.status !== 'in-progress') return E.left(orderErrors.deliveryFinished());
  if (delivery.deliveryId) return E.left(orderErrors.deliveryAlreadyStarted());
  const base = { orderId: order.orderId, lineItemIndex: index };
  if (order.kind === 'offramp') {
    return E.right([
      {
        type: 'OrderDeliveryStarted',
        data: {
          ...base,
          deliveryId: data.deliveryId,
          quantity: quote.quantity,
          ...(data.rail && { rail: data.rail }),
          startedAt: data.startedAt,
        },
      },
    ]);
  }
  if (data.executionPrice === undefined) return E.left(orderErrors.executionPriceRequired());
  const price = parseDecimal(data.executionPrice);
  if (!price || price.lte(0)) {
    return E.left(invalid('invalid_execution_price', 'executionPrice must be a positive decimal'));
  }
  const executionPrice = { amount: data.executionPrice, currency: quote.unitPrice.currency };
  const priced = priceDelivery(quote, price);
  if (!priced.ok) {
    return E.right([
      {
        type: 'OrderDeliveryFailed',
        data: {
          ...base,
          deliveryId: data.deliveryId,
          failureReason: priced.failureReason,
          executionPrice,
          failedAt: data.startedAt,
        },
      },
    ]);
  }
  return E.right([
    {
      type: 'OrderDeliveryStarted',
      data: {
        ...base,
        deliveryId: data.deliveryId,
        quantity: priced.quantity,
        executionPrice,
        ...(data.rail && { rail: data.rail }),
        startedAt: data.startedAt,
      },
    },
  ]);
};

const completionDetails = (
  data: CompleteDelivery['data'],
  order: Order,
  item: LineItemState,
): E.Either<DomainError, Pick<OrderDeliveryCompleted['data'], 'txId' | 'tokens' | 'payout'>> => {
  const quantity = item.delivery.quantity ?? item.quote.quantity;
  if (order.kind === 'offramp') {
    return E.right({ payout: { amount: quantity, currency: item.locator.slice('fiat:'.length) } });
  }
  if (!data.txId || !data.token) return E.left(orderErrors.txIdRequired());
  return E.right({ txId: data.txId, tokens: [{ locator: item.locator, ...data.token, quantity }] });
};

/** Onramp: the transfer reached finality; offramp: the payout settled. */
export const decideCompleteDelivery = ({ data }: CompleteDelivery, order: Order): Decision => {
  const index = data.lineItemIndex ?? 0;
  const found = deliverableItem(order, index);
  if (E.isLeft(found)) return found;
  const { delivery } = found.right;
  if (!delivery.deliveryId) return E.left(orderErrors.deliveryNotStarted());
  if (delivery.deliveryId !== data.deliveryId) return E.left(orderErrors.unknownDelivery(data.deliveryId));
  if (delivery.status === 'completed') return E.right([]);
  if (delivery.status === 'failed') return E.left(orderErrors.deliveryFinished());
  const details = completionDetails(data, order, found.right);
  if (E.isLeft(details)) return details;
  return E.right([
    {
      type: 'OrderDeliveryCompleted',
      data: {
        orderId: order.orderId,
        lineItemIndex: index,
        deliveryId: data.deliveryId,
        ...details.right,
        completedAt: data.completedAt,
      },
    },
  ]);
};

/** A delivery that cannot finish (transfer reverted, payout returned, cancelled before start). */
export const decideFailDelivery = ({ data }: FailDelivery, order: Order): Decision => {
  const index = data.lineItemIndex ?? 0;
  const found = deliverableItem(order, index);
  if (E.isLeft(found)) return found;
  const { delivery } = found.right;
  if (delivery.status === 'failed') return E.right([]);
  if (delivery.status === 'completed') return E.left(orderErrors.deliveryFinished());
  return E.right([
    {
      type: 'OrderDeliveryFailed',
      data: {
        orderId: order.orderId,
        lineItemIndex: index,
        ...(delivery.deliveryId && { deliveryId: delivery.deliveryId }),
        failureReason: { code: data.code, message: data.message },
        failedAt: data.failedAt,
      },
    },
  ]);
};
