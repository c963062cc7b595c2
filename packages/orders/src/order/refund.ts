import * as E from 'fp-ts/lib/Either.js';
import { Decimal, parseDecimal, type DomainError } from '@paykit/kernel';
import type { Refund } from './commands.js';
import { orderErrors } from './errors.js';
import type { OrderEvent } from './events.js';
import type { Order } from './model.js';
import { paymentStatus } from './status.js';

type Decision = E.Either<DomainError, readonly OrderEvent[]>;

/**
 * Returns the whole payment once every line item's delivery has failed (a failed delivery is
 * how an operator cancels one that never started). Partial refunds do not exist while orders
 * carry one line item; the amount is checked so a refund never returns more or less than came in.
 */
export const decideRefund = ({ data }: Refund, order: Order): Decision => {
  const { received, refunded } = order.payment;
  if (refunded) return refunded.reference === data.reference ? E.right([]) : E.left(orderErrors.alreadyRefunded());
  if (!received) {
    return E.left(orderErrors.refundNotAllowed(`nothing was paid; the payment status is ${paymentStatus(order)}`));
  }
  if (!order.lineItems.every((item) => item.delivery.status === 'failed')) {
    return E.left(orderErrors.refundNotAllowed('only an order whose delivery failed can be refunded'));
  }
  const amount = parseDecimal(data.amount.amount);
  if (!amount || data.amount.currency !== received.currency || !amount.eq(new Decimal(received.amount))) {
    return E.left(
      orderErrors.refundMismatch(
        `${received.amount} ${received.currency}`,
        `${data.amount.amount} ${data.amount.currency}`,
      ),
    );
  }
  return E.right([
    {
      type: 'OrderPaymentRefunded',
      data: {
        orderId: order.orderId,
        amount: { amount: received.amount, currency: received.currency },
        method: order.payment.method,
        reason: data.reason,
        reference: data.reference,
        refundedAt: data.refundedAt,
      },
    },
  ]);
};
