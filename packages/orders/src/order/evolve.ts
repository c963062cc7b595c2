import type { OrderCreated, OrderEvent } from './events.js';
import { KYC_STANDING_AFTER, type DeliveryState, type LineItemState, type Order, type OrderState } from './model.js';

export const orderFromCreated = ({ data }: OrderCreated): Order => ({
  orderId: data.orderId,
  kind: data.kind,
  createdAt: data.createdAt,
  locale: data.locale,
  buyer: data.buyer,
  clientSecretHash: data.clientSecretHash,
  recipient: data.recipient,
  quote: { ...data.quote, expired: false },
  payment: {
    ...data.payment,
    ...(data.deposit && { deposit: { address: data.deposit.address, memo: data.deposit.memo } }),
    ...(data.deposit?.serializedTransaction && { serializedTransaction: data.deposit.serializedTransaction }),
    kyc: data.kyc,
  },
  lineItems: data.lineItems.map((item, index) => ({
    ...item,
    quote: data.quote.lineItems[index]!,
    delivery: { status: 'awaiting-payment' },
  })),
});

const updateDelivery = (order: Order, index: number, update: (delivery: DeliveryState) => DeliveryState): Order => ({
  ...order,
  lineItems: order.lineItems.map((item, i): LineItemState =>
    i === index ? { ...item, delivery: update(item.delivery) } : item,
  ),
});

/** Once money is in, every line item's delivery is under way. */
const paid = (order: Order, received: NonNullable<Order['payment']['received']>): Order => ({
  ...order,
  payment: { ...order.payment, received },
  lineItems: order.lineItems.map((item) => ({ ...item, delivery: { status: 'in-progress' } })),
});

export const evolve = (state: OrderState, event: OrderEvent): OrderState => {
  if (event.type === 'OrderCreated') return orderFromCreated(event);
  if (!state) return state;
  const order = state;
  const payment = order.payment;
  switch (event.type) {
    case 'OrderQuoteExpired':
      return { ...order, quote: { ...order.quote, expired: true } };
    case 'OrderRequoted': {
      // A fresh quote starts the payment afresh: a card declined under the old price is history.
      const { card, ...rest } = payment;
      return {
        ...order,
        quote: { ...event.data.quote, expired: false },
        payment: card?.state === 'declined' ? rest : payment,
        lineItems: order.lineItems.map((item, i) => ({ ...item, quote: event.data.quote.lineItems[i]! })),
      };
    }
    case 'OrderKycInquiryStarted':
      return { ...order, payment: { ...payment, kyc: { ...payment.kyc, inquiry: event.data.inquiry } } };
    case 'OrderKycOutcomeRecorded':
      return {
        ...order,
        payment: { ...payment, kyc: { ...payment.kyc, standing: KYC_STANDING_AFTER[event.data.outcome] } },
      };
    case 'OrderReceiptEmailProvided':
      return { ...order, payment: { ...payment, receiptEmail: event.data.receiptEmail } };
    case 'OrderCryptoPayerProvided':
      return {
        ...order,
        payment: {
          ...payment,
          payerAddress: event.data.payerAddress,
          serializedTransaction: event.data.serializedTransaction,
        },
      };
    case 'OrderPayerFundsChecked':
      return {
        ...order,
        payment: { ...payment, funds: { sufficient: event.data.sufficient, gasSufficient: event.data.gasSufficient } },
      };
    case 'OrderCardPaymentStarted':
      return {
        ...order,
        payment: {
          ...payment,
          card: {
            paymentId: event.data.paymentId,
            amount: event.data.amount,
            startedAt: event.data.startedAt,
            state: 'authorizing',
          },
        },
      };
    case 'OrderCardVerificationRequired':
      return payment.card
        ? {
            ...order,
            payment: {
              ...payment,
              card: {
                ...payment.card,
                state: 'requires-verification',
                verification: event.data.verification,
                ...(event.data.chargeId && { chargeId: event.data.chargeId }),
              },
            },
          }
        : order;
    case 'OrderCardPaymentDeclined':
      return payment.card
        ? {
            ...order,
            payment: {
              ...payment,
              card: {
                paymentId: payment.card.paymentId,
                amount: payment.card.amount,
                startedAt: payment.card.startedAt,
                ...(event.data.chargeId && { chargeId: event.data.chargeId }),
                state: 'declined',
                failureReason: event.data.failureReason,
              },
            },
          }
        : order;
    case 'OrderCardPaymentSucceeded': {
      const chargeId = event.data.chargeId && { chargeId: event.data.chargeId };
      const withCard = payment.card
        ? { ...order, payment: { ...payment, card: { ...payment.card, state: 'succeeded' as const, ...chargeId } } }
        : order;
      return paid(withCard, {
        ...event.data.amount,
        paymentId: event.data.paymentId,
        ...chargeId,
        receivedAt: event.data.succeededAt,
      });
    }
    case 'OrderCryptoDepositReceived':
      return paid(order, {
        ...event.data.amount,
        chain: event.data.chain,
        txId: event.data.txId,
        receivedAt: event.data.receivedAt,
      });
    case 'OrderDeliveryStarted':
      return updateDelivery(order, event.data.lineItemIndex, () => ({
        status: 'in-progress',
        deliveryId: event.data.deliveryId,
        quantity: event.data.quantity,
        startedAt: event.data.startedAt,
        ...(event.data.executionPrice && { executionPrice: event.data.executionPrice.amount }),
        ...(event.data.rail && { rail: event.data.rail }),
      }));
    case 'OrderDeliveryCompleted':
      return updateDelivery(order, event.data.lineItemIndex, (delivery) => ({
        ...delivery,
        status: 'completed',
        completedAt: event.data.completedAt,
        ...(event.data.txId && { txId: event.data.txId }),
        ...(event.data.tokens && { tokens: event.data.tokens }),
      }));
    case 'OrderDeliveryFailed':
      return updateDelivery(order, event.data.lineItemIndex, (delivery) => ({
        ...delivery,
        status: 'failed',
        ...(event.data.deliveryId && { deliveryId: event.data.deliveryId }),
        failureReason: event.data.failureReason,
      }));
    case 'OrderPaymentRefunded':
      return {
        ...order,
        payment: {
          ...payment,
          refunded: { ...event.data.amount, reference: event.data.reference, refundedAt: event.data.refundedAt },
        },
      };
  }
};
