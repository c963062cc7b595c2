import type { DeliveryStatus, Order } from '../order/model.js';
import { paymentStatus, type StoredPaymentStatus } from '../order/status.js';

/** The list endpoint's filter vocabularies (spec, endpoint 7). */
export const PAYMENT_FILTER_VALUES = [
  'quote-phase',
  'in-progress',
  'succeeded',
  'declined',
  'expired',
  'refunded',
] as const;
export type PaymentFilterValue = (typeof PAYMENT_FILTER_VALUES)[number];

export const DELIVERY_FILTER_VALUES = [
  'not-started',
  'in-progress',
  'partial-delivery',
  'delivered',
  'failed',
] as const;
export type DeliveryFilterValue = (typeof DELIVERY_FILTER_VALUES)[number];

/** Each stored payment status falls under exactly one filter value. */
const PAYMENT_FILTER_OF: Readonly<Record<StoredPaymentStatus, PaymentFilterValue>> = {
  'requires-quote': 'expired',
  'requires-crypto-payer-address': 'quote-phase',
  'requires-email': 'quote-phase',
  'requires-kyc': 'quote-phase',
  'manual-kyc': 'quote-phase',
  'crypto-payer-insufficient-funds': 'quote-phase',
  'crypto-payer-insufficient-funds-for-gas': 'quote-phase',
  'awaiting-payment': 'quote-phase',
  'in-progress': 'in-progress',
  completed: 'succeeded',
  failed: 'declined',
  'failed-kyc': 'declined',
  refunded: 'refunded',
};

export const paymentFilterOf = (status: StoredPaymentStatus): PaymentFilterValue => PAYMENT_FILTER_OF[status];

/** The order-level delivery filter value over its line items' delivery statuses. */
export const deliveryFilterOf = (statuses: readonly DeliveryStatus[]): DeliveryFilterValue => {
  const all = (status: DeliveryStatus) => statuses.every((s) => s === status);
  if (all('awaiting-payment')) return 'not-started';
  if (statuses.includes('in-progress')) return 'in-progress';
  if (all('completed')) return 'delivered';
  return statuses.includes('completed') ? 'partial-delivery' : 'failed';
};

/** What a list projection indexes per order so each filter is an exact-match lookup. */
export interface OrderListFacets {
  readonly orderId: string;
  readonly createdAt: string;
  readonly paymentStatus: StoredPaymentStatus;
  readonly paymentFilter: PaymentFilterValue;
  readonly deliveryFilter: DeliveryFilterValue;
  /** The payment currency, lowercased (`usd`, `usdc`). */
  readonly currency: string;
  /** Card payments are fiat; the currency filter value `fiat` matches them all. */
  readonly fiat: boolean;
  /** The onramp recipient wallet, or the offramp payer wallet once known. */
  readonly buyerWalletAddress?: string;
}

export const orderListFacets = (order: Order): OrderListFacets => {
  const status = paymentStatus(order);
  const buyerWalletAddress = order.kind === 'onramp' ? order.recipient.walletAddress : order.payment.payerAddress;
  return {
    orderId: order.orderId,
    createdAt: order.createdAt,
    paymentStatus: status,
    paymentFilter: paymentFilterOf(status),
    deliveryFilter: deliveryFilterOf(order.lineItems.map((item) => item.delivery.status)),
    currency: order.payment.currency.toLowerCase(),
    fiat: order.payment.method === 'card',
    ...(buyerWalletAddress && { buyerWalletAddress }),
  };
};

/** One currency filter term against an order: `fiat` or a currency code, case-insensitively. */
export const currencyFilterMatches = (term: string, facets: Pick<OrderListFacets, 'currency' | 'fiat'>): boolean => {
  const wanted = term.trim().toLowerCase();
  return wanted === 'fiat' ? facets.fiat : wanted === facets.currency;
};
