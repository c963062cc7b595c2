import type { Money } from '@paykit/kernel';
import type { Order } from '../order/model.js';

/**
 * How an order counts toward its buyer's purchase limit: an onramp order counts from the
 * moment a card payment is attempted or money arrived, until it is refunded. Offramp orders
 * are sales, not purchases. The caller converts the amount when the limit is in another currency.
 */
export const purchaseOfOrder = (order: Order): (Money & { readonly at: string }) | null => {
  const { payment } = order;
  if (order.kind !== 'onramp' || payment.refunded) return null;
  if (payment.received) {
    return { amount: payment.received.amount, currency: payment.received.currency, at: payment.received.receivedAt };
  }
  if (payment.card && payment.card.state !== 'declined') return { ...payment.card.amount, at: payment.card.startedAt };
  return null;
};
