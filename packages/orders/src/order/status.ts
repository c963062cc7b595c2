import type { Order } from './model.js';

export type OrderPhase = 'quote' | 'payment' | 'delivery' | 'completed';

/** Every payment status an order can be in; `draft` only ever describes an unstored quote. */
export const PAYMENT_STATUSES = [
  'draft',
  'requires-quote',
  'requires-crypto-payer-address',
  'requires-email',
  'requires-kyc',
  'manual-kyc',
  'failed-kyc',
  'crypto-payer-insufficient-funds',
  'crypto-payer-insufficient-funds-for-gas',
  'awaiting-payment',
  'in-progress',
  'completed',
  'failed',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type StoredPaymentStatus = Exclude<PaymentStatus, 'draft'>;

export type QuoteStatus = 'valid' | 'expired';

/**
 * The payment status follows from the facts the order holds, first match wins: money moved
 * (refunded, completed), a card attempt under way, an expired quote, then what the payer
 * still owes before paying (payer address, receipt email, identity check, funds).
 */
export const paymentStatus = (order: Order): StoredPaymentStatus => {
  const { payment } = order;
  if (payment.refunded) return 'refunded';
  if (payment.received) return 'completed';
  if (payment.card?.state === 'authorizing' || payment.card?.state === 'requires-verification') return 'in-progress';
  if (order.quote.expired) return 'requires-quote';
  if (order.kind === 'offramp' && !payment.payerAddress) return 'requires-crypto-payer-address';
  if (order.kind === 'onramp' && !payment.receiptEmail) return 'requires-email';
  if (payment.kyc.standing === 'rejected') return 'failed-kyc';
  if (payment.kyc.required && payment.kyc.standing === 'pending-review') return 'manual-kyc';
  if (payment.kyc.required && payment.kyc.standing !== 'verified') return 'requires-kyc';
  if (payment.card?.state === 'declined') return 'failed';
  if (payment.funds && !payment.funds.sufficient) return 'crypto-payer-insufficient-funds';
  if (payment.funds && !payment.funds.gasSufficient) return 'crypto-payer-insufficient-funds-for-gas';
  return 'awaiting-payment';
};

/** The statuses in which the payer can pay now. */
export const canPay = (status: StoredPaymentStatus): boolean =>
  status === 'awaiting-payment' ||
  status === 'failed' ||
  status === 'crypto-payer-insufficient-funds' ||
  status === 'crypto-payer-insufficient-funds-for-gas';

export const orderPhase = (order: Order): OrderPhase => {
  if (order.payment.received) {
    return order.lineItems.every((item) => item.delivery.status === 'completed') ? 'completed' : 'delivery';
  }
  return order.quote.expired ? 'quote' : 'payment';
};

/** A quote that was paid is honoured whatever the clock says afterwards. */
export const quoteStatus = (order: Order): QuoteStatus =>
  order.quote.expired && !order.payment.received ? 'expired' : 'valid';
