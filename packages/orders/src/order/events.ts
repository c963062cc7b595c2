import type { DomainEvent, Money } from '@paykit/kernel';
import type { FailureReason } from '../quote/delivery-price.js';
import type { ExecutionParameters } from '../quote/execution-parameters.js';
import type { Quote } from '../quote/quote.js';
import type {
  CardVerification,
  DeliveredToken,
  DepositInstructions,
  KycOutcome,
  KycPreparation,
  KycStanding,
  LineItemMetadata,
  OrderKind,
  Recipient,
} from './model.js';

/**
 * Every event names its order, so projections and reconciliation reports reading `$all`
 * need no stream-name parsing. Amounts are exact decimal strings with their currency.
 */
export type OrderCreated = DomainEvent<
  'OrderCreated',
  {
    readonly orderId: string;
    readonly kind: OrderKind;
    readonly createdAt: string;
    readonly locale: string;
    readonly buyer: { readonly userLocator: string };
    readonly clientSecretHash: string;
    readonly recipient: Recipient;
    readonly payment: {
      readonly method: string;
      readonly currency: string;
      readonly receiptEmail?: string;
      readonly payerAddress?: string;
    };
    readonly deposit?: DepositInstructions & { readonly serializedTransaction?: string };
    readonly kyc: { readonly required: boolean; readonly standing: KycStanding };
    readonly lineItems: readonly {
      readonly locator: string;
      readonly chain?: string;
      readonly metadata: LineItemMetadata;
      readonly execution: ExecutionParameters;
    }[];
    readonly quote: Quote;
  }
>;

export type OrderQuoteExpired = DomainEvent<
  'OrderQuoteExpired',
  { readonly orderId: string; readonly expiresAt: string; readonly expiredAt: string }
>;
export type OrderRequoted = DomainEvent<'OrderRequoted', { readonly orderId: string; readonly quote: Quote }>;

export type OrderKycInquiryStarted = DomainEvent<
  'OrderKycInquiryStarted',
  { readonly orderId: string; readonly inquiry: KycPreparation }
>;
export type OrderKycOutcomeRecorded = DomainEvent<
  'OrderKycOutcomeRecorded',
  { readonly orderId: string; readonly inquiryId: string; readonly outcome: KycOutcome; readonly recordedAt: string }
>;

export type OrderReceiptEmailProvided = DomainEvent<
  'OrderReceiptEmailProvided',
  { readonly orderId: string; readonly receiptEmail: string }
>;
export type OrderCryptoPayerProvided = DomainEvent<
  'OrderCryptoPayerProvided',
  { readonly orderId: string; readonly payerAddress: string; readonly serializedTransaction: string }
>;
export type OrderPayerFundsChecked = DomainEvent<
  'OrderPayerFundsChecked',
  {
    readonly orderId: string;
    readonly balance: Money;
    readonly required: Money;
    readonly sufficient: boolean;
    readonly gasSufficient: boolean;
    readonly checkedAt: string;
  }
>;

export type OrderCardPaymentStarted = DomainEvent<
  'OrderCardPaymentStarted',
  {
    readonly orderId: string;
    readonly paymentId: string;
    readonly amount: Money;
    readonly card?: { readonly brand: string; readonly last4: string };
    readonly startedAt: string;
  }
>;
export type OrderCardVerificationRequired = DomainEvent<
  'OrderCardVerificationRequired',
  {
    readonly orderId: string;
    readonly paymentId: string;
    readonly chargeId?: string;
    readonly verification: CardVerification;
  }
>;
export type OrderCardPaymentSucceeded = DomainEvent<
  'OrderCardPaymentSucceeded',
  {
    readonly orderId: string;
    readonly paymentId: string;
    readonly chargeId?: string;
    readonly amount: Money;
    readonly succeededAt: string;
  }
>;
export type OrderCardPaymentDeclined = DomainEvent<
  'OrderCardPaymentDeclined',
  {
    readonly orderId: string;
    readonly paymentId: string;
    readonly chargeId?: string;
    readonly failureReason: FailureReason;
    readonly declinedAt: string;
  }
>;

export type OrderCryptoDepositReceived = DomainEvent<
  'OrderCryptoDepositReceived',
  {
    readonly orderId: string;
    readonly chain: string;
    readonly txId: string;
    readonly amount: Money;
    readonly memo: string;
    readonly from?: string;
    readonly to: string;
    readonly receivedAt: string;
  }
>;

/** Onramp: the token transfer was submitted; offramp: the payout was sent on its rail. */
export type OrderDeliveryStarted = DomainEvent<
  'OrderDeliveryStarted',
  {
    readonly orderId: string;
    readonly lineItemIndex: number;
    readonly deliveryId: string;
    /** What will be delivered: tokens (onramp) or the fiat payout amount (offramp). */
    readonly quantity: string;
    readonly executionPrice?: Money;
    readonly rail?: string;
    readonly startedAt: string;
  }
>;
/** Onramp: the transfer reached finality; offramp: the payout settled. */
export type OrderDeliveryCompleted = DomainEvent<
  'OrderDeliveryCompleted',
  {
    readonly orderId: string;
    readonly lineItemIndex: number;
    readonly deliveryId: string;
    readonly txId?: string;
    readonly tokens?: readonly DeliveredToken[];
    readonly payout?: Money;
    readonly completedAt: string;
  }
>;
export type OrderDeliveryFailed = DomainEvent<
  'OrderDeliveryFailed',
  {
    readonly orderId: string;
    readonly lineItemIndex: number;
    readonly deliveryId?: string;
    readonly failureReason: FailureReason;
    readonly executionPrice?: Money;
    readonly failedAt: string;
  }
>;

export type OrderPaymentRefunded = DomainEvent<
  'OrderPaymentRefunded',
  {
    readonly orderId: string;
    readonly amount: Money;
    readonly method: string;
    readonly reason: string;
    /** The processor's refund id (card) or the refund transaction id (crypto). */
    readonly reference: string;
    readonly refundedAt: string;
  }
>;

export type OrderEvent =
  | OrderCreated
  | OrderQuoteExpired
  | OrderRequoted
  | OrderKycInquiryStarted
  | OrderKycOutcomeRecorded
  | OrderReceiptEmailProvided
  | OrderCryptoPayerProvided
  | OrderPayerFundsChecked
  | OrderCardPaymentStarted
  | OrderCardVerificationRequired
  | OrderCardPaymentSucceeded
  | OrderCardPaymentDeclined
  | OrderCryptoDepositReceived
  | OrderDeliveryStarted
  | OrderDeliveryCompleted
  | OrderDeliveryFailed
  | OrderPaymentRefunded;

export type OrderEventType = OrderEvent['type'];
