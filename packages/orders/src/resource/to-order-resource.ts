import type { LineItemState, Order } from '../order/model.js';
import { canPay, orderPhase, paymentStatus, quoteStatus, type QuoteStatus } from '../order/status.js';
import type {
  DeliveryResource,
  LineItemResource,
  OrderResource,
  PaymentPreparation,
  PaymentResource,
} from './order-resource.js';
import { chargesOf } from './charges.js';

export interface ResourceOptions {
  /** A quote that is not stored: payment.status `draft`, phase `quote`, nothing to prepare. */
  readonly draft?: boolean;
}

const preparationOf = (order: Order): PaymentPreparation | undefined => {
  const { payment } = order;
  const status = paymentStatus(order);
  if (status === 'requires-kyc' && payment.kyc.inquiry) return { kyc: payment.kyc.inquiry };
  if (status === 'in-progress' && payment.card?.verification) return { cardVerification: payment.card.verification };
  if (
    order.kind === 'offramp' &&
    canPay(status) &&
    payment.payerAddress &&
    payment.serializedTransaction &&
    payment.deposit
  ) {
    return {
      chain: payment.method,
      payerAddress: payment.payerAddress,
      serializedTransaction: payment.serializedTransaction,
      depositAddress: payment.deposit.address,
      transactionParameters: { amount: order.quote.totalPrice.amount, memo: payment.deposit.memo },
    };
  }
  return undefined;
};

const paymentOf = (order: Order, draft: boolean): PaymentResource => {
  const { payment } = order;
  const preparation = draft ? undefined : preparationOf(order);
  const received = payment.received;
  return {
    status: draft ? 'draft' : paymentStatus(order),
    method: payment.method,
    currency: payment.currency,
    totalPaid: { amount: received?.amount ?? order.quote.totalPrice.amount, currency: payment.currency },
    ...(preparation && { preparation }),
    ...(received && {
      received: {
        ...(received.chain && { chain: received.chain }),
        ...(received.txId && { txId: received.txId }),
        amount: received.amount,
        currency: received.currency,
      },
    }),
    ...(payment.refunded && { refunded: { amount: payment.refunded.amount, currency: payment.refunded.currency } }),
    ...(payment.receiptEmail && { receiptEmail: payment.receiptEmail }),
    ...(payment.card?.state === 'declined' &&
      payment.card.failureReason && { failureReason: payment.card.failureReason }),
  };
};

const deliveryOf = (order: Order, item: LineItemState): DeliveryResource => {
  const { delivery } = item;
  const { recipient } = order;
  return {
    status: delivery.status,
    ...(delivery.rail && { rail: delivery.rail }),
    ...(delivery.completedAt && { completedAt: delivery.completedAt }),
    recipient: {
      ...(recipient.locator && { locator: recipient.locator }),
      ...(recipient.walletAddress && { walletAddress: recipient.walletAddress }),
      ...(recipient.paymentMethodId && { paymentMethodId: recipient.paymentMethodId }),
    },
    ...(delivery.txId && { txId: delivery.txId }),
    ...(delivery.tokens && { tokens: delivery.tokens }),
    ...(delivery.failureReason && { failureReason: delivery.failureReason }),
  };
};

const lineItemOf = (order: Order, item: LineItemState, status: QuoteStatus): LineItemResource => {
  const quantity = item.delivery.quantity ?? item.quote.quantity;
  return {
    ...(item.chain && { chain: item.chain }),
    metadata: item.metadata,
    quote: {
      status,
      charges: chargesOf(item.quote),
      totalPrice: item.quote.totalPrice,
      quantityRange: item.quote.quantityRange,
    },
    executionMode: item.execution.mode,
    executionParams: { mode: item.execution.mode, amount: item.execution.amount },
    quantity: Number(quantity),
    ...(order.kind === 'onramp' && { callData: { quantity } }),
    ...(item.execution.maxSlippageBps !== undefined && { maxSlippageBps: item.execution.maxSlippageBps }),
    delivery: deliveryOf(order, item),
  };
};

/** The spec's Order resource for a placed order, or for a draft quote with `{ draft: true }`. */
export const toOrderResource = (order: Order, options: ResourceOptions = {}): OrderResource => {
  const draft = options.draft === true;
  const status = quoteStatus(order);
  return {
    orderId: order.orderId,
    phase: draft ? 'quote' : orderPhase(order),
    locale: order.locale,
    lineItems: order.lineItems.map((item) => lineItemOf(order, item, status)),
    quote: {
      status,
      quotedAt: order.quote.quotedAt,
      expiresAt: order.quote.expiresAt,
      totalPrice: order.quote.totalPrice,
    },
    payment: paymentOf(order, draft),
  };
};
