import type { RecordedEvent } from '@paykit/event-store';
import { Decimal, type Money } from '@paykit/kernel';
import type { OrderCreated, OrderEvent, Quote } from '@paykit/orders';
import type { OrderRow, ReconciliationWrites } from './reconciliation-statements.js';
import { dayOf, utcInstant } from './utc-time.js';

const sameAmount = (a: string, b: string): boolean => a === b || new Decimal(a).eq(b);

/** The quote's fees in the quote's own currency (a fee in another currency is not summed into it). */
const feesOf = (quote: Quote): string => {
  const currency = quote.totalPrice.currency.toLowerCase();
  const fees = quote.lineItems.flatMap((item) => item.fees).filter((fee) => fee.currency.toLowerCase() === currency);
  if (fees.length === 1) return fees[0]!.amount;
  return fees.reduce((sum, fee) => sum.plus(fee.amount), new Decimal(0)).toFixed();
};

const orderRowOf = (
  projectId: string,
  data: OrderCreated['data'],
  createdAt: string,
  writes: ReconciliationWrites,
): OrderRow => {
  const item = data.lineItems[0];
  const offramp = data.kind === 'offramp';
  const chain = offramp ? data.payment.method : (item?.chain ?? '');
  const currency = data.payment.currency.toLowerCase();
  const group_id = writes.groupOf({
    projectId,
    kind: data.kind,
    paymentMethod: data.payment.method,
    chain,
    currency,
    payoutCurrency: offramp && item?.locator.startsWith('fiat:') ? item.locator.slice('fiat:'.length) : '',
  });
  return {
    order_id: data.orderId,
    project_id: projectId,
    group_id,
    kind: data.kind,
    chain,
    currency,
    created_day: dayOf(createdAt),
    quoted_amount: data.quote.totalPrice.amount,
    fees: feesOf(data.quote),
    deposit_address: data.deposit?.address ?? null,
    memo: data.deposit?.memo ?? null,
    paid_at: null,
    refunded: 0,
    undelivered_since: null,
    payout_pending_since: null,
    deliveries: '[]',
  };
};

/** Folds one order event into the reconciliation tables; events of unknown orders are ignored. */
export const applyOrderEvent = (recorded: RecordedEvent, writes: ReconciliationWrites): void => {
  const projectId = recorded.metadata.projectId;
  if (projectId === null) return;
  const event = { type: recorded.type, data: recorded.data } as OrderEvent;
  const at = (timestamp: string | undefined) => utcInstant(timestamp, recorded.metadata.occurredAt);
  const seq = recorded.position;

  if (event.type === 'OrderCreated') {
    const order = orderRowOf(projectId, event.data, at(event.data.createdAt), writes);
    if (!writes.insertOrder(order)) return;
    writes.addDaily(order, order.created_day, { orders: 1, quotedAmount: order.quoted_amount });
    if (order.kind === 'offramp' && order.deposit_address)
      writes.watchAddress(order.chain, order.deposit_address, projectId);
    return;
  }

  const order = 'orderId' in event.data ? writes.order(event.data.orderId) : undefined;
  if (!order || order.project_id !== projectId) return;
  const offramp = order.kind === 'offramp';

  const paid = (amount: Money, paidAt: string): void => {
    if (order.paid_at !== null) return;
    order.paid_at = paidAt;
    order.undelivered_since = paidAt;
    writes.saveOrder(order);
    writes.addDaily(order, dayOf(paidAt), { payments: 1, receivedAmount: amount.amount, fees: order.fees });
    if (!sameAmount(amount.amount, order.quoted_amount)) {
      writes.flag({
        projectId,
        kind: 'amount-mismatch',
        subject: `order:${order.order_id}`,
        day: dayOf(paidAt),
        seq,
        orderId: order.order_id,
        details: { expected: order.quoted_amount, received: amount.amount, currency: amount.currency },
      });
    }
  };

  switch (event.type) {
    case 'OrderRequoted': {
      const quoted = event.data.quote.totalPrice.amount;
      const delta = new Decimal(quoted).minus(order.quoted_amount);
      order.quoted_amount = quoted;
      order.fees = feesOf(event.data.quote);
      writes.saveOrder(order);
      if (!delta.isZero()) writes.addDaily(order, order.created_day, { quotedAmount: delta.toFixed() });
      return;
    }
    case 'OrderCardPaymentSucceeded':
      return paid(event.data.amount, at(event.data.succeededAt));
    case 'OrderCryptoDepositReceived': {
      const receivedAt = at(event.data.receivedAt);
      writes.upsertDeposit({
        projectId,
        chain: event.data.chain,
        txId: event.data.txId,
        day: dayOf(receivedAt),
        seq,
        orderId: order.order_id,
        amount: event.data.amount.amount,
        currency: event.data.amount.currency,
        memo: event.data.memo,
        recorded: true,
        observed: false,
      });
      return paid(event.data.amount, receivedAt);
    }
    case 'OrderDeliveryStarted': {
      const startedAt = at(event.data.startedAt);
      if (offramp) {
        order.payout_pending_since = startedAt;
        order.undelivered_since = null;
        writes.saveOrder(order);
      }
      writes.addDaily(order, dayOf(startedAt), {
        deliveriesStarted: 1,
        ...(offramp && { payoutSentAmount: event.data.quantity }),
      });
      return;
    }
    case 'OrderDeliveryCompleted': {
      const completedAt = at(event.data.completedAt);
      const deliveries = JSON.parse(order.deliveries) as string[];
      const key = `${event.data.lineItemIndex}:${event.data.deliveryId}`;
      if (deliveries.includes(key)) return;
      const earlier = deliveries.find((delivery) => delivery.startsWith(`${event.data.lineItemIndex}:`));
      if (earlier !== undefined) {
        writes.flag({
          projectId,
          kind: 'delivered-twice',
          subject: `order:${order.order_id}:${event.data.lineItemIndex}`,
          day: dayOf(completedAt),
          seq,
          orderId: order.order_id,
          details: { firstDelivery: earlier.slice(earlier.indexOf(':') + 1), secondDelivery: event.data.deliveryId },
        });
      }
      order.deliveries = JSON.stringify([...deliveries, key]);
      order.undelivered_since = null;
      order.payout_pending_since = null;
      writes.saveOrder(order);
      writes.addDaily(order, dayOf(completedAt), {
        deliveriesCompleted: 1,
        ...(offramp && event.data.payout && { payoutSettledAmount: event.data.payout.amount }),
      });
      return;
    }
    case 'OrderDeliveryFailed': {
      const failedAt = at(event.data.failedAt);
      writes.addDaily(order, dayOf(failedAt), { deliveriesFailed: 1 });
      const open = order.paid_at !== null && order.refunded === 0;
      order.undelivered_since = null;
      order.payout_pending_since = null;
      writes.saveOrder(order);
      if (!open) return;
      writes.flag({
        projectId,
        kind: offramp ? 'payout-failed' : 'paid-not-delivered',
        subject: `order:${order.order_id}`,
        day: dayOf(failedAt),
        seq,
        orderId: order.order_id,
        details: { code: event.data.failureReason.code, message: event.data.failureReason.message },
      });
      return;
    }
    case 'OrderPaymentRefunded': {
      const refundedAt = at(event.data.refundedAt);
      if (order.refunded === 1) return;
      order.refunded = 1;
      order.undelivered_since = null;
      order.payout_pending_since = null;
      writes.saveOrder(order);
      writes.addDaily(order, dayOf(refundedAt), { refunds: 1, refundedAmount: event.data.amount.amount });
      writes.resolve(projectId, 'payout-failed', `order:${order.order_id}`);
      writes.resolve(projectId, 'paid-not-delivered', `order:${order.order_id}`);
      return;
    }
    default:
      return;
  }
};
