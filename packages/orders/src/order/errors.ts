import { conflict, fieldError, invalid, notFound, type DomainError } from '@paykit/kernel';
import type { StoredPaymentStatus } from './status.js';

/**
 * The refusals of the Order decider. `invalid` is a request that can never succeed as sent
 * (400); `conflict` is one the order's current state refuses (409); the spec's 404 for a
 * missing order is `Not found`.
 */
export const orderErrors = {
  notFound: (): DomainError => notFound('Not found'),
  alreadyExists: (orderId: string) => conflict('order_already_exists', `order ${orderId} already exists`, { orderId }),
  notOnramp: () => invalid('payment_method_mismatch', 'this order is not paid by card'),
  notOfframp: () => invalid('payment_method_mismatch', 'this order is not paid by a crypto deposit'),
  notPayable: (status: StoredPaymentStatus) =>
    conflict('payment_not_allowed', `the order cannot take a payment while its payment status is ${status}`, {
      paymentStatus: status,
    }),
  alreadyPaid: () => conflict('payment_already_received', 'the order has already been paid'),
  quoteExpired: (expiresAt: string) =>
    conflict('quote_expired', `the order's quote expired at ${expiresAt}; request a new quote`, { expiresAt }),
  quoteNotExpired: (expiresAt: string) =>
    conflict('quote_not_expired', `the order's quote is valid until ${expiresAt}`, { expiresAt }),
  notInQuotePhase: () => conflict('order_not_in_quote_phase', 'only an order whose quote expired can be re-quoted'),
  quoteMismatch: (message: string) => invalid('quote_mismatch', message),
  amountMismatch: (expected: string, actual: string) =>
    invalid('payment_amount_mismatch', `the payment amount must be the quoted total ${expected}, got ${actual}`, {
      expected,
      actual,
    }),
  depositMismatch: (field: string, expected: string, actual: string) =>
    invalid('deposit_mismatch', `the deposit's ${field} is ${actual}, expected ${expected}`, {
      field,
      expected,
      actual,
    }),
  kycNotRequired: () => conflict('kyc_not_required', 'this order does not wait for an identity check'),
  kycAlreadyDecided: () => conflict('kyc_already_decided', "the buyer's identity check has already been decided"),
  unknownPaymentAttempt: (paymentId: string) =>
    invalid('unknown_payment_attempt', `payment ${paymentId} is not this order's current card payment`, { paymentId }),
  attemptFinished: (paymentId: string) =>
    conflict('payment_attempt_finished', `card payment ${paymentId} already has its final result`, { paymentId }),
  payerDetailsClosed: () =>
    conflict('payment_details_locked', 'payment details cannot change once payment has started'),
  invalidEmail: () => invalid('invalid_receipt_email', 'receiptEmail must be an email address'),
  deliveryNotAllowed: (status: StoredPaymentStatus) =>
    conflict('delivery_not_allowed', `the order cannot deliver while its payment status is ${status}`, {
      paymentStatus: status,
    }),
  unknownLineItem: (index: number) =>
    invalid('unknown_line_item', `the order has no line item ${index}`, { lineItemIndex: String(index) }),
  deliveryFinished: () => conflict('delivery_already_finished', 'this line item has already been delivered or failed'),
  deliveryAlreadyStarted: () =>
    conflict('delivery_already_started', 'a delivery of this line item is already under way'),
  deliveryNotStarted: () => conflict('delivery_not_started', 'no delivery of this line item is under way'),
  unknownDelivery: (deliveryId: string) =>
    invalid('unknown_delivery', `delivery ${deliveryId} is not this line item's delivery`, { deliveryId }),
  executionPriceRequired: () =>
    invalid('execution_price_required', 'an onramp delivery needs the unit price it executes at'),
  txIdRequired: () => invalid('tx_id_required', 'a completed onramp delivery needs its transaction id and token'),
  refundNotAllowed: (reason: string) => conflict('refund_not_allowed', reason),
  alreadyRefunded: () => conflict('already_refunded', 'the order has already been refunded'),
  refundMismatch: (expected: string, actual: string) =>
    invalid('refund_amount_mismatch', `a refund returns the whole payment of ${expected}, got ${actual}`, {
      expected,
      actual,
    }),
  invalidTimestamp: (field: string) => invalid('invalid_timestamp', `${field} must be an ISO 8601 timestamp`),
  payoutCurrencyRequired: () =>
    invalid('payout_currency_required', 'an offramp order needs the currency of its payment method'),
  currencyMismatch: (payoutCurrency: string) =>
    fieldError(
      'lineItems[0].currencyLocator',
      `must be fiat:${payoutCurrency}, the currency of the payment method`,
      'currency_mismatch',
    ),
};
